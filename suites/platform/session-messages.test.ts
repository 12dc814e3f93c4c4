/** getSessionMessages (form-urlencoded): required fields, unknown sessions, shape, paging, order and access. */
import { describe, expect, it, type TestContext } from 'vitest';
import type { Session, SessionMessage } from '../../contract/index.js';
import { arrange } from '../support/arrangement.js';
import { expectError, expectRefused, expectSuccess } from '../support/envelope.js';
import { FORBIDDEN, INVALID_PARAMS } from '../support/messages.js';
import { allMessages, allSessions, canConverse, newConversation } from '../support/pages.js';
import { arranged, assumed, documented } from '../support/strength.js';
import { need, useTarget } from '../support/use-target.js';
import { onProject } from '../support/world.js';
import type { Auth } from '../target/target.js';

const target = useTarget();

const getMessages = (body: Record<string, unknown>, auth?: Auth) =>
  target().call('getSessionMessages', { body: onProject(target(), body), auth });

async function messages(session_uid: number, body: Record<string, unknown> = {}): Promise<SessionMessage[]> {
  return expectSuccess<SessionMessage[]>(await getMessages({ session_uid, ...body }), 'getSessionMessages')
    .data;
}

interface Conversation {
  session: Session;
  all: SessionMessage[];
}

/**
 * The session of the project with the most messages, and its messages. Found once per file: the tests here only
 * read, and walking every conversation costs a request per session of the token's hourly cap.
 */
let longest: Promise<Conversation | undefined> | undefined;

async function findLongestConversation(): Promise<Conversation | undefined> {
  let best: Conversation | undefined;
  for (const session of (await allSessions(target())).filter((s) => s.last_message !== null)) {
    const all = await allMessages(target(), session.session_uid);
    if (!best || all.length > best.all.length) best = { session, all };
  }
  return best;
}

/** Six visitor questions: with their replies, a conversation longer than the default page of 10. */
const QUESTIONS = [
  'How do I get a refund?',
  'How long does the refund take?',
  'How do I reset my password?',
  'Can I export my data?',
  'Which payment methods do you accept?',
  'How do I close my workspace?',
];

/**
 * A conversation of the project with at least `min` messages: the longest one, or, where the target allows writes, a
 * new one held through the widget when none is that long. Where neither serves, the test is not checkable here: it
 * stops, skipped with the reason, and never fails on the target's data.
 */
async function conversationOf(ctx: TestContext, min: number): Promise<Conversation> {
  const found = await arrange(`finding or holding a conversation of ${min} messages`, async () => {
    longest ??= findLongestConversation();
    let found = await longest;
    if ((found?.all.length ?? 0) < min && canConverse(target())) {
      const { session_uid } = await newConversation(target(), QUESTIONS.slice(0, Math.ceil(min / 2)));
      const session = (await allSessions(target())).find((s) => s.session_uid === session_uid);
      const all = session ? await allMessages(target(), session_uid) : [];
      if (session && all.length > (found?.all.length ?? 0)) {
        found = { session, all };
        longest = Promise.resolve(found);
      }
    }
    return found;
  });
  arranged(
    ctx,
    found !== undefined && found.all.length >= min,
    `needs a conversation of ${min} messages or more; the project has none and the target does not allow writes (or does not list what the widget sent)`,
  );
  return found;
}

const ids = (list: readonly SessionMessage[]) => list.map((m) => m.id);

describe('getSessionMessages', () => {
  it('returns the messages of that session [SESSION-MESSAGES-FORM-ENCODED, SESSION-MESSAGES-DATA-ARRAY, RES-SESSION-MESSAGE-SHAPE, CONV-FORM-ENCODED, SESSION-MESSAGES-ORDER-KEY, SEND-MESSAGE-RECORDED]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    const { session, all } = await conversationOf(ctx, 2);
    for (const m of all) {
      expect(m.session_id).toBe(session.id);
      expect(typeof m.message).toBe('string');
    }
    expect(new Set(ids(all)).size).toBe(all.length);
    // That last_message is the text of one of the latest messages is the fake's (SEND-MESSAGE-RECORDED); which of
    // several sent at the same instant is listed last is the order's tie-break, not shown (SESSION-MESSAGES-ORDER-KEY).
    const latest = Math.max(...all.map((m) => Date.parse(m.createdAt)));
    const atLatest = all.filter((m) => Date.parse(m.createdAt) === latest).map((m) => m.message);
    assumed('SEND-MESSAGE-RECORDED', () => expect(atLatest).toContain(session.last_message));
    assumed('SESSION-MESSAGES-ORDER-KEY', () => expect(all.at(-1)!.message).toBe(session.last_message));
  });

  it('marks AI replies with send_by assistant [SESSION-MESSAGE-AI-SEND-BY, SEND-MESSAGE-RECORDED]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    // Which listed messages are AI replies is known only of a conversation the test holds itself.
    arranged(
      ctx,
      canConverse(target()),
      'which messages are AI replies is known only of a conversation the test holds, and the target does not allow writes',
    );
    const questions = QUESTIONS.slice(0, 2);
    const { session_uid, replies } = await newConversation(target(), questions);
    const all = await allMessages(target(), session_uid);
    // Hard: whatever is listed, a reply is the assistant's and a visitor's question is not.
    for (const m of all) {
      if (replies.includes(m.message))
        documented('SESSION-MESSAGE-AI-SEND-BY', () => expect(m.send_by, m.message).toBe('assistant'));
      else if (questions.includes(m.message))
        documented('SESSION-MESSAGE-AI-SEND-BY', () => expect(m.send_by, m.message).not.toBe('assistant'));
    }
    assumed('SEND-MESSAGE-RECORDED', () =>
      expect(all.map((m) => m.message).sort()).toEqual([...questions, ...replies].sort()),
    );
  });

  it('requires session_uid and project_uid [SESSION-MESSAGES-REQUIRED]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    expectError(await getMessages({}), 400, INVALID_PARAMS);
    const noProject = await target().call('getSessionMessages', { body: { session_uid: 1 } });
    expectError(noProject, 400, INVALID_PARAMS);
  });

  it('refuses a session_uid that is not a number [SESSION-MESSAGES-REQUIRED, FORM-INTEGER-TEXT]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    // Text that names no session is refused (documented: session_uid is a number); as Invalid params, the fake's
    // reading of form text (a server may answer that no such session exists, or read an empty field as missing).
    for (const session_uid of ['abc', '', '12abc', '1.5']) {
      const res = await getMessages({ session_uid });
      expectRefused(res);
      assumed('FORM-INTEGER-TEXT', () => expectError(res, 400, INVALID_PARAMS));
    }
  });

  it('answers 404 Session not found for a session that is not one of the project [SESSION-MESSAGES-UNKNOWN-SESSION]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    const known = new Set((await allSessions(target())).map((s) => s.session_uid));
    let unknown = 999_999_999_999;
    while (known.has(unknown)) unknown -= 1;
    expectError(await getMessages({ session_uid: unknown }), 404, 'Session not found');
    expectError(await getMessages({ session_uid: 0 }), 404, 'Session not found');
  });

  it("answers 404 for another project's session [SESSION-MESSAGES-UNKNOWN-SESSION]", async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true, otherProjectUid: true });
    const other = (await allSessions(target(), { project_uid: target().config.other_project_uid })).filter(
      (s) => s.last_message !== null,
    );
    arranged(ctx, other.length > 0, 'the other project has no conversation to name');
    const res = await target().call('getSessionMessages', {
      body: { project_uid: target().config.other_project_uid, session_uid: other[0]!.session_uid },
    });
    expectSuccess(res, 'getSessionMessages');
    expectError(await getMessages({ session_uid: other[0]!.session_uid }), 404, 'Session not found');
  });

  it('defaults to limit 10 and page 1 [SESSION-MESSAGES-LIMIT-DEFAULT-10, SESSION-MESSAGES-PAGE-DEFAULT-1, PAGING-SEMANTICS]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    // More than 10 messages, so that the default page is visibly a page of 10.
    const { session, all } = await conversationOf(ctx, 11);
    const uid = session.session_uid;
    const byDefault = await messages(uid);
    // Documented: without limit and page, the answer is the one of limit 10, page 1.
    expect(byDefault.length).toBeLessThanOrEqual(10);
    expect(ids(await messages(uid, { limit: 10, page: 1 }))).toEqual(ids(byDefault));
    expect(ids(await messages(uid, { limit: 10 }))).toEqual(ids(byDefault));
    expect(ids(await messages(uid, { page: 1 }))).toEqual(ids(byDefault));
    const two = await messages(uid, { limit: 2 });
    // Which messages a page holds (positions (p-1)·l to p·l-1 of the whole list) is the fake's paging.
    assumed('PAGING-SEMANTICS', () => {
      expect(byDefault).toEqual(all.slice(0, 10));
      expect(two).toEqual(all.slice(0, 2));
    });
  });

  it('accepts limit 1 to 100 and pages without duplicates or gaps [SESSION-MESSAGES-LIMIT-RANGE, PAGING-SEMANTICS, PAGING-PAGE-PAST-END]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    const { session, all } = await conversationOf(ctx, 2);
    // Both ends of the range are accepted and bound the page (documented); what each page holds is the fake's
    // paging (PAGING-SEMANTICS, PAGING-PAGE-PAST-END).
    const hundred = await messages(session.session_uid, { limit: 100 });
    expect(hundred.length).toBeLessThanOrEqual(100);
    assumed('PAGING-SEMANTICS', () => expect(hundred).toEqual(all.slice(0, 100)));
    const paged: SessionMessage[] = [];
    for (let page = 1; page <= all.length; page += 1) {
      const one = await messages(session.session_uid, { limit: 1, page });
      expect(one.length).toBeLessThanOrEqual(1);
      assumed('PAGING-SEMANTICS', () => expect(one).toHaveLength(1));
      paged.push(...one);
    }
    assumed('PAGING-SEMANTICS', () => expect(ids(paged)).toEqual(ids(all)));
    const third = Math.ceil(all.length / 3);
    const byThree: SessionMessage[] = [];
    for (let page = 1; page <= third; page += 1)
      byThree.push(...(await messages(session.session_uid, { limit: 3, page })));
    assumed('PAGING-SEMANTICS', () => expect(ids(byThree)).toEqual(ids(all)));
    const past = await messages(session.session_uid, { limit: 1, page: all.length + 1 });
    assumed('PAGING-PAGE-PAST-END', () => expect(past).toEqual([]));
  });

  it.for([0, 101, -1])('rejects limit %s [SESSION-MESSAGES-LIMIT-RANGE]', async (limit, ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    const { session } = await conversationOf(ctx, 1);
    expectError(await getMessages({ session_uid: session.session_uid, limit }), 400, INVALID_PARAMS);
  });

  it('rejects page 0 and negative or non-integer pages [SESSION-MESSAGES-PAGE-MIN-1, FORM-INTEGER-TEXT]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    const { session } = await conversationOf(ctx, 1);
    for (const page of [0, -1]) {
      expectError(await getMessages({ session_uid: session.session_uid, page }), 400, INVALID_PARAMS);
    }
    // Text that is no integer in digits: refusing it is the fake's reading of form text.
    for (const page of ['x', '1.5', '']) {
      const res = await getMessages({ session_uid: session.session_uid, page });
      assumed('FORM-INTEGER-TEXT', () => expectError(res, 400, INVALID_PARAMS));
    }
  });

  it('orders ASC by default and DESC on request, by createdAt then id [SESSION-MESSAGES-ORDERBY-DEFAULT-ASC, SESSION-MESSAGES-ORDER-KEY, PAGING-SEMANTICS]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    const { session, all } = await conversationOf(ctx, 2);
    // The default is ASC (documented); the key, how ties are broken and so what DESC gives are the fake's choices.
    const sorted = [...all].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id - b.id);
    assumed('SESSION-MESSAGES-ORDER-KEY', () => expect(ids(all)).toEqual(ids(sorted)));
    expect(ids(await allMessages(target(), session.session_uid, { orderBy: 'ASC' }))).toEqual(ids(all));
    const desc = await allMessages(target(), session.session_uid, { orderBy: 'DESC' });
    expect(ids(desc).sort((a, b) => a - b)).toEqual(ids(all).sort((a, b) => a - b));
    assumed('SESSION-MESSAGES-ORDER-KEY', () => expect(ids(desc)).toEqual(ids(all).reverse()));
    const firstTwo = await messages(session.session_uid, { orderBy: 'DESC', limit: 2 });
    assumed('PAGING-SEMANTICS', () => expect(ids(firstTwo)).toEqual(ids(desc.slice(0, 2))));
  });

  it.for(['NEWEST', 'RANDOM'])(
    'rejects orderBy %j [SESSION-MESSAGES-ORDERBY-DEFAULT-ASC]',
    async (orderBy, ctx) => {
      need(ctx, target(), { tokens: ['owner'], projectUid: true });
      const { session } = await conversationOf(ctx, 1);
      expectError(await getMessages({ session_uid: session.session_uid, orderBy }), 400, INVALID_PARAMS);
    },
  );

  // Other spellings of ASC and DESC, and an empty field: how a server reads them is not shown.
  it.for(['asc', 'desc', '', ' ASC'])('rejects orderBy %j [FORM-ENUM-EXACT]', async (orderBy, ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    const { session } = await conversationOf(ctx, 1);
    const res = await getMessages({ session_uid: session.session_uid, orderBy });
    assumed('FORM-ENUM-EXACT', () => expectError(res, 400, INVALID_PARAMS));
  });

  it('is open to the editor and viewer tokens [AUTH-ACCESS-GETSESSIONMESSAGES]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner', 'editor', 'viewer'], projectUid: true });
    const { session, all } = await conversationOf(ctx, 1);
    for (const token of ['editor', 'viewer'] as const) {
      const res = await getMessages({ session_uid: session.session_uid, limit: 100 }, { token });
      expect(ids(expectSuccess<SessionMessage[]>(res, 'getSessionMessages').data), token).toEqual(ids(all));
    }
  });

  // Documented by the access table: no role and no fine-grained entry for the operation.
  it('refuses a token with fine-grained permissions only [AUTH-ACCESS-GETSESSIONMESSAGES, ERR-403-MESSAGE]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner', 'fine_grained'], projectUid: true });
    const { session } = await conversationOf(ctx, 1);
    expectError(
      await getMessages({ session_uid: session.session_uid }, { token: 'fine_grained' }),
      403,
      FORBIDDEN,
    );
  });
});
