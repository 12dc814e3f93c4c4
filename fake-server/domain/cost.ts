/**
 * The counting seam of the cost tests (FAKE-PAGE-COST): how many stored records a request visits. Off unless a test
 * attaches a counter (`countVisits`); on, the conversation stores count every record they hand out or iterate
 * (store-indexes.ts) and the domain counts the scans of its plain maps. One property check when off.
 */
import type { DomainContext } from './context.js';

export interface CostCounter {
  visited: number;
}

/** Note `n` records visited on `counter`, when one is attached (`ctx.cost`, a store's `cost`). */
export function visit(counter: CostCounter | undefined, n: number): void {
  if (counter !== undefined) counter.visited += n;
}

/** Attach a fresh counter to the context and its stores; what they visit from now on is counted on it. */
export function countVisits(ctx: DomainContext): CostCounter {
  const counter: CostCounter = { visited: 0 };
  ctx.cost = counter;
  const { sessions, messages, executionLogs } = ctx.state;
  for (const store of [sessions, messages, executionLogs]) store.cost = counter;
  return counter;
}

/** Detach the counter `countVisits` attached. */
export function stopCounting(ctx: DomainContext): void {
  ctx.cost = undefined;
  const { sessions, messages, executionLogs } = ctx.state;
  for (const store of [sessions, messages, executionLogs]) store.cost = undefined;
}
