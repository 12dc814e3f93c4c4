/**
 * Cold start of the fake as users start it (`node scripts/start.mjs`, the bundle already built, default fixtures):
 * from spawn to the target file written, and to the first 200 answer of getMyProjects; the median of the runs.
 */
import { readFileSync, rmSync } from 'node:fs';
import type { TargetConfig } from '../contract/index.js';
import { median } from './load.js';
import { freePort, readable, spawnFake, stop, waitFor } from './processes.js';

export interface ColdStartRun {
  targetFileMs: number;
  first200Ms: number;
}

export interface ColdStartResult {
  runs: ColdStartRun[];
  medianTargetFileMs: number;
  medianFirst200Ms: number;
}

async function ok(url: string, token: string): Promise<boolean> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

export async function measureColdStart(runs: number, targetFile: string): Promise<ColdStartResult> {
  const results: ColdStartRun[] = [];
  for (let i = 0; i < runs; i++) {
    const port = await freePort();
    rmSync(targetFile, { force: true });
    const start = performance.now();
    const fake = spawnFake(port, targetFile);
    try {
      await waitFor('the target file', () => readable(targetFile), 30_000, 1);
      const targetFileMs = performance.now() - start;
      const target = JSON.parse(readFileSync(targetFile, 'utf8')) as TargetConfig;
      await waitFor(
        'a 200 answer',
        () => ok(`${target.base_url}/getMyProjects`, target.tokens.owner!),
        30_000,
        1,
      );
      results.push({ targetFileMs, first200Ms: performance.now() - start });
    } finally {
      await stop(fake);
    }
  }
  return {
    runs: results,
    medianTargetFileMs: median(results.map((r) => r.targetFileMs)),
    medianFirst200Ms: median(results.map((r) => r.first200Ms)),
  };
}
