import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageOfAscending, paginate } from './paging.js';
import type { Session } from './state.js';
import { OrderedSet, SessionStore } from './store-indexes.js';

type Rec = { id: number; t: number };
const naive = (recs: Iterable<Rec>) => [...recs].sort((a, b) => a.t - b.t || a.id - b.id);

describe('store indexes', () => {
  it('OrderedSet reads in (time, id) order after any adds, removals and reads', () => {
    const opArb = fc.oneof(
      fc.record({ kind: fc.constant('add' as const), t: fc.integer({ min: 0, max: 20 }) }),
      fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('read' as const) }),
    );
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 60 }), (ops) => {
        const set = new OrderedSet<Rec>((r) => r.t);
        const live: Rec[] = [];
        let id = 0;
        for (const op of ops) {
          if (op.kind === 'add') {
            const rec = { id: ++id, t: op.t };
            live.push(rec);
            set.add(rec);
          } else if (op.kind === 'remove' && live.length > 0) {
            const [rec] = live.splice(op.pick % live.length, 1);
            set.delete(rec!);
          } else expect(set.ascending()).toEqual(naive(live));
        }
        expect(set.ascending()).toEqual(naive(live));
        expect(set.size).toBe(live.length);
      }),
    );
  });

  it('pageOfAscending gives the page paginate gives over the ordered list, both directions', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer(), { maxLength: 40 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 8 }),
        (values, limit, page) => {
          const asc = [...values].sort((a, b) => a - b);
          expect(pageOfAscending(asc, limit, page, 'ASC')).toEqual(paginate(asc, limit, page));
          expect(pageOfAscending(asc, limit, page, 'DESC')).toEqual(
            paginate([...asc].reverse(), limit, page),
          );
        },
      ),
    );
  });

  it('SessionStore indexes by uid, project order and unclosed, and forgets deleted sessions', () => {
    const store = new SessionStore();
    const session = (
      id: number,
      project_id: number,
      created_at: number,
      status: string,
      is_emulator = false,
    ) => ({ id, session_uid: 1000 + id, project_id, created_at, status, is_emulator }) as Session;
    store.set(1, session(1, 7, 30, 'open'));
    store.set(2, session(2, 7, 10, 'closed'));
    store.set(3, session(3, 8, 20, 'open'));
    store.set(4, session(4, 7, 5, 'open', true));
    expect(store.listedOf(7).map((s) => s.id)).toEqual([2, 1]);
    expect([...store.unclosedOf(7)].map((s) => s.id)).toEqual([1]);
    expect(store.byUid(1004)?.id).toBe(4);
    store.delete(1);
    expect(store.listedOf(7).map((s) => s.id)).toEqual([2]);
    expect(store.byUid(1001)).toBeUndefined();
    expect(store.unclosedOf(7).size).toBe(0);
    expect(store.size).toBe(3);
    store.clear();
    expect(store.listedOf(8)).toEqual([]);
  });
});
