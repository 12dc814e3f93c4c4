/**
 * `npm run bench`: the fake (started as users start it) side by side with a Prism mock of the generated OpenAPI
 * document and a minimal Koa handler, at 50 connections on four operations; then the fake at 10k and 100k
 * sessions, with its memory after a forced GC and its peak; then its cold start. Prints a table and writes
 * reports/bench.json and reports/bench.html. The options are in `usage` below (`--help` prints it).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { commandLine, usageError } from '../bin/command-line.mjs';
import { type ColdStartResult, measureColdStart } from './cold-start.js';
import { BenchClient } from './control.js';
import { measureCosts } from './cost.js';
import { type RoundsOptions, runRounds } from './load.js';
import { writeOpenApi } from './openapi-file.js';
import {
  type Child,
  type FakeChild,
  freePort,
  startFake,
  startMinimalKoa,
  startPrism,
  stop,
} from './processes.js';
import { profileOperations, renderProfiles } from './profile.js';
import { renderHtml, renderText } from './report.js';
import { type BenchResults, type ServerName, servers, type ThroughputRow } from './results.js';
import { defaultScale, measureScale, type ScaleResult } from './scale.js';
import { defaultSizes, prepareScenarios } from './scenarios.js';
import { checkTargets } from './targets.js';

const usage = `Usage: npm run bench -- [options]

  --rounds N        interleaved rounds per server (3)
  --duration S      seconds per round (2)
  --warmup S        seconds of warm-up per server (1)
  --connections N   concurrent connections (50)
  --no-scale        skip the scale part
  --only-scale      only the scale part (bulk seeding, paged reads, memory): no throughput, no Prism, no cold start
  --no-cold-start   skip the cold start
  --quick           1 round of 1 s, small scale: a smoke test of the bench, not a measurement
  --profile DIR     instead of the rest: each operation against a fake of its own started with --cpu-prof, under one
                    round's load; writes DIR/<operation>.cpuprofile (a flame graph in Chrome DevTools or speedscope)
                    and prints where the CPU went during the load
  -h, --help        this text

Everything listens on 127.0.0.1 and every part is bounded in time. Exit codes: 0 measured, 1 a part failed, 2 a
usage error.`;

const optionTable = {
  rounds: { type: 'string', default: '3' },
  duration: { type: 'string', default: '2' },
  warmup: { type: 'string', default: '1' },
  connections: { type: 'string', default: '50' },
  'no-scale': { type: 'boolean', default: false },
  'only-scale': { type: 'boolean', default: false },
  'no-cold-start': { type: 'boolean', default: false },
  quick: { type: 'boolean', default: false },
  profile: { type: 'string' },
} as const;
const args = commandLine({ name: 'npm run bench', usage, options: optionTable }).values;
for (const name of ['rounds', 'duration', 'warmup', 'connections'] as const) {
  const value = Number(args[name]);
  if (!Number.isFinite(value) || value < (name === 'warmup' ? 0 : 1))
    usageError('npm run bench', `--${name} ${args[name]}: a number of at least ${name === 'warmup' ? 0 : 1}`);
}
if (args['only-scale'] && args['no-scale'])
  usageError('npm run bench', '--only-scale and --no-scale exclude each other');
if (args.profile !== undefined && (args['only-scale'] || args['no-scale']))
  usageError('npm run bench', '--profile runs on its own, without --only-scale or --no-scale');

const quick = args.quick;
const settings: RoundsOptions = {
  connections: Number(args.connections),
  rounds: quick ? 1 : Number(args.rounds),
  durationS: quick ? 1 : Number(args.duration),
  warmupS: quick ? 0 : Number(args.warmup),
};
const log = (line: string) => process.stderr.write(`${line}\n`);

/** The throughput part: the fake prepared, Prism and the minimal Koa started beside it, the interleaved rounds. */
async function measureThroughput(
  fake: FakeChild,
  client: BenchClient,
  work: string,
  children: Child[],
  notes: string[],
): Promise<ThroughputRow[]> {
  const openapi = await writeOpenApi('reports/openapi.json');
  log(`OpenAPI document: ${openapi}`);
  log('preparing credentials and sessions on the fake');
  const sizes = quick ? { ...defaultSizes, tokens: 20, sessions: 200 } : defaultSizes;
  const scenarios = await prepareScenarios(client, sizes);
  notes.push(
    `fake set-up: the organization on Enterprise with a RAG cap of 100,000,000/h and 1e12 credits; ${sizes.tokens} fresh owner tokens taken in turn for getMyProjects; ${sizes.sessions} widget sessions taken in turn for sendMessage; the project-key search over ${sizes.searchProjects} projects of a second organization with the same documents, and the rate-limit window set to 1 s (POST /_control/rate-limits/window), so that caps do not answer 429s; Prism and minimal Koa get the same requests. Five questions repeat, so the fake's search answers most retrievals from its kept rankings; the scale search asks a new query each time.`,
  );

  // The minimal Koa answers, per path, the bytes the fake answered for the first variant.
  const basePath = new URL(fake.target.base_url).pathname;
  const responses: Record<string, unknown> = {};
  for (const s of scenarios) {
    const v = s.variants[0]!;
    const res = await client.call(s.path, v.headers, JSON.parse(v.body));
    if (res.status !== 200) throw new Error(`${s.op} answered ${res.status} before the runs`);
    responses[`${basePath}${s.path}`] = res.body;
  }
  const responsesFile = join(work, 'responses.json');
  writeFileSync(responsesFile, JSON.stringify(responses));

  const prism = await startPrism(openapi, await freePort());
  children.push(prism);
  const koa = await startMinimalKoa(await freePort(), responsesFile);
  children.push(koa);
  const urls: Record<ServerName, (path: string) => string> = {
    fake: (p) => `${fake.target.base_url}${p}`,
    prism: (p) => `${prism.origin}${p}`,
    'minimal-koa': (p) => `${koa.origin}${basePath}${p}`,
  };

  const throughput: ThroughputRow[] = [];
  for (const s of scenarios) {
    const spec = (server: ServerName) => ({ url: urls[server](s.path), variants: s.variants });
    const results = await runRounds(
      { fake: spec('fake'), prism: spec('prism'), 'minimal-koa': spec('minimal-koa') },
      settings,
      { fake: fake.pid, prism: prism.pid, 'minimal-koa': koa.pid },
    );
    for (const server of servers) {
      const result = results[server];
      throughput.push({ op: s.op, server, result });
      log(
        `  ${s.op.padEnd(32)} ${server.padEnd(12)} ${result.rps.toFixed(0).padStart(6)} req/s  p50 ${result.p50} ms  p99 ${result.p99} ms  CPU ${result.cpuUsPerRequest?.toFixed(0) ?? '-'} µs/req  non-2xx ${result.non2xx}`,
      );
    }
  }
  await stop(koa);
  await stop(prism);
  return throughput;
}

async function main(): Promise<void> {
  if (args.profile !== undefined) {
    log(`profiles: each operation, ${settings.durationS} s at ${settings.connections} connections`);
    const profiles = await profileOperations(args.profile, settings, log);
    console.log(renderProfiles(profiles));
    return;
  }
  const startedAt = new Date().toISOString();
  const loadavgStart = os.loadavg();
  const work = mkdtempSync(join(os.tmpdir(), 'bench-'));
  const children: Child[] = [];
  const notes: string[] = [];
  const onlyScale = args['only-scale'];
  try {
    mkdirSync('reports', { recursive: true });
    const fake = await startFake(await freePort(), join(work, 'fake-target.json'));
    children.push(fake);
    const client = new BenchClient(fake.target);
    log(`fake (pid ${fake.pid}) on ${fake.origin}`);

    const throughput = onlyScale ? [] : await measureThroughput(fake, client, work, children, notes);
    if (onlyScale) notes.push('--only-scale: the scale part alone; no throughput and no cold start.');

    let scale: ScaleResult | null = null;
    if (!args['no-scale']) {
      log('scale: bulk seeding and paged reads');
      const o = quick
        ? { ...defaultScale, sizes: [1_000, 10_000], chunks: 1_000, samples: 50 }
        : defaultScale;
      // Settled: the resident set once the GCs stop giving pages back (fake-server/memory-probe.mjs); the peak
      // started again after each sample. A full GC of a heap near 1 GB takes a second on a busy machine, and
      // settling runs a few: a minute's grace.
      const memoryOf = () => fake.memory({ timeoutMs: 60_000, settle: true, resetPeak: true });
      scale = await measureScale(client, memoryOf, o, log);
      log('scale: records visited per read (in process)');
      scale.costs = measureCosts(o);
    }
    await stop(fake);

    let coldStart: ColdStartResult | null = null;
    if (!args['no-cold-start'] && !onlyScale) {
      const runs = quick ? 2 : 5;
      log(`cold start: ${runs} runs`);
      coldStart = await measureColdStart(runs, join(work, 'cold-target.json'));
    }

    const partial = {
      startedAt,
      finishedAt: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model ?? 'unknown',
        node: process.version,
        loadavgStart,
        loadavgEnd: os.loadavg(),
      },
      settings,
      throughput,
      scale,
      coldStart,
      notes,
    };
    if (quick)
      notes.push('--quick: short runs and a small scale; a smoke test of the bench, not a measurement.');
    const results: BenchResults = { ...partial, targets: checkTargets(partial) };
    writeFileSync('reports/bench.json', `${JSON.stringify(results, null, 2)}\n`);
    writeFileSync('reports/bench.html', renderHtml(results));
    console.log(renderText(results));
    log('\nwritten: reports/bench.json, reports/bench.html');
  } finally {
    for (const c of children.reverse()) await stop(c);
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
