/**
 * The counting seam of the cost tests (FAKE-PAGE-COST): how many stored records a request visits. Off unless a test
 * attaches a counter (`countVisits`); on, the conversation stores and the organization's tables count every record
 * they hand out or iterate (indexed-map.ts and the stores built on it), and the domain counts what it visits
 * otherwise (plain maps, schedules). One property check when off.
 */
import type { DomainContext } from './context.js';

export interface CostCounter {
  visited: number;
}

/** Note `n` records visited on `counter`, when one is attached (`ctx.cost`, a store's `cost`). */
export function visit(counter: CostCounter | undefined, n: number): void {
  if (counter !== undefined) counter.visited += n;
}

/** The stores that count what they hand out: the conversation store and the organization's tables. */
function stores(ctx: DomainContext): { cost: CostCounter | undefined }[] {
  const { sessions, messages, executionLogs, members, projects, invitations } = ctx.state;
  return [sessions, messages, executionLogs, members, projects, invitations];
}

/** Attach a fresh counter to the context and its stores; what they visit from now on is counted on it. */
export function countVisits(ctx: DomainContext): CostCounter {
  const counter: CostCounter = { visited: 0 };
  ctx.cost = counter;
  for (const store of stores(ctx)) store.cost = counter;
  return counter;
}

/** Detach the counter `countVisits` attached. */
export function stopCounting(ctx: DomainContext): void {
  ctx.cost = undefined;
  for (const store of stores(ctx)) store.cost = undefined;
}
