/**
 * The memory probe through the one spawner: a fake started with `memoryProbe` answers its memory after a forced GC
 * and its peak resident set, one started without answers nothing, and the fake ends when its parent's channel closes.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { spawnFakeProcess } from './process.js';

describe('the memory probe of a fake process [FUZZ-MEMORY-STABLE]', () => {
  it('[FUZZ-MEMORY-STABLE] answers the figures after a forced GC and the peak, and the fake ends when the channel closes', async () => {
    const fake = spawnFakeProcess({ memoryProbe: true });
    try {
      await fake.ready();
      const sample = await fake.memory();
      expect(sample).toMatchObject({ collected: true });
      for (const key of ['rss', 'heapUsed', 'heapTotal', 'external', 'arrayBuffers'] as const)
        expect(sample![key], key).toBeGreaterThan(0);
      expect(sample!.heapUsed).toBeLessThanOrEqual(sample!.heapTotal);
      if (existsSync('/proc/self/status')) expect(sample!.peakRss).toBeGreaterThanOrEqual(sample!.rss);
      else expect(sample!.peakRss).toBeNull();
      fake.child.disconnect();
      expect(await fake.exited).toBe(0);
      expect(await fake.memory()).toBeUndefined();
    } finally {
      await fake.stop();
    }
  }, 60_000);

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
