/**
 * `npm run fuzz`: adversarial requests against the fake on a port (a child process on 127.0.0.1), with counts per
 * operation, status, kind of input and check, written to reports/fuzz.json. Exits 1 on any failed check.
 * `--case I` replays one case of a run (with its `--seed`) and prints its request and answers in full.
 */
import { inspect } from 'node:util';
import { usageError } from '../bin/command-line.mjs';
import type { FuzzCase } from './case.js';
import { parseArgs, USAGE } from './cli-args.js';
import type { CheckResult } from './engine/checks.js';
import type { Exchange } from './engine/exchange.js';
import { summary, writeReport } from './report.js';
import { fuzzChild } from './runner.js';

const ROOT = new URL('../', import.meta.url).pathname.replace(/\/$/, '');

function printCase(index: number, c: FuzzCase, exchange: Exchange, results: readonly CheckResult[]): void {
  const { bytes, body, ...rest } = c as FuzzCase & { bytes?: Buffer; body?: Buffer };
  console.log(`case ${index}:`, inspect(rest, { depth: 4, maxStringLength: 2_000 }));
  const sent = bytes ?? body;
  if (sent)
    console.log(`bytes (${sent.length}):`, JSON.stringify(sent.subarray(0, 4_000).toString('latin1')));
  for (const res of exchange.responses) {
    console.log(`answer ${res.status}`, res.headers);
    console.log(res.body.subarray(0, 4_000).toString('utf8'));
  }
  if (exchange.error) console.log(`exchange: ${exchange.error}`);
  for (const r of results)
    console.log(`${r.ok ? 'pass' : 'FAIL'} ${r.check}${r.reason ? `: ${r.reason}` : ''}`);
}

async function main(): Promise<number> {
  let args: ReturnType<typeof parseArgs>;
  try {
    args = parseArgs(process.argv.slice(2), () => Math.floor(Math.random() * 2 ** 31));
  } catch (err) {
    return usageError('fuzz', (err as Error).message);
  }
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  const replay = args.only !== undefined;
  console.log(
    replay
      ? `fuzz: replaying case ${args.only} of seed ${args.seed}`
      : `fuzz: seed ${args.seed}, ${args.cases} cases, concurrency ${args.concurrency}, an epoch (reset, then state checks) every ${args.epoch} cases`,
  );
  const outcome = await fuzzChild(
    {
      seed: args.seed,
      cases: args.cases,
      concurrency: args.concurrency,
      epoch: args.epoch,
      timeoutMs: args.timeoutMs,
      findings: args.findings,
      serverRoots: [ROOT, process.cwd()],
      ...(replay ? { only: args.only, onCase: printCase } : {}),
    },
    (l) => console.log(l),
  );
  for (const l of summary(outcome)) console.log(l);
  if (!replay) {
    writeReport(args.report, outcome);
    console.log(`report: ${args.report}`);
  }
  return outcome.ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
