/**
 * `npm run drift -- --cassettes DIR [--out DIR] [--seed N] [--fail-on-drift] [--fail-on-documented]`: the drift report of a recorded deployment against the
 * fake. Every recorded request (control API calls included, so the fake goes through the same states) is sent, in
 * recorded order, to a fresh in-memory fake; each API answer is checked against the contract and compared with the
 * fake's. Writes drift.json and drift.html (default under reports/). Exit 0 when written (with --fail-on-drift: 1 when
 * there is any violation or difference), 2 on a usage error.
 */

import { resolve } from 'node:path';
import { commandLine, usageError } from '../bin/command-line.mjs';
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
                    the spec is silent (assumed) are listed but pass (CI of the variant fake)
  -h, --help        this text

Exit codes: 0 the report is written (with --fail-on-drift or --fail-on-documented: and nothing failed it), 1 it
failed (or no report), 2 a usage error or a cassette set that cannot be read.`;

function main(): number | Promise<number> {
  const { values } = commandLine({
    name: 'drift',
    usage: HELP,
    options: {
      cassettes: { type: 'string' },
      out: { type: 'string' },
      seed: { type: 'string' },
      'fail-on-drift': { type: 'boolean' },
      'fail-on-documented': { type: 'boolean' },
    },
  });
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

const usage = (message: string): number => usageError('drift', message);

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
