/**
 * The fake's memory, asked over the IPC channel of a fake spawned with the probe (fake-server/memory-probe.mjs,
 * `spawnFakeProcess({ memoryProbe: true })`): the figures of `process.memoryUsage()` after a forced full GC (or, when
 * settled, after full GCs until the resident set stops falling), and the peak resident set. The one client of the
 * probe; the fuzzer (heap after one GC) and the benchmark (settled) read the fake's memory through it.
 */
import type { ChildProcess } from 'node:child_process';
import { z } from 'zod';

const bytes = z.number().nonnegative();

/** One sample, as the probe answers it (its message type and id aside). */
export const MemorySample = z.object({
  /** Whether a full GC ran first (false if the fake was started without --expose-gc). */
  collected: z.boolean(),
  /** How many full GCs ran before the figures were read (1 unless settled). */
  collections: z.number().int().nonnegative(),
  /** Bytes, after the GC: resident set, V8 heap used and reserved, C++ objects bound to JS, and buffers. */
  rss: bytes,
  heapUsed: bytes,
  heapTotal: bytes,
  external: bytes,
  arrayBuffers: bytes,
  /** The highest resident set (VmHWM) since it started or since the last sample that reset it; null without /proc. */
  peakRss: bytes.nullable(),
  /** Whether the peak was reset after this sample (asked, and /proc allowed it). */
  peakReset: z.boolean(),
});
export type MemorySample = z.infer<typeof MemorySample>;

const Answer = z.object({ type: z.literal('fake-memory'), id: z.number() });

/** The probe's path, for `--import`. */
export const MEMORY_PROBE = new URL('./memory-probe.mjs', import.meta.url).href;

/** NODE_OPTIONS that preload the probe. */
export const memoryProbeNodeOptions = `--expose-gc --import=${MEMORY_PROBE}`;

export interface MemoryAsk {
  /** How long to wait for the answer (10 s). */
  timeoutMs?: number;
  /**
   * Collect again, 100 ms apart, until the resident set stops falling: V8 returns the pages a GC freed to the system
   * afterwards, so the resident set right after one GC still counts the garbage the heap had grown to.
   */
  settle?: boolean;
  /** Start the peak again once read, so that the next sample's peak covers only what comes after this one. */
  resetPeak?: boolean;
}

/**
 * The client of one child's probe: each call asks for one sample, which is undefined if the channel is closed or the
 * probe does not answer within `timeoutMs`.
 */
export function memoryProbeClient(
  child: ChildProcess,
): (ask?: MemoryAsk) => Promise<MemorySample | undefined> {
  let lastId = 0;
  return ({ timeoutMs = 10_000, settle = false, resetPeak = false } = {}) => {
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
        if (Answer.safeParse(m).data?.id !== id) return;
        const sample = MemorySample.safeParse(m);
        finish(sample.success ? sample.data : undefined);
      };
      child.on('message', onMessage);
      // A channel that closed meanwhile: no answer will come.
      child.send({ type: 'fake-memory', id, settle, resetPeak }, (err) => err && finish(undefined));
    });
  };
}
