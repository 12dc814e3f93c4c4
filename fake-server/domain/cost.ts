/**
 * The counting seam of the cost tests (FAKE-PAGE-COST): how many stored records a request visits. Off unless a test
 * attaches a counter (`countVisits`, cost-counting.ts); on, the conversation stores and the organization's tables count every record
 * they hand out or iterate (indexed-map.ts and the stores built on it), and the domain counts what it visits
 * otherwise (plain maps, schedules). One property check when off.
 */
export interface CostCounter {
  visited: number;
}

/** Note `n` records visited on `counter`, when one is attached (`domain.cost`, a store's `cost`). */
export function visit(counter: CostCounter | undefined, n: number): void {
  if (counter !== undefined) counter.visited += n;
}
