/**
 * The fake's memory, asked over the IPC channel of a fake spawned with the probe (fake-server/memory-probe.mjs,
 * `spawnFakeProcess({ memoryProbe: true })`): the figures of `process.memoryUsage()` after a forced full GC, and the
 * peak resident set. The one client of the probe; the fuzzer and the benchmark read the fake's memory through it.
 */
import type { ChildProcess } from 'node:child_process';

export interface MemorySample {
  /** Whether a full GC ran first (false if the fake was started without --expose-gc). */
  collected: boolean;
  /** Bytes, after the GC: resident set, V8 heap used and reserved, C++ objects bound to JS, and buffers. */
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  /** The highest resident set since it started (VmHWM), or null where /proc is absent. */
  peakRss: number | null;
}

/** The probe's path, for `--import`. */
export const MEMORY_PROBE = new URL('./memory-probe.mjs', import.meta.url).href;

/** NODE_OPTIONS that preload the probe. */
export const memoryProbeNodeOptions = `--expose-gc --import=${MEMORY_PROBE}`;

/**
 * The client of one child's probe: each call asks for one sample, which is undefined if the channel is closed or the
 * probe does not answer within `timeoutMs`.
 */
export function memoryProbeClient(
  child: ChildProcess,
): (timeoutMs?: number) => Promise<MemorySample | undefined> {
  let lastId = 0;
  return (timeoutMs = 10_000) => {
    if (!child.connected) return Promise.resolve(undefined);
    const id = ++lastId;
    return new Promise((resolve) => {
      const finish = (sample: MemorySample | undefined) => {
        clearTimeout(timer);
        child.off('message', onMessage);
        resolve(sample);
      };
      const timer = setTimeout(() => finish(undefined), timeoutMs);
      const onMessage = (m: unknown) => {
        const msg = m as ({ type?: string; id?: number } & MemorySample) | null;
        if (msg?.type !== 'fake-memory' || msg.id !== id) return;
        const { collected, rss, heapUsed, heapTotal, external, arrayBuffers, peakRss } = msg;
        finish({ collected, rss, heapUsed, heapTotal, external, arrayBuffers, peakRss });
      };
      child.on('message', onMessage);
      // A channel that closed meanwhile: no answer will come.
      child.send({ type: 'fake-memory', id }, (err) => err && finish(undefined));
    });
  };
}
