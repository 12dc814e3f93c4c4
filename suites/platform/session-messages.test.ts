/** getSessionMessages (form-urlencoded): required fields, unknown sessions, shape, paging, order and access. */
import { describe, expect, it } from 'vitest';
import type { Session, SessionMessage } from '../../contract/index.js';
import { expectError, expectSuccess } from '../support/envelope.js';
import { FORBIDDEN, INVALID_PARAMS } from '../support/messages.js';
import { allMessages, allSessions } from '../support/pages.js';
import { assumed } from '../support/strength.js';
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

/**
 * The session of the project with the most messages, and its messages. Found once per file: the tests here only
 * read, and walking every conversation costs a request per session of the token's hourly cap.
 */
let longest: Promise<{ session: Session; all: SessionMessage[] }> | undefined;
const longestConversation = () => {
  longest ??= findLongestConversation();
  return longest;
};

async function findLongestConversation(): Promise<{ session: Session; all: SessionMessage[] }> {
  let best: { session: Session; all: SessionMessage[] } | undefined;
  for (const session of (await allSessions(target())).filter((s) => s.last_message !== null)) {
    const all = await allMessages(target(), session.session_uid);
    if (!best || all.length > best.all.length) best = { session, all };
  }
  if (!best) throw new Error('the project has no conversation with messages');
  return best;
}

const ids = (list: readonly SessionMessage[]) => list.map((m) => m.id);

describe('getSessionMessages', () => {
  it('returns the messages of that session [SESSION-MESSAGES-FORM-ENCODED, SESSION-MESSAGES-DATA-ARRAY, RES-SESSION-MESSAGE-SHAPE, CONV-FORM-ENCODED, SESSION-MESSAGES-ORDER-KEY]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    const { session, all } = await longestConversation();
    expect(all.length).toBeGreaterThan(1);
    for (const m of all) {
      expect(m.session_id).toBe(session.id);
      expect(typeof m.message).toBe('string');
    }
    expect(new Set(ids(all)).size).toBe(all.length);
    // last_message is one of the latest messages; which of several sent at the same instant is listed last is the
    // order's tie-break, not shown (SESSION-MESSAGES-ORDER-KEY).
    const latest = Math.max(...all.map((m) => Date.parse(m.createdAt)));
    const atLatest = all.filter((m) => Date.parse(m.createdAt) === latest).map((m) => m.message);
    expect(atLatest).toContain(session.last_message);
    assumed('SESSION-MESSAGES-ORDER-KEY', () => expect(all.at(-1)!.message).toBe(session.last_message));
  });

  it('marks AI replies with send_by assistant [SESSION-MESSAGE-AI-SEND-BY]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    const conversations = (await allSessions(target())).filter((s) => s.last_message !== null).slice(0, 8);
    expect(conversations.length).toBeGreaterThan(0);
    for (const session of conversations) {
      const all = await allMessages(target(), session.session_uid);
      const senders = new Set(all.map((m) => m.send_by));
      expect(senders.has('assistant'), `session ${session.session_uid}: ${[...senders]}`).toBe(true);
      expect(senders.size, 'a visitor and the AI take part').toBeGreaterThan(1);
      for (const m of all) expect(m.send_by.length).toBeGreaterThan(0);
    }
  });

  it('requires session_uid and project_uid [SESSION-MESSAGES-REQUIRED]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    const { session } = await longestConversation();
    expectError(await getMessages({}), 400, INVALID_PARAMS);
    const noProject = await target().call('getSessionMessages', {
      body: { session_uid: session.session_uid },
    });
    expectError(noProject, 400, INVALID_PARAMS);
  });

  it('rejects a session_uid that is not a number [SESSION-MESSAGES-REQUIRED, FORM-INTEGER-TEXT]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    for (const session_uid of ['abc', '', '12abc']) {
      expectError(await getMessages({ session_uid }), 400, INVALID_PARAMS);
    }
    // A number, but not an integer written in digits: refusing it is the fake's choice.
    const fraction = await getMessages({ session_uid: '1.5' });
    assumed('FORM-INTEGER-TEXT', () => expectError(fraction, 400, INVALID_PARAMS));
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
    expect(other.length).toBeGreaterThan(0);
    const res = await target().call('getSessionMessages', {
      body: { project_uid: target().config.other_project_uid, session_uid: other[0]!.session_uid },
    });
    expectSuccess(res, 'getSessionMessages');
    expectError(await getMessages({ session_uid: other[0]!.session_uid }), 404, 'Session not found');
  });

  it('defaults to limit 10 and page 1 [SESSION-MESSAGES-LIMIT-DEFAULT-10, SESSION-MESSAGES-PAGE-DEFAULT-1]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    const { session, all } = await longestConversation();
    const byDefault = await messages(session.session_uid);
    expect(byDefault).toEqual(all.slice(0, 10));
    expect(await messages(session.session_uid, { limit: 10, page: 1 })).toEqual(byDefault);
    expect(await messages(session.session_uid, { limit: 2 })).toEqual(all.slice(0, 2));
  });

  it('accepts limit 1 to 100 and pages without duplicates or gaps [SESSION-MESSAGES-LIMIT-RANGE, PAGING-SEMANTICS, PAGING-PAGE-PAST-END]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    const { session, all } = await longestConversation();
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
    const { session } = await longestConversation();
    expectError(await getMessages({ session_uid: session.session_uid, limit }), 400, INVALID_PARAMS);
  });

  it('rejects page 0 and negative or non-integer pages [SESSION-MESSAGES-PAGE-MIN-1, FORM-INTEGER-TEXT]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    const { session } = await longestConversation();
    for (const page of [0, -1, 'x']) {
      expectError(await getMessages({ session_uid: session.session_uid, page }), 400, INVALID_PARAMS);
    }
    const fraction = await getMessages({ session_uid: session.session_uid, page: '1.5' });
    assumed('FORM-INTEGER-TEXT', () => expectError(fraction, 400, INVALID_PARAMS));
  });

  it('orders ASC by default and DESC on request, by createdAt then id [SESSION-MESSAGES-ORDERBY-DEFAULT-ASC, SESSION-MESSAGES-ORDER-KEY]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    const { session, all } = await longestConversation();
    // The default is ASC (documented); the key, how ties are broken and so what DESC gives are the fake's choices.
    const sorted = [...all].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id - b.id);
    assumed('SESSION-MESSAGES-ORDER-KEY', () => expect(ids(all)).toEqual(ids(sorted)));
    expect(ids(await allMessages(target(), session.session_uid, { orderBy: 'ASC' }))).toEqual(ids(all));
    const desc = await allMessages(target(), session.session_uid, { orderBy: 'DESC' });
    expect(ids(desc).sort((a, b) => a - b)).toEqual(ids(all).sort((a, b) => a - b));
    assumed('SESSION-MESSAGES-ORDER-KEY', () => expect(ids(desc)).toEqual(ids(all).reverse()));
    expect(ids(await messages(session.session_uid, { orderBy: 'DESC', limit: 2 }))).toEqual(
      ids(desc.slice(0, 2)),
    );
  });

  it.for(['asc', 'NEWEST', ''])(
    'rejects orderBy %j [SESSION-MESSAGES-ORDERBY-DEFAULT-ASC]',
    async (orderBy, ctx) => {
      need(ctx, target(), { tokens: ['owner'], projectUid: true });
      const { session } = await longestConversation();
      expectError(await getMessages({ session_uid: session.session_uid, orderBy }), 400, INVALID_PARAMS);
    },
  );

  it('is open to the editor and viewer tokens [AUTH-ACCESS-GETSESSIONMESSAGES]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner', 'editor', 'viewer'], projectUid: true });
    const { session, all } = await longestConversation();
    for (const token of ['editor', 'viewer'] as const) {
      const res = await getMessages({ session_uid: session.session_uid, limit: 100 }, { token });
      expect(ids(expectSuccess<SessionMessage[]>(res, 'getSessionMessages').data), token).toEqual(ids(all));
    }
  });

  // Documented by the access table: no role and no fine-grained entry for the operation.
  it('refuses a token with fine-grained permissions only [AUTH-ACCESS-GETSESSIONMESSAGES, ERR-403-MESSAGE]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner', 'fine_grained'], projectUid: true });
    const { session } = await longestConversation();
    expectError(
      await getMessages({ session_uid: session.session_uid }, { token: 'fine_grained' }),
      403,
      FORBIDDEN,
    );
  });
});
