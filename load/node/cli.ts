/**
 * `npm run load:node -- --target FILE [--scenario NAME[,NAME…]]`: the k6 cap scenarios run Node-side (undici)
 * against any target config over HTTP, for QA without k6. The same environment variables as the k6 scripts
 * (PLAN, EXPECTED_CAP, VUS, EXTRA, P95_MS, …) and the same summary; the JSON reports go to
 * reports/load-node-<scenario>.json. Exit status: 0 when every scenario passed, 1 when one failed, 2 on bad input.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { commandLine, usageError } from '../../bin/command-line.mjs';
import { ConfigError, loadConfig } from '../lib/config.ts';
import { type CapScript, capScripts, resolveCapRun } from '../lib/scripts.ts';
import { formatCapReport } from '../lib/summary.ts';
import { runCap } from './run-cap.ts';

const usage = `Usage: npm run load:node -- --target FILE [--scenario ${capScripts.join(',')}]

The k6 cap scenarios run Node-side (undici) against a target, for QA without k6: the same environment variables as the
k6 scripts (PLAN, EXPECTED_CAP, VUS, EXTRA, P95_MS, …) and the same summary; each JSON report goes to
reports/load-node-<scenario>.json.

Options:
  --target FILE      the target config (else TARGET_FILE, or BASE_URL, TOKEN, PROJECT_KEY, … in the environment;
                     see load/README.md)
  --scenario NAMES   the scenarios, comma-separated (default all: ${capScripts.join(', ')})
  -h, --help         this text

Exit codes: 0 every scenario passed, 1 one failed, 2 bad input.`;

function fail(message: string, code: number): never {
  console.error(message);
  process.exit(code);
}

async function main(): Promise<void> {
  const { values } = commandLine({
    name: 'load:node',
    usage,
    options: { target: { type: 'string' }, scenario: { type: 'string' } },
  });
  const scenarios = (values.scenario ?? capScripts.join(',')).split(',').map((s) => s.trim());
  const unknown = scenarios.filter((s) => !(capScripts as readonly string[]).includes(s));
  if (unknown.length)
    usageError('load:node', `unknown scenario ${unknown.join(', ')}: one of ${capScripts.join(', ')}`);

  const targetPath = values.target ?? process.env.TARGET_FILE;
  let targetText: string | undefined;
  if (targetPath) {
    try {
      targetText = readFileSync(resolve(process.env.INIT_CWD ?? process.cwd(), targetPath), 'utf8');
    } catch (e) {
      fail(`cannot read the target file: ${(e as Error).message}`, 2);
    }
  }
  try {
    const config = loadConfig({
      ...(targetText !== undefined ? { targetText, targetPath } : {}),
      env: process.env,
    });
    const runs = (scenarios as CapScript[]).map((s) => resolveCapRun(s, config));
    let failed = 0;
    for (const run of runs) {
      const report = await runCap(run, config);
      console.log(`${formatCapReport(report)}\n`);
      const out = resolve('reports', `load-node-${run.script}.json`);
      mkdirSync(dirname(out), { recursive: true });
      writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
      if (!report.verdict.ok) failed += 1;
    }
    console.log(
      failed
        ? `${failed} of ${runs.length} scenarios FAILED`
        : `${runs.length} of ${runs.length} scenarios passed`,
    );
    process.exit(failed ? 1 : 0);
  } catch (e) {
    if (e instanceof ConfigError) fail(e.message, 2);
    throw e;
  }
}

await main();
