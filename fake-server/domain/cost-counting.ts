/**
 * Attaching the cost tests' counter (FAKE-PAGE-COST, cost.ts) to a domain context and the stores that count what they
 * hand out. Apart from cost.ts, which the stores themselves import, so that no store imports the context.
 */
import type { DomainContext } from './context.js';
import type { CostCounter } from './cost.js';

/** The stores that count what they hand out: the conversation store and the organization's tables. */
function stores(domain: DomainContext): { cost: CostCounter | undefined }[] {
  const { sessions, messages, executionLogs, members, projects, invitations } = domain.state;
  return [sessions, messages, executionLogs, members, projects, invitations];
}

/** Attach a fresh counter to the context and its stores; what they visit from now on is counted on it. */
export function countVisits(domain: DomainContext): CostCounter {
  const counter: CostCounter = { visited: 0 };
  domain.cost = counter;
  for (const store of stores(domain)) store.cost = counter;
  return counter;
}

/** Detach the counter `countVisits` attached. */
export function stopCounting(domain: DomainContext): void {
  domain.cost = undefined;
  for (const store of stores(domain)) store.cost = undefined;
}
