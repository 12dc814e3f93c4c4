/** The targets for a 2-core machine, checked against one run's figures. Pure. */
import type { BenchResults, ServerName, TargetCheck, ThroughputRow } from './results.js';
import { memoryAtLargest } from './scale.js';

export const targets = {
  /** fake/Prism requests per second, on every operation measured. */
  prismRatio: 3,
  /** fake/minimal-Koa requests per second, and the same ratio of the CPU time a request costs each server. */
  koaRatio: 0.8,
  p99Ms: 25,
  /** p50 of a paged read or a search at the largest scale size over the smallest. */
  growth: 1.5,
  /** The fake's resident set after a forced full GC at the largest scale size (issue 15: under 1 GB). */
  rssAfterGcMB: 1024,
  coldStartMs: 1000,
} as const;

function check(
  target: string,
  value: number | null,
  limit: number,
  kind: 'min' | 'max',
  unit: TargetCheck['unit'],
) {
  const met =
    value === null || !Number.isFinite(value) ? null : kind === 'min' ? value >= limit : value <= limit;
  return { target, value: value === null || Number.isFinite(value) ? value : null, limit, kind, unit, met };
}

export const rps = (rows: readonly ThroughputRow[], op: string, server: ServerName): number | null =>
  rows.find((r) => r.op === op && r.server === server)?.result.rps ?? null;

/**
 * The peer's CPU time per request over the fake's: how many of the fake's requests one core serves for each of the
 * peer's, whatever the load generator took beside them; null without both figures.
 */
export function cpuRatio(rows: readonly ThroughputRow[], op: string, peer: ServerName): number | null {
  const cost = (server: ServerName) =>
    rows.find((r) => r.op === op && r.server === server)?.result.cpuUsPerRequest ?? null;
  const fake = cost('fake');
  const other = cost(peer);
  return fake === null || other === null || fake === 0 ? null : other / fake;
}

/** fake rps / peer rps; null when either is missing or the peer served nothing. */
export function ratio(rows: readonly ThroughputRow[], op: string, peer: ServerName): number | null {
  const fake = rps(rows, op, 'fake');
  const other = rps(rows, op, peer);
  return fake === null || other === null || other === 0 ? null : fake / other;
}

/** p50 at the largest size over p50 at the smallest, per read. */
export function growth(results: Pick<BenchResults, 'scale'>): { read: string; p50: number; p99: number }[] {
  const scale = results.scale;
  if (!scale || scale.sizes.length < 2) return [];
  const small = Math.min(...scale.sizes.map((s) => s.sessions));
  const large = Math.max(...scale.sizes.map((s) => s.sessions));
  const reads = [...new Set(scale.reads.map((r) => r.read))];
  return reads.flatMap((read) => {
    const a = scale.reads.find((r) => r.read === read && r.sessions === small);
    const b = scale.reads.find((r) => r.read === read && r.sessions === large);
    return a && b ? [{ read, p50: b.p50 / a.p50, p99: b.p99 / a.p99 }] : [];
  });
}

export const memoryTargetLabel = 'fake RSS after forced GC (settled) at the largest scale size';

export function checkTargets(results: Omit<BenchResults, 'targets'>): TargetCheck[] {
  const rows = results.throughput;
  const ops = [...new Set(rows.map((r) => r.op))];
  const out: TargetCheck[] = [];
  for (const op of ops)
    out.push(check(`fake/Prism ${op}`, ratio(rows, op, 'prism'), targets.prismRatio, 'min', 'x'));
  for (const op of ops)
    out.push(check(`fake/minimal-Koa ${op}`, ratio(rows, op, 'minimal-koa'), targets.koaRatio, 'min', 'x'));
  for (const op of ops)
    out.push(
      check(
        `fake/minimal-Koa by CPU per request ${op}`,
        cpuRatio(rows, op, 'minimal-koa'),
        targets.koaRatio,
        'min',
        'x',
      ),
    );
  for (const op of ops) {
    const row = rows.find((r) => r.op === op && r.server === 'fake');
    out.push(check(`fake p99 at 50 connections ${op}`, row?.result.p99 ?? null, targets.p99Ms, 'max', 'ms'));
  }
  const sizes = results.scale?.sizes.map((s) => s.sessions) ?? [];
  const span = `${Math.min(...sizes) / 1000}k→${Math.max(...sizes) / 1000}k`;
  for (const g of growth(results))
    out.push(check(`growth ${span} sessions (p50) ${g.read}`, g.p50, targets.growth, 'max', 'x'));
  // Only a sample taken after a forced GC counts: without one, RSS follows the GC's timing, not what the fake holds.
  const memory = memoryAtLargest(results.scale);
  const rss = memory?.collected ? memory.rss / 2 ** 20 : null;
  out.push(check(memoryTargetLabel, rss, targets.rssAfterGcMB, 'max', 'MB'));
  out.push(
    check(
      'cold start (median, spawn → first 200)',
      results.coldStart?.medianFirst200Ms ?? null,
      targets.coldStartMs,
      'max',
      'ms',
    ),
  );
  return out;
}
