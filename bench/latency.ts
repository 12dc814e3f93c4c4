/**
 * `npm run bench:latency -- [--delays 0,40,100] [--concurrency 1,6] [--out FILE]`: the whole conformance run against the fake presented as
 * staging (as `npm run rehearse` does: `npm start`'s fake, no control API, `kind: "real"`, provider states, allow all)
 * with a delay proxy in front of it (bench/delay-proxy.ts), once per round-trip delay: its wall time, the requests it
 * sent, its verdict and documented coverage, into `latency` of reports/bench.json (issue 34: a staging across the
 * network), each run's own reports in reports/latency/<delay>-ms-c<N>/. At each delay the runner runs once per
 * concurrency asked (`--concurrency` of the runner: 1 is files one at a time), side by side in one bench run, and the
 * bench prints the ratio of each to the serial run. Each run gets a fake of its own, so no run meets another's spent
 * counters.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { commandLine, usageError } from '../bin/command-line.mjs';
import { asStaging } from '../contract/target-config.js';
import { startDelayProxy } from './delay-proxy.js';
import { freePort, startFake, stop } from './processes.js';

const ROOT = resolve(import.meta.dirname, '..');

export interface LatencyRun {
  readonly delayMs: number;
  readonly wallMs: number;
  /** Requests through the proxy: the suites' and the provider states' (the control API is not reachable). */
  readonly requests: number;
  readonly verdict: string;
  readonly failed: number;
  readonly documentedChecked: number;
  readonly documented: number;
  /** The runner's concurrency (1: files one at a time). */
  readonly concurrency: number;
}

const usage = `Usage: npm run bench:latency -- [--delays 0,40,100] [--concurrency 1,6] [--out reports/bench.json]

Runs the whole conformance suite against the fake presented as staging behind a delay proxy, once per round-trip
delay in milliseconds and runner concurrency (test files side by side), and writes each run's wall time, requests, verdict and coverage into \`latency\` of the bench
file (other parts of it are kept). Exit codes: 0 done, 1 a run could not be made, 2 usage error.`;

/** Replace `from`'s origin by `to` in every URL of the target config that names it. */
const through = (url: string, from: string, to: string) =>
  url.startsWith(from) ? to + url.slice(from.length) : url;

async function runOnce(
  delayMs: number,
  concurrency: number,
  work: string,
  reportsDir: string,
): Promise<LatencyRun> {
  const port = await freePort();
  const fake = await startFake(port, join(work, `fake-${delayMs}-c${concurrency}.json`));
  const proxy = await startDelayProxy(fake.origin, delayMs);
  try {
    const staging = asStaging(fake.target, true);
    const config = {
      ...staging,
      name: `fake as staging, ${delayMs} ms round trip`,
      base_url: through(staging.base_url, fake.origin, proxy.origin),
      ...(staging.org_base_url
        ? { org_base_url: through(staging.org_base_url, fake.origin, proxy.origin) }
        : {}),
      ...(staging.provider_states
        ? {
            provider_states: {
              ...staging.provider_states,
              url: through(staging.provider_states.url, fake.origin, proxy.origin),
            },
          }
        : {}),
    };
    const targetFile = join(work, `staging-${delayMs}-c${concurrency}.json`);
    writeFileSync(targetFile, JSON.stringify(config, null, 2));
    // Kept for reading after the run: reports/latency/<delay>-ms-c<N>/ (beside the bench file).
    const out = join(reportsDir, `${delayMs}-ms-c${concurrency}`);
    rmSync(out, { recursive: true, force: true });
    const started = performance.now();
    const code = await new Promise<number>((done) => {
      const child = spawn(
        join(ROOT, 'node_modules', '.bin', 'tsx'),
        [
          join(ROOT, 'suites/runner/conformance.ts'),
          ...['--target', targetFile, '--out', out, '--concurrency', String(concurrency)],
        ],
        {
          cwd: ROOT,
          stdio: ['ignore', 'ignore', 'inherit'],
          env: { ...process.env, CONFORMANCE_QUOTA_LEDGER: join(out, 'ledger.json') },
        },
      );
      child.on('exit', (c) => done(c ?? 1));
    });
    const wallMs = Math.round(performance.now() - started);
    const reportFile = join(out, 'conformance.json');
    if (!existsSync(reportFile)) throw new Error(`the run at ${delayMs} ms wrote no report (exit ${code})`);
    const report = JSON.parse(readFileSync(reportFile, 'utf8'));
    return {
      delayMs,
      wallMs,
      requests: proxy.requests(),
      verdict: report.verdict.status,
      failed: report.counts.tests.failed,
      documentedChecked: report.coverage.checked,
      documented: report.coverage.documented,
      concurrency,
    };
  } finally {
    await proxy.close();
    await stop(fake);
  }
}

async function main(): Promise<number> {
  const { values } = commandLine({
    name: 'bench:latency',
    usage,
    options: { delays: { type: 'string' }, concurrency: { type: 'string' }, out: { type: 'string' } },
  });
  const delays = (values.delays ?? '0,40,100').split(',').map((d) => Number(d.trim()));
  if (delays.some((d) => !Number.isInteger(d) || d < 0 || d > 1000))
    usageError('bench:latency', '--delays takes whole milliseconds from 0 to 1000, comma-separated');
  const concurrencies = (values.concurrency ?? '1,6').split(',').map((c) => Number(c.trim()));
  if (concurrencies.some((c) => !Number.isInteger(c) || c < 1 || c > 32))
    usageError('bench:latency', '--concurrency takes whole numbers from 1 to 32, comma-separated');
  const file = resolve(values.out ?? 'reports/bench.json');
  const work = mkdtempSync(join(os.tmpdir(), 'bench-latency-'));
  const runs: LatencyRun[] = [];
  try {
    for (const delayMs of delays)
      for (const concurrency of concurrencies) {
        process.stdout.write(
          `bench:latency: the conformance run at ${delayMs} ms round trip, --concurrency ${concurrency} …\n`,
        );
        const run = await runOnce(delayMs, concurrency, work, join(dirname(file), 'latency'));
        runs.push(run);
        process.stdout.write(
          `  ${run.delayMs} ms, concurrency ${run.concurrency}: ${(run.wallMs / 1000).toFixed(1)} s wall, ${run.requests} requests, ${run.verdict}, ${run.failed} failed, ${run.documentedChecked} of ${run.documented} documented\n`,
        );
      }
  } catch (err) {
    process.stderr.write(`bench:latency: ${(err as Error).message}\n`);
    return 1;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  for (const r of runs) {
    const serial = runs.find((x) => x.delayMs === r.delayMs && x.concurrency === 1);
    if (serial && r !== serial)
      process.stdout.write(
        `  ${r.delayMs} ms: concurrency ${r.concurrency} over concurrency 1: ×${(r.wallMs / serial.wallMs).toFixed(2)} wall time\n`,
      );
    const base = runs.find((x) => x.delayMs === 0 && x.concurrency === r.concurrency);
    if (base && r !== base)
      process.stdout.write(
        `  concurrency ${r.concurrency}: ${r.delayMs} ms over 0 ms: ×${(r.wallMs / base.wallMs).toFixed(1)} wall time\n`,
      );
  }
  let bench: Record<string, unknown> = {};
  try {
    bench = JSON.parse(readFileSync(file, 'utf8'));
  } catch {}
  // Runs of other delays or concurrencies measured before are kept: one bench run may measure only some pairs.
  const earlier = ((bench.latency as { runs?: LatencyRun[] } | undefined)?.runs ?? []).filter(
    (e) => !runs.some((r) => r.delayMs === e.delayMs && r.concurrency === (e.concurrency ?? 1)),
  );
  const measuredAt = new Date().toISOString();
  const all = [...earlier, ...runs.map((r) => ({ ...r, measuredAt }))].sort(
    (a, b) => a.delayMs - b.delayMs || a.concurrency - b.concurrency,
  );
  writeFileSync(file, `${JSON.stringify({ ...bench, latency: { measuredAt, runs: all } }, null, 2)}\n`);
  process.stdout.write(`written: ${file} (latency)\n`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`bench:latency: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
