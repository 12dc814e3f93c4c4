/**
 * The session state machine driven through the Project Integration API on the virtual clock: inactivity resolves and
 * closes sessions, a resolved session resumes in place, a closed one is closed for good and the next message starts a
 * new session. Observed through getSessions and getSessionMessages; the control API only moves the clock. The same
 * rules without a clock (a session back-dated by the provider state `session idle`), which a deployment without a
 * control API runs too, are in session-inactivity.test.ts; this file keeps the timings to the minute.
 * Hard, what the spec's table shows: open until auto_resolve_duration (or auto_close_duration) minutes without a
 * message, then resolved (or closed), closed for good, a resolved session resumable. Softly, the fake's choices: the
 * status value of a resolved session (SESSION-RESOLVED-STATUS-VALUE), what a resolved session does next
 * (SESSION-INACTIVITY-PRECEDENCE), which settings apply and which field the timers read (SESSION-ACTIVITY), a closed
 * session's next message (SESSION-CLOSED-SENDMESSAGE) and the state value (SESSION-STATE-OTHER).
 */
import { describe, expect, it, type TestContext } from 'vitest';
import type { Session } from '../../contract/index.js';
import type { DataOf, ParamsInput } from '../../contract/provider-states/index.js';
import { stopIfCreditsSpent } from '../support/credit-balance.js';
import { expectSuccess } from '../support/envelope.js';
import { allMessages, allSessions } from '../support/pages.js';
import { assumed, continueIfAssumedHeld, documented } from '../support/strength.js';
import { enterState, freshStateEachTest, need, useTarget, WIDGET_ON_CLOCK } from '../support/use-target.js';
import { clockNow, onProject } from '../support/world.js';

const target = useTarget();

const MINUTE = 60_000;

interface Reply {
  send_by: string;
  message: string;
  session_uid?: string;
}

/** Where a session is in the spec's table: `open` and `closed` are status values; `resolved` is a phase. */
type Phase = 'open' | 'resolved' | 'closed';

const control = () => target().control!;

async function settings(patch: { auto_resolve_duration?: number; auto_close_duration?: number }) {
  const t = target();
  expectSuccess(
    await t.call('updateProjectSettings', { body: onProject(t, patch) }),
    'updateProjectSettings',
  );
}

async function createSession(): Promise<string> {
  const t = target();
  const res = await t.call('createSession', { body: { widget_uid: t.config.widget_uid } });
  return expectSuccess<{ session_uid: string }>(res, 'createSession').data.session_uid;
}

const sendRaw = (session_uid: string, message: string) => {
  const t = target();
  return t.call('sendMessage', { body: { widget_uid: t.config.widget_uid, session_uid, message } });
};

async function send(session_uid: string, message: string): Promise<Reply> {
  const data = expectSuccess<Reply>(await sendRaw(session_uid, message), 'sendMessage').data;
  documented('SEND-MESSAGE-ASSISTANT', () => expect(data.send_by).toBe('assistant'));
  return data;
}

/** Send, and the instant of the clock it was sent at (the clock stands still between moves). */
async function sendAt(session_uid: string, message: string): Promise<{ reply: Reply; at: number }> {
  const reply = await send(session_uid, message);
  return { reply, at: await clockNow(control()) };
}

/** The session as getSessions lists it; fails when it is not listed. */
async function session(uid: string | number): Promise<Session> {
  const found = (await allSessions(target())).find((s) => s.session_uid === Number(uid));
  expect(found, `session ${uid} is listed`).toBeDefined();
  return found!;
}

/**
 * The phase a status names: `open` and `closed` are the documented values; any other is a resolved session, whose
 * status value is the fake's choice (`resolved`).
 */
function phaseOf(status: string): Phase {
  if (status === 'open' || status === 'closed') return status;
  assumed('SESSION-RESOLVED-STATUS-VALUE', () =>
    expect(status, 'the status of a resolved session').toBe('resolved'),
  );
  return 'resolved';
}

const statusOf = async (uid: string | number): Promise<Phase> => phaseOf((await session(uid)).status);

/** The instant of the session's last activity as it reports it: its last message, else its creation. */
const lastActivity = (s: Session) => Date.parse(s.last_message_time ?? s.created_at);

/** Move the virtual clock forward to the instant `ms`. */
async function clockTo(ms: number): Promise<void> {
  const now = await clockNow(control());
  expect(ms, 'time only moves forward').toBeGreaterThanOrEqual(now);
  if (ms > now) await control().advance({ ms: ms - now });
}

/**
 * Phase of `uid` at `minutes` after `since`, its last activity (and, first, one minute before). That the session
 * reports `since` as its last activity (last_message_time, else created_at) is the fake's (SESSION-ACTIVITY).
 */
async function phaseAround(uid: string, since: number, minutes: number): Promise<[Phase, Phase]> {
  const s = await session(uid);
  assumed('SESSION-ACTIVITY', () => expect(lastActivity(s), 'the instant the timers run from').toBe(since));
  await clockTo(since + (minutes - 1) * MINUTE);
  const before = await statusOf(uid);
  await clockTo(since + minutes * MINUTE);
  return [before, await statusOf(uid)];
}

const texts = (messages: readonly { message: string }[]) => messages.map((m) => m.message);

/** Softly: the session holds exactly `expected` (SEND-MESSAGE-RECORDED), in that order (SESSION-MESSAGES-ORDER-KEY). */
async function expectTranscript(uid: string, expected: readonly string[]): Promise<void> {
  const listed = texts(await allMessages(target(), Number(uid)));
  assumed('SEND-MESSAGE-RECORDED', () => expect([...listed].sort()).toEqual([...expected].sort()));
  assumed('SESSION-MESSAGES-ORDER-KEY', () => expect(listed).toEqual(expected));
}

describe('session lifecycle on the clock', () => {
  freshStateEachTest(target, WIDGET_ON_CLOCK);

  it('a session with no message resolves auto_resolve_duration after its creation, not a minute earlier [SESSION-AUTO-RESOLVE, SESSION-RESOLVED-STATUS-VALUE, SESSION-ACTIVITY, RES-SESSION-NULLABLE-LAST-MESSAGE, SESSION-NEW-STATUS-OPEN]', async () => {
    await settings({ auto_resolve_duration: 45, auto_close_duration: 300 });
    const uid = await createSession();
    const created = await session(uid);
    expect(created.status).toBe('open');
    assumed('RES-SESSION-NULLABLE-LAST-MESSAGE', () => expect(created.last_message_time).toBeNull());
    expect(await phaseAround(uid, Date.parse(created.created_at), 45)).toEqual(['open', 'resolved']);
  });

  it('every message restarts the inactivity timer: the thresholds run from the last message [SESSION-ACTIVITY, SESSION-AUTO-RESOLVE, SESSION-AUTO-CLOSE]', async () => {
    await settings({ auto_resolve_duration: 30, auto_close_duration: 90 });
    const uid = await createSession();
    const createdAt = Date.parse((await session(uid)).created_at);
    await clockTo(createdAt + 25 * MINUTE);
    await send(uid, 'How do I reset my password?');
    await clockTo(createdAt + 50 * MINUTE);
    expect(await statusOf(uid), '30 minutes after creation, 25 after the message').toBe('open');
    const { at: last } = await sendAt(uid, 'And how do I turn on two-factor authentication?');
    expect(last).toBe(createdAt + 50 * MINUTE);
    const reported = lastActivity(await session(uid));
    assumed('SESSION-ACTIVITY', () => expect(reported, 'last_message_time').toBe(last));
    await clockTo(last + 29 * MINUTE);
    expect(await statusOf(uid)).toBe('open');
    await clockTo(last + 30 * MINUTE);
    expect(await statusOf(uid)).toBe('resolved');
    await clockTo(last + 89 * MINUTE);
    expect(await statusOf(uid)).toBe('resolved');
    await clockTo(last + 90 * MINUTE);
    const closed = await statusOf(uid);
    // A resolved session closing at auto_close_duration is the fake's (the table closes open sessions).
    assumed('SESSION-INACTIVITY-PRECEDENCE', () => expect(closed).toBe('closed'));
  });

  it('a resolved session resumes: sendMessage succeeds in the same session, which is open again and resolves anew [SESSION-RESOLVED-RESUMABLE, SESSION-RESOLVED-STATUS-VALUE, SEND-MESSAGE-RECORDED]', async () => {
    await settings({ auto_resolve_duration: 20, auto_close_duration: 600 });
    const uid = await createSession();
    const { reply: first, at } = await sendAt(uid, 'Which payment methods do you accept?');
    expect(await phaseAround(uid, at, 20)).toEqual(['open', 'resolved']);
    const countBefore = (await allSessions(target())).length;

    const { reply: resumed, at: resumedAt } = await sendAt(uid, 'What happens if my payment fails?');
    if (resumed.session_uid !== undefined) expect(resumed.session_uid).toBe(uid);
    const after = await session(uid);
    assumed('SESSION-RESOLVED-STATUS-VALUE', () => expect(after.status).toBe('open'));
    assumed('SEND-MESSAGE-RECORDED', () => expect(after.last_message).toBe(resumed.message));
    expect((await allSessions(target())).length, 'no new session').toBe(countBefore);
    await expectTranscript(uid, [
      'Which payment methods do you accept?',
      first.message,
      'What happens if my payment fails?',
      resumed.message,
    ]);
    // The timers start again from the resumed conversation's last message.
    const again = await phaseAround(uid, resumedAt, 20);
    assumed('SESSION-RESOLVED-STATUS-VALUE', () => expect(again).toEqual(['open', 'resolved']));
  });

  it('when auto_close_duration is the shorter one, an open session closes directly at it [SESSION-AUTO-CLOSE, SESSION-INACTIVITY-PRECEDENCE]', async () => {
    await settings({ auto_resolve_duration: 120, auto_close_duration: 60 });
    const uid = await createSession();
    const { at: since } = await sendAt(uid, 'How do I export all of my data?');
    const reported = lastActivity(await session(uid));
    assumed('SESSION-ACTIVITY', () => expect(reported, 'the instant the timers run from').toBe(since));
    const seen: string[] = [];
    for (const minute of [30, 59, 60, 119, 120, 500]) {
      await clockTo(since + minute * MINUTE);
      seen.push(await statusOf(uid));
    }
    expect(seen).toEqual(['open', 'open', 'closed', 'closed', 'closed', 'closed']);
    // From 120 minutes on both durations have passed: the shorter one, closing, had fired first.
    assumed('SESSION-INACTIVITY-PRECEDENCE', () => expect(seen.slice(4)).toEqual(['closed', 'closed']));
  });

  it('a resolved session still closes once inactive for auto_close_duration [SESSION-AUTO-CLOSE, SESSION-INACTIVITY-PRECEDENCE]', async () => {
    await settings({ auto_resolve_duration: 10, auto_close_duration: 40 });
    const uid = await createSession();
    const { at } = await sendAt(uid, 'How do I close my workspace?');
    expect(await phaseAround(uid, at, 10)).toEqual(['open', 'resolved']);
    const later = await phaseAround(uid, at, 40);
    assumed('SESSION-INACTIVITY-PRECEDENCE', () => expect(later).toEqual(['resolved', 'closed']));
  });

  it('sendMessage on a closed session starts a new open session for the same visitor; the old one stays closed and unchanged [SESSION-CLOSED-SENDMESSAGE, SESSION-CLOSE-PERMANENT, SEND-MESSAGE-RESPONSE, SESSION-NEW-STATE-PENDING, SESSION-NEW-STATUS-OPEN]', async () => {
    await settings({ auto_resolve_duration: 30, auto_close_duration: 120 });
    const oldUid = await createSession();
    const { reply: firstReply, at } = await sendAt(oldUid, 'How do I request a refund?');
    const phases = await phaseAround(oldUid, at, 120);
    assumed('SESSION-INACTIVITY-PRECEDENCE', () => expect(phases).toEqual(['resolved', 'closed']));
    // The rest needs a closed session.
    continueIfAssumedHeld(phases[1] === 'closed', 'SESSION-INACTIVITY-PRECEDENCE', 'the rest of this test');
    const oldSession = await session(oldUid);
    const oldMessages = await allMessages(target(), Number(oldUid));
    await expectTranscript(oldUid, ['How do I request a refund?', firstReply.message]);

    const res = await sendRaw(oldUid, 'Is the 14-day money-back guarantee still valid?');
    // What the next message to a closed session_uid does is the fake's: it starts a new session and says which.
    await assumed('SESSION-CLOSED-SENDMESSAGE', async () => {
      const reply = expectSuccess<Reply>(res, 'sendMessage').data;
      documented('SEND-MESSAGE-ASSISTANT', () => expect(reply.send_by).toBe('assistant'));
      expect(typeof reply.session_uid, 'the response carries the new session_uid as a string').toBe('string');
      const newUid = reply.session_uid!;
      expect(newUid).toMatch(/^\d+$/);
      expect(newUid).not.toBe(oldUid);

      const fresh = await session(newUid);
      expect(fresh.status).toBe('open');
      assumed('SESSION-STATE-OTHER', () => expect(fresh.state).toBe('pending'));
      expect(fresh.last_message).toBe(reply.message);
      expect(fresh.visitor_data, 'the same visitor').toEqual(oldSession.visitor_data);
      await expectTranscript(newUid, ['Is the 14-day money-back guarantee still valid?', reply.message]);
      const old = await session(oldUid);
      expect(old.last_message).toBe(oldSession.last_message);
      expect(old.last_message_time).toBe(oldSession.last_message_time);
      expect(await allMessages(target(), Number(oldUid))).toEqual(oldMessages);

      // The conversation goes on in the new session.
      const next = await send(newUid, 'And for annual plans after the first 14 days?');
      if (next.session_uid !== undefined) expect(next.session_uid).toBe(newUid);
      expect(await allMessages(target(), Number(newUid))).toHaveLength(4);
      const open = (await allSessions(target(), { status: 'open' })).map((s) => s.session_uid);
      expect(open).toContain(Number(newUid));
    });
    // Whatever the next messages did, the old session stays closed: listed by status=closed, not by status=open.
    expect(await statusOf(oldUid)).toBe('closed');
    const closed = (await allSessions(target(), { status: 'closed' })).map((s) => s.session_uid);
    const open = (await allSessions(target(), { status: 'open' })).map((s) => s.session_uid);
    expect(closed).toContain(Number(oldUid));
    expect(open).not.toContain(Number(oldUid));
  });

  it('a resolved session is listed by neither status=open nor status=closed [SESSIONS-STATUS-FILTER, SESSION-RESOLVED-STATUS-VALUE]', async () => {
    await settings({ auto_resolve_duration: 10, auto_close_duration: 600 });
    const uid = Number(await createSession());
    const ids = async (status: string) => (await allSessions(target(), { status })).map((s) => s.session_uid);
    expect(await ids('open')).toContain(uid);
    await control().advance({ minutes: 10 });
    expect(await statusOf(uid)).toBe('resolved');
    expect(await ids('open')).not.toContain(uid);
    expect(await ids('closed')).not.toContain(uid);
  });
});

/**
 * What the table says of an idle session, back-dated by the provider state `session idle` instead of moving a clock,
 * so a deployment without a control API runs these too (the fake back-dates on its own clock).
 */
describe('session lifecycle, back-dated by a provider state', () => {
  type Idle = DataOf<'session idle'>;

  /** A session idle past a duration, in a fresh project (its durations written by the state). */
  async function idleSession(ctx: TestContext, params: ParamsInput<'session idle'>): Promise<Idle> {
    need(ctx, target(), { writes: true, tokens: ['owner'] });
    return enterState(ctx, target(), 'session idle', params);
  }

  /** The session as getSessions lists it in the state's project; fails when it is not listed. */
  async function listedIn(idle: Idle, uid: number | string = idle.session_uid): Promise<Session> {
    const found = (await allSessions(target(), { project_uid: idle.project_uid })).find(
      (s) => s.session_uid === Number(uid),
    );
    expect(found, `session ${uid} is listed`).toBeDefined();
    return found!;
  }

  const settingsOf = async (idle: Idle, patch: Record<string, number>) =>
    expectSuccess(
      await target().call('updateProjectSettings', { body: { project_uid: idle.project_uid, ...patch } }),
      'updateProjectSettings',
    );

  it('equal durations close the session [SESSION-INACTIVITY-PRECEDENCE, SESSION-AUTO-RESOLVE]', async (ctx) => {
    const idle = await idleSession(ctx, {
      until: 'closed',
      auto_resolve_duration: 15,
      auto_close_duration: 15,
      minutes_past: 0,
    });
    const { status } = await listedIn(idle);
    expect(status, 'idle for auto_resolve_duration, it is no longer open').not.toBe('open');
    assumed('SESSION-INACTIVITY-PRECEDENCE', () => expect(status).toBe('closed'));
  });

  it('the settings in force when the session is observed decide: a shorter auto_close_duration closes a resolved session at once [SESSION-ACTIVITY, SESSION-AUTO-RESOLVE]', async (ctx) => {
    // Idle 40 minutes: past auto_resolve_duration (30), below auto_close_duration (600).
    const idle = await idleSession(ctx, {
      until: 'resolved',
      auto_resolve_duration: 30,
      auto_close_duration: 600,
      minutes_past: 10,
    });
    const resolved = phaseOf((await listedIn(idle)).status);
    expect(resolved, 'idle past auto_resolve_duration').toBe('resolved');
    await settingsOf(idle, { auto_close_duration: 40 });
    const closed = (await listedIn(idle)).status;
    assumed('SESSION-ACTIVITY', () => expect(closed).toBe('closed'));
  });

  it('closing is permanent: durations lengthened before anything reads the closed session do not reopen it, nor does a message to it [SESSION-CLOSE-PERMANENT, SESSION-AUTO-CLOSE]', async (ctx) => {
    const idle = await idleSession(ctx, {
      until: 'closed',
      auto_resolve_duration: 120,
      auto_close_duration: 30,
    });
    // Nothing has read the session since it closed: a server that works its status out on read from the durations
    // in force would show it open again once they are long enough.
    await settingsOf(idle, { auto_close_duration: 43_200, auto_resolve_duration: 43_200 });
    expect((await listedIn(idle)).status, 'closed before the durations changed').toBe('closed');
    const closedIds = (await allSessions(target(), { project_uid: idle.project_uid, status: 'closed' })).map(
      (s) => s.session_uid,
    );
    expect(closedIds).toContain(idle.session_uid);
    const sent = await target().call('sendMessage', {
      body: { widget_uid: idle.widget_uid, session_uid: String(idle.session_uid), message: 'Still there?' },
      auth: { apiKey: idle.project_key },
    });
    stopIfCreditsSpent(target(), sent, 'the message to the closed session');
    expect((await listedIn(idle)).status, 'after a message to it').toBe('closed');
  });

  it('state stays `pending` through the whole life of a session; only status changes [SESSION-STATE-OTHER, SESSION-NEW-STATE-PENDING]', async (ctx) => {
    const resolved = await idleSession(ctx, {
      until: 'resolved',
      auto_resolve_duration: 10,
      auto_close_duration: 20,
    });
    const closed = await idleSession(ctx, {
      until: 'closed',
      auto_resolve_duration: 10,
      auto_close_duration: 20,
    });
    const created = expectSuccess<{ session_uid: string }>(
      await target().call('createSession', {
        body: { widget_uid: resolved.widget_uid },
        auth: { apiKey: resolved.project_key },
      }),
      'createSession',
    ).data;
    // Hard: a new session is `pending`; its later states are the fake's.
    expect((await listedIn(resolved, created.session_uid)).state).toBe('pending');
    const states = [(await listedIn(resolved)).state, (await listedIn(closed)).state];
    assumed('SESSION-STATE-OTHER', () => expect(states).toEqual(['pending', 'pending']));
  });
});
