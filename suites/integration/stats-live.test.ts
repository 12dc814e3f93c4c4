/**
 * getStats over live data: scripted widget conversations on the virtual clock are counted in the stats of their day,
 * and feedback (set through the control API, the only way the fake offers) moves like / dislike / no_feedback.
 * Every test starts from the seeded state; counts are read as differences from a baseline, or over a range that
 * begins at the test's first instant so that the seeded history is outside it.
 * The spec documents the record's fields and the date formats getStats accepts, not what it counts nor how a range
 * selects: those are the fake's choices (STATS-COUNTS, STATS-SINGLE-RECORD, STATS-DATE-UTC, STATS-DEFAULT-RANGE,
 * STATS-TO-DATE-ONLY-INCLUSIVE), checked softly.
 */
import { describe, expect, it } from 'vitest';
import type { SessionMessage, StatsRecord } from '../../contract/index.js';
import { expectSuccess } from '../support/envelope.js';
import { allMessages, allSessions } from '../support/pages.js';
import { assumed, continueIfAssumedHeld } from '../support/strength.js';
import { freshStateEachTest, useTarget, WIDGET_ON_CLOCK } from '../support/use-target.js';
import { clockNow, onProject } from '../support/world.js';

const target = useTarget();

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const QUESTIONS = [
  'How do I reset my password?',
  'How do I turn on two-factor authentication?',
  'Which payment methods do you accept?',
  'How do I export all of my data?',
  'Can I connect QuickBooks or Xero?',
  'How does the 14-day money-back guarantee work?',
  'The invoice PDF is blank. What can I do?',
  'What do the error codes mean?',
] as const;

const control = () => target().control!;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const isoOf = (ms: number) => new Date(ms).toISOString();

/**
 * The record for `range`: one record for the whole range is the fake's (STATS-SINGLE-RECORD); where a target answers
 * otherwise, what the test reads of "the" record cannot be checked there (it stops, skipped, saying why).
 */
async function stats(range: { from?: string; to?: string }): Promise<StatsRecord> {
  const t = target();
  const { data } = expectSuccess<StatsRecord[]>(
    await t.call('getStats', { body: onProject(t, range) }),
    'getStats',
  );
  const single = assumed('STATS-SINGLE-RECORD', () => expect(data).toHaveLength(1));
  continueIfAssumedHeld(single && data.length === 1, 'STATS-SINGLE-RECORD', 'reading the record of a range');
  return data[0]!;
}

async function today(): Promise<{ from: string; to: string }> {
  const day = dayOf(await clockNow(control()));
  return { from: day, to: day };
}

async function createSession(): Promise<string> {
  const t = target();
  const res = await t.call('createSession', { body: { widget_uid: t.config.widget_uid } });
  return expectSuccess<{ session_uid: string }>(res, 'createSession').data.session_uid;
}

async function send(session_uid: string, message: string): Promise<{ session_uid?: string }> {
  const t = target();
  const res = await t.call('sendMessage', {
    body: { widget_uid: t.config.widget_uid, session_uid, message },
  });
  return expectSuccess<{ send_by: string; message: string; session_uid?: string }>(res, 'sendMessage').data;
}

/** A session with `n` questions, a minute apart; returns its session_uid. */
async function conversation(n: number, uid?: string): Promise<string> {
  const session = uid ?? (await createSession());
  for (let i = 0; i < n; i += 1) {
    await control().advance({ minutes: 1 });
    await send(session, QUESTIONS[i % QUESTIONS.length]!);
  }
  return session;
}

const assistantMessages = async (uid: string): Promise<SessionMessage[]> =>
  (await allMessages(target(), Number(uid))).filter((m) => m.send_by === 'assistant');

const rate = (messageId: number, value: 'like' | 'dislike' | '') =>
  control().post(`/messages/${messageId}/rate`, { rate: value });

const avg = (messages: number, conversations: number) =>
  conversations === 0 ? 0 : Math.round((messages / conversations) * 100) / 100;

/** The record's counters minus the baseline's (strings as numbers). */
function delta(after: StatsRecord, before: StatsRecord) {
  return {
    total_messages: after.total_messages - before.total_messages,
    query_count: after.query_count - before.query_count,
    session_count: Number(after.session_count) - Number(before.session_count),
    total_conversation: Number(after.total_conversation) - Number(before.total_conversation),
    visitor_count: after.visitor_count - before.visitor_count,
    like: after.like - before.like,
    dislike: after.dislike - before.dislike,
    no_feedback: after.no_feedback - before.no_feedback,
  };
}

describe('getStats over live conversations', () => {
  freshStateEachTest(target, WIDGET_ON_CLOCK);

  it("a scripted conversation is counted in today's record [STATS-COUNTS, STATS-TO-DATE-ONLY-INCLUSIVE, STATS-DATE-UTC, STATS-DEFAULT-RANGE, STATS-DATE-FORMATS]", async () => {
    const range = await today();
    const before = await stats(range);
    const start = await clockNow(control());
    const n = 6;
    await conversation(n);
    const after = await stats(range);
    const change = delta(after, before);
    // Today's range, its `to` a date (UTC): the new session is in it.
    assumed('STATS-TO-DATE-ONLY-INCLUSIVE', () => expect(change.session_count, 'in the range').toBe(1));
    assumed('STATS-DATE-UTC', () => expect(change.session_count, 'on its UTC day').toBe(1));
    assumed('STATS-COUNTS', () =>
      expect(change).toEqual({
        total_messages: 2 * n,
        query_count: n,
        session_count: 1,
        total_conversation: 1,
        visitor_count: 1,
        like: 0,
        dislike: 0,
        no_feedback: n,
      }),
    );
    const listed = (await allSessions(target(), range)).length;
    assumed('STATS-COUNTS', () => {
      expect(after.avg_message_conversation).toBe(
        avg(after.total_messages, Number(after.total_conversation)),
      );
      expect(Number(after.session_count)).toBe(listed);
    });

    // From the instant the conversation began (ISO, open-ended): only it.
    const since = await stats({ from: isoOf(start) });
    assumed('STATS-DEFAULT-RANGE', () =>
      expect(since).toMatchObject({
        total_messages: 2 * n,
        query_count: n,
        session_count: '1',
        total_conversation: '1',
        visitor_count: 1,
        no_feedback: n,
        like: 0,
        dislike: 0,
        avg_message_conversation: 2 * n,
      }),
    );
  });

  it('feedback on replies moves like, dislike and no_feedback, and can be taken back [STATS-COUNTS, RES-SESSION-MESSAGE-SHAPE]', async () => {
    const range = await today();
    const before = await stats(range);
    const uid = await conversation(5);
    const replies = await assistantMessages(uid);
    const recorded = assumed('SEND-MESSAGE-RECORDED', () => expect(replies).toHaveLength(5));
    continueIfAssumedHeld(recorded, 'SEND-MESSAGE-RECORDED', 'rating the replies');
    await rate(replies[0]!.id, 'like');
    await rate(replies[1]!.id, 'like');
    await rate(replies[2]!.id, 'dislike');
    const rated = await assistantMessages(uid);
    for (const m of rated) expect(typeof m.rate).toBe('string');
    // The values of `rate` (like, dislike, '' for none) are the fake's, as is the order of the replies.
    const rateOf = (id: number) => rated.find((m) => m.id === id)?.rate;
    assumed('STATS-COUNTS', () =>
      expect(replies.map((m) => rateOf(m.id))).toEqual(['like', 'like', 'dislike', '', '']),
    );
    assumed('SESSION-MESSAGES-ORDER-KEY', () =>
      expect(rated.map((m) => m.rate)).toEqual(['like', 'like', 'dislike', '', '']),
    );
    const firstDelta = delta(await stats(range), before);
    assumed('STATS-COUNTS', () => expect(firstDelta).toMatchObject({ like: 2, dislike: 1, no_feedback: 2 }));

    await rate(replies[1]!.id, '');
    await rate(replies[3]!.id, 'dislike');
    const secondDelta = delta(await stats(range), before);
    assumed('STATS-COUNTS', () =>
      expect(secondDelta).toMatchObject({
        like: 1,
        dislike: 2,
        no_feedback: 2,
        total_messages: 10,
        query_count: 5,
      }),
    );
  });

  it('sessions, conversations and visitors are told apart: an empty session, two visitors, and a visitor whose closed session continued in a new one [STATS-COUNTS, SESSION-CLOSED-SENDMESSAGE]', async () => {
    const t = target();
    expectSuccess(
      await t.call('updateProjectSettings', {
        body: onProject(t, { auto_resolve_duration: 5, auto_close_duration: 10 }),
      }),
      'updateProjectSettings',
    );
    const start = await clockNow(control());
    // Visitor A: two questions, the session closes, then one more question starts a new session.
    const a = await conversation(2);
    await control().advance({ minutes: 10 });
    await control().advance({ minutes: 1 });
    await assumed('SESSION-CLOSED-SENDMESSAGE', async () => {
      const continued = await send(a, 'Hello again: how do I request a refund?');
      expect(continued.session_uid).toBeDefined();
      expect(continued.session_uid).not.toBe(a);
    });
    // Visitor B: three questions. Visitor C: a session and no message.
    await conversation(3);
    await createSession();

    const record = await stats({ from: isoOf(start) });
    const listed = (await allSessions(t)).filter((s) => Date.parse(s.created_at) >= start).length;
    assumed('STATS-COUNTS', () => {
      expect(record).toMatchObject({
        session_count: '4',
        total_conversation: '3',
        visitor_count: 3,
        total_messages: 12,
        query_count: 6,
        no_feedback: 6,
        avg_message_conversation: 4,
      });
      expect(Number(record.session_count)).toBe(listed);
    });
  });

  it('a session counts on the day it was created, with messages sent after midnight; a `to` instant is inclusive [STATS-COUNTS, STATS-TO-DATE-ONLY-INCLUSIVE]', async () => {
    const now = await clockNow(control());
    const midnight = Math.floor(now / DAY) * DAY + DAY;
    await control().advance({ ms: midnight - MINUTE - now });
    const createdAt = await clockNow(control());
    const uid = await createSession();
    await conversation(3, uid);
    expect(await clockNow(control())).toBeGreaterThan(midnight);
    const day = dayOf(createdAt);
    const next = dayOf(midnight);

    const onDay = await stats({ from: isoOf(createdAt), to: day });
    const atInstant = await stats({ from: isoOf(createdAt), to: isoOf(createdAt) });
    const justBefore = await stats({ from: isoOf(createdAt - MINUTE), to: isoOf(createdAt - 1) });
    const nextDay = await stats({ from: next, to: next });
    assumed('STATS-TO-DATE-ONLY-INCLUSIVE', () => {
      expect(onDay).toMatchObject({ session_count: '1', total_messages: 6, query_count: 3 });
      expect(atInstant).toMatchObject({ session_count: '1', total_messages: 6 });
    });
    assumed('STATS-COUNTS', () => {
      expect(justBefore).toMatchObject({ session_count: '0', total_messages: 0 });
      expect(nextDay).toMatchObject({ session_count: '0', total_messages: 0, query_count: 0 });
    });
  });

  it('history deleted by retention leaves the stats [STATS-COUNTS, RETENTION-AGE-FROM-LAST-ACTIVITY, RETENTION-SWEEP]', async () => {
    const start = await clockNow(control());
    const uid = await conversation(4);
    // The clock stands still between moves: the last message was written now.
    const last = await clockNow(control());
    const reported = (await allSessions(target())).find(
      (s) => s.session_uid === Number(uid),
    )?.last_message_time;
    assumed('RETENTION-AGE-FROM-LAST-ACTIVITY', () =>
      expect(Date.parse(reported ?? ''), 'last_message_time').toBe(last),
    );
    const t = target();
    expectSuccess(
      await t.call('updateChatbot', { body: onProject(t, { retention_duration: 3600 }) }),
      'updateChatbot',
    );
    const kept = { session_count: '1', total_messages: 8 };
    const gone = {
      session_count: '0',
      total_conversation: '0',
      total_messages: 0,
      query_count: 0,
      visitor_count: 0,
      no_feedback: 0,
      avg_message_conversation: 0,
    };
    const before = await stats({ from: isoOf(start) });
    assumed('STATS-COUNTS', () => expect(before).toMatchObject(kept));
    await control().advance({ ms: last + 3_600_000 - (await clockNow(control())) });
    const atRetention = await stats({ from: isoOf(start) });
    assumed('RETENTION-AGE-FROM-LAST-ACTIVITY', () => expect(atRetention).toMatchObject(kept));
    await control().advance({ seconds: 1 });
    const justAfter = await stats({ from: isoOf(start) });
    assumed('RETENTION-SWEEP', () => expect(justAfter).toMatchObject(gone));
    // However late the deletion, a day on the history is gone, and so are its counts.
    await control().advance({ days: 1 });
    const dayLater = await stats({ from: isoOf(start) });
    assumed('STATS-COUNTS', () => expect(dayLater).toMatchObject(gone));
  });
});
