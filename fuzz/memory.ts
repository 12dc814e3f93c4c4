/**
 * The fake's memory over a run (FUZZ-MEMORY-STABLE): its resident set read from /proc/<pid>/status every
 * second, and its heap after a full GC (through the probe) at the end of every epoch, right after the state
 * checks and before the next reset. Each epoch starts from the same seeded state, so after the warm-up the heap
 * after GC must come back to where it was: growth beyond the bound is memory the fake keeps per request.
 */
import { readFileSync } from 'node:fs';

const MiB = 1024 * 1024;

/** The process's resident set (VmRSS) in bytes, or undefined where /proc is not readable. */
export function readRss(pid: number): number | undefined {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

export interface MemoryPoint {
  /** Cases done when it was taken. */
  done: number;
  bytes: number;
}

/** How much the heap after GC and the resident set may grow past the warm-up. */
export const MEMORY_BOUND = {
  /** Heap after GC at the end may exceed the warm-up's by at most max(16 MiB, 20%). */
  heapGrowth: (baseline: number) => Math.max(16 * MiB, baseline * 0.2),
  /** The resident set at the end may exceed the warm-up's by at most max(128 MiB, 50%). */
  rssGrowth: (baseline: number) => Math.max(128 * MiB, baseline * 0.5),
} as const;

export interface MemoryVerdict {
  ok: boolean;
  /** Why the check could not run (no /proc, no probe): then ok is true and nothing was judged. */
  skipped?: string;
  reason?: string;
  warmupCases: number;
  rss?: { start: number; peak: number; end: number; bound: number; samples: number };
  heapAfterGc?: { baseline: number; end: number; peak: number; bound: number; samples: number };
}

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : 0;
};

/**
 * Judge the samples taken after `warmupCases`: the heap after GC at the end (median of the last three epochs)
 * against the first after the warm-up, and the resident set at the end (median of the last 10% of samples)
 * against the first after the warm-up; its peak is reported.
 */
export function judgeMemory(
  rss: readonly MemoryPoint[],
  heap: readonly MemoryPoint[],
  warmupCases: number,
): MemoryVerdict {
  const afterRss = rss.filter((p) => p.done >= warmupCases);
  const afterHeap = heap.filter((p) => p.done >= warmupCases);
  const verdict: MemoryVerdict = { ok: true, warmupCases };
  const problems: string[] = [];
  if (afterRss.length >= 2) {
    const start = afterRss[0]!.bytes;
    const tail = afterRss.slice(-Math.max(1, Math.ceil(afterRss.length / 10))).map((p) => p.bytes);
    const end = median(tail);
    const bound = start + MEMORY_BOUND.rssGrowth(start);
    verdict.rss = {
      start,
      peak: Math.max(...afterRss.map((p) => p.bytes)),
      end,
      bound,
      samples: afterRss.length,
    };
    if (end > bound) problems.push(`resident set ${mib(end)} at the end, over the bound ${mib(bound)}`);
  }
  if (afterHeap.length >= 2) {
    const baseline = afterHeap[0]!.bytes;
    const end = median(afterHeap.slice(-3).map((p) => p.bytes));
    const bound = baseline + MEMORY_BOUND.heapGrowth(baseline);
    verdict.heapAfterGc = {
      baseline,
      end,
      peak: Math.max(...afterHeap.map((p) => p.bytes)),
      bound,
      samples: afterHeap.length,
    };
    if (end > bound) problems.push(`heap after GC ${mib(end)} at the end, over the bound ${mib(bound)}`);
  }
  if (!verdict.rss && !verdict.heapAfterGc) {
    return {
      ok: true,
      skipped: 'too few samples after the warm-up (a short run, or no /proc and no probe)',
      warmupCases,
    };
  }
  if (problems.length) {
    verdict.ok = false;
    verdict.reason = problems.join('; ');
  }
  return verdict;
}

export const mib = (bytes: number) => `${(bytes / MiB).toFixed(1)} MiB`;
