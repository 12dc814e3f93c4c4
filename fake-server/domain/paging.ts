import type { Run } from './ordered-set.js';

/** Page a sorted list: 1-based pages; a page past the end is empty (PAGING-PAGE-PAST-END). */
export interface Page<T> {
  items: T[];
  total: number;
}

export function paginate<T>(items: readonly T[], limit: number, page: number): Page<T> {
  const start = (page - 1) * limit;
  return { items: items.slice(start, start + limit), total: items.length };
}

/** Sort by a key, then by id, in the given direction (PROJECTS-ORDERBY-*, SESSIONS-ORDER-KEY, SESSION-MESSAGES-ORDER-KEY). */
export function byOrder<T extends { id: number }>(
  items: readonly T[],
  key: (t: T) => number,
  order: 'ASC' | 'DESC',
): T[] {
  const sorted = ascendingBy(items, key);
  return order === 'DESC' ? sorted.reverse() : sorted;
}

/** A copy of `items` in ascending (key, id) order. */
export function ascendingBy<T extends { id: number }>(items: readonly T[], key: (t: T) => number): T[] {
  return [...items].sort((a, b) => key(a) - key(b) || a.id - b.id);
}

/**
 * The page `paginate(byOrder(items, key, order), limit, page)` gives, from items already in ascending (key, id)
 * order, without copying or sorting them and reading only the page's records (FAKE-PAGE-COST): DESC is the same
 * order reversed.
 */
export function pageOfAscending<T>(
  ascending: Run<T>,
  limit: number,
  page: number,
  order: 'ASC' | 'DESC',
): Page<T> {
  const total = ascending.length;
  const start = (page - 1) * limit;
  const items: T[] = [];
  if (start < 0) return { items, total };
  for (let n = start; n < total && n < start + limit; n++)
    items.push(ascending.at(order === 'ASC' ? n : total - 1 - n)!);
  return { items, total };
}
