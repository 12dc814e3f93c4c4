/**
 * The done-when journey of a widget conversation on the virtual clock: a visitor asks 20 questions on the acme-support
 * knowledgebase, then two days pass in steps. Settings are chosen so that each effect happens at a known instant
 * (resolved after 30 minutes, closed after 600, deleted after a day of inactivity), and at every step the public API
 * shows what the settings imply. The control API only moves the clock.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Session, SessionMessage } from '../../contract/index.js';
import { expectError, expectSuccess } from '../support/envelope.js';
import { allMessages, allSessions } from '../support/pages.js';
import { need, useTarget } from '../support/use-target.js';
import { clockNow, onProject } from '../support/world.js';

const target = useTarget();

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The journey's settings: every effect at a known instant after the last activity. */
const AUTO_RESOLVE_MIN = 30;
const AUTO_CLOSE_MIN = 600;
const RETENTION_S = 86_400;

/** Twenty visitor questions on varied topics of fixtures/documents/acme-support. */
const SCRIPT = [
  'How do I reset my password?',
  'How do I turn on two-factor authentication for my account?',
  'I lost my phone. How do I use my recovery codes?',
  'Can I see which sessions and devices are signed in to my account?',
  'Where can I find the audit log?',
  'What is the difference between monthly and annual billing?',
  'What happens to my bill when I upgrade or downgrade, is there proration?',
  'Which payment methods do you accept?',
  'My payment failed. What happens now?',
  'How is VAT or sales tax shown on my subscription receipts?',
  'How do I export all of my data?',
  'How long do you keep financial records and backups?',
  'How do I close my workspace?',
  'Can I connect QuickBooks or Xero accounting software?',
  'How do webhooks work and can I use Zapier?',
  'Where do I create REST API keys?',
  'How does the 14-day money-back guarantee work?',
  'How do I request a refund and how long does processing take?',
  'The invoice PDF is blank or will not download. What can I do?',
  'What do the error codes mean and when should I contact support?',
] as const;

interface Reply {
  send_by: string;
  message: string;
  session_uid?: string;
}

const control = () => target().control!;

async function configure(): Promise<void> {
  const t = target();
  expectSuccess(
    await t.call('updateProjectSettings', {
      body: onProject(t, {
        auto_resolve_duration: AUTO_RESOLVE_MIN,
        auto_close_duration: AUTO_CLOSE_MIN,
      }),
    }),
    'updateProjectSettings',
  );
  expectSuccess(
    await t.call('updateChatbot', { body: onProject(t, { retention_duration: RETENTION_S }) }),
    'updateChatbot',
  );
}

async function createSession(): Promise<{ session_uid: string; state: string; status: string }> {
  const t = target();
  const res = await t.call('createSession', { body: { widget_uid: t.config.widget_uid } });
  return expectSuccess<{ session_uid: string; state: string; status: string }>(res, 'createSession').data;
}

async function send(session_uid: string, message: string): Promise<Reply> {
  const t = target();
  const res = await t.call('sendMessage', {
    body: { widget_uid: t.config.widget_uid, session_uid, message },
  });
  return expectSuccess<Reply>(res, 'sendMessage').data;
}

/** The session as getSessions lists it (every page), or undefined when it is not listed. */
async function listed(uid: number, filters: Record<string, unknown> = {}): Promise<Session | undefined> {
  return (await allSessions(target(), filters)).find((s) => s.session_uid === uid);
}

/** Move the virtual clock forward to the instant `ms`. */
async function clockTo(ms: number): Promise<void> {
  const now = await clockNow(control());
  expect(ms, 'the journey only moves forward').toBeGreaterThanOrEqual(now);
  if (ms > now) await control().advance({ ms: ms - now });
}

/** What the journey's settings imply after `idleMs` without activity. */
function expectedAfterIdle(idleMs: number): 'open' | 'resolved' | 'closed' | 'deleted' {
  if (idleMs > RETENTION_S * 1000) return 'deleted';
  if (idleMs >= AUTO_CLOSE_MIN * MINUTE) return 'closed';
  if (idleMs >= AUTO_RESOLVE_MIN * MINUTE) return 'resolved';
  return 'open';
}

/** The 40 messages in order: each scripted question, then its reply. */
function expectTranscript(messages: readonly SessionMessage[], replies: readonly Reply[]): void {
  expect(messages).toHaveLength(2 * SCRIPT.length);
  SCRIPT.forEach((question, i) => {
    const visitor = messages[2 * i]!;
    const assistant = messages[2 * i + 1]!;
    expect(visitor.send_by, `message ${2 * i} is the visitor's`).not.toBe('assistant');
    expect(visitor.message).toBe(question);
    expect(assistant.send_by).toBe('assistant');
    expect(assistant.message).toBe(replies[i]!.message);
  });
  const times = messages.map((m) => Date.parse(m.createdAt));
  expect(times, 'createdAt never goes back').toEqual([...times].sort((a, b) => a - b));
  expect(new Set(messages.map((m) => m.session_id)).size, 'one session').toBe(1);
}

describe('widget journey: 20 messages, then two days on the clock', () => {
  beforeEach(async (ctx) => {
    need(ctx, target(), { control: true, writes: true, projectKey: true, widgetUid: true, projectUid: true });
    await control().reset();
  });

  it('shows open → resolved → closed → deleted at the instants the settings imply, with the full transcript until deletion [SESSION-AUTO-RESOLVE, SESSION-RESOLVED-STATUS-VALUE, SESSION-AUTO-CLOSE, SESSION-INACTIVITY-PRECEDENCE, SESSION-ACTIVITY, SESSION-STATE-OTHER, SESSIONS-STATUS-FILTER, SEND-MESSAGE-RECORDED, SESSION-MESSAGES-ORDERBY-DEFAULT-ASC, SESSION-MESSAGE-AI-SEND-BY, RETENTION-AUTO-DELETE, RETENTION-SECONDS, RETENTION-AGE-FROM-LAST-ACTIVITY, RETENTION-SWEEP, SESSION-MESSAGES-UNKNOWN-SESSION]', async () => {
    await configure();
    const created = await createSession();
    const uid = Number(created.session_uid);
    const start = await clockNow(control());

    // The conversation: a question a minute, 20 in all.
    const replies: Reply[] = [];
    for (const [i, question] of SCRIPT.entries()) {
      if (i > 0) await control().advance({ minutes: 1 });
      const reply = await send(created.session_uid, question);
      expect(reply.send_by).toBe('assistant');
      expect(reply.message.length).toBeGreaterThan(0);
      if (reply.session_uid !== undefined) expect(reply.session_uid).toBe(created.session_uid);
      replies.push(reply);
    }

    const session = await listed(uid);
    expect(session, 'the session is listed').toBeDefined();
    expect(session!.status).toBe('open');
    expect(session!.last_message).toBe(replies.at(-1)!.message);
    expect(session!.last_message_time).not.toBeNull();
    const lastActivity = Date.parse(session!.last_message_time!);
    expect(lastActivity).toBe(await clockNow(control()));
    expectTranscript(await allMessages(target(), uid), replies);

    // Two days from the first message, hour by hour, plus one minute (and one second) either side of each threshold.
    const edges = [AUTO_RESOLVE_MIN * MINUTE, AUTO_CLOSE_MIN * MINUTE, RETENTION_S * 1000].flatMap((at) => [
      at - MINUTE,
      at,
      at + 1000,
    ]);
    const hourly = Array.from({ length: 49 }, (_, h) => start + h * HOUR - lastActivity).filter(
      (idle) => idle > 0,
    );
    const steps = [...new Set([...edges, ...hourly])].sort((a, b) => a - b);
    expect(lastActivity + steps.at(-1)!).toBe(start + 2 * DAY);

    const seen = new Set<string>();
    for (const idle of steps) {
      await clockTo(lastActivity + idle);
      const expected = expectedAfterIdle(idle);
      seen.add(expected);
      const label = `after ${idle / MINUTE} min without activity`;
      const now = await listed(uid);
      const messagesRes = await target().call('getSessionMessages', {
        body: onProject(target(), { session_uid: uid, limit: 100 }),
      });
      if (expected === 'deleted') {
        expect(now, `${label}: no longer listed`).toBeUndefined();
        expectError(messagesRes, 404, 'Session not found');
        continue;
      }
      expect(now, `${label}: listed`).toBeDefined();
      expect(now!.status, label).toBe(expected);
      expect(now!.state, label).toBe('pending');
      expect(now!.last_message, label).toBe(replies.at(-1)!.message);
      expect(Date.parse(now!.last_message_time!), label).toBe(lastActivity);
      const openIds = (await allSessions(target(), { status: 'open' })).map((s) => s.session_uid);
      const closedIds = (await allSessions(target(), { status: 'closed' })).map((s) => s.session_uid);
      expect(openIds.includes(uid), `${label}: status=open lists it`).toBe(expected === 'open');
      expect(closedIds.includes(uid), `${label}: status=closed lists it`).toBe(expected === 'closed');
      expectTranscript(expectSuccess<SessionMessage[]>(messagesRes, 'getSessionMessages').data, replies);
    }
    expect([...seen].sort()).toEqual(['closed', 'deleted', 'open', 'resolved']);
  });

  it('each message moves last_message and last_message_time, and getSessions shows the new session before it has any [SEND-MESSAGE-RECORDED, SESSION-ACTIVITY, RES-SESSION-NULLABLE-LAST-MESSAGE, CREATE-SESSION-LISTED, SESSION-UID-SAME-VALUE, CREATE-SESSION-INITIAL-STATE, SESSION-CREATE-UID-STRING]', async () => {
    const created = await createSession();
    expect(created.session_uid).toMatch(/^\d+$/);
    expect(created).toMatchObject({ state: 'pending', status: 'open' });
    const uid = Number(created.session_uid);
    const fresh = await listed(uid);
    expect(fresh, 'listed before any message').toBeDefined();
    expect(String(fresh!.session_uid)).toBe(created.session_uid);
    expect(fresh!.last_message).toBeNull();
    expect(fresh!.last_message_time).toBeNull();
    for (const [i, question] of SCRIPT.slice(0, 6).entries()) {
      await control().advance({ minutes: 2 + i });
      const before = await clockNow(control());
      const reply = await send(created.session_uid, question);
      const after = await clockNow(control());
      const now = await listed(uid);
      expect(now!.last_message, `after message ${i + 1}`).toBe(reply.message);
      const at = Date.parse(now!.last_message_time!);
      expect(at).toBeGreaterThanOrEqual(before);
      expect(at).toBeLessThanOrEqual(after);
      expect(Date.parse(now!.updated_at)).toBeGreaterThanOrEqual(at);
      expect(await allMessages(target(), uid)).toHaveLength(2 * (i + 1));
    }
  });

  it('every message leaves execution logs for its session [EXEC-LOGS-FROM-SENDMESSAGE, EXEC-LOGS-SESSION-FILTER, RES-EXECUTION-LOG-SHAPE]', async () => {
    const created = await createSession();
    const uid = Number(created.session_uid);
    const counts: number[] = [];
    for (const question of SCRIPT.slice(0, 4)) {
      await send(created.session_uid, question);
      const res = await target().call('getChatbotExecutionLogs', {
        body: { session_uid: created.session_uid, limit: 100 },
      });
      const logs = expectSuccess<{ executionlog_session_data: { session_uid: number } }[]>(
        res,
        'getChatbotExecutionLogs',
      ).data;
      for (const log of logs) expect(log.executionlog_session_data.session_uid).toBe(uid);
      counts.push(logs.length);
    }
    for (let i = 1; i < counts.length; i += 1) expect(counts[i]!).toBeGreaterThan(counts[i - 1]!);
    expect(counts[0]!).toBeGreaterThanOrEqual(1);
  });
});
