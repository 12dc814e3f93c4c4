/**
 * sendMessage (project key): required fields, unknown sessions, the reply, session_uid as text or number, message
 * length, and how getSessionMessages and getSessions (Bearer) record the turn. sendMessage on resolved and closed
 * sessions is in session-lifecycle.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { Session } from '../../contract/index.js';
import { stopIfCreditsSpent } from '../support/credit-balance.js';
import { expectError, expectRefused, expectSuccess } from '../support/envelope.js';
import { INVALID_PARAMS } from '../support/messages.js';
import { allMessages, allSessions } from '../support/pages.js';
import { expectNotCoerced } from '../support/representations.js';
import { assumed, continueIfAssumedHeld, documented } from '../support/strength.js';
import { type Needs, need, useTarget } from '../support/use-target.js';
import { onProject } from '../support/world.js';

const target = useTarget();

const SESSION_NOT_FOUND = 'Session not found';
const WIDGET_NOT_FOUND = 'Widget not found';
/** sendMessage message length (SEND-MESSAGE-LENGTH, assumed). */
const MESSAGE_MAX = 20_000;

interface Reply {
  send_by: string;
  message: string;
}

const widget = () => target().config.widget_uid!;

const texts = (messages: readonly { message: string }[]) => messages.map((m) => m.message);

const send = (body: unknown) => target().call('sendMessage', { body });

async function newSession(): Promise<string> {
  const res = await target().call('createSession', { body: { widget_uid: widget() } });
  return expectSuccess<{ session_uid: string }>(res, 'createSession').data.session_uid;
}

/** A reply, checked as a success; refused for want of credits the run spent, the test is inconclusive (deployments). */
async function reply(session_uid: string | number, message: string) {
  const res = await send({ widget_uid: widget(), session_uid, message });
  stopIfCreditsSpent(target(), res, 'a widget message');
  return expectSuccess<Reply>(res, 'sendMessage').data;
}

/**
 * The session as getSessions lists it. That a widget session is listed is the fake's (CREATE-SESSION-LISTED): where
 * it is not, the test stops, skipped, saying why.
 */
async function sessionOf(session_uid: number): Promise<Session> {
  const found = (await allSessions(target())).find((s) => s.session_uid === session_uid);
  const isListed = assumed('CREATE-SESSION-LISTED', () =>
    expect(found, `getSessions lists session ${session_uid}`).toBeDefined(),
  );
  continueIfAssumedHeld(isListed && found !== undefined, 'CREATE-SESSION-LISTED', 'reading the session');
  return found!;
}

/**
 * A session of the project to aim refused requests at: a new one where writes are allowed, else one getSessions
 * lists, else any digits (the body is refused before the session matters).
 */
async function someSession(): Promise<string> {
  const c = target().config;
  if (c.allow.writes) return newSession();
  if (c.tokens.owner && c.project_uid) {
    const res = await target().call('getSessions', { body: onProject(target(), { limit: 1 }) });
    const first = expectSuccess<Session[]>(res, 'getSessions').data[0];
    if (first) return String(first.session_uid);
  }
  return '999999999999999';
}

/** Refused requests only: no writes needed. */
const REFUSAL_NEEDS: Needs = { projectKey: true, widgetUid: true };
const KEY_NEEDS: Needs = { writes: true, projectKey: true, widgetUid: true };
const BEARER_NEEDS: Needs = { ...KEY_NEEDS, tokens: ['owner'], projectUid: true };

describe('sendMessage', () => {
  it('answers with send_by assistant and the reply as a message string [SEND-MESSAGE-RESPONSE, SEND-MESSAGE-ASSISTANT, SESSION-MESSAGE-AI-SEND-BY, SEND-MESSAGE-REPLY-TEXT]', async (ctx) => {
    need(ctx, target(), KEY_NEEDS);
    const session_uid = await newSession();
    for (const message of ['How do I get a refund?', 'hi', 'Can I export my data to a spreadsheet?']) {
      const data = await reply(session_uid, message);
      documented('SEND-MESSAGE-ASSISTANT', () => expect(data.send_by).toBe('assistant'));
      expect(typeof data.message).toBe('string');
      // A string (documented); that it says something is the fake's.
      assumed('SEND-MESSAGE-REPLY-TEXT', () =>
        expect(data.message.trim().length, message).toBeGreaterThan(0),
      );
    }
  });

  it('requires session_uid and message; widget_uid too, the fake [SEND-MESSAGE-FIELDS, SEND-MESSAGE-WIDGET-UID-REQUIRED]', async (ctx) => {
    need(ctx, target(), REFUSAL_NEEDS);
    const session_uid = await someSession();
    const full = { widget_uid: widget(), session_uid, message: 'Hello' };
    for (const field of ['session_uid', 'message'] as const) {
      const { [field]: _dropped, ...rest } = full;
      expectError(await send(rest), 400, INVALID_PARAMS);
    }
    expectError(await send({}), 400, INVALID_PARAMS);
    // The key and the session name the conversation without the widget: refusing a body without it is the fake's.
    const { widget_uid: _widget, ...noWidget } = full;
    const withoutWidget = await send(noWidget);
    assumed('SEND-MESSAGE-WIDGET-UID-REQUIRED', () => expectError(withoutWidget, 400, INVALID_PARAMS));
    if (target().config.allow.writes) await reply(session_uid, full.message);
  });

  it.for([
    { field: 'widget_uid', value: 42 },
    { field: 'widget_uid', value: null },
    { field: 'message', value: 42 },
    { field: 'message', value: ['Hello'] },
    { field: 'message', value: null },
    { field: 'session_uid', value: true },
    { field: 'session_uid', value: null },
    { field: 'session_uid', value: { id: 1 } },
  ])(
    'rejects $field $value, of the wrong type [ERR-JSON-NO-COERCION, ERR-NULL-NOT-ABSENT, INTEGRATION-WRONG-JSON-TYPE]',
    async ({ field, value }, ctx) => {
      need(ctx, target(), REFUSAL_NEEDS);
      const body = {
        widget_uid: widget(),
        session_uid: await someSession(),
        message: 'Hello',
        [field]: value,
      };
      expectNotCoerced(await send(body), value);
    },
  );

  it('accepts session_uid as a JSON number, for the same session [SEND-MESSAGE-UID-NUMBER-ACCEPTED]', async (ctx) => {
    need(ctx, target(), BEARER_NEEDS);
    const session_uid = await newSession();
    await assumed('SEND-MESSAGE-UID-NUMBER-ACCEPTED', async () => {
      const data = await reply(Number(session_uid), 'How do I reset my password?');
      documented('SEND-MESSAGE-ASSISTANT', () => expect(data.send_by).toBe('assistant'));
      const messages = await allMessages(target(), Number(session_uid));
      expect(texts(messages).sort()).toEqual(['How do I reset my password?', data.message].sort());
      assumed('SESSION-MESSAGES-ORDER-KEY', () =>
        expect(texts(messages)).toEqual(['How do I reset my password?', data.message]),
      );
    });
  });

  it.for(['abc', '12a', '-1', '1.5', '1e3', '0x1f', ''])(
    'rejects the session_uid text %j, which is not decimal digits [SEND-MESSAGE-UID-NUMBER-ACCEPTED]',
    async (session_uid, ctx) => {
      need(ctx, target(), { projectKey: true, widgetUid: true });
      // Not a session_uid createSession gave: refused (SEND-MESSAGE-REQUIRES-SESSION); as Invalid params, the fake's.
      const res = await send({ widget_uid: widget(), session_uid, message: 'Hello' });
      expectRefused(res);
      assumed('SEND-MESSAGE-UID-NUMBER-ACCEPTED', () => expectError(res, 400, INVALID_PARAMS));
    },
  );

  it.for([-1, 1.5])(
    'rejects the session_uid number %j [SEND-MESSAGE-UID-NUMBER-ACCEPTED]',
    async (n, ctx) => {
      need(ctx, target(), { projectKey: true, widgetUid: true });
      const res = await send({ widget_uid: widget(), session_uid: n, message: 'Hello' });
      expectRefused(res);
      assumed('SEND-MESSAGE-UID-NUMBER-ACCEPTED', () => expectError(res, 400, INVALID_PARAMS));
    },
  );

  it('a session_uid that names no session gets 404 Session not found [SEND-MESSAGE-UNKNOWN-SESSION, SEND-MESSAGE-REQUIRES-SESSION]', async (ctx) => {
    need(ctx, target(), REFUSAL_NEEDS);
    for (const session_uid of ['999999999999999', 999_999_999_999_998]) {
      const res = await send({ widget_uid: widget(), session_uid, message: 'Hello' });
      expectRefused(res);
      expectError(res, 404, SESSION_NOT_FOUND);
    }
  });

  it('a session created by createSession takes messages at once, as text and (the fake’s reading) as a number [SEND-MESSAGE-REQUIRES-SESSION, SEND-MESSAGE-UID-NUMBER-ACCEPTED]', async (ctx) => {
    need(ctx, target(), KEY_NEEDS);
    const session_uid = await newSession();
    const asText = await reply(session_uid, 'Hello');
    documented('SEND-MESSAGE-ASSISTANT', () => expect(asText.send_by).toBe('assistant'));
    // "session_uid (string, from createSession)": the same uid sent as a JSON number is the fake's leniency.
    await assumed('SEND-MESSAGE-UID-NUMBER-ACCEPTED', async () => {
      const asNumber = await reply(Number(session_uid), 'Hello again');
      expect(asNumber.send_by).toBe('assistant');
    });
  });

  it('a session of another project is not a session of the key’s project: 404 Session not found [SEND-MESSAGE-UNKNOWN-SESSION]', async (ctx) => {
    need(ctx, target(), { projectKey: true, widgetUid: true, tokens: ['owner'], otherProjectUid: true });
    const theirs = await allSessions(target(), { project_uid: target().config.other_project_uid });
    if (theirs.length === 0) ctx.skip('the other project has no session to name');
    for (const s of theirs.slice(0, 3)) {
      expectError(
        await send({ widget_uid: widget(), session_uid: String(s.session_uid), message: 'Hello' }),
        404,
        SESSION_NOT_FOUND,
      );
    }
  });

  it('a widget_uid that is not the widget of the key’s project gets 404 Widget not found [INTEGRATION-WIDGET-MISMATCH]', async (ctx) => {
    need(ctx, target(), REFUSAL_NEEDS);
    const session_uid = await someSession();
    for (const widget_uid of ['no-such-widget', `${widget()}x`]) {
      expectError(await send({ widget_uid, session_uid, message: 'Hello' }), 404, WIDGET_NOT_FOUND);
    }
  });

  it('records the visitor message and the reply in order; last_message and last_message_time follow the reply [SEND-MESSAGE-RECORDED, SESSION-MESSAGE-AI-SEND-BY]', async (ctx) => {
    need(ctx, target(), BEARER_NEEDS);
    const session_uid = await newSession();
    // With a virtual clock, the turn is visibly later than the session's creation.
    await target().control?.advance({ minutes: 1 });
    const first = 'How do I get a refund?';
    const second = 'And how long does the refund take?';
    const r1 = await reply(session_uid, first);
    await target().control?.advance({ seconds: 5 });
    const r2 = await reply(session_uid, second);

    const messages = await allMessages(target(), Number(session_uid));
    // Hard: whatever is listed, a reply is the assistant's and a visitor's message is not.
    const visitors = new Set([first, second]);
    const replies = new Set([r1.message, r2.message]);
    for (const m of messages) {
      if (replies.has(m.message))
        documented('SESSION-MESSAGE-AI-SEND-BY', () => expect(m.send_by, m.message).toBe('assistant'));
      else if (visitors.has(m.message))
        documented('SESSION-MESSAGE-AI-SEND-BY', () => expect(m.send_by, m.message).not.toBe('assistant'));
    }
    assumed('SEND-MESSAGE-RECORDED', () =>
      expect(texts(messages).sort()).toEqual([first, r1.message, second, r2.message].sort()),
    );
    // The order of messages written at one instant (a question and its reply) is the fake's tie order.
    assumed('SESSION-MESSAGES-ORDER-KEY', () => {
      expect(texts(messages)).toEqual([first, r1.message, second, r2.message]);
      expect(messages.map((m) => m.send_by === 'assistant')).toEqual([false, true, false, true]);
      const ids = messages.map((m) => m.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
    });

    const session = await sessionOf(Number(session_uid));
    for (const m of messages) expect(m.session_id).toBe(session.id);
    // The last reply listed (two replies may read alike: the first of them is not the latest).
    const latest = messages.findLast((m) => m.message === r2.message);
    assumed('SEND-MESSAGE-RECORDED', () => {
      expect(session.last_message).toBe(r2.message);
      expect(session.last_message_time).not.toBeNull();
      expect(latest, 'the last reply is listed').toBeDefined();
      expect(Date.parse(session.last_message_time!)).toBe(Date.parse(latest!.createdAt));
      if (target().control) {
        const firstReply = messages.find((m) => m.message === r1.message);
        const secondQuestion = messages.find((m) => m.message === second);
        expect(Date.parse(session.last_message_time!)).toBeGreaterThan(Date.parse(session.created_at));
        expect(Date.parse(secondQuestion!.createdAt)).toBeGreaterThan(Date.parse(firstReply!.createdAt));
      }
    });
  });

  it('accepts a message of 1 and of 20000 characters; rejects an empty one and one of 20001 [SEND-MESSAGE-LENGTH]', async (ctx) => {
    need(ctx, target(), KEY_NEEDS);
    const session_uid = await newSession();
    const longest = 'refund invoice password export '.repeat(1000).slice(0, MESSAGE_MAX);
    expect(longest).toHaveLength(MESSAGE_MAX);
    // The bounds are the fake's (the spec gives none): all of it is checked softly.
    const empty = await send({ widget_uid: widget(), session_uid, message: '' });
    const tooLong = await send({ widget_uid: widget(), session_uid, message: `${longest}x` });
    const shortest = await send({ widget_uid: widget(), session_uid, message: '?' });
    const longestRes = await send({ widget_uid: widget(), session_uid, message: longest });
    for (const res of [shortest, longestRes]) stopIfCreditsSpent(target(), res, 'a widget message');
    assumed('SEND-MESSAGE-LENGTH', () => {
      expectError(empty, 400, INVALID_PARAMS);
      expectError(tooLong, 400, INVALID_PARAMS);
      documented('SEND-MESSAGE-ASSISTANT', () =>
        expect(expectSuccess<Reply>(shortest, 'sendMessage').data.send_by).toBe('assistant'),
      );
      documented('SEND-MESSAGE-ASSISTANT', () =>
        expect(expectSuccess<Reply>(longestRes, 'sendMessage').data.send_by).toBe('assistant'),
      );
    });
    if (target().config.tokens.owner && target().config.project_uid) {
      const recorded = (await allMessages(target(), Number(session_uid))).filter(
        (m) => m.send_by !== 'assistant',
      );
      assumed('SEND-MESSAGE-LENGTH', () =>
        expect(recorded.map((m) => m.message.length).sort((a, b) => a - b)).toEqual([1, MESSAGE_MAX]),
      );
      assumed('SESSION-MESSAGES-ORDER-KEY', () =>
        expect(recorded.map((m) => m.message.length)).toEqual([1, MESSAGE_MAX]),
      );
    }
  });
});
