/** The per-read cost counts the bench writes into reports/bench.json (scale.costs, FAKE-PAGE-COST). */
import { describe, expect, it } from 'vitest';
import { measureCosts } from './cost.js';
import { renderText } from './report.js';
import type { BenchResults } from './results.js';

describe('measureCosts [FAKE-PAGE-COST]', () => {
  it('counts every read at every size, a page’s worth at both, and the report shows them', () => {
    const sizes = [300, 3_000];
    const rows = measureCosts({ sizes, messagesPerSession: 4, chunks: 20 });
    const reads = [...new Set(rows.map((r) => r.read))];
    expect(reads).toContain('getChatbotExecutionLogs page');
    expect(rows).toHaveLength(reads.length * sizes.length);
    for (const read of reads) {
      const [small, large] = sizes.map((n) => rows.find((r) => r.read === read && r.sessions === n)!.visited);
      // The one-day reads read that day's records, ten times as many at ten times the sessions over the same days.
      if (read.includes('one day') && !read.includes('session')) expect(large, read).toBeGreaterThan(small!);
      else expect(large, read).toBeLessThanOrEqual(small! + 10);
    }
    const seeded = { sessions: 0, messages: 0, execution_logs: 0, chunks: 0 };
    const text = renderText({
      startedAt: '',
      finishedAt: '',
      machine: { cpus: 2, cpuModel: '', node: '', loadavgStart: [0, 0, 0], loadavgEnd: [0, 0, 0] },
      settings: { connections: 1, rounds: 1, durationS: 1, warmupS: 1 },
      throughput: [],
      scale: {
        sizes: sizes.map((n) => ({ sessions: n, seedMs: 1, seeded, seededMemory: null, memory: null })),
        reads: [],
        costs: rows,
      },
      coldStart: null,
      targets: [],
      notes: [],
    } satisfies BenchResults);
    expect(text).toContain('Records visited per request');
    expect(text).toMatch(/getChatbotExecutionLogs page +\d+ +\d+/);
  });
});
