/**
 * playgroundAgentResponse as a call: the answer's shape, the required fields, the limits on the query and on the
 * previous messages, the session it must be given, and who may call it. Overrides and the saved model are in
 * playground-agent-setting.test.ts, what a call costs in playground-credits.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { Session } from '../../contract/index.js';
import { expectError, expectRefused, expectSuccess } from '../support/envelope.js';
import { INVALID_PARAMS } from '../support/messages.js';
import { expectFields, history, playgroundOf } from '../support/playground.js';
import { assumed } from '../support/strength.js';
import { enterState, need, useTarget } from '../support/use-target.js';

const target = useTarget();
const pg = playgroundOf(target);

const mainUid = () => target().config.project_uid!;

/**
 * The name of the previous-messages field is not shown (PLAYGROUND-HISTORY-FIELD: the fake's is `messages`). The
 * names a server might use, tried in this order; the one it reads is the one that refuses 51 items (the documented
 * limit is 50), or none.
 */
const HISTORY_FIELD_CANDIDATES = ['messages', 'history', 'chat_history', 'previous_messages'] as const;

async function findHistoryField(base: Record<string, unknown>): Promise<string | undefined> {
  for (const field of HISTORY_FIELD_CANDIDATES) {
    const res = await pg.respond({ ...base, [field]: history(51) });
    if (res.status >= 400 && res.status < 500) return field;
  }
  return undefined;
}

describe('playgroundAgentResponse', () => {
  it('answers {session_uid, message, response_time, total_credits} for the session sent [PLAYGROUND-RESPONSE-SHAPE, PLAYGROUND-SESSION-UID-ECHO, PLAYGROUND-RESPONSE-TIME, PLAYGROUND-ANSWER-TEXT, PLAYGROUND-TOTAL-CREDITS]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true, writes: true });
    const session = await pg.session();
    const r = await pg.reply({
      project_uid: mainUid(),
      session_uid: session.session_uid,
      query: 'How do I enable two-factor authentication?',
    });
    expectFields(r, ['message', 'response_time', 'session_uid', 'total_credits']);
    assumed('PLAYGROUND-SESSION-UID-ECHO', () => expect(r.session_uid).toBe(session.session_uid));
    // A string (documented, by the schema); that it says something is the fake's.
    assumed('PLAYGROUND-ANSWER-TEXT', () => expect(r.message.trim().length).toBeGreaterThan(0));
    assumed('PLAYGROUND-RESPONSE-TIME', () => {
      expect(r.response_time).toBeGreaterThan(0);
      expect(r.response_time).toBeLessThan(600);
    });
    assumed('PLAYGROUND-TOTAL-CREDITS', () => expect(r.total_credits).toBeGreaterThan(0));
  });

  it('requires project_uid, session_uid and query [PLAYGROUND-RESPONSE-REQUIRED, ERR-JSON-NO-COERCION, PLAYGROUND-SESSION-UID-TYPE]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true, writes: true });
    const session = await pg.session();
    const full = { project_uid: mainUid(), session_uid: session.session_uid, query: 'hello' };
    for (const key of ['project_uid', 'session_uid', 'query'] as const) {
      const { [key]: _dropped, ...body } = full;
      expectError(await pg.respond(body), 400, INVALID_PARAMS);
    }
    // A number for the query is what a lenient server might take as text: refusing it is the fake's reading.
    const numericQuery = await pg.respond({ ...full, query: 42 });
    assumed('ERR-JSON-NO-COERCION', () => expectError(numericQuery, 400, INVALID_PARAMS));
    // `abc` names no playground session, so it is refused (documented); as Invalid params, the fake's.
    const textUid = await pg.respond({ ...full, session_uid: 'abc' });
    expectRefused(textUid);
    assumed('PLAYGROUND-SESSION-UID-TYPE', () => expectError(textUid, 400, INVALID_PARAMS));
  });

  it('accepts a 5000-character query and rejects 5001 [PLAYGROUND-QUERY-MAX-5000]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true, writes: true });
    const session = await pg.session();
    const base = { project_uid: mainUid(), session_uid: session.session_uid };
    const query = 'refund '.repeat(800).slice(0, 5000);
    expect(query).toHaveLength(5000);
    await pg.reply({ ...base, query });
    expectError(await pg.respond({ ...base, query: `${query}x` }), 400, INVALID_PARAMS);
  });

  it('rejects an empty query [PLAYGROUND-QUERY-NONEMPTY]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true, writes: true });
    const session = await pg.session();
    expectError(
      await pg.respond({ project_uid: mainUid(), session_uid: session.session_uid, query: '' }),
      400,
      INVALID_PARAMS,
    );
  });

  it('accepts 50 previous messages and rejects 51 [PLAYGROUND-HISTORY-MAX-50, PLAYGROUND-HISTORY-FIELD]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true, writes: true });
    const session = await pg.session();
    const base = { project_uid: mainUid(), session_uid: session.session_uid, query: 'And for annual plans?' };
    // The fake's field name (PLAYGROUND-HISTORY-FIELD).
    await assumed('PLAYGROUND-HISTORY-FIELD', async () => {
      await pg.reply({ ...base, messages: [] });
      await pg.reply({ ...base, messages: history(50) });
      expectError(await pg.respond({ ...base, messages: history(51) }), 400, INVALID_PARAMS);
    });
    // The documented limit, on whichever field the server refuses 51 items in: 50 there are accepted.
    const field = await findHistoryField(base);
    if (field !== undefined) {
      await pg.reply({ ...base, [field]: [] });
      await pg.reply({ ...base, [field]: history(50) });
      expectError(await pg.respond({ ...base, [field]: history(51) }), 400, INVALID_PARAMS);
    }
  });

  it('rejects previous messages that are not {role user|assistant, content string} [PLAYGROUND-HISTORY-FIELD]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true, writes: true });
    const session = await pg.session();
    const base = { project_uid: mainUid(), session_uid: session.session_uid, query: 'hello' };
    // The field's name and its items' shape are not shown: all of this is the fake's choice.
    for (const messages of [
      [{ role: 'system', content: 'be brief' }],
      [{ role: 'user', content: 42 }],
      [{ role: 'user' }],
      ['just text'],
      { role: 'user', content: 'not an array' },
    ]) {
      const res = await pg.respond({ ...base, messages });
      assumed('PLAYGROUND-HISTORY-FIELD', () => expectError(res, 400, INVALID_PARAMS));
    }
  });

  it('uses only the last chat_history_count previous messages as context [PLAYGROUND-HISTORY-CONTEXT]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], writes: true });
    // A fresh project whose knowledgebase holds two unrelated pages (provider state `knowledgebase documents`).
    const topics = [
      {
        doc_id: 'zebras',
        title: 'Zebra stripes',
        text: 'Zebra stripes confuse biting flies. Every zebra has a unique stripe pattern.',
      },
      {
        doc_id: 'quantum',
        title: 'Quantum entanglement',
        text: 'Quantum entanglement links particles. Entangled quantum particles share one state.',
      },
    ];
    const { project_uid } = await enterState(ctx, target(), 'knowledgebase documents', {
      documents: topics.map((d) => ({ ...d, url: `https://kb.example.com/${d.doc_id}`, kind: 'webpage' })),
    });
    const session = await pg.session(project_uid);
    const base = {
      project_uid,
      session_uid: session.session_uid,
      query: 'zebra',
      agent_setting: { temperature: 0 },
    };
    const previous = [
      { role: 'user', content: 'quantum entanglement of entangled quantum particles' },
      { role: 'assistant', content: 'Noted.' },
    ];
    const setCount = async (chat_history_count: number) =>
      expectSuccess(
        await target().call('updateProjectSettings', { body: { project_uid, chat_history_count } }),
        'updateProjectSettings',
      );

    // Which previous messages feed the answer, and how, is the fake's choice (and the field's name too).
    const alone = (await pg.reply(base)).message;
    await setCount(0);
    const none = (await pg.reply({ ...base, messages: previous })).message;
    assumed('PLAYGROUND-HISTORY-CONTEXT', () => expect(none).toBe(alone));
    await setCount(1);
    const last = (await pg.reply({ ...base, messages: previous })).message;
    assumed('PLAYGROUND-HISTORY-CONTEXT', () =>
      expect(last, 'the last message is the assistant one').toBe(alone),
    );
    await setCount(2);
    const both = (await pg.reply({ ...base, messages: previous })).message;
    assumed('PLAYGROUND-HISTORY-CONTEXT', () => expect(both).not.toBe(alone));
  });

  it('answers 404 Session not found for a session that is not a playground session of the project [PLAYGROUND-UNKNOWN-SESSION]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true, otherProjectUid: true, writes: true });
    const query = 'hello';
    expectError(
      await pg.respond({ project_uid: mainUid(), session_uid: 999_999_999_999, query }),
      404,
      'Session not found',
    );
    const widget = expectSuccess<Session[]>(
      await target().call('getSessions', { body: { project_uid: mainUid(), limit: 1 } }),
      'getSessions',
    ).data[0]!;
    expectError(
      await pg.respond({ project_uid: mainUid(), session_uid: widget.session_uid, query }),
      404,
      'Session not found',
    );
    const elsewhere = await pg.session(target().config.other_project_uid!);
    expectError(
      await pg.respond({ project_uid: mainUid(), session_uid: elsewhere.session_uid, query }),
      404,
      'Session not found',
    );
    await pg.reply({
      project_uid: target().config.other_project_uid!,
      session_uid: elsewhere.session_uid,
      query,
    });
  });

  it('is open to the viewer and editor tokens and to Debugging Read [AUTH-ACCESS-PLAYGROUNDAGENTRESPONSE, AUTH-ROLE-OR-PERMISSION, PLAYGROUND-SESSION-UID-ECHO]', async (ctx) => {
    need(ctx, target(), {
      tokens: ['owner', 'editor', 'viewer', 'fine_grained'],
      projectUid: true,
      writes: true,
    });
    const session = await pg.session();
    const body = {
      project_uid: mainUid(),
      session_uid: session.session_uid,
      query: 'Can I connect my bank?',
    };
    for (const token of ['editor', 'viewer', 'fine_grained'] as const) {
      // Answered (documented); that the answer names the session sent is the fake's.
      const { session_uid } = await pg.reply(body, { token });
      assumed('PLAYGROUND-SESSION-UID-ECHO', () => expect(session_uid, token).toBe(session.session_uid));
    }
  });
});
