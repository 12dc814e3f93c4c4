/**
 * Session inactivity without a clock: each test enters the provider state `session idle` (a widget session in a fresh
 * project whose last activity was back-dated past auto_resolve_duration or auto_close_duration), then observes it
 * through getSessions and acts on it through sendMessage with the project's own key. So the spec's table is checked
 * on a deployment with no control API too; the timings to the minute stay with the clock tests
 * (session-lifecycle.test.ts).
 * Hard, what the table shows: an open session idle for auto_resolve_duration is resolved (neither `open` nor
 * `closed`), idle for auto_close_duration it is `closed`; a resolved session resumes in place; a closed one stays
 * closed whatever follows, and a next message that succeeds starts a new session. Softly, the fake's choices: the
 * status value of a resolved session (SESSION-RESOLVED-STATUS-VALUE), a resolved session closing later
 * (SESSION-INACTIVITY-PRECEDENCE), what is recorded (SEND-MESSAGE-RECORDED) and what a closed session's next message
 * does (SESSION-CLOSED-SENDMESSAGE).
 */
import { describe, expect, it, type TestContext } from 'vitest';
import type { Session } from '../../contract/index.js';
import type { DataOf, ParamsInput } from '../../contract/provider-states/index.js';
import { stopIfCreditsSpent } from '../support/credit-balance.js';
import { expectSuccess } from '../support/envelope.js';
import { allMessages, allSessions } from '../support/pages.js';
import { assumed, continueIfAssumedHeld, documented } from '../support/strength.js';
import { enterState, need, useTarget } from '../support/use-target.js';
import { isSuccessStatus } from '../support/world.js';

const target = useTarget();

type Idle = DataOf<'session idle'>;

interface Reply {
  send_by: string;
  message: string;
  session_uid?: string;
}

/** A session idle past a duration, in a fresh project the owner token reaches (its settings written by the state). */
async function idleSession(ctx: TestContext, params: ParamsInput<'session idle'>): Promise<Idle> {
  need(ctx, target(), { writes: true, tokens: ['owner'] });
  return enterState(ctx, target(), 'session idle', params);
}

/** Every session of the state's project, with the getSessions `filters`. */
const sessionsOf = (idle: Idle, filters: Record<string, unknown> = {}): Promise<Session[]> =>
  allSessions(target(), { ...filters, project_uid: idle.project_uid });

const uidsOf = async (idle: Idle, status: 'open' | 'closed'): Promise<number[]> =>
  (await sessionsOf(idle, { status })).map((s) => s.session_uid);

/**
 * The session `uid` as getSessions lists it in the state's project. That a widget session is listed is the fake's
 * (CREATE-SESSION-LISTED): where it is not, nothing of it can be observed, and the test stops, skipped, saying why.
 */
async function listed(idle: Idle, uid: number = idle.session_uid): Promise<Session> {
  const found = (await sessionsOf(idle)).find((s) => s.session_uid === uid);
  const isListed = assumed('CREATE-SESSION-LISTED', () =>
    expect(found, `session ${uid} is listed`).toBeDefined(),
  );
  continueIfAssumedHeld(isListed && found !== undefined, 'CREATE-SESSION-LISTED', 'observing the session');
  return found!;
}

/** Hard: a resolved session is neither `open` nor `closed`; its status value is the fake's (`resolved`). */
async function expectResolved(idle: Idle): Promise<void> {
  const { status } = await listed(idle);
  expect(status, 'a resolved session is no longer open').not.toBe('open');
  expect(status, 'a resolved session is not closed').not.toBe('closed');
  assumed('SESSION-RESOLVED-STATUS-VALUE', () => expect(status).toBe('resolved'));
}

/** Hard: the session is `closed`, listed by status=closed and not by status=open. */
async function expectClosed(idle: Idle, why: string): Promise<void> {
  expect((await listed(idle)).status, why).toBe('closed');
  expect(await uidsOf(idle, 'closed'), why).toContain(idle.session_uid);
  expect(await uidsOf(idle, 'open'), why).not.toContain(idle.session_uid);
}

/** sendMessage to the state's widget with the state's project key. */
const sendRaw = (idle: Idle, message: string, session_uid: number | string = idle.session_uid) =>
  target().call('sendMessage', {
    body: { widget_uid: idle.widget_uid, session_uid: String(session_uid), message },
    auth: { apiKey: idle.project_key },
  });

/** auto_close_duration the shorter: the session goes from open straight to closed, never resolved. */
const CLOSED_DIRECTLY = { until: 'closed', auto_close_duration: 30, auto_resolve_duration: 120 } as const;

const texts = (messages: readonly { message: string }[]) => messages.map((m) => m.message);

describe('session inactivity, back-dated by a provider state', () => {
  it('an open session with no activity for auto_resolve_duration minutes is resolved: neither open nor closed, listed by neither filter [SESSION-AUTO-RESOLVE, SESSIONS-STATUS-FILTER, SESSION-RESOLVED-STATUS-VALUE]', async (ctx) => {
    const idle = await idleSession(ctx, {
      until: 'resolved',
      auto_resolve_duration: 30,
      auto_close_duration: 600,
    });
    expect(idle.expected_status).toBe('resolved');
    await expectResolved(idle);
    expect(await uidsOf(idle, 'open')).not.toContain(idle.session_uid);
    expect(await uidsOf(idle, 'closed')).not.toContain(idle.session_uid);
  });

  it('an open session with no activity for auto_close_duration minutes, the shorter duration, is closed [SESSION-AUTO-CLOSE, SESSIONS-STATUS-FILTER]', async (ctx) => {
    const idle = await idleSession(ctx, CLOSED_DIRECTLY);
    expect(idle.expected_status).toBe('closed');
    await expectClosed(idle, 'idle for auto_close_duration');
  });

  it('a session idle past both durations, auto_resolve_duration the shorter, ends closed [SESSION-INACTIVITY-PRECEDENCE, SESSION-AUTO-CLOSE]', async (ctx) => {
    const idle = await idleSession(ctx, {
      until: 'closed',
      auto_resolve_duration: 10,
      auto_close_duration: 40,
    });
    // Resolved first: that a resolved session closes too is the fake's (the table closes open sessions).
    const { status } = await listed(idle);
    expect(status, 'idle past both durations, it is no longer open').not.toBe('open');
    assumed('SESSION-INACTIVITY-PRECEDENCE', () => expect(status).toBe('closed'));
  });

  it('a resolved session resumes: sendMessage on its session_uid succeeds in that session, no new session starts [SESSION-RESOLVED-RESUMABLE, SESSION-AUTO-RESOLVE, SEND-MESSAGE-RECORDED, SESSION-RESOLVED-STATUS-VALUE]', async (ctx) => {
    const idle = await idleSession(ctx, {
      until: 'resolved',
      auto_resolve_duration: 20,
      auto_close_duration: 600,
    });
    await expectResolved(idle);
    const before = await sessionsOf(idle);
    const earlier = texts(await allMessages(target(), idle.session_uid, { project_uid: idle.project_uid }));
    const question = 'What happens if my payment fails?';

    const sent = await sendRaw(idle, question);
    stopIfCreditsSpent(target(), sent, 'the message resuming the session');
    const reply = expectSuccess<Reply>(sent, 'sendMessage').data;
    documented('SEND-MESSAGE-ASSISTANT', () => expect(reply.send_by).toBe('assistant'));
    if (reply.session_uid !== undefined) expect(reply.session_uid).toBe(String(idle.session_uid));
    const after = await sessionsOf(idle);
    expect(after.map((s) => s.session_uid).sort(), 'no new session').toEqual(
      before.map((s) => s.session_uid).sort(),
    );
    const resumed = await listed(idle);
    expect(resumed.status, 'the resumed session is not closed').not.toBe('closed');
    assumed('SESSION-RESOLVED-STATUS-VALUE', () => expect(resumed.status).toBe('open'));
    const now = texts(await allMessages(target(), idle.session_uid, { project_uid: idle.project_uid }));
    assumed('SEND-MESSAGE-RECORDED', () => {
      expect(now).toEqual([...earlier, question, reply.message]);
      expect(resumed.last_message).toBe(reply.message);
    });
  });

  it('closing is permanent: longer durations and a next message never reopen a closed session; a next message that succeeds starts a new session [SESSION-CLOSE-PERMANENT, SESSION-AUTO-CLOSE, SESSION-CLOSED-SENDMESSAGE]', async (ctx) => {
    const idle = await idleSession(ctx, CLOSED_DIRECTLY);
    await expectClosed(idle, 'idle for auto_close_duration');
    const closedSession = await listed(idle);
    const closedMessages = await allMessages(target(), idle.session_uid, { project_uid: idle.project_uid });

    // Durations long enough that the session would be open again, were closing undone by settings.
    expectSuccess(
      await target().call('updateProjectSettings', {
        body: { project_uid: idle.project_uid, auto_close_duration: 43_200, auto_resolve_duration: 43_200 },
      }),
      'updateProjectSettings',
    );
    await expectClosed(idle, 'after longer durations');

    const before = (await sessionsOf(idle)).map((s) => s.session_uid);
    const res = await sendRaw(idle, 'Is the 14-day money-back guarantee still valid?');
    await expectClosed(idle, 'after a message to it');
    if (isSuccessStatus(res.status)) {
      // The message was taken: the closed session stays closed, so a new session holds it.
      const fresh = (await sessionsOf(idle)).map((s) => s.session_uid).filter((uid) => !before.includes(uid));
      expect(fresh, 'a new session started on the next interaction').toHaveLength(1);
    }
    const old = await listed(idle);
    const oldMessages = await allMessages(target(), idle.session_uid, { project_uid: idle.project_uid });
    // Refused for want of credits the run spent, the next message shows nothing of what it does (inconclusive).
    stopIfCreditsSpent(target(), res, 'the message to the closed session');
    // What the next message to a closed session_uid does is the fake's: a new session, named in the reply.
    assumed('SESSION-CLOSED-SENDMESSAGE', () => {
      const reply = expectSuccess<Reply>(res, 'sendMessage').data;
      documented('SEND-MESSAGE-ASSISTANT', () => expect(reply.send_by).toBe('assistant'));
      expect(reply.session_uid).toMatch(/^\d+$/);
      expect(reply.session_uid).not.toBe(String(idle.session_uid));
      expect(oldMessages, 'the closed session holds no new message').toEqual(closedMessages);
      expect(old.last_message_time).toBe(closedSession.last_message_time);
    });
  });
});
