/**
 * sendMessage sent many at a time on one session (and on two sessions at once): every acknowledged turn is stored
 * exactly once, and the session's message list reads back in one consistent order whatever way it is read (again,
 * DESC, in pages of any size). The spec has no widget-side message list: getSessionMessages (Bearer) is the only
 * way to read a conversation back, so it is what these tests read.
 *
 * Every request of a burst has its own text, so a recording replays each answer to the request it belongs to.
 *
 * Concurrency is not shown, and neither is the order of messages that share a createdAt: every check here is a
 * choice of the fake, made under its assumed clause. What is stored (CONC-SEND-MESSAGE-NOTHING-LOST) is checked
 * apart from the order it is listed in (CONC-SEND-MESSAGE-ORDER, CONC-SEND-MESSAGE-TURN-ATOMIC), so that a server
 * breaking ties another way is told apart from one that loses a turn.
 */
import { describe, expect, it } from 'vitest';
import type { Session, SessionMessage } from '../../contract/index.js';
import { stopIfCreditsSpent } from '../support/credit-balance.js';
import { expectSuccess } from '../support/envelope.js';
import { allMessages, allPages, allSessions } from '../support/pages.js';
import { assumed, documented } from '../support/strength.js';
import { type Needs, need, useTarget } from '../support/use-target.js';
import { onProject, unique } from '../support/world.js';
import type { RawResponse } from '../target/transport.js';

const target = useTarget();

const NEEDS: Needs = {
  writes: true,
  projectKey: true,
  widgetUid: true,
  projectUid: true,
  tokens: ['owner'],
};

const TOPICS = [
  'How do I get a refund?',
  'How do I reset my password?',
  'Can I export my data to a spreadsheet?',
  'Why is my invoice PDF blank?',
  'Do you connect to QuickBooks?',
];

const widget = () => target().config.widget_uid!;

async function newSession(): Promise<string> {
  const res = await target().call('createSession', { body: { widget_uid: widget() } });
  return expectSuccess<{ session_uid: string }>(res, 'createSession').data.session_uid;
}

/** `n` distinct visitor messages, no two alike (also across runs against a long-lived deployment). */
function questions(n: number, label: string): string[] {
  const tag = unique(label);
  return Array.from(
    { length: n },
    (_, i) => `${TOPICS[i % TOPICS.length]} (${tag}, question ${i + 1} of ${n})`,
  );
}

interface Turn {
  question: string;
  res: RawResponse;
}

/** Send every question at once on its session. */
async function burst(sends: { session_uid: string; question: string }[]): Promise<Turn[]> {
  return Promise.all(
    sends.map(async ({ session_uid, question }) => ({
      question,
      res: await target().call('sendMessage', {
        body: { widget_uid: widget(), session_uid, message: question },
      }),
    })),
  );
}

/** The reply each acknowledged question got; refused ones must be answered with an envelope, not a 5xx. */
function acknowledged(turns: Turn[]): Map<string, string> {
  const replies = new Map<string, string>();
  for (const { question, res } of turns) {
    expect(
      res.status,
      `sendMessage must not fail with a server error: ${res.text.slice(0, 200)}`,
    ).toBeLessThan(500);
    if (res.status < 200 || res.status >= 300) continue;
    const data = expectSuccess<{ send_by: string; message: string }>(res, 'sendMessage').data;
    documented('SEND-MESSAGE-ASSISTANT', () => expect(data.send_by).toBe('assistant'));
    replies.set(question, data.message);
  }
  // A turn refused for want of credits the run spent leaves nothing to conclude (inconclusive, not a lost turn).
  for (const { res } of turns) stopIfCreditsSpent(target(), res, 'a sendMessage of the burst');
  // With the control API (rate counters reset before each test) nothing should be refused.
  if (target().control)
    assumed('CONC-SEND-MESSAGE-NOTHING-LOST', () =>
      expect(replies.size, 'acknowledged requests').toBe(turns.length),
    );
  expect(replies.size, 'at least one request acknowledged').toBeGreaterThan(0);
  return replies;
}

/**
 * Every acknowledged question is listed once and nothing else is listed: the visitor messages are the questions,
 * the assistant messages their replies (as multisets: in whatever order the list gives them).
 */
function expectEachTurnStoredOnce(list: readonly SessionMessage[], replies: ReadonlyMap<string, string>) {
  const asked = list.filter((m) => m.send_by !== 'assistant').map((m) => m.message);
  expect([...asked].sort(), 'visitor messages listed (each acknowledged one exactly once)').toEqual(
    [...replies.keys()].sort(),
  );
  const answered = list.filter((m) => m.send_by === 'assistant').map((m) => m.message);
  expect([...answered].sort(), 'replies listed (each acknowledged one exactly once)').toEqual(
    [...replies.values()].sort(),
  );
}

/**
 * Every reply comes after its question: walking the list, an assistant message must match the reply of a question
 * already seen and not yet answered.
 */
function expectRepliesAfterQuestions(list: readonly SessionMessage[], replies: ReadonlyMap<string, string>) {
  const pending = new Map<string, number>();
  for (const [i, m] of list.entries()) {
    if (m.send_by !== 'assistant') {
      const reply = replies.get(m.message)!;
      pending.set(reply, (pending.get(reply) ?? 0) + 1);
      continue;
    }
    const waiting = pending.get(m.message) ?? 0;
    expect(
      waiting,
      `message #${i} (id ${m.id}) is a reply that no earlier question is waiting for`,
    ).toBeGreaterThan(0);
    pending.set(m.message, waiting - 1);
  }
}

/** ids strictly increase and createdAt never decreases along the ASC list. */
function expectAscending(list: readonly SessionMessage[]) {
  for (let i = 1; i < list.length; i += 1) {
    const [a, b] = [list[i - 1]!, list[i]!];
    expect(b.id, `ids along the list at #${i}`).toBeGreaterThan(a.id);
    expect(Date.parse(b.createdAt), `createdAt along the list at #${i}`).toBeGreaterThanOrEqual(
      Date.parse(a.createdAt),
    );
  }
}

const ids = (list: readonly { id: number }[]) => list.map((m) => m.id);

async function pages(session_uid: number, orderBy: 'ASC' | 'DESC', pageSize: number) {
  return allPages<SessionMessage>(
    target(),
    'getSessionMessages',
    onProject(target(), { session_uid, orderBy }),
    { pageSize },
  );
}

describe('concurrent sendMessage on one session', () => {
  it('20 at once: every acknowledged turn is stored exactly once, its reply after its question; nothing else is stored [CONC-SEND-MESSAGE-NOTHING-LOST, CONC-SEND-MESSAGE-ORDER, SEND-MESSAGE-RECORDED]', async (ctx) => {
    need(ctx, target(), NEEDS);
    const session_uid = await newSession();
    const turns = await burst(questions(20, 'burst').map((question) => ({ session_uid, question })));
    const replies = acknowledged(turns);

    const list = await allMessages(target(), Number(session_uid));
    const stored = () => {
      expectEachTurnStoredOnce(list, replies);
      expect(new Set(ids(list)).size).toBe(list.length);
      expect(new Set(list.map((m) => m.session_id)).size, 'one session').toBe(1);
    };
    assumed('CONC-SEND-MESSAGE-NOTHING-LOST', stored);
    assumed('SEND-MESSAGE-RECORDED', stored);
    assumed('CONC-SEND-MESSAGE-ORDER', () => {
      expectRepliesAfterQuestions(list, replies);
      expectAscending(list);
    });
  });

  it('the order read back is one order: the same on every read, DESC its reverse, pages of any size without skip or repeat; last_message is its last message [CONC-SEND-MESSAGE-ORDER]', async (ctx) => {
    need(ctx, target(), NEEDS);
    const session_uid = await newSession();
    acknowledged(await burst(questions(20, 'order').map((question) => ({ session_uid, question }))));
    const uid = Number(session_uid);

    const first = await allMessages(target(), uid);
    const again = await allMessages(target(), uid);
    const desc = await pages(uid, 'DESC', 100);
    const ascPages = [await pages(uid, 'ASC', 7), await pages(uid, 'ASC', 10)];
    const descPages = await pages(uid, 'DESC', 6);
    const session = (await allSessions(target())).find((s: Session) => s.session_uid === uid);
    assumed('CONC-SEND-MESSAGE-ORDER', () => {
      expectAscending(first);
      expect(ids(again), 'a second read').toEqual(ids(first));
      expect(ids(desc), 'DESC').toEqual(ids(first).reverse());
      for (const [i, size] of [7, 10].entries())
        expect(ids(ascPages[i]!), `ASC in pages of ${size}`).toEqual(ids(first));
      expect(ids(descPages), 'DESC in pages of 6').toEqual(ids(first).reverse());
      expect(session, 'getSessions lists the session').toBeDefined();
      expect(session!.last_message).toBe(first.at(-1)!.message);
      expect(Date.parse(session!.last_message_time!)).toBe(Date.parse(first.at(-1)!.createdAt));
    });
  });

  it('each reply immediately follows its own question, however the turns interleave [CONC-SEND-MESSAGE-TURN-ATOMIC]', async (ctx) => {
    need(ctx, target(), NEEDS);
    const session_uid = await newSession();
    const replies = acknowledged(
      await burst(questions(12, 'atomic').map((question) => ({ session_uid, question }))),
    );
    const list = await allMessages(target(), Number(session_uid));
    assumed('CONC-SEND-MESSAGE-NOTHING-LOST', () => expect(list).toHaveLength(2 * replies.size));
    assumed('CONC-SEND-MESSAGE-TURN-ATOMIC', () => {
      expect(list).toHaveLength(2 * replies.size);
      for (let i = 0; i < list.length; i += 2) {
        const [q, a] = [list[i]!, list[i + 1]!];
        documented('SESSION-MESSAGE-AI-SEND-BY', () =>
          expect(q.send_by, `#${i} is a visitor message`).not.toBe('assistant'),
        );
        documented('SESSION-MESSAGE-AI-SEND-BY', () =>
          expect(a.send_by, `#${i + 1} is a reply`).toBe('assistant'),
        );
        expect(a.message, `#${i + 1} is the reply to #${i}`).toBe(replies.get(q.message));
      }
    });
  });
});

describe('concurrent sendMessage on two sessions', () => {
  it('turns sent at once to two sessions each land in their own session, once [CONC-SEND-MESSAGE-NOTHING-LOST, CONC-SEND-MESSAGE-ORDER]', async (ctx) => {
    need(ctx, target(), NEEDS);
    const sessions = [await newSession(), await newSession()];
    const asked = questions(16, 'pair');
    // Interleaved: even questions to the first session, odd ones to the second.
    const sends = asked.map((question, i) => ({ session_uid: sessions[i % 2]!, question }));
    const replies = acknowledged(await burst(sends));
    const ownIds = new Set<number>();
    for (const [s, session_uid] of sessions.entries()) {
      const own = new Map([...replies].filter(([q]) => asked.indexOf(q) % 2 === s));
      const list = await allMessages(target(), Number(session_uid));
      assumed('CONC-SEND-MESSAGE-NOTHING-LOST', () => {
        expectEachTurnStoredOnce(list, own);
        for (const m of list)
          expect(ownIds.has(m.id), `message ${m.id} is listed in both sessions`).toBe(false);
      });
      for (const m of list) ownIds.add(m.id);
      assumed('CONC-SEND-MESSAGE-ORDER', () => {
        expectRepliesAfterQuestions(list, own);
        expectAscending(list);
      });
    }
  });
});
