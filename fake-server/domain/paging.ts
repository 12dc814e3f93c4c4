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
 * order, without copying or sorting them: DESC is the same order reversed.
 */
export function pageOfAscending<T>(
  ascending: readonly T[],
  limit: number,
  page: number,
  order: 'ASC' | 'DESC',
): Page<T> {
  const total = ascending.length;
  const start = (page - 1) * limit;
  if (order === 'ASC') return { items: ascending.slice(start, start + limit), total };
  const items: T[] = [];
  for (let i = total - 1 - start; i >= 0 && i > total - 1 - start - limit; i--) items.push(ascending[i]!);
  return { items, total };
}
