/**
 * Paging as properties: for generated (limit, page, order, filter), the pages of a list concatenate to the whole
 * ordered list — every item exactly once, in order, no gaps — a page past the end is empty, and `total` agrees.
 * getMyProjects runs over ~25 projects (created through control where the target has it); getSessions and
 * getSessionMessages run over the seeded conversations of the configured project.
 */
import fc from 'fast-check';
import { describe, expect, it, type TestContext } from 'vitest';
import { type Project, paging, type Session, type SessionMessage } from '../../contract/index.js';
import { orderByArb } from '../support/arbitraries/ranges.js';
import { expectSuccess } from '../support/envelope.js';
import { allMessages, allSessions } from '../support/pages.js';
import { assumed, documented } from '../support/strength.js';
import { need, useTarget } from '../support/use-target.js';
import { freshProjectVia } from '../support/world.js';

const target = useTarget();

/** Fewer runs against a deployment without control: its hourly cap cannot be reset. */
const runs = () => ({ numRuns: target().control ? 30 : 3 });

/** Where the target lets us, start every generated case with fresh hourly counters. */
const freshCounters = async () => {
  await target().control?.post('/rate-limits/reset');
};

interface PageResult<T> {
  items: T[];
  total: number | undefined;
}
type Fetch<T> = (limit: number, page: number) => Promise<PageResult<T>>;

/**
 * Pages 1..n+1 of size `limit` concatenate to `reference`; every page has the right size and total. Documented
 * (hard): a page holds at most `limit` items. The rest is the fake's paging (PAGING-SEMANTICS: page p is the slice
 * (p-1)·l .. p·l-1; PAGING-PAGE-PAST-END: the page after the last is empty, with the same total) and, for `total`,
 * `totalClause` (where the spec gives `total` but not what it counts) or PAGING-SEMANTICS.
 */
async function expectPagesConcatenate<T>(
  fetch: Fetch<T>,
  reference: readonly T[],
  key: (t: T) => number,
  limit: number,
  totalClause?: string,
): Promise<void> {
  const pageCount = Math.ceil(reference.length / limit);
  const pages: PageResult<T>[] = [];
  for (let page = 1; page <= pageCount + 1; page += 1) {
    const result = await fetch(limit, page);
    expect(result.items.length, `page ${page} of size ${limit}`).toBeLessThanOrEqual(limit);
    pages.push(result);
  }
  const full = pages.slice(0, pageCount);
  const pastEnd = pages[pageCount]!;
  assumed('PAGING-SEMANTICS', () => {
    full.forEach(({ items }, i) => {
      const expectedSize = Math.min(limit, reference.length - i * limit);
      expect(items.length, `page ${i + 1} of size ${limit}`).toBe(expectedSize);
    });
    const seen = full.flatMap(({ items }) => items.map(key));
    expect(seen).toEqual(reference.map(key));
    expect(new Set(seen).size).toBe(seen.length);
  });
  assumed('PAGING-PAGE-PAST-END', () =>
    expect(pastEnd.items.length, `page ${pageCount + 1} of size ${limit}`).toBe(0),
  );
  const totals = pages.map(({ total }, i) => ({ total, page: i + 1 }));
  if (totalClause)
    assumed(totalClause, () => {
      for (const { total, page } of totals) expect(total, `total on page ${page}`).toBe(reference.length);
    });
  else
    assumed('PAGING-SEMANTICS', () => {
      for (const { total, page } of totals)
        if (total !== undefined) expect(total, `total on page ${page}`).toBe(reference.length);
    });
}

/** One page (p, l) is the slice (p-1)·l .. p·l-1 of the reference, empty past the end. */
async function expectPageIsSlice<T>(
  fetch: Fetch<T>,
  reference: readonly T[],
  key: (t: T) => number,
  limit: number,
  page: number,
): Promise<void> {
  const { items } = await fetch(limit, page);
  expect(items.map(key)).toEqual(reference.slice((page - 1) * limit, page * limit).map(key));
}

/** Ordered by (time, id) ascending or descending: the key and the tie-break are the fake's (`orderKeyClause`). */
function expectOrdered<T extends { id: number }>(
  items: readonly T[],
  time: (t: T) => string,
  order: 'ASC' | 'DESC',
  orderKeyClause: string,
) {
  assumed(orderKeyClause, () => {
    const sorted = [...items].sort((a, b) => Date.parse(time(a)) - Date.parse(time(b)) || a.id - b.id);
    if (order === 'DESC') sorted.reverse();
    expect(items.map((i) => i.id)).toEqual(sorted.map((i) => i.id));
  });
}

/** Documented: without orderBy a list comes in its ASC order (the same items in the same order as with `ASC`). */
function expectDefaultIsAscending<T extends { id: number }>(
  withoutOrder: readonly T[],
  ascending: readonly T[],
) {
  expect(withoutOrder.map((i) => i.id)).toEqual(ascending.map((i) => i.id));
}

// ---------------------------------------------------------------------------------------------------------------

const PROJECT_COUNT = 25;

/** Make sure the owner sees about 25 projects (creating them through control when the target has it). */
let projectsReady: Promise<void> | undefined;
function ensureProjects(): Promise<void> {
  projectsReady ??= (async () => {
    if (!target().control || !target().config.allow.writes) return;
    const res = await target().call('getMyProjects', { body: { limit: paging.projects.max } });
    const { data, total } = expectSuccess<Project[]>(res, 'getMyProjects');
    for (let i = total ?? data.length; i < PROJECT_COUNT; i += 1) {
      await freshProjectVia(target(), `Paging project ${i}`);
    }
  })();
  return projectsReady;
}

const projectFetch =
  (orderBy: 'ASC' | 'DESC' | undefined, search: string | undefined): Fetch<Project> =>
  async (limit, page) => {
    const body = {
      limit,
      page,
      ...(orderBy ? { orderBy } : {}),
      ...(search !== undefined ? { search } : {}),
    };
    const res = await target().call('getMyProjects', { body });
    const { data, total } = expectSuccess<Project[]>(res, 'getMyProjects');
    return { items: data, total };
  };

const searchArb = fc.option(
  fc.constantFrom('', 'a', 'e', 'PROJECT', 'paging project 1', 'support', 'no-such-name-q7'),
  {
    nil: undefined,
  },
);

describe('getMyProjects paging', () => {
  it('pages of any size concatenate to the whole ordered list; total agrees; the page after the last is empty [PAGING-SEMANTICS, PROJECTS-TOTAL-ALL-PAGES, PAGING-PAGE-PAST-END, PROJECTS-ORDERBY-VALUES, PROJECTS-ORDERBY-DEFAULT-ASC]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    await ensureProjects();
    await fc.assert(
      fc.asyncProperty(
        fc.option(orderByArb, { nil: undefined }),
        searchArb,
        fc.integer({ min: 1, max: 30 }),
        async (orderBy, search, limit) => {
          await freshCounters();
          const fetch = projectFetch(orderBy, search);
          const reference = (await fetch(paging.projects.max, 1)).items;
          const ids = reference.map((p) => p.id);
          const ascending = [...ids].sort((a, b) => a - b);
          // Documented: ordered by project id, ASC by default (each bound to its own rule).
          documented(orderBy === undefined ? 'PROJECTS-ORDERBY-DEFAULT-ASC' : 'PROJECTS-ORDERBY-VALUES', () =>
            expect(ids, `orderBy ${orderBy}`).toEqual(orderBy === 'DESC' ? ascending.reverse() : ascending),
          );
          await expectPagesConcatenate(fetch, reference, (p) => p.id, limit, 'PROJECTS-TOTAL-ALL-PAGES');
        },
      ),
      runs(),
    );
  });

  it('page p of size l is items (p-1)·l to p·l-1 of the list, empty past the end [PAGING-SEMANTICS, PAGING-PAGE-PAST-END]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    await ensureProjects();
    const limitArb = fc.integer({ min: 1, max: 30 });
    const caseArb = limitArb.chain((limit) =>
      fc.record({
        limit: fc.constant(limit),
        page: fc.integer({ min: 1, max: Math.ceil(PROJECT_COUNT / limit) + 2 }),
        orderBy: orderByArb,
      }),
    );
    await fc.assert(
      fc.asyncProperty(caseArb, async ({ limit, page, orderBy }) => {
        await freshCounters();
        const fetch = projectFetch(orderBy, undefined);
        const reference = (await fetch(paging.projects.max, 1)).items;
        await expectPageIsSlice(fetch, reference, (p) => p.id, limit, page);
        const { total } = await fetch(limit, page);
        expect(total).toBe(reference.length);
      }),
      runs(),
    );
  });
});

// ---------------------------------------------------------------------------------------------------------------

type Order = 'ASC' | 'DESC' | undefined;
type Status = 'open' | 'closed' | undefined;

const sessionFilters = (orderBy: Order, status: Status) => ({
  ...(orderBy ? { orderBy } : {}),
  ...(status ? { status } : {}),
});
const messageFilters = (orderBy: Order) => (orderBy ? { orderBy } : {});

const sessionFetch =
  (orderBy: Order, status: Status): Fetch<Session> =>
  async (limit, page) => {
    const body = {
      project_uid: target().config.project_uid,
      limit,
      page,
      ...sessionFilters(orderBy, status),
    };
    const res = await target().call('getSessions', { body });
    const { data, total } = expectSuccess<Session[]>(res, 'getSessions');
    return { items: data, total };
  };

const messageFetch =
  (sessionUid: number, orderBy: Order): Fetch<SessionMessage> =>
  async (limit, page) => {
    const body = {
      project_uid: target().config.project_uid,
      session_uid: sessionUid,
      limit,
      page,
      ...messageFilters(orderBy),
    };
    const res = await target().call('getSessionMessages', { body });
    const { data, total } = expectSuccess<SessionMessage[]>(res, 'getSessionMessages');
    return { items: data, total };
  };

/** The configured project's session with the most messages (so message pages have something to split). */
let busiest: Promise<{ uid: number; count: number }> | undefined;
function busiestSession(ctx: TestContext): Promise<{ uid: number; count: number }> {
  busiest ??= (async () => {
    const sessions = await allSessions(target());
    let best = { uid: -1, count: -1 };
    for (const s of sessions.slice(0, 40)) {
      const count = (await allMessages(target(), s.session_uid)).length;
      if (count > best.count) best = { uid: s.session_uid, count };
    }
    return best;
  })();
  return busiest.then((b) => {
    if (b.count < 2) ctx.skip('the configured project has no session with 2 or more messages');
    return b;
  });
}

describe('getSessions paging', () => {
  it('pages of any size concatenate to the whole list, in order, each session once [PAGING-SEMANTICS, PAGING-PAGE-PAST-END, SESSIONS-ORDER-KEY, SESSIONS-ORDERBY-DEFAULT-ASC, SESSIONS-STATUS-FILTER]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    const all = await allSessions(target());
    if (all.length < 2) return ctx.skip('the configured project has fewer than 2 sessions');
    await fc.assert(
      fc.asyncProperty(
        fc.option(orderByArb, { nil: undefined }),
        fc.option(fc.constantFrom('open' as const, 'closed' as const), { nil: undefined }),
        fc.integer({ min: paging.sessions.min, max: Math.min(paging.sessions.max, all.length + 2) }),
        async (orderBy, status, limit) => {
          await freshCounters();
          const fetch = sessionFetch(orderBy, status);
          const reference = await allSessions(target(), sessionFilters(orderBy, status));
          if (orderBy === undefined) {
            const ascending = await allSessions(target(), sessionFilters('ASC', status));
            documented('SESSIONS-ORDERBY-DEFAULT-ASC', () => expectDefaultIsAscending(reference, ascending));
          }
          expectOrdered(reference, (s) => s.created_at, orderBy ?? 'ASC', 'SESSIONS-ORDER-KEY');
          if (status)
            documented('SESSIONS-STATUS-FILTER', () => {
              for (const s of reference) expect(s.status).toBe(status);
            });
          await expectPagesConcatenate(fetch, reference, (s) => s.id, limit);
        },
      ),
      runs(),
    );
  });

  it('page p of size l is sessions (p-1)·l to p·l-1 of the list, empty past the end [PAGING-SEMANTICS, PAGING-PAGE-PAST-END]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    const all = await allSessions(target());
    const caseArb = fc
      .integer({ min: 1, max: Math.min(paging.sessions.max, all.length + 2) })
      .chain((limit) =>
        fc.record({
          limit: fc.constant(limit),
          page: fc.integer({ min: 1, max: Math.ceil(all.length / limit) + 2 }),
          orderBy: orderByArb,
        }),
      );
    await fc.assert(
      fc.asyncProperty(caseArb, async ({ limit, page, orderBy }) => {
        await freshCounters();
        const fetch = sessionFetch(orderBy, undefined);
        const reference = await allSessions(target(), sessionFilters(orderBy, undefined));
        await expectPageIsSlice(fetch, reference, (s) => s.id, limit, page);
      }),
      runs(),
    );
  });
});

describe('getSessionMessages paging', () => {
  it('pages of any size concatenate to the whole conversation, in order, each message once [PAGING-SEMANTICS, PAGING-PAGE-PAST-END, SESSION-MESSAGES-ORDER-KEY, SESSION-MESSAGES-ORDERBY-DEFAULT-ASC]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    const { uid, count } = await busiestSession(ctx);
    await fc.assert(
      fc.asyncProperty(
        fc.option(orderByArb, { nil: undefined }),
        fc.integer({ min: paging.messages.min, max: Math.min(paging.messages.max, count + 2) }),
        async (orderBy, limit) => {
          await freshCounters();
          const fetch = messageFetch(uid, orderBy);
          const reference = await allMessages(target(), uid, messageFilters(orderBy));
          expect(reference.length).toBe(count);
          if (orderBy === undefined) {
            const ascending = await allMessages(target(), uid, messageFilters('ASC'));
            documented('SESSION-MESSAGES-ORDERBY-DEFAULT-ASC', () =>
              expectDefaultIsAscending(reference, ascending),
            );
          }
          expectOrdered(reference, (m) => m.createdAt, orderBy ?? 'ASC', 'SESSION-MESSAGES-ORDER-KEY');
          await expectPagesConcatenate(fetch, reference, (m) => m.id, limit);
        },
      ),
      runs(),
    );
  });

  it('page p of size l is messages (p-1)·l to p·l-1 of the conversation, empty past the end [PAGING-SEMANTICS, PAGING-PAGE-PAST-END]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    const { uid, count } = await busiestSession(ctx);
    const caseArb = fc.integer({ min: 1, max: count + 2 }).chain((limit) =>
      fc.record({
        limit: fc.constant(limit),
        page: fc.integer({ min: 1, max: Math.ceil(count / limit) + 2 }),
        orderBy: orderByArb,
      }),
    );
    await fc.assert(
      fc.asyncProperty(caseArb, async ({ limit, page, orderBy }) => {
        await freshCounters();
        const fetch = messageFetch(uid, orderBy);
        const reference = await allMessages(target(), uid, messageFilters(orderBy));
        await expectPageIsSlice(fetch, reference, (m) => m.id, limit, page);
      }),
      runs(),
    );
  });
});
