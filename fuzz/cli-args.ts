/** The options of `npm run fuzz`, parsed and checked. */

export interface FuzzArgs {
  cases: number;
  seed: number;
  concurrency: number;
  epoch: number;
  timeoutMs: number;
  /** Replay one case of the run (`--case I`) and print it in full. */
  only?: number;
  findings: number;
  report: string;
  /** --help: print USAGE and run nothing. */
  help?: true;
}

export const USAGE = `Usage: npm run fuzz -- [--cases N] [--seed S] [--concurrency C] [--epoch E] [--timeout MS] [--case I] [--findings F] [--report FILE]

Adversarial requests against the fake on a port (a child process on 127.0.0.1), with counts per operation, status,
kind of input and check.

  --cases N        cases to run (default 200000)
  --seed S         seed of the run (default: drawn and printed)
  --concurrency C  requests in flight at once (default 16)
  --epoch E        cases between two resets of the fake, each followed by the state checks (default 2000)
  --timeout MS     longest wait for one answer (default 10000)
  --case I         replay case I of the run given by --seed alone, printing its request and answer
  --findings F     failed checks to print with their requests (default 20)
  --report FILE    where to write the counts (default reports/fuzz.json)
  -h, --help       this text

Exit codes: 0 every check passed, 1 a check failed, 2 a usage error.`;

function integer(name: string, value: string | undefined, min: number): number {
  const n = Number(value);
  if (value === undefined || !Number.isInteger(n) || n < min)
    throw new Error(`${name} needs an integer >= ${min}`);
  return n;
}

export function parseArgs(argv: readonly string[], drawSeed: () => number): FuzzArgs {
  const args: FuzzArgs = {
    cases: 200_000,
    seed: drawSeed(),
    concurrency: 16,
    epoch: 2_000,
    timeoutMs: 10_000,
    findings: 20,
    report: 'reports/fuzz.json',
  };
  for (let i = 0; i < argv.length; i += 1) {
    const flag = argv[i]!;
    if (flag === '--help' || flag === '-h') {
      args.help = true;
      continue;
    }
    const value = argv[i + 1];
    i += 1;
    switch (flag) {
      case '--cases':
        args.cases = integer(flag, value, 1);
        break;
      case '--seed':
        args.seed = integer(flag, value, -(2 ** 31));
        break;
      case '--concurrency':
        args.concurrency = integer(flag, value, 1);
        break;
      case '--epoch':
        args.epoch = integer(flag, value, 1);
        break;
      case '--timeout':
        args.timeoutMs = integer(flag, value, 100);
        break;
      case '--case':
        args.only = integer(flag, value, 0);
        break;
      case '--findings':
        args.findings = integer(flag, value, 0);
        break;
      case '--report':
        if (!value) throw new Error('--report needs a file');
        args.report = value;
        break;
      default:
        throw new Error(`unknown option ${flag}`);
    }
  }
  return args;
}
