/**
 * Worlds for the cost tests (FAKE-PAGE-COST): the seeded runtime with one project bulk-seeded with `sessions`
 * sessions at a fixed density (100 a day, 4 messages and 2 execution logs each) and a small knowledgebase, and a
 * counter of the records a read visits after one warm-up read (the store's order is built on its first read).
 */
import { expect } from 'vitest';
import { bulkSeed } from '../../control/bulk-seed.js';
import { Runtime } from '../../runtime.js';
import { DAY_MS, isoDay } from '../clock.js';
import { countVisits, stopCounting } from '../cost-counting.js';

/** The two store sizes every cost test compares. */
export const SIZES = [1_000, 10_000] as const;
const PER_DAY = 100;

export function costWorld(sessions: number) {
  const runtime = new Runtime();
  const ctx = runtime.domain;
  const project = Object.values(runtime.seeded!.projects)[0]!;
  bulkSeed(ctx, project, { sessions, messages_per_session: 4, chunks: 200, days: sessions / PER_DAY });
  const listed = ctx.state.sessions.listedOf(project.id);
  const now = ctx.clock.now();
  return {
    runtime,
    ctx,
    project,
    /** The uid of a session a day old, and a day three days back (inside the seeded span at both sizes). */
    sessionUid: listed[listed.length - PER_DAY]!.session_uid,
    day: isoDay(now - 3 * DAY_MS),
    /** Records `read` visits, counted on its second call. */
    visits(read: () => unknown): number {
      read();
      const counter = countVisits(ctx);
      read();
      stopCounting(ctx);
      return counter.visited;
    },
  };
}

export type CostWorld = ReturnType<typeof costWorld>;

let worlds: CostWorld[] | undefined;
/** The two worlds, built once per test file. */
export function costWorlds(): CostWorld[] {
  worlds ??= SIZES.map(costWorld);
  return worlds;
}

/**
 * The counts of one read at both sizes: the larger store's may exceed the smaller's by a few binary-search probes
 * (a logarithm of ten times the records: 2 searches of at most 5 more probes) and by the day-to-day spread of a
 * range's records, never by a share of the store.
 */
export function expectBoundedByPage(read: (w: CostWorld) => unknown, atMost: number): number[] {
  return expectNotGrowing(
    costWorlds().map((w) => w.visits(() => read(w))),
    atMost,
    SIZES.map((n) => `${n} sessions`),
  );
}

/** Two counts, at a small and a ten times larger store (`sizes` names them): bounded, and not growing with it. */
export function expectNotGrowing(counts: number[], atMost: number, sizes: readonly string[]): number[] {
  const [small, large] = counts as [number, number];
  expect(small, `records visited at ${sizes[0]}`).toBeLessThanOrEqual(atMost);
  expect(large, `records visited at ${sizes[1]} (${small} at ${sizes[0]})`).toBeLessThanOrEqual(
    Math.ceil(small * 1.05) + 10,
  );
  return counts;
}
