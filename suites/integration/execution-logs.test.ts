/**
 * getChatbotExecutionLogs (project key): every field optional, defaults (DESC, limit 10, page 1), the limit of 100,
 * from/to days, the session filter, the log shape, logs appended by sendMessage, and the key's project only.
 * Read-only tests use the logs the project already has; where the target allows writes they first hold a
 * conversation, so they also run on a project with no logs yet.
 */
import { describe, expect, it, type TestContext } from 'vitest';
import type { ExecutionLog } from '../../contract/index.js';
import { foreignProjectOf } from '../support/arranged-world.js';
import { stopIfCreditsSpent } from '../support/credit-balance.js';
import { expectError, expectRefused, expectSuccess } from '../support/envelope.js';
import { INVALID_PARAMS } from '../support/messages.js';
import { allPages, allSessions, listedProject } from '../support/pages.js';
import { arranged, assumed, documented } from '../support/strength.js';
import { enterState, need, stateMissing, useTarget } from '../support/use-target.js';
import type { Auth } from '../target/target.js';

const target = useTarget();

const getLogs = (body: unknown, auth?: Auth) => target().call('getChatbotExecutionLogs', { body, auth });

async function logs(body: Record<string, unknown> = {}, auth?: Auth) {
  return expectSuccess<ExecutionLog[]>(await getLogs(body, auth), 'getChatbotExecutionLogs');
}

/** Every log for `filters`, in pages of 100. */
const allLogs = (filters: Record<string, unknown> = {}, auth?: Auth): Promise<ExecutionLog[]> =>
  allPages<ExecutionLog>(target(), 'getChatbotExecutionLogs', filters, { pageSize: 100, auth });

const ids = (list: readonly ExecutionLog[]) => list.map((l) => l.id);
const dayOf = (l: ExecutionLog) => new Date(l.createdAt).toISOString().slice(0, 10);
const descending = (a: ExecutionLog, b: ExecutionLog) =>
  Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id;

async function newSession(widget_uid = target().config.widget_uid!, auth?: Auth): Promise<string> {
  const res = await target().call('createSession', { body: { widget_uid }, auth });
  return expectSuccess<{ session_uid: string }>(res, 'createSession').data.session_uid;
}

async function say(
  session_uid: string,
  message: string,
  widget_uid = target().config.widget_uid!,
  auth?: Auth,
) {
  const res = await target().call('sendMessage', { body: { widget_uid, session_uid, message }, auth });
  stopIfCreditsSpent(target(), res, 'a widget message');
  expectSuccess(res, 'sendMessage');
}

/** A new conversation of `turns` messages on the configured widget; returns its session_uid. */
async function converse(turns: readonly string[]): Promise<string> {
  const session_uid = await newSession();
  for (const message of turns) await say(session_uid, message);
  return session_uid;
}

const canWrite = () =>
  target().config.allow.writes && Boolean(target().config.widget_uid) && Boolean(target().config.project_key);

/** All logs of the project, holding conversations first (when allowed) until there are at least `min`. */
async function ensureLogs(ctx: TestContext, min: number): Promise<ExecutionLog[]> {
  let all = await allLogs();
  if (all.length < min && canWrite()) {
    const session_uid = await newSession();
    while (all.length < min) {
      await say(session_uid, 'How do I get a refund?');
      all = await allLogs();
    }
  }
  arranged(
    ctx,
    all.length >= min,
    `needs ${min} execution logs; the project has ${all.length} and the target does not allow writes`,
  );
  return all;
}

describe('getChatbotExecutionLogs', () => {
  it('takes {} and returns an array of execution logs {id, project_id, session_id, data {task, type, message, data}, createdAt, updatedAt, executionlog_session_data {session_uid}} [EXEC-LOGS-ALL-OPTIONAL, EXEC-LOGS-DATA-ARRAY, RES-EXECUTION-LOG-SHAPE, CONV-DATETIME-ISO, CONV-SUCCESS-TOTAL-INTEGER]', async (ctx) => {
    need(ctx, target(), { projectKey: true });
    await ensureLogs(ctx, 1);
    const { data, total } = await logs({});
    expect(Array.isArray(data)).toBe(true);
    if (total !== undefined) expect(Number.isInteger(total)).toBe(true);
    const uidOfSession = new Map<number, number>();
    for (const log of data) {
      for (const n of [log.id, log.project_id, log.session_id]) expect(Number.isInteger(n)).toBe(true);
      expect(typeof log.data.task).toBe('string');
      expect(typeof log.data.type).toBe('string');
      expect(typeof log.data.message).toBe('string');
      expect(
        log.data.data !== null && typeof log.data.data === 'object' && !Array.isArray(log.data.data),
      ).toBe(true);
      for (const at of [log.createdAt, log.updatedAt]) {
        expect(at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
        expect(Number.isNaN(Date.parse(at))).toBe(false);
      }
      expect(typeof log.executionlog_session_data.session_uid).toBe('number');
      const seen = uidOfSession.get(log.session_id);
      if (seen !== undefined) expect(log.executionlog_session_data.session_uid).toBe(seen);
      uidOfSession.set(log.session_id, log.executionlog_session_data.session_uid);
    }
    expect(new Set(ids(data)).size).toBe(data.length);
  });

  it('defaults to orderBy DESC, limit 10 and page 1 [EXEC-LOGS-ORDERBY-DEFAULT-DESC, EXEC-LOGS-LIMIT-DEFAULT-10, EXEC-LOGS-PAGE-DEFAULT-1]', async (ctx) => {
    need(ctx, target(), { projectKey: true });
    await ensureLogs(ctx, 21);
    const desc = await allLogs({ orderBy: 'DESC' });
    const byDefault = (await logs({})).data;
    // Each default against the same request naming it, the others left to their defaults on both sides.
    const descNamed = ids((await logs({ orderBy: 'DESC' })).data);
    const tenNamed = ids((await logs({ limit: 10 })).data);
    const pageNamed = ids((await logs({ page: 1 })).data);
    documented('EXEC-LOGS-LIMIT-DEFAULT-10', () => {
      expect(byDefault.length).toBeLessThanOrEqual(10);
      expect(tenNamed).toEqual(ids(byDefault));
    });
    documented('EXEC-LOGS-ORDERBY-DEFAULT-DESC', () => expect(descNamed).toEqual(ids(byDefault)));
    documented('EXEC-LOGS-PAGE-DEFAULT-1', () => expect(pageNamed).toEqual(ids(byDefault)));
    const second = (await logs({ page: 2 })).data;
    const firstThree = (await logs({ limit: 3 })).data;
    // Which logs a page holds (positions (p-1)·l to p·l-1 of the whole list) is the fake's paging.
    assumed('PAGING-SEMANTICS', () => {
      expect(byDefault).toHaveLength(10);
      expect(ids(byDefault)).toEqual(ids(desc.slice(0, 10)));
      expect(ids(second)).toEqual(ids(desc.slice(10, 20)));
      expect(ids(firstThree)).toEqual(ids(desc.slice(0, 3)));
    });
  });

  it('orders by createdAt then id; ASC is the reverse of DESC [EXEC-LOGS-ORDER-KEY, EXEC-LOGS-ORDERBY-DEFAULT-DESC]', async (ctx) => {
    need(ctx, target(), { projectKey: true });
    await ensureLogs(ctx, 2);
    const byDefault = await allLogs();
    const desc = await allLogs({ orderBy: 'DESC' });
    const asc = await allLogs({ orderBy: 'ASC' });
    const firstAsc = (await logs({ orderBy: 'ASC', limit: 3 })).data;
    // Hard: the default is DESC, and ASC orders the same logs.
    expect(ids(desc)).toEqual(ids(byDefault));
    expect([...ids(asc)].sort((a, b) => a - b)).toEqual([...ids(byDefault)].sort((a, b) => a - b));
    // The key (createdAt, then id for logs of one instant) is the fake's choice.
    assumed('EXEC-LOGS-ORDER-KEY', () => {
      expect(ids(byDefault)).toEqual(ids([...byDefault].sort(descending)));
      expect(ids(asc)).toEqual(ids(byDefault).reverse());
      expect(ids(firstAsc)).toEqual(ids(byDefault).reverse().slice(0, 3));
    });
  });

  it.for(['RANDOM', 'createdAt'])(
    'rejects orderBy %j [EXEC-LOGS-ORDERBY-DEFAULT-DESC]',
    async (orderBy, ctx) => {
      need(ctx, target(), { projectKey: true });
      expectError(await getLogs({ orderBy }), 400, INVALID_PARAMS);
    },
  );

  // Other spellings of ASC and DESC, an empty string and other types: how a server reads them is not shown.
  it.for(['asc', 'desc', '', ' ASC', 1, null])(
    'rejects orderBy %j [EXEC-LOGS-ORDERBY-EXACT]',
    async (orderBy, ctx) => {
      need(ctx, target(), { projectKey: true });
      const res = await getLogs({ orderBy });
      assumed('EXEC-LOGS-ORDERBY-EXACT', () => expectError(res, 400, INVALID_PARAMS));
    },
  );

  it('accepts limit 1 and 100 [EXEC-LOGS-LIMIT-MAX-100]', async (ctx) => {
    need(ctx, target(), { projectKey: true });
    const all = await ensureLogs(ctx, 2);
    const one = (await logs({ limit: 1 })).data;
    const hundred = (await logs({ limit: 100 })).data;
    expect(one.length).toBeLessThanOrEqual(1);
    expect(hundred.length).toBeLessThanOrEqual(100);
    assumed('PAGING-SEMANTICS', () => {
      expect(ids(one)).toEqual(ids(all.slice(0, 1)));
      expect(hundred).toHaveLength(Math.min(100, all.length));
      expect(ids(hundred)).toEqual(ids(all.slice(0, 100)));
    });
  });

  it.for([101, 102, 1000])('rejects limit %j [EXEC-LOGS-LIMIT-MAX-100]', async (limit, ctx) => {
    need(ctx, target(), { projectKey: true });
    expectError(await getLogs({ limit }), 400, INVALID_PARAMS);
  });

  it.for([
    { field: 'limit', value: '10' },
    { field: 'page', value: '1' },
  ])('rejects $field written as the text $value [ERR-JSON-NO-COERCION]', async ({ field, value }, ctx) => {
    need(ctx, target(), { projectKey: true });
    const res = await getLogs({ [field]: value });
    assumed('ERR-JSON-NO-COERCION', () => expectError(res, 400, INVALID_PARAMS));
  });

  it.for([0, -1, 1.5])('rejects page %j [PAGING-PAGE-MIN-1]', async (page, ctx) => {
    need(ctx, target(), { projectKey: true });
    const res = await getLogs({ page });
    assumed('PAGING-PAGE-MIN-1', () => expectError(res, 400, INVALID_PARAMS));
  });

  it('pages concatenate to the whole list without duplicates or gaps; the page after the last is empty [PAGING-SEMANTICS, PAGING-PAGE-PAST-END]', async (ctx) => {
    need(ctx, target(), { projectKey: true });
    const all = await ensureLogs(ctx, 8);
    const size = 7;
    const pages = Math.ceil(all.length / size);
    const paged: ExecutionLog[] = [];
    for (let page = 1; page <= pages; page += 1) paged.push(...(await logs({ limit: size, page })).data);
    const past = (await logs({ limit: size, page: pages + 1 })).data;
    assumed('PAGING-SEMANTICS', () => expect(ids(paged)).toEqual(ids(all)));
    assumed('PAGING-PAGE-PAST-END', () => expect(past).toEqual([]));
  });

  it('from and to keep logs created on those UTC days, inclusive [EXEC-LOGS-DATE-FILTER]', async (ctx) => {
    need(ctx, target(), { projectKey: true });
    let all = await ensureLogs(ctx, 1);
    if (new Set(all.map(dayOf)).size < 3 && target().control && canWrite()) {
      // Spread conversations over three days of virtual time.
      for (let i = 0; i < 3; i += 1) {
        await converse(['How do I export my data?']);
        await target().control!.advance({ days: 1 });
      }
      all = await allLogs();
    }
    // Elsewhere, conversations on three days of a fresh project, back-dated by the provider state (a `reply` log per
    // answer), read with that project's key.
    let auth: Auth | undefined;
    if (
      new Set(all.map(dayOf)).size < 3 &&
      canWrite() &&
      !(await stateMissing(target(), 'project with conversations'))
    ) {
      const made = await enterState(ctx, target(), 'project with conversations', { sessions: 3 });
      auth = { apiKey: made.project_key };
      all = await allLogs({}, auth);
    }
    const byKey = (filters: Record<string, unknown>) => allLogs(filters, auth);
    const days = [...new Set(all.map(dayOf))].sort();
    if (days.length < 3) ctx.skip(`logs on ${days.length} day(s) only; the filter needs three`);
    const d = days[Math.floor(days.length / 2)]!;
    const first = days[0]!;
    const last = days.at(-1)!;
    const expectIds = (pred: (day: string) => boolean) => ids(all.filter((l) => pred(dayOf(l))));

    const dayAfterLast = new Date(Date.parse(`${last}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const dayBeforeFirst = new Date(Date.parse(`${first}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    // How from and to select logs (calendar days, UTC, inclusive) is the fake's choice.
    await assumed('EXEC-LOGS-DATE-FILTER', async () => {
      expect(ids(await byKey({ from: d, to: d }))).toEqual(expectIds((x) => x === d));
      expect(ids(await byKey({ from: d }))).toEqual(expectIds((x) => x >= d));
      expect(ids(await byKey({ to: d }))).toEqual(expectIds((x) => x <= d));
      expect(ids(await byKey({ from: first, to: d }))).toEqual(expectIds((x) => x <= d));
      const ascending = await byKey({ from: d, to: last, orderBy: 'ASC' });
      expect([...ids(ascending)].sort((a, b) => a - b)).toEqual(
        [...expectIds((x) => x >= d)].sort((a, b) => a - b),
      );
      assumed('EXEC-LOGS-ORDER-KEY', () =>
        expect(ids(ascending)).toEqual(expectIds((x) => x >= d).reverse()),
      );
      expect(await byKey({ from: last, to: first })).toEqual([]);
      expect(await byKey({ from: dayAfterLast })).toEqual([]);
      expect(await byKey({ to: dayBeforeFirst })).toEqual([]);
    });
  });

  // Written in no reading of YYYY-MM-DD: every server refuses them, with either message the spec names for a bad date
  // (`Invalid params`, or the date-format message it gives for getStats); the fake's is `Invalid params`.
  it.for(['yesterday', '2024/01/01', '01-02-2024', '2024-13-45'])(
    'rejects the date %j [EXEC-LOGS-DATE-FORMAT, EXEC-LOGS-DATE-MESSAGE]',
    async (date, ctx) => {
      need(ctx, target(), { projectKey: true });
      for (const res of [await getLogs({ from: date }), await getLogs({ to: date })]) {
        // The spec quotes the date message only as getStats' `Invalid 'from' date format`: which field it names for a
        // bad `to` is the server's wording, so either field passes.
        expectRefused(res, /^(Invalid params|Invalid '(from|to)' date format$)/);
        assumed('EXEC-LOGS-DATE-MESSAGE', () => expectError(res, 400, INVALID_PARAMS));
      }
    },
  );

  // A date-time, single-digit fields, an empty string, a number: a lenient server may read them as a date or as absent.
  it.for(['2024-1-1', '2024-01-01T00:00:00Z', '2024-01-01 00:00:00', '2024-02-30', '', 20240101])(
    'rejects the date %j [EXEC-LOGS-DATE-STRICT]',
    async (date, ctx) => {
      need(ctx, target(), { projectKey: true });
      const from = await getLogs({ from: date });
      const to = await getLogs({ to: date });
      assumed('EXEC-LOGS-DATE-STRICT', () => {
        expectError(from, 400, INVALID_PARAMS);
        expectError(to, 400, INVALID_PARAMS);
      });
    },
  );

  it('accepts YYYY-MM-DD dates, a leap day included [EXEC-LOGS-DATE-FORMAT]', async (ctx) => {
    need(ctx, target(), { projectKey: true });
    expectSuccess(await getLogs({ from: '2024-02-29', to: '2024-02-29' }), 'getChatbotExecutionLogs');
    expectSuccess(await getLogs({ from: '2020-01-01', to: '2099-12-31' }), 'getChatbotExecutionLogs');
  });

  it('session_uid, as text or as a number, keeps only the logs of that session [EXEC-LOGS-SESSION-FILTER, SEND-MESSAGE-UID-NUMBER-ACCEPTED]', async (ctx) => {
    need(ctx, target(), { projectKey: true });
    if (canWrite()) await converse(['How do I get a refund?', 'How long does it take?']);
    const all = await ensureLogs(ctx, 1);
    const counts = new Map<number, number>();
    for (const l of all) {
      const uid = l.executionlog_session_data.session_uid;
      counts.set(uid, (counts.get(uid) ?? 0) + 1);
    }
    if (counts.size < 2) ctx.skip('the logs belong to one session only');
    // The session with the most logs, so the filter has something to page through.
    const [uid] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
    const expected = ids(all.filter((l) => l.executionlog_session_data.session_uid === uid));
    const asText = await allLogs({ session_uid: String(uid) });
    expect(ids(asText)).toEqual(expected);
    await assumed('SEND-MESSAGE-UID-NUMBER-ACCEPTED', async () =>
      expect(ids(await allLogs({ session_uid: uid })), 'session_uid as a JSON number').toEqual(expected),
    );
    for (const l of asText) expect(l.executionlog_session_data.session_uid).toBe(uid);
    expect(new Set(asText.map((l) => l.session_id)).size).toBe(1);
    const second = (await logs({ session_uid: String(uid), limit: 1, page: 2 })).data;
    assumed('PAGING-SEMANTICS', () => expect(ids(second)).toEqual(expected.slice(1, 2)));
  });

  it.for(['abc', '12a', '-1', '1.5', ''])(
    'rejects the session_uid text %j [SEND-MESSAGE-UID-NUMBER-ACCEPTED]',
    async (session_uid, ctx) => {
      need(ctx, target(), { projectKey: true });
      const res = await getLogs({ session_uid });
      assumed('SEND-MESSAGE-UID-NUMBER-ACCEPTED', () => expectError(res, 400, INVALID_PARAMS));
    },
  );

  it('each sendMessage appends logs for its session in the key’s project [EXEC-LOGS-FROM-SENDMESSAGE]', async (ctx) => {
    need(ctx, target(), { writes: true, projectKey: true, widgetUid: true });
    const session_uid = await newSession();
    const uid = Number(session_uid);
    let count = (await allLogs({ session_uid })).length;
    for (const message of ['How do I get a refund?', 'What about VAT?', 'Thanks']) {
      await say(session_uid, message);
      const mine = await allLogs({ session_uid });
      assumed('EXEC-LOGS-FROM-SENDMESSAGE', () =>
        expect(mine.length, `logs after "${message}"`).toBeGreaterThan(count),
      );
      count = mine.length;
      for (const l of mine) expect(l.executionlog_session_data.session_uid).toBe(uid);
      expect(new Set(mine.map((l) => l.session_id)).size).toBe(1);
      expect(new Set(mine.map((l) => l.project_id)).size).toBe(1);
    }
    const mine = await allLogs({ session_uid });
    if (target().config.tokens.owner && target().config.project_uid) {
      const project = await listedProject(target(), target().config.project_uid!);
      const session = (await allSessions(target())).find((s) => s.session_uid === uid);
      expect(session, 'getSessions lists the session').toBeDefined();
      for (const l of mine) {
        expect(l.project_id).toBe(project.id);
        expect(l.session_id).toBe(session!.id);
      }
    }
    if (target().control) {
      // Nothing else writes to the fake meanwhile: the newest logs of the project are this session's (with logs of
      // one instant in the fake's tie order).
      const newest = (await logs({ limit: mine.length })).data;
      assumed('EXEC-LOGS-ORDER-KEY', () => expect(ids(newest)).toEqual(ids(mine)));
    }
  });

  it('lists only the logs of the key’s project [EXEC-LOGS-PROJECT]', async (ctx) => {
    need(ctx, target(), { projectKey: true, tokens: ['owner'], projectUid: true });
    const all = await ensureLogs(ctx, 1);
    const project = await listedProject(target(), target().config.project_uid!);
    for (const l of all) expect(l.project_id).toBe(project.id);
  });

  it('another project’s key sees its own logs, and neither key sees the other’s [EXEC-LOGS-PROJECT, EXEC-LOGS-FROM-SENDMESSAGE]', async (ctx) => {
    need(ctx, target(), { writes: true, projectKey: true, widgetUid: true });
    const foreign = await foreignProjectOf(ctx, target());
    const project = { id: foreign.project_id, widget_uid: foreign.widget_uid };
    const auth = { apiKey: foreign.project_key };
    expect(await allLogs({}, auth)).toEqual([]);

    const theirSession = await newSession(project.widget_uid, auth);
    await say(theirSession, 'How do I get a refund?', project.widget_uid, auth);
    await converse(['How do I get a refund?']);

    const theirs = await allLogs({}, auth);
    const mine = await allLogs();
    expect(theirs.length).toBeGreaterThan(0);
    for (const l of theirs) {
      expect(l.project_id).toBe(project.id);
      expect(l.executionlog_session_data.session_uid).toBe(Number(theirSession));
    }
    const mineIds = new Set(ids(mine));
    for (const id of ids(theirs)) expect(mineIds.has(id)).toBe(false);
    for (const l of mine) expect(l.project_id).not.toBe(project.id);
    // Their session is not a session of the configured project: nothing of it is listed with the configured key.
    const filtered = await getLogs({ session_uid: theirSession });
    if (filtered.status === 200) expect((filtered.json as { data: unknown[] }).data).toEqual([]);
    else expectError(filtered, 404);
  });
});
