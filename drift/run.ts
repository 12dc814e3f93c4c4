/**
 * `npm run drift -- --cassettes DIR [--out DIR] [--seed N] [--fail-on-drift] [--fail-on-documented]`: the drift report of a recorded deployment against the
 * fake. Every recorded request (control API calls included, so the fake goes through the same states) is sent, in
 * recorded order, to a fresh in-memory fake; each API answer is checked against the contract and compared with the
 * fake's. Writes drift.json and drift.html (default under reports/). Exit 0 when written (with --fail-on-drift: 1 when
 * there is any violation or difference), 2 on a usage error.
 */

import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readCassetteSetTarget, readCassettes } from '../recording/cassette.js';
import { findingsOf, isDrift, isScripted, totalsOf } from './findings.js';
import { pairsAgainstFake } from './pairs.js';
import { writeDriftReport } from './report.js';

const HELP = `Usage: npm run drift -- --cassettes DIR [--out DIR] [--seed N] [--fail-on-drift] [--fail-on-documented]

  --cassettes DIR   a cassette set recorded with \`npm run conformance -- --target FILE --record DIR\`
  --out DIR         where drift.json and drift.html go (default: reports)
  --seed N          the fake's seed (default 1, what \`npm start\` uses)
  --fail-on-drift   exit 1 when the recording breaks the contract or differs from the fake (CI of the fake itself)
  --fail-on-documented
                    exit 1 when a violation or difference contradicts what the spec documents; differences where
                    the spec is silent (assumed) are listed but pass (CI of the variant fake)`;

function main(): number | Promise<number> {
  let values: {
    cassettes?: string;
    out?: string;
    seed?: string;
    help?: boolean;
    'fail-on-drift'?: boolean;
    'fail-on-documented'?: boolean;
  };
  try {
    ({ values } = parseArgs({
      options: {
        cassettes: { type: 'string' },
        out: { type: 'string' },
        seed: { type: 'string' },
        'fail-on-drift': { type: 'boolean' },
        'fail-on-documented': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (err) {
    return usage((err as Error).message);
  }
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  if (!values.cassettes) return usage('missing --cassettes DIR');
  const seed = Number(values.seed ?? 1);
  if (!Number.isInteger(seed)) return usage('--seed must be an integer');
  const dir = resolve(values.cassettes);
  let recorded: ReturnType<typeof readCassetteSetTarget>;
  let cassettes: ReturnType<typeof readCassettes>;
  try {
    recorded = readCassetteSetTarget(dir);
    cassettes = readCassettes(dir);
  } catch (err) {
    return usage((err as Error).message);
  }
  return run(
    dir,
    recorded,
    cassettes,
    seed,
    resolve(values.out ?? 'reports'),
    values['fail-on-drift'] === true,
    values['fail-on-documented'] === true,
  );
}

async function run(
  dir: string,
  recorded: ReturnType<typeof readCassetteSetTarget>,
  cassettes: ReturnType<typeof readCassettes>,
  seed: number,
  out: string,
  failOnDrift: boolean,
  failOnDocumented: boolean,
): Promise<number> {
  const pairs = await pairsAgainstFake(recorded, cassettes, { seed });
  const findings = findingsOf(pairs);
  const files = writeDriftReport(out, findings, {
    cassettes: dir,
    fake: `in-memory fake, seed ${seed}`,
    generatedAt: new Date().toISOString(),
  });
  const t = totalsOf(findings);
  const d = t.differences;
  process.stdout.write(
    [
      `drift: ${cassettes.size} cassettes, ${t.interactions} API interactions compared with the fake`,
      `  schema violations of the recorded deployment: ${t.violations} (in ${t.withViolations} answers; ${findings.filter((f) => f.violations.length > 0 && isScripted(f)).length} of them scripted through the control API)`,
      `  differences from the fake: ${t.withDifferences} answers (status ${d.status}, envelope ${d.envelope}, presence ${d.presence}, type ${d.type}, message ${d.message})`,
      `  candidates to correct an assumption: ${t.candidates}`,
      `  by strength: ${t.documented} documented (contradicting the spec), ${t.assumed} assumed (where the spec is silent)`,
      `  ${files.json}`,
      `  ${files.html}`,
      '',
    ].join('\n'),
  );
  if (failOnDrift && findings.some(isDrift)) return 1;
  return failOnDocumented && t.documented > 0 ? 1 : 0;
}

function usage(message: string): number {
  process.stderr.write(`drift: ${message}\n\n${HELP}\n`);
  return 2;
}

// A run whose work stopped waiting on nothing would otherwise end with exit 0 and no report: never a silent pass.
let finished = false;
process.on('beforeExit', () => {
  if (finished) return;
  process.stderr.write(
    'drift: stopped before the report was written (a request to the fake never finished)\n',
  );
  process.exitCode = 1;
});

Promise.resolve(main()).then(
  (code) => {
    finished = true;
    process.exit(code);
  },
  (err: unknown) => {
    process.stderr.write(`drift: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
