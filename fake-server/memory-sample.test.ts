/**
 * The memory probe through the one spawner: a fake started with `memoryProbe` answers its memory after a forced GC
 * (or after GCs until the resident set stops falling) and its peak resident set, one started without answers
 * nothing, and the fake ends when its parent's channel closes.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { spawnFakeProcess } from './process.js';

describe('the memory probe of a fake process [FUZZ-MEMORY-STABLE]', () => {
  it('[FUZZ-MEMORY-STABLE] answers the figures after a forced GC (or settled) and the peak (started again if asked), and the fake ends when the channel closes', async () => {
    const fake = spawnFakeProcess({ memoryProbe: true });
    try {
      await fake.ready();
      const sample = await fake.memory();
      expect(sample).toMatchObject({ collected: true, collections: 1 });
      for (const key of ['rss', 'heapUsed', 'heapTotal', 'external', 'arrayBuffers'] as const)
        expect(sample![key], key).toBeGreaterThan(0);
      expect(sample!.heapUsed).toBeLessThanOrEqual(sample!.heapTotal);
      if (existsSync('/proc/self/status')) expect(sample!.peakRss).toBeGreaterThanOrEqual(sample!.rss);
      else expect(sample!.peakRss).toBeNull();
      // Settled: collections until the resident set has not fallen for two rounds in a row.
      const settled = await fake.memory({ settle: true });
      expect(settled).toMatchObject({ collected: true });
      expect(settled!.collections).toBeGreaterThanOrEqual(3);
      expect(settled!.peakReset).toBe(false);
      fake.child.disconnect();
      expect(await fake.exited).toBe(0);
      expect(await fake.memory()).toBeUndefined();
    } finally {
      await fake.stop();
    }
  }, 60_000);

  it.runIf(existsSync('/proc/self/clear_refs'))(
    '[FUZZ-MEMORY-STABLE] the peak started again once read covers only what comes after: a bulk seed dropped by a reset no longer counts',
    async () => {
      const fake = spawnFakeProcess({ memoryProbe: true });
      try {
        const target = await fake.ready();
        const control = (path: string, body: unknown) =>
          fetch(`${target.control!.url}${path}`, {
            method: 'POST',
            headers: { 'x-control-secret': target.control!.secret, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          }).then((res) => expect(res.status).toBe(200));
        await control(`/projects/${target.project_uid}/bulk-seed`, { sessions: 20_000 });
        await control('/reset', {});
        const seeded = await fake.memory({ settle: true, resetPeak: true });
        expect(seeded).toMatchObject({ peakReset: true });
        const after = await fake.memory({ settle: true });
        expect(after!.peakRss!).toBeLessThan(seeded!.peakRss! - 50 * 2 ** 20);
      } finally {
        await fake.stop();
      }
    },
    60_000,
  );

  it('[FUZZ-MEMORY-STABLE] a fake started without the probe answers no sample', async () => {
    const fake = spawnFakeProcess();
    try {
      await fake.ready();
      expect(await fake.memory()).toBeUndefined();
    } finally {
      await fake.stop();
    }
  }, 60_000);
});
