/**
 * `npm run load:node -- --target FILE [--scenario NAME[,NAME…]]`: the k6 cap scenarios run Node-side (undici)
 * against any target config over HTTP, for QA without k6. The same environment variables as the k6 scripts
 * (PLAN, EXPECTED_CAP, VUS, EXTRA, P95_MS, …) and the same summary; the JSON reports go to
 * reports/load-node-<scenario>.json. Exit status: 0 when every scenario passed, 1 when one failed, 2 on bad input.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../lib/config.ts';
import { type CapScript, capScripts, resolveCapRun } from '../lib/scripts.ts';
import { formatCapReport } from '../lib/summary.ts';
import { runCap } from './run-cap.ts';

const usage = `usage: npm run load:node -- --target FILE [--scenario ${capScripts.join(',')}]
  (or BASE_URL, TOKEN, PROJECT_KEY, … in the environment instead of --target; see load/README.md)`;

function fail(message: string, code: number): never {
  console.error(message);
  process.exit(code);
}

async function main(): Promise<void> {
  let values: { target?: string | undefined; scenario?: string | undefined; help?: boolean | undefined };
  try {
    ({ values } = parseArgs({
      options: {
        target: { type: 'string' },
        scenario: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (e) {
    fail(`${(e as Error).message}\n${usage}`, 2);
  }
  if (values.help) fail(usage, 0);
  const scenarios = (values.scenario ?? capScripts.join(',')).split(',').map((s) => s.trim());
  const unknown = scenarios.filter((s) => !(capScripts as readonly string[]).includes(s));
  if (unknown.length) fail(`unknown scenario ${unknown.join(', ')}\n${usage}`, 2);

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
