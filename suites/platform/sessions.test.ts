/** getSessions (form-urlencoded): shape, defaults, filters, paging, order, playground exclusion and access. */
import { describe, expect, it, type TestContext } from 'vitest';
import type { Session } from '../../contract/index.js';
import { stopIfCreditsSpent } from '../support/credit-balance.js';
import { expectError, expectSuccess } from '../support/envelope.js';
import { FORBIDDEN, INVALID_PARAMS } from '../support/messages.js';
import { allSessions, canConverse, newConversation } from '../support/pages.js';
import { arranged, assumed } from '../support/strength.js';
import { enterState, need, stateMissing, useTarget } from '../support/use-target.js';
import { onProject } from '../support/world.js';
import type { Auth } from '../target/target.js';

const target = useTarget();

const getSessions = (body: Record<string, unknown>, auth?: Auth) =>
  target().call('getSessions', { body: onProject(target(), body), auth });

async function sessions(body: Record<string, unknown> = {}): Promise<Session[]> {
  return expectSuccess<Session[]>(await getSessions(body), 'getSessions').data;
}

const dayOf = (s: Session) => new Date(s.created_at).toISOString().slice(0, 10);
const ids = (list: readonly Session[]) => list.map((s) => s.id);
const ascending = (a: Session, b: Session) =>
  Date.parse(a.created_at) - Date.parse(b.created_at) || a.id - b.id;

/**
 * Every session of the project, at least `min` of them: where the project has fewer and the target allows writes, new
 * widget sessions are created first. Where neither serves, the test is not checkable here (skipped, never failed).
 */
async function atLeast(ctx: TestContext, min: number): Promise<Session[]> {
  let all = await allSessions(target());
  if (all.length < min && canConverse(target())) {
    for (let i = all.length; i < min; i += 1) await newConversation(target());
    all = await allSessions(target());
  }
  arranged(
    ctx,
    all.length >= min,
    `needs ${min} sessions; the project has ${all.length} and the target does not allow writes (or does not list new ones)`,
  );
  return all;
}

describe('getSessions', () => {
  it('takes a form-urlencoded body and returns the sessions of the project [SESSIONS-FORM-ENCODED, CONV-FORM-ENCODED, SESSIONS-DATA-ARRAY, RES-SESSION-SHAPE, RES-SESSION-OPEN-VALUES, CONV-DATETIME-ISO]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    await atLeast(ctx, 1);
    const list = await sessions();
    const org = expectSuccess<{ OrganizationProjects: { id: number; project_uid: string }[] }>(
      await target().call('getOrganizationDetail', { body: {} }),
      'getOrganizationDetail',
    ).data;
    const project = org.OrganizationProjects.find((p) => p.project_uid === target().config.project_uid);
    expect(project).toBeDefined();
    for (const s of list) {
      expect(s.project_id).toBe(project!.id);
      expect(Number.isFinite(s.session_uid)).toBe(true);
      // The values of chat_mode and segment are not shown: only their types are checked.
      assumed('RES-SESSION-OPEN-VALUES', () => {
        expect(typeof s.chat_mode).toBe('string');
        expect(typeof s.segment).toBe('string');
      });
    }
    expect(new Set(list.map((s) => s.session_uid)).size).toBe(list.length);
  });

  it('requires project_uid [SESSIONS-PROJECT-UID-REQUIRED]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    expectError(await target().call('getSessions', { body: {} }), 400, INVALID_PARAMS);
    expectError(await target().call('getSessions', { body: { limit: 5 } }), 400, INVALID_PARAMS);
  });

  it('answers 404 for a project_uid that names no project [AUTH-UNKNOWN-PROJECT]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    const res = await target().call('getSessions', { body: { project_uid: 'no-such-project-uid' } });
    expectError(res, 404, 'Project not found');
  });

  it('defaults to limit 10 and page 1 [SESSIONS-LIMIT-DEFAULT-10, SESSIONS-PAGE-DEFAULT-1, PAGING-SEMANTICS]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    // More than 10 sessions, so that the default page is visibly a page of 10.
    const all = await atLeast(ctx, 11);
    const byDefault = await sessions();
    // Documented: without limit and page, the answer is the one of limit 10, page 1.
    expect(byDefault.length).toBeLessThanOrEqual(10);
    expect(ids(await sessions({ limit: 10, page: 1 }))).toEqual(ids(byDefault));
    expect(ids(await sessions({ limit: 10 }))).toEqual(ids(byDefault));
    expect(ids(await sessions({ page: 1 }))).toEqual(ids(byDefault));
    const three = await sessions({ limit: 3 });
    const second = await sessions({ page: 2 });
    // Which sessions a page holds (positions (p-1)·l to p·l-1 of the whole list) is the fake's paging.
    assumed('PAGING-SEMANTICS', () => {
      expect(byDefault).toEqual(all.slice(0, 10));
      expect(three).toEqual(all.slice(0, 3));
      expect(second).toEqual(all.slice(10, 20));
    });
  });

  it('filters by status open or closed [SESSIONS-STATUS-FILTER]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    const all = await allSessions(target());
    // Both statuses listed, so that each filter visibly leaves sessions out.
    arranged(
      ctx,
      all.some((s) => s.status === 'open') && all.some((s) => s.status === 'closed'),
      'the project has no open and closed sessions both (closing one takes the clock or a provider state)',
    );
    for (const status of ['open', 'closed'] as const) {
      const filtered = await allSessions(target(), { status });
      for (const s of filtered) expect(s.status).toBe(status);
      expect(ids(filtered)).toEqual(ids(all.filter((s) => s.status === status)));
    }
  });

  it.for(['bogus', 'frozen'])('rejects the status %j [SESSIONS-STATUS-FILTER]', async (status, ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    expectError(await getSessions({ status }), 400, INVALID_PARAMS);
  });

  // Other spellings, an empty field and the statuses the spec does not show: how a server reads them is not shown.
  it.for(['OPEN', ' open', '', 'resolved', 'all'])(
    'rejects the status %j [FORM-ENUM-EXACT]',
    async (status, ctx) => {
      need(ctx, target(), { tokens: ['owner'], projectUid: true });
      const res = await getSessions({ status });
      assumed('FORM-ENUM-EXACT', () => expectError(res, 400, INVALID_PARAMS));
    },
  );

  it('filters by from and to calendar days, inclusive [SESSIONS-FROM-TO-DATES, SESSIONS-DATE-FILTER]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    let project: Record<string, unknown> = {};
    let all = await allSessions(target());
    // Sessions of other days come only with time, the target's own history, or a provider state that back-dates them.
    if (
      new Set(all.map(dayOf)).size < 3 &&
      target().config.allow.writes &&
      !(await stateMissing(target(), 'project with conversations'))
    ) {
      const made = await enterState(ctx, target(), 'project with conversations', {
        sessions: 4,
        dates: ['2024-03-01', '2024-03-03', '2024-03-05', '2024-03-07'],
      });
      project = { project_uid: made.project_uid };
      all = await allSessions(target(), project);
    }
    const days = [...new Set(all.map(dayOf))].sort();
    arranged(
      ctx,
      days.length >= 3,
      `the project has sessions on ${days.length} day(s); the filter needs three`,
    );
    const d = days[Math.floor(days.length / 2)]!;
    const later = days[days.length - 1]!;
    const expectIds = (pred: (day: string) => boolean) => ids(all.filter((s) => pred(dayOf(s))));
    const known = new Set(ids(all));
    /** The dates filter the list (documented): a filtered list holds sessions of the list only; which ones, by
     * UTC calendar day and inclusive at both ends, is the fake's reading (SESSIONS-DATE-FILTER). */
    const check = async (filters: Record<string, unknown>, expected: number[]) => {
      const got = ids(await allSessions(target(), { ...project, ...filters }));
      for (const id of got) expect(known.has(id), `${JSON.stringify(filters)}: session ${id}`).toBe(true);
      assumed('SESSIONS-DATE-FILTER', () => expect(got, JSON.stringify(filters)).toEqual(expected));
    };
    await check(
      { from: d, to: d },
      expectIds((x) => x === d),
    );
    await check(
      { from: d },
      expectIds((x) => x >= d),
    );
    await check(
      { to: d },
      expectIds((x) => x <= d),
    );
    await check(
      { from: d, to: later },
      expectIds((x) => x >= d && x <= later),
    );
    // A range that ends before it starts: an empty list or a refusal, the spec says neither ("from (date), to (date)").
    await assumed('SESSIONS-DATE-FILTER', () => check({ from: later, to: d }, []));
    await check({ from: d, status: 'open' }, ids(all.filter((s) => dayOf(s) >= d && s.status === 'open')));
    const dayAfterLast = new Date(Date.parse(`${later}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    await check({ from: dayAfterLast }, []);
  });

  it.for([
    '2024-02-31',
    '2023-02-29',
    '2024-13-01',
    '2024-00-10',
    '2024/01/01',
    '01-02-2024',
    '2024-1-1',
    'yesterday',
    '2024-01-01T00:00:00Z',
  ])('rejects the date %j [SESSIONS-DATE-FORMAT]', async (date, ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    expectError(await getSessions({ from: date }), 400, INVALID_PARAMS);
    expectError(await getSessions({ to: date }), 400, INVALID_PARAMS);
  });

  it('accepts a leap day [SESSIONS-DATE-FORMAT]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    expectSuccess(await getSessions({ from: '2024-02-29', to: '2024-02-29' }), 'getSessions');
  });

  it('accepts limit 1 to 100 [SESSIONS-LIMIT-RANGE, PAGING-SEMANTICS]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    const all = await allSessions(target());
    const one = await sessions({ limit: 1 });
    const hundred = await sessions({ limit: 100 });
    expect(one.length).toBeLessThanOrEqual(1);
    expect(hundred.length).toBeLessThanOrEqual(100);
    assumed('PAGING-SEMANTICS', () => {
      expect(one).toEqual(all.slice(0, 1));
      expect(hundred).toEqual(all.slice(0, 100));
    });
  });

  it.for([0, 101, -1, 1000])('rejects limit %s [SESSIONS-LIMIT-RANGE]', async (limit, ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    expectError(await getSessions({ limit }), 400, INVALID_PARAMS);
  });

  it('rejects integer fields written as anything but digits [FORM-INTEGER-TEXT]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    for (const value of ['abc', '1.5', '1e1', '']) {
      expectError(await getSessions({ limit: value }), 400, INVALID_PARAMS);
      expectError(await getSessions({ page: value }), 400, INVALID_PARAMS);
    }
  });

  // Documented for getSessions itself (SESSIONS-PAGE-MIN-1), so nothing here rests on PAGING-PAGE-MIN-1.
  it('rejects page 0 and negative pages [SESSIONS-PAGE-MIN-1]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    for (const page of [0, -1]) expectError(await getSessions({ page }), 400, INVALID_PARAMS);
  });

  it('pages without duplicates or gaps; a page past the end is empty [PAGING-SEMANTICS, PAGING-PAGE-PAST-END]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    const all = await allSessions(target());
    const paged: Session[] = [];
    const pages = Math.ceil(all.length / 7);
    for (let page = 1; page <= pages; page += 1) paged.push(...(await sessions({ limit: 7, page })));
    expect(ids(paged)).toEqual(ids(all));
    expect(await sessions({ limit: 7, page: pages + 1 })).toEqual([]);
  });

  it('orders ASC by default and DESC on request, by created_at then id [SESSIONS-ORDERBY-DEFAULT-ASC, SESSIONS-ORDER-KEY, PAGING-SEMANTICS]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    const byDefault = await allSessions(target());
    // The default is ASC (documented); the key, how ties are broken and so what DESC gives are the fake's choices.
    expect(ids(await allSessions(target(), { orderBy: 'ASC' }))).toEqual(ids(byDefault));
    assumed('SESSIONS-ORDER-KEY', () => expect(ids(byDefault)).toEqual(ids([...byDefault].sort(ascending))));
    const desc = await allSessions(target(), { orderBy: 'DESC' });
    expect(ids(desc).sort((a, b) => a - b)).toEqual(ids(byDefault).sort((a, b) => a - b));
    assumed('SESSIONS-ORDER-KEY', () => expect(ids(desc)).toEqual(ids(byDefault).reverse()));
    const firstThree = await sessions({ orderBy: 'DESC', limit: 3 });
    assumed('PAGING-SEMANTICS', () => expect(ids(firstThree)).toEqual(ids(desc.slice(0, 3))));
  });

  it.for(['RANDOM', 'created_at'])(
    'rejects orderBy %j [SESSIONS-ORDERBY-DEFAULT-ASC]',
    async (orderBy, ctx) => {
      need(ctx, target(), { tokens: ['owner'], projectUid: true });
      expectError(await getSessions({ orderBy }), 400, INVALID_PARAMS);
    },
  );

  // Other spellings of ASC and DESC, and an empty field: how a server reads them is not shown.
  it.for(['asc', 'desc', '', ' DESC'])('rejects orderBy %j [FORM-ENUM-EXACT]', async (orderBy, ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    const res = await getSessions({ orderBy });
    assumed('FORM-ENUM-EXACT', () => expectError(res, 400, INVALID_PARAMS));
  });

  it('does not list playground sessions [SESSIONS-EXCLUDE-PLAYGROUND]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true, writes: true });
    const project_uid = target().config.project_uid!;
    const before = await allSessions(target());
    const playground = expectSuccess<{ session_uid: number; id: number }>(
      await target().call('createPlaygroundAgentSession', { body: { project_uid } }),
      'createPlaygroundAgentSession',
    ).data;
    const answered = await target().call('playgroundAgentResponse', {
      body: { project_uid, session_uid: playground.session_uid, query: 'How do I export my data?' },
    });
    stopIfCreditsSpent(target(), answered, 'a playground call');
    expectSuccess(answered, 'playgroundAgentResponse');
    const after = await allSessions(target());
    expect(ids(after)).toEqual(ids(before));
    expect(after.map((s) => s.session_uid)).not.toContain(playground.session_uid);
    expect(ids(await allSessions(target(), { orderBy: 'DESC' }))).not.toContain(playground.id);
  });

  it('is open to the editor and viewer tokens [AUTH-ACCESS-GETSESSIONS]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner', 'editor', 'viewer'], projectUid: true });
    const owner = await sessions({ limit: 5 });
    for (const token of ['editor', 'viewer'] as const) {
      expect(
        expectSuccess<Session[]>(await getSessions({ limit: 5 }, { token }), 'getSessions').data,
        token,
      ).toEqual(owner);
    }
  });

  // Documented by the access table: no role and no fine-grained entry for the operation.
  it('refuses a token with fine-grained permissions only [AUTH-ACCESS-GETSESSIONS, ERR-403-MESSAGE]', async (ctx) => {
    need(ctx, target(), { tokens: ['fine_grained'], projectUid: true });
    expectError(await getSessions({}, { token: 'fine_grained' }), 403, FORBIDDEN);
  });

  it('refuses a project outside the token scope [AUTH-SCOPE-403]', async (ctx) => {
    need(ctx, target(), { tokens: ['selected'], projectUid: true, otherProjectUid: true });
    expectSuccess(await getSessions({}, { token: 'selected' }), 'getSessions');
    const res = await target().call('getSessions', {
      body: { project_uid: target().config.other_project_uid },
      auth: { token: 'selected' },
    });
    expectError(res, 403, FORBIDDEN);
  });
});
