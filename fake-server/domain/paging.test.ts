/** Ordering and paging of lists, on items stored in any order, with ties on the key. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ascendingBy, byOrder, pageOfAscending, paginate } from './paging.js';

const item = (id: number, at: number) => ({ id, at });
// Stored out of order, with ties on the key broken by id.
const stored = [item(5, 30), item(2, 10), item(9, 20), item(1, 30), item(7, 10), item(3, -5)];
const ids = (items: readonly { id: number }[]) => items.map((i) => i.id);

describe('ordering and paging [PAGING-SEMANTICS, SESSIONS-ORDER-KEY, EXEC-LOGS-ORDER-KEY]', () => {
  it('orders by the key, then by id, ascending or descending, without touching the stored order', () => {
    const before = ids(stored);
    expect(ids(ascendingBy(stored, (i) => i.at))).toEqual([3, 2, 7, 9, 1, 5]);
    expect(ids(byOrder(stored, (i) => i.at, 'ASC'))).toEqual([3, 2, 7, 9, 1, 5]);
    expect(ids(byOrder(stored, (i) => i.at, 'DESC'))).toEqual([5, 1, 9, 7, 2, 3]);
    expect(ids(stored)).toEqual(before);
  });

  it('a page of items already ascending is the page of the ordered list, both ways, past the end too', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(50), { maxLength: 30 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 12 }),
        fc.constantFrom('ASC' as const, 'DESC' as const),
        (keys, limit, page, order) => {
          const ascending = ascendingBy(
            keys.map((k, i) => item(i + 1, k)),
            (i) => i.at,
          );
          const ordered = byOrder(ascending, (i) => i.at, order);
          const start = (page - 1) * limit;
          const expected = { items: ordered.slice(start, start + limit), total: keys.length };
          expect(pageOfAscending(ascending, limit, page, order)).toEqual(expected);
          expect(paginate(ordered, limit, page)).toEqual(expected);
        },
      ),
    );
  });

  it('a page before the first is empty, as paginate gives it, and still carries the total', () => {
    const ascending = ascendingBy(stored, (i) => i.at);
    expect(paginate(ascending, 4, 0)).toEqual({ items: [], total: 6 });
    for (const order of ['ASC', 'DESC'] as const)
      expect(pageOfAscending(ascending, 4, 0, order)).toEqual({ items: [], total: 6 });
  });
});
