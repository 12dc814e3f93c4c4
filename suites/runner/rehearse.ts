/**
 * `npm run rehearse -- [--allow all|none] [--runs N] [--variant AXES] [--with-control] [--min-documented-coverage N] [FILES...]`
 *
 * A staging rehearsal: starts the fake as `npm start` does, presents it as staging (its target file without
 * `control`, `kind: "real"`, `provider_states` kept, `allow` as asked) and runs the conformance suite against it,
 * N times in a row with one shared quota ledger, as a QA engineer re-running within the hour would. It shows what a
 * staging deployment that offers our provider states gets checked, and that a rerun meets a spent quota as
 * inconclusive, never red. Reports: reports/rehearsal/run-N/reports/.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { freePort, startFake, stop } from '../../bench/processes.js';
import { commandLine, usageError as usageErrorOf } from '../../bin/command-line.mjs';
import type { TargetConfig } from '../../contract/index.js';
import type { ConformanceJson } from '../reporting/report.js';
import { asStaging } from './staging-target.js';
import { EXIT_CODES } from './verdict-output.js';

const ROOT = resolve(import.meta.dirname, '../..');
const DEFAULT_OUT = join('reports', 'rehearsal');

const HELP = `Usage: npm run rehearse -- [--allow all|none] [--runs N] [--variant AXES] [--with-control] [--min-documented-coverage N] [FILES...]

Starts the fake, presents it as staging (no control API, kind "real", provider states kept) and runs the
conformance suite against it N times in a row with one quota ledger.

Options:
      --allow all|none   allow writes, quota and credits (all, the default) or nothing (none)
      --runs N           how many runs in a row (default 1); the second and later meet what the first spent
      --variant AXES     start the fake with FAKE_VARIANT=AXES (e.g. all): a staging that chose differently
                         wherever the spec says "not shown"
      --with-control     keep the control API (still kind "real"): the whole suite runs, clock and faults
                         included, so every test meets the variant (how issue 20's false reds were measured)
      --concurrency N    test files side by side (the runner's --concurrency; default 8, and 1 with --with-control)
      --budget N         the runner's --budget N: a run planned to send at most N requests (with --plan-from FILE)
      --plan-from FILE   the runner's --plan-from: the earlier report whose per-test requests cost the plan
      --tokens NAMES     keep only these tokens of the fake's config, one of each and no pools (comma-separated,
                         e.g. owner): a staging that gave QA a handful of credentials
      --without-provider-states
                         leave the provider states out of the config: a staging that offers none
      --out DIR          where the runs' reports and the ledger go (default reports/rehearsal; emptied first,
                         refused while another rehearsal is using it)
      --min-documented-coverage N
                         exit 4 when the first run checked fewer than N percent of the documented clauses
  FILES...               only run test files whose path contains one of these strings
  -h, --help             show this help

Reports: DIR/run-N/reports/conformance.{html,json,junit.xml} (DIR: --out, default reports/rehearsal)

Exit codes:
  0  no run failed a test (later runs may be INCOMPLETE: that is a spent quota, reported as inconclusive)
  1  a run failed a test or produced no report
  2  usage error
  4  the first run checked fewer documented clauses than --min-documented-coverage
  5  the runner's pre-flight found the fake as staging cannot be tested (one line per problem above)`;

const usageError = (message: string): never => usageErrorOf('rehearse', message);

function options() {
  const { values, positionals } = commandLine({
    name: 'rehearse',
    usage: HELP,
    allowPositionals: true,
    options: {
      allow: { type: 'string', default: 'all' },
      runs: { type: 'string', default: '1' },
      variant: { type: 'string' },
      'with-control': { type: 'boolean', default: false },
      concurrency: { type: 'string' },
      budget: { type: 'string' },
      'plan-from': { type: 'string' },
      tokens: { type: 'string' },
      'without-provider-states': { type: 'boolean', default: false },
      out: { type: 'string', default: DEFAULT_OUT },
      'min-documented-coverage': { type: 'string' },
    },
  });
  if (values.allow !== 'all' && values.allow !== 'none')
    usageError(`--allow must be all or none, not "${values.allow}"`);
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1 || runs > 5)
    usageError(`--runs must be a whole number from 1 to 5`);
  const min = values['min-documented-coverage'];
  const minCoverage = min === undefined ? undefined : Number(min);
  if (minCoverage !== undefined && !(minCoverage >= 0 && minCoverage <= 100))
    usageError(`--min-documented-coverage must be a number from 0 to 100, not "${min}"`);
  return {
    allow: values.allow === 'all',
    runs,
    variant: values.variant,
    withControl: values['with-control'],
    out: resolve(values.out),
    minCoverage,
    files: positionals,
    runnerArgs: [
      ...(values.concurrency !== undefined ? ['--concurrency', values.concurrency] : []),
      ...(values.budget !== undefined ? ['--budget', values.budget] : []),
      ...(values['plan-from'] !== undefined ? ['--plan-from', resolve(values['plan-from'])] : []),
    ],
    tokens: values.tokens?.split(',').map((t) => t.trim()),
    withoutStates: values['without-provider-states'],
  };
}

/** One run of the conformance runner in `dir`; its whole output goes to dir/runner.log, its verdict lines to ours. */
function runConformance(dir: string, targetFile: string, ledger: string, args: string[]): Promise<number> {
  mkdirSync(dir, { recursive: true });
  const logFile = join(dir, 'runner.log');
  const log = createWriteStream(logFile);
  return new Promise((res) => {
    const child = spawn(
      join(ROOT, 'node_modules', '.bin', 'tsx'),
      [join(ROOT, 'suites/runner/conformance.ts'), '--target', targetFile, ...args],
      {
        cwd: dir,
        env: { ...process.env, CONFORMANCE_QUOTA_LEDGER: ledger },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let tail = '';
    const keep = (chunk: Buffer) => {
      log.write(chunk);
      tail = (tail + chunk.toString()).slice(-6000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('close', (code) => {
      log.end();
      // The runner's last lines (the verdict, the coverage, the test counts), or, when it failed, the end of its
      // output, which names the failing tests.
      const from = tail.lastIndexOf('conformance verdict:');
      const failed = code === 1 || code === 2;
      process.stdout.write(failed || from < 0 ? tail : tail.slice(from));
      process.stdout.write(`(whole output: ${shown(logFile)})\n`);
      res(code ?? 1);
    });
  });
}

const LOCK = '.rehearsal.pid';

/** A path as the user would type it: relative to the working directory when inside it. */
const shown = (path: string): string => {
  const rel = relative(process.cwd(), path);
  return rel === '' || rel.startsWith('..') ? path : rel;
};

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The fake's config as staging: no control API (unless kept), kind real, and only the credentials asked for. */
function stagingOf(fake: TargetConfig, opts: ReturnType<typeof options>): TargetConfig {
  const staging = asStaging(fake, opts.allow, opts.withControl);
  const { provider_states: _, ...withoutStates } = staging;
  const out: TargetConfig = opts.withoutStates ? withoutStates : staging;
  if (!opts.tokens) return out;
  const unknown = opts.tokens.filter((t) => !(t in fake.tokens));
  if (unknown.length > 0)
    usageError(
      `--tokens ${unknown.join(', ')}: the fake's config has ${Object.keys(fake.tokens).join(', ')}`,
    );
  const { token_pools: _pools, ...rest } = out;
  const tokens = Object.fromEntries(
    Object.entries(out.tokens).filter(([name]) => opts.tokens?.includes(name)),
  );
  return { ...rest, tokens: tokens as TargetConfig['tokens'] };
}

/** Empty `dir` for this rehearsal, unless another live rehearsal holds it (then exit 2, saying which). */
function claim(dir: string): void {
  const lock = join(dir, LOCK);
  const holder = existsSync(lock) ? Number(readFileSync(lock, 'utf8')) : Number.NaN;
  if (Number.isInteger(holder) && holder !== process.pid && alive(holder))
    usageError(
      `${relative(process.cwd(), dir) || dir} is in use by the rehearsal of pid ${holder}; pass --out DIR`,
    );
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(lock, String(process.pid));
}

async function main(): Promise<number> {
  const opts = options();
  const out = opts.out;
  claim(out);
  const fakeFile = join(out, 'fake-target.json');
  const stagingFile = join(out, 'staging-target.json');
  const ledger = join(out, 'quota-ledger.json');
  const env: Record<string, string> = opts.variant ? { FAKE_VARIANT: opts.variant } : {};
  const fake = await startFake(await freePort(), fakeFile, env);
  try {
    writeFileSync(stagingFile, `${JSON.stringify(stagingOf(fake.target, opts), null, 2)}\n`);
    process.stdout.write(
      `rehearse: the fake at ${fake.origin}${opts.variant ? ` (FAKE_VARIANT=${opts.variant})` : ''} as staging${opts.withControl ? ' with its control API' : ''}, allow ${opts.allow ? 'all' : 'none'}, ${opts.runs} run(s)\n`,
    );
    let failed = false;
    let firstCoverage: number | undefined;
    for (let run = 1; run <= opts.runs; run++) {
      const dir = join(out, `run-${run}`);
      process.stdout.write(`\n── run ${run} (${shown(join(dir, 'reports'))}/) ──\n`);
      const code = await runConformance(dir, stagingFile, ledger, [...opts.runnerArgs, ...opts.files]);
      // The runner's pre-flight found the fake as staging cannot be tested (its lines are above): no run will do.
      if (code === EXIT_CODES.notTestable) return code;
      const json = join(dir, 'reports', 'conformance.json');
      if (code === 1 || code === 2 || !existsSync(json)) {
        failed = true;
        continue;
      }
      const report = JSON.parse(readFileSync(json, 'utf8')) as ConformanceJson;
      if (report.counts.tests.failed > 0) failed = true;
      if (run === 1) firstCoverage = report.coverage.percent;
    }
    if (failed) return 1;
    if (opts.minCoverage !== undefined && (firstCoverage ?? 0) < opts.minCoverage) {
      process.stdout.write(
        `rehearse: the first run checked ${firstCoverage}% of the documented clauses, under --min-documented-coverage ${opts.minCoverage}% → exit 4\n`,
      );
      return 4;
    }
    return 0;
  } finally {
    await stop(fake);
    rmSync(join(out, LOCK), { force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`rehearse: ${(err as Error).message}\n`);
    process.exit(1);
  },
);
