/**
 * The done-when journey of a widget conversation on the virtual clock: a visitor asks 20 questions on the acme-support
 * knowledgebase, then two days pass in steps. Settings are chosen so that each effect happens at a known instant
 * (resolved after 30 minutes, closed after 600, deleted after a day of inactivity), and at every step the public API
 * shows what the settings imply. The control API only moves the clock.
 * Hard, what the spec documents: open, then resolved after auto_resolve_duration minutes without a message; the history
 * kept while younger than retention_duration seconds; the status filter; who wrote which message. Softly, the fake's
 * choices: the resolved status value, a resolved session closing, when and from which instant history is deleted,
 * the state value, what getSessions reports of the last message, and the order of messages written at one instant.
 */
import { describe, expect, it } from 'vitest';
import type { Session, SessionMessage } from '../../contract/index.js';
import { expectError, expectRefused, expectSuccess } from '../support/envelope.js';
import { allMessages, allSessions } from '../support/pages.js';
import { assumed, continueIfAssumedHeld, documented, readable } from '../support/strength.js';
import { freshStateEachTest, useTarget, WIDGET_ON_CLOCK } from '../support/use-target.js';
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

/**
 * The phase a status names: `open` and `closed` are the documented values; any other is a resolved session, whose
 * status value is the fake's choice (`resolved`).
 */
function phaseOf(status: string): 'open' | 'resolved' | 'closed' {
  if (status === 'open' || status === 'closed') return status;
  assumed('SESSION-RESOLVED-STATUS-VALUE', () =>
    expect(status, 'the status of a resolved session').toBe('resolved'),
  );
  return 'resolved';
}

/**
 * The 40 messages: each scripted question, then its reply. Hard: a reply is the assistant's, a question is not, all
 * are of one session, and in the default order (ASC) the questions, a minute apart, come in the order asked, as do
 * the replies. Softly: that all 40 are listed (SEND-MESSAGE-RECORDED), and the exact order, a question before its
 * reply written at the same instant (SESSION-MESSAGES-ORDER-KEY).
 */
function expectTranscript(messages: readonly SessionMessage[], replies: readonly Reply[]): void {
  const questions = new Set<string>(SCRIPT);
  const answers = new Set(replies.map((r) => r.message));
  messages.forEach((m, i) => {
    if (answers.has(m.message))
      documented('SESSION-MESSAGE-AI-SEND-BY', () =>
        expect(m.send_by, `message ${i} is a reply`).toBe('assistant'),
      );
    else if (questions.has(m.message))
      documented('SESSION-MESSAGE-AI-SEND-BY', () =>
        expect(m.send_by, `message ${i} is the visitor's`).not.toBe('assistant'),
      );
  });
  if (messages.length > 0) expect(new Set(messages.map((m) => m.session_id)).size, 'one session').toBe(1);
  const texts = messages.map((m) => m.message);
  expect(
    texts.filter((t) => questions.has(t)),
    'the questions in the order asked',
  ).toEqual(SCRIPT.filter((q) => texts.includes(q)));
  expect(
    texts.filter((t) => answers.has(t)),
    'the replies in the order given',
  ).toEqual(replies.map((r) => r.message).filter((r) => texts.includes(r)));
  assumed('SEND-MESSAGE-RECORDED', () => {
    expect(messages).toHaveLength(2 * SCRIPT.length);
    expect([...texts].sort()).toEqual([...SCRIPT, ...replies.map((r) => r.message)].sort());
  });
  assumed('SESSION-MESSAGES-ORDER-KEY', () => {
    SCRIPT.forEach((question, i) => {
      expect(messages[2 * i]?.message, `message ${2 * i}`).toBe(question);
      expect(messages[2 * i + 1]?.message, `message ${2 * i + 1}`).toBe(replies[i]!.message);
    });
    const times = messages.map((m) => Date.parse(m.createdAt));
    expect(times, 'createdAt never goes back').toEqual([...times].sort((a, b) => a - b));
  });
}

describe('widget journey: 20 messages, then two days on the clock', () => {
  freshStateEachTest(target, WIDGET_ON_CLOCK);

  it('shows open → resolved → closed → deleted at the instants the settings imply, with the full transcript until deletion [SESSION-AUTO-RESOLVE, SESSION-RESOLVED-STATUS-VALUE, SESSION-AUTO-CLOSE, SESSION-INACTIVITY-PRECEDENCE, SESSION-ACTIVITY, SESSION-STATE-OTHER, SESSIONS-STATUS-FILTER, SEND-MESSAGE-RECORDED, SESSION-MESSAGES-ORDERBY-DEFAULT-ASC, SESSION-MESSAGE-AI-SEND-BY, RETENTION-AUTO-DELETE, RETENTION-SECONDS, RETENTION-AGE-FROM-LAST-ACTIVITY, RETENTION-SWEEP, SESSION-MESSAGES-UNKNOWN-SESSION, SEND-MESSAGE-REPLY-TEXT]', async () => {
    await configure();
    const created = await createSession();
    const uid = Number(created.session_uid);
    const start = await clockNow(control());

    // The conversation: a question a minute, 20 in all.
    const replies: Reply[] = [];
    for (const [i, question] of SCRIPT.entries()) {
      if (i > 0) await control().advance({ minutes: 1 });
      const reply = await send(created.session_uid, question);
      documented('SEND-MESSAGE-ASSISTANT', () => expect(reply.send_by).toBe('assistant'));
      assumed('SEND-MESSAGE-REPLY-TEXT', () => expect(reply.message.trim().length).toBeGreaterThan(0));
      if (reply.session_uid !== undefined) expect(reply.session_uid).toBe(created.session_uid);
      replies.push(reply);
    }

    // The clock stands still between moves: the last message was written now.
    const lastActivity = await clockNow(control());
    const session = await listed(uid);
    const isListed = assumed('CREATE-SESSION-LISTED', () =>
      expect(session, 'the session is listed').toBeDefined(),
    );
    continueIfAssumedHeld(
      isListed && session !== undefined,
      'CREATE-SESSION-LISTED',
      'the rest of this journey',
    );
    if (!session) return;
    expect(phaseOf(session.status)).toBe('open');
    assumed('SEND-MESSAGE-RECORDED', () => expect(session.last_message).toBe(replies.at(-1)!.message));
    // The instant every threshold below runs from, as the session reports it.
    assumed('SESSION-ACTIVITY', () => {
      expect(session.last_message_time).not.toBeNull();
      expect(Date.parse(session.last_message_time!)).toBe(lastActivity);
    });
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
        // When history past its retention goes, and from which instant its age counts, are the fake's choices.
        assumed('RETENTION-SWEEP', () => expect(now, `${label}: no longer listed`).toBeUndefined());
        assumed('RETENTION-AGE-FROM-LAST-ACTIVITY', () => {
          expectRefused(messagesRes);
          expectError(messagesRes, 404, 'Session not found');
        });
        continue;
      }
      // Kept while younger than the retention even from its creation (documented); beyond that, kept because its
      // age counts from the last message (the fake's).
      const kept = lastActivity + idle - start <= RETENTION_S * 1000;
      const keptCheck = (check: () => void): void => {
        if (kept) check();
        else assumed('RETENTION-AGE-FROM-LAST-ACTIVITY', check);
      };
      keptCheck(() => expect(now, `${label}: listed`).toBeDefined());
      if (!now) continue;
      const phase = phaseOf(now.status);
      // Open until auto_resolve_duration, then resolved: the table. A resolved session closing is the fake's.
      if (expected === 'closed')
        assumed('SESSION-INACTIVITY-PRECEDENCE', () => expect(phase, label).toBe(expected));
      else expect(phase, label).toBe(expected);
      assumed('SESSION-STATE-OTHER', () => expect(now.state, label).toBe('pending'));
      assumed('SEND-MESSAGE-RECORDED', () => {
        expect(now.last_message, label).toBe(replies.at(-1)!.message);
        expect(Date.parse(now.last_message_time!), label).toBe(lastActivity);
      });
      const openIds = (await allSessions(target(), { status: 'open' })).map((s) => s.session_uid);
      const closedIds = (await allSessions(target(), { status: 'closed' })).map((s) => s.session_uid);
      expect(openIds.includes(uid), `${label}: status=open lists it`).toBe(phase === 'open');
      expect(closedIds.includes(uid), `${label}: status=closed lists it`).toBe(phase === 'closed');
      keptCheck(() =>
        expectTranscript(expectSuccess<SessionMessage[]>(messagesRes, 'getSessionMessages').data, replies),
      );
    }
    expect([...seen].sort()).toEqual(['closed', 'deleted', 'open', 'resolved']);
  });

  it('each message moves last_message and last_message_time, and getSessions shows the new session before it has any [SEND-MESSAGE-RECORDED, SESSION-ACTIVITY, RES-SESSION-NULLABLE-LAST-MESSAGE, CREATE-SESSION-LISTED, SESSION-UID-SAME-VALUE, CREATE-SESSION-INITIAL-STATE, SESSION-CREATE-UID-STRING]', async () => {
    const created = await createSession();
    readable('SESSION-CREATE-UID-STRING', () =>
      expect(Number.isFinite(Number(created.session_uid)), 'a number written as text').toBe(true),
    );
    assumed('SESSION-UID-SAME-VALUE', () => expect(created.session_uid).toMatch(/^\d+$/));
    documented('CREATE-SESSION-INITIAL-STATE', () =>
      expect(created).toMatchObject({ state: 'pending', status: 'open' }),
    );
    const uid = Number(created.session_uid);
    const fresh = await listed(uid);
    const isListed = assumed('CREATE-SESSION-LISTED', () =>
      expect(fresh, 'listed before any message').toBeDefined(),
    );
    continueIfAssumedHeld(
      isListed && fresh !== undefined,
      'CREATE-SESSION-LISTED',
      'the rest of this journey',
    );
    if (!fresh) return;
    assumed('SESSION-UID-SAME-VALUE', () => expect(String(fresh.session_uid)).toBe(created.session_uid));
    assumed('RES-SESSION-NULLABLE-LAST-MESSAGE', () => {
      expect(fresh.last_message).toBeNull();
      expect(fresh.last_message_time).toBeNull();
    });
    for (const [i, question] of SCRIPT.slice(0, 6).entries()) {
      await control().advance({ minutes: 2 + i });
      const before = await clockNow(control());
      const reply = await send(created.session_uid, question);
      const after = await clockNow(control());
      const now = await listed(uid);
      expect(now, `after message ${i + 1}: still listed`).toBeDefined();
      assumed('SEND-MESSAGE-RECORDED', () =>
        expect(now!.last_message, `after message ${i + 1}`).toBe(reply.message),
      );
      assumed('SESSION-ACTIVITY', () => {
        const at = Date.parse(now!.last_message_time!);
        expect(at).toBeGreaterThanOrEqual(before);
        expect(at).toBeLessThanOrEqual(after);
        expect(Date.parse(now!.updated_at)).toBeGreaterThanOrEqual(at);
      });
      const count = (await allMessages(target(), uid)).length;
      assumed('SEND-MESSAGE-RECORDED', () => expect(count).toBe(2 * (i + 1)));
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
    assumed('EXEC-LOGS-FROM-SENDMESSAGE', () => {
      for (let i = 1; i < counts.length; i += 1) expect(counts[i]!).toBeGreaterThan(counts[i - 1]!);
      expect(counts[0]!).toBeGreaterThanOrEqual(1);
    });
  });
});
