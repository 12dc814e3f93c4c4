import { describe, expect, it } from 'vitest';
import type { MemorySample } from '../fake-server/memory-sample.js';
import type { LoadResult } from './load.js';
import { formatTable, renderHtml, renderText } from './report.js';
import type { BenchResults, ServerName } from './results.js';
import { quantile } from './scale.js';
import { checkTargets, cpuRatio, growth, memoryTargetLabel, ratio } from './targets.js';

const load = (rps: number, p99 = 10, cpu: number | null = null): LoadResult => ({
  requests: rps * 5,
  rps,
  p50: 1,
  p99,
  non2xx: 0,
  errors: 0,
  timeouts: 0,
  cpuUsPerRequest: cpu,
});
const row = (op: string, server: ServerName, rps: number, p99?: number, cpu?: number) => ({
  op,
  server,
  result: load(rps, p99, cpu),
});

const MB = 2 ** 20;
/** A memory sample of `rssMB` after a GC (or not), with a peak of `peakMB` (twice the RSS by default). */
const sample = (rssMB: number, collected: boolean, peakMB = 2 * rssMB): MemorySample => ({
  collected,
  collections: collected ? 3 : 0,
  rss: rssMB * MB,
  heapUsed: (rssMB / 2) * MB,
  heapTotal: (rssMB / 2) * MB,
  external: 10 * MB,
  arrayBuffers: MB,
  peakRss: peakMB * MB,
  peakReset: true,
});

function results(over: Partial<BenchResults> = {}): Omit<BenchResults, 'targets'> {
  return {
    startedAt: '',
    finishedAt: '',
    machine: { cpus: 2, cpuModel: 'x', node: 'v20', loadavgStart: [0, 0, 0], loadavgEnd: [0, 0, 0] },
    settings: { connections: 50, rounds: 3, durationS: 2, warmupS: 1 },
    throughput: [
      row('getMyProjects', 'fake', 4000, 20, 100),
      row('getMyProjects', 'prism', 900, 10, 500),
      row('getMyProjects', 'minimal-koa', 6000, 10, 70),
      row('sendMessage', 'fake', 2000, 30, 200),
      row('sendMessage', 'prism', 1000),
      row('sendMessage', 'minimal-koa', 2500, 10, 180),
    ],
    scale: {
      sizes: [10_000, 100_000].map((sessions) => ({
        sessions,
        seedMs: 1,
        seeded: { sessions, messages: 0, execution_logs: 0, chunks: 0 },
        seededMemory: sample(sessions === 100_000 ? 880 : 290, true, sessions === 100_000 ? 1300 : 500),
        memory: sample(sessions === 100_000 ? 900 : 300, true),
      })),
      reads: [
        { read: 'a', sessions: 10_000, p50: 1, p99: 2, samples: 1, non2xx: 0 },
        { read: 'a', sessions: 100_000, p50: 2.5, p99: 3, samples: 1, non2xx: 0 },
      ],
    },
    coldStart: { runs: [], medianTargetFileMs: 500, medianFirst200Ms: 1200 },
    notes: [],
    ...over,
  };
}

describe('bench targets [HARNESS-BENCH]', () => {
  it('ratios are fake over peer requests per second', () => {
    const r = results();
    expect(ratio(r.throughput, 'getMyProjects', 'prism')).toBeCloseTo(4000 / 900);
    expect(ratio(r.throughput, 'sendMessage', 'minimal-koa')).toBeCloseTo(0.8);
    expect(ratio(r.throughput, 'nope', 'prism')).toBeNull();
  });

  it("CPU ratios are the peer's CPU time per request over the fake's; null without both", () => {
    const r = results();
    expect(cpuRatio(r.throughput, 'getMyProjects', 'minimal-koa')).toBeCloseTo(0.7);
    expect(cpuRatio(r.throughput, 'getMyProjects', 'prism')).toBeCloseTo(5);
    expect(cpuRatio(r.throughput, 'sendMessage', 'minimal-koa')).toBeCloseTo(0.9);
    expect(cpuRatio(r.throughput, 'sendMessage', 'prism')).toBeNull();
  });

  it('checks each target: met, missed, or not measured', () => {
    const checks = Object.fromEntries(checkTargets(results()).map((c) => [c.target, c.met]));
    expect(checks['fake/Prism getMyProjects']).toBe(true);
    expect(checks['fake/Prism sendMessage']).toBe(false);
    expect(checks['fake/minimal-Koa getMyProjects']).toBe(false);
    expect(checks['fake/minimal-Koa sendMessage']).toBe(true);
    expect(checks['fake/minimal-Koa by CPU per request getMyProjects']).toBe(false);
    expect(checks['fake/minimal-Koa by CPU per request sendMessage']).toBe(true);
    expect(checks['fake p99 at 50 connections getMyProjects']).toBe(true);
    expect(checks['fake p99 at 50 connections sendMessage']).toBe(false);
    expect(checks['growth 10k→100k sessions (p50) a']).toBe(false);
    expect(checks[memoryTargetLabel]).toBe(true);
    expect(checks['cold start (median, spawn → first 200)']).toBe(false);
    const none = checkTargets(results({ scale: null, coldStart: null }));
    expect(none.find((c) => c.target === memoryTargetLabel)?.met).toBeNull();
  });

  it('the 1 GB goal is judged on the RSS after a forced GC at the largest size, never on a sample without a GC', () => {
    const at = (memory: MemorySample | null) => {
      const r = results();
      r.scale!.sizes[1]!.memory = memory;
      return checkTargets(r).find((c) => c.target === memoryTargetLabel)!;
    };
    expect(memoryTargetLabel).toMatch(/after forced GC/);
    expect(at(sample(900, true))).toMatchObject({ value: 900, limit: 1024, met: true });
    expect(at(sample(1100, true))).toMatchObject({ value: 1100, met: false });
    expect(at(sample(900, false))).toMatchObject({ value: null, met: null });
    expect(at(null)).toMatchObject({ value: null, met: null });
  });

  it('the text and the page show the memory after GC and the peak at each size, once seeded and after the reads', () => {
    const r = { ...results(), targets: [] };
    const text = renderText(r);
    expect(text).toMatch(/10000 +seeding +3 +290 +145 +145 +10 +1 +500\n/);
    expect(text).toMatch(/10000 +reads +3 +300 +150 +150 +10 +1 +600\n/);
    expect(text).toMatch(/100000 +seeding +3 +880 +440 +440 +10 +1 +1300\n/);
    expect(text).toMatch(/100000 +reads +3 +900 +450 +450 +10 +1 +1800\n/);
    expect(text).toContain('peak RSS over the scale part: 1800 MB');
    expect(renderHtml(r)).toContain('<td>1300</td>');
    // A peak that could not be started again covers everything since the start.
    r.scale!.sizes[0]!.seededMemory!.peakReset = false;
    expect(renderText(r)).toMatch(/10000 +reads +3 +300 +150 +150 +10 +1 +600 \(since the start\)/);
  });

  it('growth is the largest size over the smallest, per read', () => {
    expect(growth(results())).toEqual([{ read: 'a', p50: 2.5, p99: 1.5 }]);
  });

  it('quantiles by nearest rank, tables padded', () => {
    const xs = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(quantile(xs, 0.5)).toBe(50);
    expect(quantile(xs, 0.99)).toBe(99);
    expect(
      formatTable(
        ['a', 'n'],
        [
          ['x', 1],
          ['yy', 22],
        ],
      ).split('\n'),
    ).toEqual(['a    n', '--  --', 'x    1', 'yy  22']);
  });
});
