/**
 * `npm run bench -- --profile DIR`: each of the four operations against a fake of its own started with
 * `node --cpu-prof` (as `npm start` runs it), prepared as the throughput runs prepare it, then under the same load as
 * one round (autocannon, the same connections and seconds). Writes DIR/<operation>.cpuprofile and a summary of the
 * load's window (bench/profile-summary.ts); the set-up's requests are outside the window.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { spawnFakeProcess } from '../fake-server/process.js';
import { BenchClient } from './control.js';
import { type LoadResult, runRounds } from './load.js';
import { freePort } from './processes.js';
import { CpuProfile, type ProfileSummary, summarizeProfile } from './profile-summary.js';
import { defaultSizes, prepareScenarios } from './scenarios.js';

export interface OperationProfile {
  op: string;
  file: string;
  load: LoadResult;
  summary: ProfileSummary;
}

export async function profileOperations(
  dir: string,
  load: { connections: number; durationS: number },
  log: (line: string) => void,
): Promise<OperationProfile[]> {
  const out = resolve(dir);
  mkdirSync(out, { recursive: true });
  const profiles: OperationProfile[] = [];
  for (let index = 0; ; index++) {
    const work = mkdtempSync(join(os.tmpdir(), 'bench-profile-'));
    const fake = spawnFakeProcess({
      port: await freePort(),
      targetFile: join(work, 'target.json'),
      execArgv: ['--cpu-prof', `--cpu-prof-dir=${work}`],
    });
    try {
      const client = new BenchClient(await fake.ready(60_000));
      const scenarios = await prepareScenarios(client, defaultSizes);
      const s = scenarios[index];
      if (!s) return profiles;
      const started = performance.now();
      const result = await runRounds(
        { fake: { url: `${client.target.base_url}${s.path}`, variants: s.variants } },
        { connections: load.connections, durationS: load.durationS, rounds: 1, warmupS: 0 },
      );
      const ended = performance.now();
      await fake.stop(30_000); // the profile is written as the process exits
      const written = readdirSync(work).find((f) => f.endsWith('.cpuprofile'));
      if (!written) throw new Error(`the fake wrote no CPU profile for ${s.op}:\n${fake.output()}`);
      const file = join(out, `${s.op}.cpuprofile`);
      renameSync(join(work, written), file);
      const profile = CpuProfile.parse(JSON.parse(readFileSync(file, 'utf8')));
      // The load's window, counted back from the profile's end (the process's exit, just after the load).
      const stopped = performance.now();
      const lengthMs = (profile.endTime - profile.startTime) / 1000;
      const summary = summarizeProfile(profile, {
        fromMs: lengthMs - (stopped - started),
        toMs: lengthMs - (stopped - ended),
      });
      profiles.push({ op: s.op, file, load: result.fake, summary });
      log(`  ${s.op}: ${result.fake.rps.toFixed(0)} req/s, profile ${file}`);
    } finally {
      await fake.stop(5000);
      rmSync(work, { recursive: true, force: true });
    }
  }
}

/** The summaries as text: where the CPU went during each operation's load, and its top functions. */
export function renderProfiles(profiles: readonly OperationProfile[]): string {
  const lines: string[] = [];
  for (const p of profiles) {
    const { ms, top } = p.summary;
    const busy = ms['socket writes'] + ms['node core'] + ms['fake bundle'] + ms.other;
    const share = (t: number) => `${((100 * t) / Math.max(busy, 1e-9)).toFixed(1)}%`;
    lines.push(
      `${p.op}: ${p.load.rps.toFixed(0)} req/s, p99 ${p.load.p99} ms; busy ${busy.toFixed(0)} ms of CPU (socket writes ${share(ms['socket writes'])}, node core ${share(ms['node core'])}, fake bundle with Koa ${share(ms['fake bundle'])}, other ${share(ms.other)}), GC ${ms.gc.toFixed(0)} ms, idle ${ms.idle.toFixed(0)} ms`,
    );
    for (const t of top) lines.push(`    ${(100 * t.share).toFixed(1).padStart(5)}%  ${t.fn}`);
    lines.push(`    flame graph: ${p.file} (Chrome DevTools, Performance, Load profile; or speedscope)`);
  }
  return lines.join('\n');
}
