/**
 * getStats: date formats and their errors, the record's shape, and its counts, which are checked against what
 * getSessions and getSessionMessages show for the same project and range (never against the fake's code).
 */
import { beforeEach, describe, expect, it, type TestContext } from 'vitest';
import type { Session, StatsRecord } from '../../contract/index.js';
import { otherProjectOf } from '../support/arranged-world.js';
import { stopIfCreditsSpent } from '../support/credit-balance.js';
import { expectError, expectSuccess } from '../support/envelope.js';
import { FORBIDDEN, INVALID_PARAMS } from '../support/messages.js';
import { allMessages, allSessions } from '../support/pages.js';
import { arranged, assumed, continueIfAssumedHeld } from '../support/strength.js';
import { enterState, need, stateMissing, useTarget } from '../support/use-target.js';
import { onProject } from '../support/world.js';
import type { Auth } from '../target/target.js';

const target = useTarget();

const BAD_FROM = "Invalid 'from' date format";
const BAD_TO = "Invalid 'to' date format";

/**
 * The project a date-range test reads when the configured one has sessions on fewer than three days: a fresh one the
 * provider state `project with conversations` filled (sessionDays); undefined: the configured project.
 */
let dayProject: string | undefined;
beforeEach(() => {
  dayProject = undefined;
});
/** getSessions / getSessionMessages filters on the project the test reads. */
const onDayProject = (filters: Record<string, unknown> = {}) =>
  dayProject === undefined ? filters : { ...filters, project_uid: dayProject };

const getStats = (body: Record<string, unknown>, auth?: Auth) =>
  target().call('getStats', { body: onProject(target(), onDayProject(body)), auth });

/**
 * The record for `body`. An array of records is documented, how many it holds is not: one for the whole range is the
 * fake's (STATS-SINGLE-RECORD), and where a target answers otherwise, what the test reads of "the" record cannot be
 * checked there (it stops, skipped, saying why).
 */
async function stats(body: Record<string, unknown> = {}): Promise<StatsRecord> {
  const { data } = expectSuccess<StatsRecord[]>(await getStats(body), 'getStats');
  const single = assumed('STATS-SINGLE-RECORD', () => expect(data, 'exactly one record').toHaveLength(1));
  continueIfAssumedHeld(single && data.length === 1, 'STATS-SINGLE-RECORD', 'reading the record of a range');
  return data[0]!;
}

/** The conversation counts of a stats record, computed from the sessions getSessions lists and their messages. */
async function expectedCounts(sessions: readonly Session[]) {
  let total_messages = 0;
  let query_count = 0;
  let like = 0;
  let dislike = 0;
  let no_feedback = 0;
  let conversations = 0;
  for (const s of sessions) {
    const msgs = await allMessages(target(), s.session_uid, onDayProject());
    if (msgs.length > 0) conversations += 1;
    for (const m of msgs) {
      total_messages += 1;
      if (m.send_by !== 'assistant') query_count += 1;
      else if (m.rate === 'like') like += 1;
      else if (m.rate === 'dislike') dislike += 1;
      else no_feedback += 1;
    }
  }
  return {
    total_conversation: String(conversations),
    session_count: String(sessions.length),
    total_messages,
    query_count,
    like,
    dislike,
    no_feedback,
    avg_message_conversation:
      conversations === 0 ? 0 : Math.round((total_messages / conversations) * 100) / 100,
  };
}

function expectConsistent(record: StatsRecord, expected: Awaited<ReturnType<typeof expectedCounts>>): void {
  expect(record).toMatchObject(expected);
  const sessions = Number(expected.session_count);
  if (sessions === 0) expect(record.visitor_count).toBe(0);
  else {
    expect(record.visitor_count).toBeGreaterThanOrEqual(1);
    expect(record.visitor_count).toBeLessThanOrEqual(sessions);
  }
}

const dayOf = (iso: string) => new Date(iso).toISOString().slice(0, 10);
/** `YYYY-MM-DD HH:mm:ss` in UTC. */
const spaced = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
/** ISO 8601 of the same instant written with a +01:30 offset. */
const withOffset = (ms: number) => `${new Date(ms + 90 * 60_000).toISOString().slice(0, 19)}+01:30`;

/**
 * Three days with sessions: an early one, a middle one and the last one. Sessions of other days come only with time
 * (the target's own history): where there are fewer, the test is not checkable here.
 */
async function sessionDays(ctx: TestContext): Promise<{
  all: Session[];
  days: string[];
  early: string;
  middle: string;
  last: string;
}> {
  let all = await allSessions(target());
  let days = [...new Set(all.map((s) => dayOf(s.created_at)))].sort();
  if (
    days.length < 3 &&
    target().config.allow.writes &&
    !(await stateMissing(target(), 'project with conversations'))
  ) {
    // Sessions on three days of a fresh project, back-dated by the provider state (its default: one a day going back
    // from yesterday on the target's own clock, each at midnight), then two more on each of those days (at 00:00 and
    // 00:10), so that some session starts after midnight.
    const made = await enterState(ctx, target(), 'project with conversations', { sessions: 3 });
    const madeDays = made.sessions.map((x) => dayOf(x.created_at));
    await enterState(ctx, target(), 'project with conversations', {
      project_uid: made.project_uid,
      sessions: 6,
      dates: madeDays,
    });
    dayProject = made.project_uid;
    all = await allSessions(target(), onDayProject());
    days = [...new Set(all.map((s) => dayOf(s.created_at)))].sort();
  }
  arranged(ctx, days.length >= 3, `the project has sessions on ${days.length} day(s); the test needs three`);
  return {
    all,
    days,
    early: days[Math.floor(days.length / 4)]!,
    middle: days[Math.floor(days.length / 2)]!,
    last: days[days.length - 1]!,
  };
}

describe('getStats', () => {
  it('returns an array of records with the documented field types, one record for the range [STATS-DATA-ARRAY, STATS-SINGLE-RECORD, RES-STATS-RECORD-SHAPE, STATS-COUNTS]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    const { data } = expectSuccess<StatsRecord[]>(await getStats({}), 'getStats');
    assumed('STATS-SINGLE-RECORD', () => expect(data, 'exactly one record').toHaveLength(1));
    // The field types are the documented shape (checked by expectSuccess); that the counts are whole numbers that
    // never go below zero, the string counts included, is what the fake counts.
    assumed('STATS-COUNTS', () => {
      for (const r of data) {
        expect(r.total_conversation).toMatch(/^\d+$/);
        expect(r.session_count).toMatch(/^\d+$/);
        for (const key of [
          'total_messages',
          'total_documents',
          'total_links',
          'like',
          'dislike',
          'no_feedback',
          'query_count',
          'visitor_count',
        ] as const)
          expect(r[key], key).toBeGreaterThanOrEqual(0);
      }
    });
    for (const r of data) expect(Number.isFinite(r.avg_message_conversation)).toBe(true);
    const ranged = expectSuccess<StatsRecord[]>(
      await getStats({ from: '2024-01-01', to: '2024-12-31' }),
      'getStats',
    ).data;
    assumed('STATS-SINGLE-RECORD', () => expect(ranged).toHaveLength(1));
  });

  it('requires project_uid [STATS-PROJECT-UID-REQUIRED]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    expectError(await target().call('getStats', { body: {} }), 400, INVALID_PARAMS);
    expectError(await target().call('getStats', { body: { from: '2025-01-01' } }), 400, INVALID_PARAMS);
  });

  it('accepts YYYY-MM-DD, YYYY-MM-DD HH:mm:ss and ISO 8601 date-times, read as UTC without an offset [STATS-DATE-FORMATS, STATS-ISO-PROFILE, STATS-DATE-UTC]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    const { early, last } = await sessionDays(ctx);
    const start = Date.parse(`${early}T00:00:00Z`);
    const end = Date.parse(`${last}T23:59:59Z`);
    const reference = expectSuccess<StatsRecord[]>(
      await getStats({ from: early, to: last }),
      'getStats',
    ).data;
    /** Accepted in every reading of the three formats: the two spelled out, and complete ISO date-times. */
    const documented = (day: string, ms: number, time: string, fraction: string) => [
      day,
      spaced(ms),
      `${day}T${time}Z`,
      `${day}T${time}.${fraction}Z`,
      withOffset(ms),
    ];
    const read = async (
      range: Record<string, string>,
      clause: 'STATS-DATE-FORMATS' | 'STATS-ISO-PROFILE',
    ) => {
      const label = JSON.stringify(range);
      const res = await getStats(range);
      const accepted = () => void expectSuccess<StatsRecord[]>(res, 'getStats');
      if (clause === 'STATS-DATE-FORMATS') accepted();
      else if (!assumed(clause, accepted)) return;
      // That every layout names the same range is how the fake reads them: as UTC without an offset, a date-only `to`
      // to the end of its day.
      const { data } = res.json as { data: StatsRecord[] };
      assumed('STATS-DATE-UTC', () => expect(data, label).toEqual(reference));
    };
    for (const from of documented(early, start, '00:00:00', '000'))
      await read({ from, to: last }, 'STATS-DATE-FORMATS');
    for (const to of documented(last, end, '23:59:59', '999'))
      await read({ from: early, to }, 'STATS-DATE-FORMATS');
    // ISO 8601 too, but not in every profile a server may read "ISO format" as: no offset, no seconds. (A `to` without
    // seconds would end the range a minute early: only the one without an offset is tried.)
    for (const from of [`${early}T00:00:00`, `${early}T00:00`])
      await read({ from, to: last }, 'STATS-ISO-PROFILE');
    await read({ from: early, to: `${last}T23:59:59` }, 'STATS-ISO-PROFILE');
  });

  // Written in no reading of YYYY-MM-DD, YYYY-MM-DD HH:mm:ss or ISO 8601: every server refuses them.
  it.for(['yesterday', '2024/01/01', '01-02-2024', '01/02/2024', '2024-13-45'])(
    "rejects from %j with 400 Invalid 'from' date format [STATS-FROM-FORMAT-MESSAGE, STATS-DATE-STATUS]",
    async (from, ctx) => {
      need(ctx, target(), { tokens: ['owner'], projectUid: true });
      expectError(await getStats({ from }), 400, BAD_FROM);
      expectError(await getStats({ from, to: '2025-01-01' }), 400, BAD_FROM);
    },
  );

  // ISO 8601 allows these (reduced precision, basic format, week and ordinal dates), or a lenient reading of the
  // spelled-out formats does: which of them a server takes is not shown.
  it.for(['2024-1-1', '20240101', '2024-01-01 10:00', '2024-01-01T10', '2024-W01-1', '2024-001'])(
    "refuses from %j, outside the fake's ISO profile, with Invalid 'from' date format [STATS-ISO-PROFILE, STATS-DATE-STATUS]",
    async (from, ctx) => {
      need(ctx, target(), { tokens: ['owner'], projectUid: true });
      const res = await getStats({ from });
      assumed('STATS-ISO-PROFILE', () => expectError(res, 400, BAD_FROM));
    },
  );

  it.for(['tomorrow', '2024/01/31', '31-01-2024', '2024-01-01 10:00', '2024-01-01T'])(
    "rejects to %j with 400 Invalid 'to' date format [STATS-TO-FORMAT-MESSAGE, STATS-DATE-STATUS]",
    async (to, ctx) => {
      need(ctx, target(), { tokens: ['owner'], projectUid: true });
      expectError(await getStats({ to }), 400, BAD_TO);
      expectError(await getStats({ from: '2024-01-01', to }), 400, BAD_TO);
    },
  );

  it('answers the from error when both dates are bad [STATS-TO-FORMAT-MESSAGE]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    expectError(await getStats({ from: 'bad', to: 'worse' }), 400, BAD_FROM);
  });

  it.for([
    '2024-02-31',
    '2023-02-29',
    '2024-13-01',
    '2024-04-31 10:00:00',
    '2024-02-30T00:00:00Z',
    '2024-01-01 25:00:00',
    '2024-06-31T08:00:00+02:00',
  ])('rejects the impossible date %j [STATS-DATE-IMPOSSIBLE]', async (date, ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    expectError(await getStats({ from: date }), 400, BAD_FROM);
    expectError(await getStats({ to: date }), 400, BAD_TO);
  });

  it('accepts a leap day [STATS-DATE-FORMATS, STATS-DATE-IMPOSSIBLE]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    expectSuccess(await getStats({ from: '2024-02-29', to: '2024-02-29 12:00:00' }), 'getStats');
    // The same day of a common year names no calendar day: refused as a bad format (the fake's choice).
    const common = await getStats({ from: '2023-02-29' });
    assumed('STATS-DATE-IMPOSSIBLE', () => expectError(common, 400, BAD_FROM));
  });

  it('counts what getSessions and getSessionMessages show for the same date range [STATS-COUNTS, STATS-TO-DATE-ONLY-INCLUSIVE]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    const { early, middle, last } = await sessionDays(ctx);
    for (const [from, to] of [
      [early, middle],
      [middle, middle],
      [middle, last],
    ] as const) {
      const sessions = await allSessions(target(), onDayProject({ from, to }));
      arranged(ctx, sessions.length > 0, `no session listed for ${from}..${to}`);
      expectConsistent(await stats({ from, to }), await expectedCounts(sessions));
    }
  });

  it('leaves a missing end of the range open [STATS-DEFAULT-RANGE, STATS-COUNTS]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    const { all, middle } = await sessionDays(ctx);
    expectConsistent(await stats(), await expectedCounts(all));
    expectConsistent(
      await stats({ from: middle }),
      await expectedCounts(await allSessions(target(), onDayProject({ from: middle }))),
    );
    expectConsistent(
      await stats({ to: middle }),
      await expectedCounts(await allSessions(target(), onDayProject({ to: middle }))),
    );
  });

  it('bounds with a time are inclusive instants; a date-only to covers its whole day [STATS-TO-DATE-ONLY-INCLUSIVE, STATS-DATE-UTC]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    const { all } = await sessionDays(ctx);
    // The latest session of the project that does not start exactly at midnight.
    const s = [...all].reverse().find((x) => !x.created_at.includes('T00:00:00'));
    arranged(ctx, s !== undefined, 'every session of the project starts at midnight');
    const t = Date.parse(s.created_at);
    const day = dayOf(s.created_at);
    const upTo = (limit: number) =>
      all.filter((x) => dayOf(x.created_at) === day && Date.parse(x.created_at) <= limit).length;
    const count = async (to: string) => Number((await stats({ from: day, to })).session_count);
    expect(await count(s.created_at)).toBe(upTo(t));
    expect(await count(spaced(t))).toBe(upTo(Math.floor(t / 1000) * 1000));
    expect(await count(withOffset(t))).toBe(upTo(Math.floor(t / 1000) * 1000));
    expect(await count(new Date(t - 1000).toISOString())).toBe(upTo(t - 1000));
    expect(await count(day)).toBe(all.filter((x) => dayOf(x.created_at) === day).length);
    expect(upTo(t - 1000)).toBeLessThan(upTo(t));
    // Exactly that instant.
    const at = await stats({ from: s.created_at, to: s.created_at });
    expect(Number(at.session_count)).toBe(all.filter((x) => Date.parse(x.created_at) === t).length);
  });

  it('from after to is not an error: conversation counts are zero [STATS-FROM-AFTER-TO]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    const { early, last } = await sessionDays(ctx);
    const whole = await stats();
    const res = await getStats({ from: last, to: early });
    const expected = {
      total_conversation: '0',
      total_messages: 0,
      total_documents: whole.total_documents,
      total_links: whole.total_links,
      like: 0,
      dislike: 0,
      no_feedback: 0,
      session_count: '0',
      query_count: 0,
      visitor_count: 0,
      avg_message_conversation: 0,
    };
    // Not an error, and a record of zero conversations: the fake's reading of a reversed range.
    assumed('STATS-FROM-AFTER-TO', () => {
      const [r] = expectSuccess<StatsRecord[]>(res, 'getStats').data;
      expect(r).toMatchObject(expected);
      assumed('CONV-NO-EXTRA-FIELDS', () =>
        expect(Object.keys(r!).sort()).toEqual(Object.keys(expected).sort()),
      );
    });
  });

  it('total_documents and total_links are the document and webpages usage, whatever the range [STATS-KNOWLEDGEBASE-COUNTS]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    const usage = expectSuccess<{ document: { usage: number }; webpages: { usage: number } }>(
      await target().call('getProjectUsageLimit', { body: { project_uid: target().config.project_uid } }),
      'getProjectUsageLimit',
    ).data;
    for (const range of [{}, { from: '2000-01-01', to: '2000-01-02' }, { from: '2030-01-01' }]) {
      const r = await stats(range);
      expect(r.total_documents, JSON.stringify(range)).toBe(usage.document.usage);
      expect(r.total_links, JSON.stringify(range)).toBe(usage.webpages.usage);
    }
  });

  it('total_documents counts file documents and total_links webpage documents [STATS-KNOWLEDGEBASE-COUNTS]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], writes: true });
    const kinds = ['file', 'webpage', 'webpage', 'webpage'] as const;
    // A fresh project with these documents: the control API, or the provider state `knowledgebase documents`.
    const project = await otherProjectOf(
      ctx,
      target(),
      kinds.map((kind, i) => ({
        docId: `stats-doc-${i}`,
        title: `Stats document ${i}`,
        url: `https://docs.example.com/stats/${i}`,
        kind,
        text: `Document number ${i} of kind ${kind}. It explains nothing in particular.`,
      })),
    );
    const res = await target().call('getStats', { body: { project_uid: project.project_uid } });
    const [r] = expectSuccess<StatsRecord[]>(res, 'getStats').data;
    expect({ total_documents: r!.total_documents, total_links: r!.total_links }).toEqual({
      total_documents: 1,
      total_links: 3,
    });
    expect(r!.session_count).toBe('0');
  });

  it('does not count playground sessions or their messages [STATS-COUNTS, SESSIONS-EXCLUDE-PLAYGROUND]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true, writes: true });
    const project_uid = target().config.project_uid!;
    const before = await stats();
    const session = expectSuccess<{ session_uid: number }>(
      await target().call('createPlaygroundAgentSession', { body: { project_uid } }),
      'createPlaygroundAgentSession',
    ).data;
    const answered = await target().call('playgroundAgentResponse', {
      body: { project_uid, session_uid: session.session_uid, query: 'How do refunds work?' },
    });
    stopIfCreditsSpent(target(), answered, 'a playground call');
    expectSuccess(answered, 'playgroundAgentResponse');
    expect(await stats()).toEqual(before);
  });

  it('is open to the editor and viewer tokens [AUTH-GETSTATS-ASSUMED]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner', 'editor', 'viewer'], projectUid: true });
    const owner = await stats();
    for (const token of ['editor', 'viewer'] as const) {
      const res = await getStats({}, { token });
      assumed('AUTH-GETSTATS-ASSUMED', () => {
        const { data } = expectSuccess<StatsRecord[]>(res, 'getStats');
        expect(data, token).toEqual([owner]);
      });
    }
  });

  it('refuses a token with fine-grained permissions only [AUTH-GETSTATS-ASSUMED, AUTH-PERMISSIONS-ONLY]', async (ctx) => {
    need(ctx, target(), { tokens: ['fine_grained'], projectUid: true });
    const res = await getStats({}, { token: 'fine_grained' });
    // Who may call getStats is not shown: both clauses state the fake's refusal of this token.
    assumed('AUTH-GETSTATS-ASSUMED', () => expectError(res, 403, FORBIDDEN));
    assumed('AUTH-PERMISSIONS-ONLY', () => expectError(res, 403, FORBIDDEN));
  });
});
