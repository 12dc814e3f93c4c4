/**
 * createPlaygroundAgentSession and playgroundAgentResponse: shapes, input limits, per-call overrides, the saved
 * model, credits and access. Tests that watch credits or settings work in fresh organizations and projects made
 * through the control API, so that no other test's calls change what they measure.
 */
import { describe, expect, it } from 'vitest';
import type { PlaygroundSession, Session } from '../../contract/index.js';
import { expectError, expectRefused, expectSuccess } from '../support/envelope.js';
import { FORBIDDEN, INVALID_PARAMS } from '../support/messages.js';
import { type ModelEntry, supportedModels } from '../support/models.js';
import { assumed } from '../support/strength.js';
import { need, useTarget } from '../support/use-target.js';
import {
  createOrganizationVia,
  createProjectVia,
  createTokenVia,
  freshProjectVia,
  orgTokenVia,
  seededOrganization,
  unique,
} from '../support/world.js';
import type { Auth } from '../target/target.js';

const target = useTarget();

interface Reply {
  session_uid: number;
  message: string;
  response_time: number;
  total_credits: number;
}

const mainUid = () => target().config.project_uid!;

async function createSession(project_uid = mainUid(), auth?: Auth): Promise<PlaygroundSession> {
  const res = await target().call('createPlaygroundAgentSession', { body: { project_uid }, auth });
  return expectSuccess<PlaygroundSession>(res, 'createPlaygroundAgentSession').data;
}

const respond = (body: Record<string, unknown>, auth?: Auth) =>
  target().call('playgroundAgentResponse', { body, auth });

async function reply(body: Record<string, unknown>, auth?: Auth): Promise<Reply> {
  return expectSuccess<Reply>(await respond(body, auth), 'playgroundAgentResponse').data;
}

/** The supported models as the public list shows them (entries read wherever the server puts the list). */
const models = (auth?: Auth): Promise<ModelEntry[]> => supportedModels(target(), auth);

/**
 * Credits per playground call of each model, from the control API's price table: the spec documents that a call
 * deducts credits by model but shows no price, and a list entry's fields beyond `value` and `tier` are not shown.
 */
async function prices(): Promise<Map<string, number>> {
  return new Map((await target().control!.models()).map((m) => [m.value, m.credits_per_call]));
}

/** The price of `value` in `table`; a failed expectation when the control API has none for it. */
function priceOf(table: Map<string, number>, value: string): number {
  const price = table.get(value);
  expect(price, `the control API prices ${value}`).toBeTypeOf('number');
  return price as number;
}

/** `obj` has every field the spec shows (hard); that it has no other is the fake's choice (CONV-NO-EXTRA-FIELDS). */
function expectFields(obj: object, fields: string[]): void {
  expect(Object.keys(obj)).toEqual(expect.arrayContaining(fields));
  assumed('CONV-NO-EXTRA-FIELDS', () => expect(Object.keys(obj).sort()).toEqual([...fields].sort()));
}

/** `n` previous messages, alternately from the user and the assistant. */
const history = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    role: i % 2 === 0 ? 'user' : 'assistant',
    content: `message ${i}`,
  }));

/**
 * The name of the previous-messages field is not shown (PLAYGROUND-HISTORY-FIELD: the fake's is `messages`). The
 * names a server might use, tried in this order; the one it reads is the one that refuses 51 items (the documented
 * limit is 50), or none.
 */
const HISTORY_FIELD_CANDIDATES = ['messages', 'history', 'chat_history', 'previous_messages'] as const;

async function findHistoryField(base: Record<string, unknown>): Promise<string | undefined> {
  for (const field of HISTORY_FIELD_CANDIDATES) {
    const res = await respond({ ...base, [field]: history(51) });
    if (res.status >= 400 && res.status < 500) return field;
  }
  return undefined;
}

/** A fresh project in the seeded organization that the owner token can use. */
async function freshProject(label: string): Promise<string> {
  return (await freshProjectVia(target(), unique(label))).project_uid;
}

/** A fresh Advanced organization with `credits`, one project (its members: the owner) and its owner's token. */
async function freshOrganization(credits: number): Promise<{ id: number; auth: Auth; project_uid: string }> {
  const control = target().control!;
  const org = await createOrganizationVia(control, { plan: 'advanced', credits });
  const token = await orgTokenVia(control, org, { name: 'playground' });
  const project = await createProjectVia(control, org.organization_id, undefined, unique('Playground'));
  return { id: org.organization_id, auth: { bearer: token.value }, project_uid: project.project_uid };
}

const creditsOf = async (orgId: number) =>
  (await target().control!.get<{ credits: number }>(`/organizations/${orgId}`)).credits;

const savedSettings = async (project_uid: string) =>
  (await target().control!.get<{ settings: Record<string, unknown> }>(`/projects/${project_uid}`)).settings;

describe('createPlaygroundAgentSession', () => {
  it('creates an emulator session of the project [PLAYGROUND-CREATE-DATA, RES-PLAYGROUND-SESSION-SHAPE, PLAYGROUND-IS-EMULATOR-TRUE]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true, writes: true });
    const org = expectSuccess<{ OrganizationProjects: { id: number; project_uid: string }[] }>(
      await target().call('getOrganizationDetail', { body: {} }),
      'getOrganizationDetail',
    ).data;
    const projectId = org.OrganizationProjects.find((p) => p.project_uid === mainUid())!.id;
    const a = await createSession();
    const b = await createSession();
    for (const s of [a, b]) {
      expectFields(s, ['id', 'is_emulator', 'project_id', 'session_uid']);
      expect(s.project_id).toBe(projectId);
      expect(typeof s.is_emulator).toBe('boolean');
      assumed('PLAYGROUND-IS-EMULATOR-TRUE', () => expect(s.is_emulator).toBe(true));
      expect(Number.isInteger(s.session_uid)).toBe(true);
    }
    expect(a.session_uid).not.toBe(b.session_uid);
    expect(a.id).not.toBe(b.id);
  });

  it('requires project_uid [PLAYGROUND-CREATE-PROJECT-UID-REQUIRED]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    expectError(await target().call('createPlaygroundAgentSession', { body: {} }), 400, INVALID_PARAMS);
    expectError(
      await target().call('createPlaygroundAgentSession', { body: { project_uid: 7 } }),
      400,
      INVALID_PARAMS,
    );
  });

  it('is open to the owner and editor tokens, and to Conversation Write [AUTH-ACCESS-CREATEPLAYGROUNDAGENTSESSION]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner', 'editor'], projectUid: true, writes: true });
    await createSession(mainUid(), { token: 'editor' });
    const control = target().control;
    if (control) {
      const owner = await seededOrganization(target());
      const token = await createTokenVia(control, {
        organization_id: owner.organization_id,
        creator_user_id: owner.owner_user_id,
        name: 'conversation write only',
        permissions: [{ module: 'Conversation', action: 'Write' }],
      });
      await createSession(mainUid(), { bearer: token.value });
      const session = await createSession();
      const res = await respond(
        { project_uid: mainUid(), session_uid: session.session_uid, query: 'hello' },
        { bearer: token.value },
      );
      expectError(res, 403, FORBIDDEN);
    }
  });

  it('refuses the viewer token and a token without Conversation Write [AUTH-ACCESS-CREATEPLAYGROUNDAGENTSESSION, AUTH-ROLE-VIEWER-READ-ONLY]', async (ctx) => {
    need(ctx, target(), { tokens: ['viewer', 'fine_grained'], projectUid: true });
    for (const token of ['viewer', 'fine_grained'] as const) {
      const res = await target().call('createPlaygroundAgentSession', {
        body: { project_uid: mainUid() },
        auth: { token },
      });
      expectError(res, 403, FORBIDDEN);
    }
  });
});

describe('playgroundAgentResponse', () => {
  it('answers {session_uid, message, response_time, total_credits} for the session sent [PLAYGROUND-RESPONSE-SHAPE, PLAYGROUND-SESSION-UID-ECHO, PLAYGROUND-RESPONSE-TIME]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true, writes: true });
    const session = await createSession();
    const r = await reply({
      project_uid: mainUid(),
      session_uid: session.session_uid,
      query: 'How do I enable two-factor authentication?',
    });
    expectFields(r, ['message', 'response_time', 'session_uid', 'total_credits']);
    assumed('PLAYGROUND-SESSION-UID-ECHO', () => expect(r.session_uid).toBe(session.session_uid));
    expect(r.message.length).toBeGreaterThan(0);
    assumed('PLAYGROUND-RESPONSE-TIME', () => {
      expect(r.response_time).toBeGreaterThan(0);
      expect(r.response_time).toBeLessThan(600);
    });
    assumed('PLAYGROUND-TOTAL-CREDITS', () => expect(r.total_credits).toBeGreaterThan(0));
  });

  it('requires project_uid, session_uid and query [PLAYGROUND-RESPONSE-REQUIRED]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true, writes: true });
    const session = await createSession();
    const full = { project_uid: mainUid(), session_uid: session.session_uid, query: 'hello' };
    for (const key of ['project_uid', 'session_uid', 'query'] as const) {
      const { [key]: _dropped, ...body } = full;
      expectError(await respond(body), 400, INVALID_PARAMS);
    }
    expectError(await respond({ ...full, query: 42 }), 400, INVALID_PARAMS);
    expectError(await respond({ ...full, session_uid: 'abc' }), 400, INVALID_PARAMS);
  });

  it('accepts a 5000-character query and rejects 5001 [PLAYGROUND-QUERY-MAX-5000]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true, writes: true });
    const session = await createSession();
    const base = { project_uid: mainUid(), session_uid: session.session_uid };
    const query = 'refund '.repeat(800).slice(0, 5000);
    expect(query).toHaveLength(5000);
    await reply({ ...base, query });
    expectError(await respond({ ...base, query: `${query}x` }), 400, INVALID_PARAMS);
  });

  it('rejects an empty query [PLAYGROUND-QUERY-NONEMPTY]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true, writes: true });
    const session = await createSession();
    expectError(
      await respond({ project_uid: mainUid(), session_uid: session.session_uid, query: '' }),
      400,
      INVALID_PARAMS,
    );
  });

  it('accepts 50 previous messages and rejects 51 [PLAYGROUND-HISTORY-MAX-50, PLAYGROUND-HISTORY-FIELD]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true, writes: true });
    const session = await createSession();
    const base = { project_uid: mainUid(), session_uid: session.session_uid, query: 'And for annual plans?' };
    // The fake's field name (PLAYGROUND-HISTORY-FIELD).
    await assumed('PLAYGROUND-HISTORY-FIELD', async () => {
      await reply({ ...base, messages: [] });
      await reply({ ...base, messages: history(50) });
      expectError(await respond({ ...base, messages: history(51) }), 400, INVALID_PARAMS);
    });
    // The documented limit, on whichever field the server refuses 51 items in: 50 there are accepted.
    const field = await findHistoryField(base);
    if (field !== undefined) {
      await reply({ ...base, [field]: [] });
      await reply({ ...base, [field]: history(50) });
      expectError(await respond({ ...base, [field]: history(51) }), 400, INVALID_PARAMS);
    }
  });

  it('rejects previous messages that are not {role user|assistant, content string} [PLAYGROUND-HISTORY-FIELD]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true, writes: true });
    const session = await createSession();
    const base = { project_uid: mainUid(), session_uid: session.session_uid, query: 'hello' };
    // The field's name and its items' shape are not shown: all of this is the fake's choice.
    for (const messages of [
      [{ role: 'system', content: 'be brief' }],
      [{ role: 'user', content: 42 }],
      [{ role: 'user' }],
      ['just text'],
      { role: 'user', content: 'not an array' },
    ]) {
      const res = await respond({ ...base, messages });
      assumed('PLAYGROUND-HISTORY-FIELD', () => expectError(res, 400, INVALID_PARAMS));
    }
  });

  it('uses only the last chat_history_count previous messages as context [PLAYGROUND-HISTORY-CONTEXT]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], control: true, writes: true });
    const project_uid = await freshProject('History');
    const documents = [
      {
        docId: 'zebras',
        title: 'Zebra stripes',
        text: 'Zebra stripes confuse biting flies. Every zebra has a unique stripe pattern.',
      },
      {
        docId: 'quantum',
        title: 'Quantum entanglement',
        text: 'Quantum entanglement links particles. Entangled quantum particles share one state.',
      },
    ];
    for (const d of documents) {
      await target().control!.post(`/projects/${project_uid}/documents`, {
        ...d,
        url: `https://kb.example.com/${d.docId}`,
        kind: 'webpage',
      });
    }
    const session = await createSession(project_uid);
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
    const alone = (await reply(base)).message;
    await setCount(0);
    const none = (await reply({ ...base, messages: previous })).message;
    assumed('PLAYGROUND-HISTORY-CONTEXT', () => expect(none).toBe(alone));
    await setCount(1);
    const last = (await reply({ ...base, messages: previous })).message;
    assumed('PLAYGROUND-HISTORY-CONTEXT', () =>
      expect(last, 'the last message is the assistant one').toBe(alone),
    );
    await setCount(2);
    const both = (await reply({ ...base, messages: previous })).message;
    assumed('PLAYGROUND-HISTORY-CONTEXT', () => expect(both).not.toBe(alone));
  });

  it("overrides settings for the call only and leaves the project's saved configuration unchanged [PLAYGROUND-AGENT-SETTING-OVERRIDE, PLAYGROUND-AGENT-SETTING-NOT-SAVED]", async (ctx) => {
    need(ctx, target(), { control: true, writes: true });
    // A fresh organization: its balance moves only with this test's calls, so what a call deducts shows the model
    // it ran on (PLAYGROUND-CREDITS-BY-MODEL).
    const org = await freshOrganization(10_000);
    const before = await savedSettings(org.project_uid);
    const table = await prices();
    const savedPrice = priceOf(table, String(before.model));
    const other = (await models(org.auth)).find(
      (m) => m.value !== before.model && table.has(m.value) && table.get(m.value) !== savedPrice,
    );
    expect(other, 'a listed model priced differently from the saved one').toBeDefined();
    const otherPrice = priceOf(table, other!.value);
    const session = await createSession(org.project_uid, org.auth);
    const base = {
      project_uid: org.project_uid,
      session_uid: session.session_uid,
      query: 'How do I get a refund?',
    };
    const billed = async (body: Record<string, unknown>) => {
      const balance = await creditsOf(org.id);
      const r = await reply(body, org.auth);
      return { r, spent: balance - (await creditsOf(org.id)) };
    };
    const overridden = await billed({
      ...base,
      agent_setting: {
        model: other!.value,
        system_prompt: 'Answer like a pirate.',
        temperature: 1.9,
        max_nodes: 2,
      },
    });
    expect(overridden.spent, 'the override model was billed').toBeCloseTo(otherPrice, 6);
    assumed('PLAYGROUND-TOTAL-CREDITS', () => expect(overridden.r.total_credits).toBe(otherPrice));
    expect(await savedSettings(org.project_uid)).toEqual(before);
    const plain = await billed(base);
    expect(plain.spent, 'the next call is back on the saved model').toBeCloseTo(savedPrice, 6);
    assumed('PLAYGROUND-TOTAL-CREDITS', () => expect(plain.r.total_credits).toBe(savedPrice));
  });

  it("uses (and bills) the project's saved model when agent_setting.model is omitted [PLAYGROUND-MODEL-DEFAULT-SAVED, PLAYGROUND-CREDITS-BY-MODEL]", async (ctx) => {
    need(ctx, target(), { control: true, writes: true });
    const org = await freshOrganization(10_000);
    const project_uid = org.project_uid;
    const table = await prices();
    const list = (await models(org.auth))
      .filter((m) => table.has(m.value))
      .sort((a, b) => priceOf(table, a.value) - priceOf(table, b.value));
    const cheap = list[0]!;
    const dear = list.at(-1)!;
    expect(priceOf(table, dear.value)).toBeGreaterThan(priceOf(table, cheap.value));
    const session = await createSession(project_uid, org.auth);
    for (const model of [dear, cheap]) {
      expectSuccess(
        await target().call('updateProjectSettings', {
          body: { project_uid, model: model.value },
          auth: org.auth,
        }),
        'updateProjectSettings',
      );
      const price = priceOf(table, model.value);
      const base = { project_uid, session_uid: session.session_uid, query: 'What does it cost?' };
      for (const body of [base, { ...base, agent_setting: { temperature: 0.2 } }]) {
        const balance = await creditsOf(org.id);
        const r = await reply(body, org.auth);
        expect(balance - (await creditsOf(org.id)), model.value).toBeCloseTo(price, 6);
        assumed('PLAYGROUND-TOTAL-CREDITS', () => expect(r.total_credits, model.value).toBe(price));
      }
    }
  });

  it('rejects an agent_setting.model that is not in the supported list [PLAYGROUND-AGENT-SETTING-MODEL-IN-LIST]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true, writes: true });
    const session = await createSession();
    const base = { project_uid: mainUid(), session_uid: session.session_uid, query: 'hello' };
    for (const model of ['gpt-nonexistent', 'GPT-4O-MINI']) {
      expectError(
        await respond({ ...base, agent_setting: { model } }),
        400,
        `Invalid model '${model}'. Model not found in available models list.`,
      );
    }
  });

  it('takes agent_setting.temperature from 0 to 2 and accepts other agent_setting fields [PLAYGROUND-AGENT-SETTING-TEMPERATURE-RANGE]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true, writes: true });
    const session = await createSession();
    const base = {
      project_uid: mainUid(),
      session_uid: session.session_uid,
      query: 'How do I export my data?',
    };
    for (const temperature of [0, 2, 1.25]) await reply({ ...base, agent_setting: { temperature } });
    for (const temperature of [-0.1, 2.01, '1']) {
      expectError(await respond({ ...base, agent_setting: { temperature } }), 400, INVALID_PARAMS);
    }
    await reply({ ...base, agent_setting: { max_nodes: 3, mode: 'agent', unknown_knob: true } });
    expectError(await respond({ ...base, agent_setting: 'gpt-4o' }), 400, INVALID_PARAMS);
  });

  it('answers 404 Session not found for a session that is not a playground session of the project [PLAYGROUND-UNKNOWN-SESSION]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true, otherProjectUid: true, writes: true });
    const query = 'hello';
    expectError(
      await respond({ project_uid: mainUid(), session_uid: 999_999_999_999, query }),
      404,
      'Session not found',
    );
    const widget = expectSuccess<Session[]>(
      await target().call('getSessions', { body: { project_uid: mainUid(), limit: 1 } }),
      'getSessions',
    ).data[0]!;
    expectError(
      await respond({ project_uid: mainUid(), session_uid: widget.session_uid, query }),
      404,
      'Session not found',
    );
    const elsewhere = await createSession(target().config.other_project_uid!);
    expectError(
      await respond({ project_uid: mainUid(), session_uid: elsewhere.session_uid, query }),
      404,
      'Session not found',
    );
    await reply({
      project_uid: target().config.other_project_uid!,
      session_uid: elsewhere.session_uid,
      query,
    });
  });

  it('deducts from the balance, per model, exactly total_credits [PLAYGROUND-CREDITS-BY-MODEL, PLAYGROUND-TOTAL-CREDITS]', async (ctx) => {
    need(ctx, target(), { control: true, writes: true });
    const org = await freshOrganization(1000);
    const session = await createSession(org.project_uid, org.auth);
    const table = await prices();
    const charged = new Map<string, number>();
    for (const model of await models(org.auth)) {
      const price = priceOf(table, model.value);
      const before = await creditsOf(org.id);
      const r = await reply(
        {
          project_uid: org.project_uid,
          session_uid: session.session_uid,
          query: 'How do refunds work?',
          agent_setting: { model: model.value },
        },
        org.auth,
      );
      const after = await creditsOf(org.id);
      expect(before - after, model.value).toBeCloseTo(price, 6);
      // What total_credits means is the fake's choice: the credits this call deducted.
      assumed('PLAYGROUND-TOTAL-CREDITS', () => {
        expect(r.total_credits, model.value).toBeGreaterThan(0);
        expect(before - after, model.value).toBeCloseTo(r.total_credits, 6);
        expect(r.total_credits, model.value).toBe(price);
      });
      charged.set(model.value, before - after);
    }
    expect(new Set(charged.values()).size, 'models are priced differently').toBeGreaterThan(1);
  });

  it('answers 402 Insufficient credits and deducts nothing when the balance is short [CREDITS-EXHAUSTED]', async (ctx) => {
    need(ctx, target(), { control: true, writes: true });
    const org = await freshOrganization(1000);
    const control = target().control!;
    const session = await createSession(org.project_uid, org.auth);
    const table = await prices();
    const dear = (await models(org.auth))
      .filter((m) => table.has(m.value))
      .sort((a, b) => priceOf(table, b.value) - priceOf(table, a.value))[0]!;
    const dearPrice = priceOf(table, dear.value);
    const body = {
      project_uid: org.project_uid,
      session_uid: session.session_uid,
      query: 'hello',
      agent_setting: { model: dear.value },
    };

    await control.post(`/organizations/${org.id}/credits`, { credits: 0 });
    expectError(await respond(body, org.auth), 402, 'Insufficient credits');
    expect(await creditsOf(org.id)).toBe(0);

    await control.post(`/organizations/${org.id}/credits`, { credits: dearPrice - 0.5 });
    expectError(await respond(body, org.auth), 402, 'Insufficient credits');
    expect(await creditsOf(org.id)).toBe(dearPrice - 0.5);

    await control.post(`/organizations/${org.id}/credits`, { credits: dearPrice });
    const paid = await reply(body, org.auth);
    assumed('PLAYGROUND-TOTAL-CREDITS', () => expect(paid.total_credits).toBe(dearPrice));
    expect(await creditsOf(org.id)).toBe(0);
  });

  it('an invalid call deducts nothing [CREDITS-EXHAUSTED, PLAYGROUND-AGENT-SETTING-MODEL-IN-LIST]', async (ctx) => {
    need(ctx, target(), { control: true, writes: true });
    const org = await freshOrganization(50);
    const session = await createSession(org.project_uid, org.auth);
    const base = { project_uid: org.project_uid, session_uid: session.session_uid, query: 'hello' };
    expectError(await respond({ ...base, agent_setting: { model: 'no-such-model' } }, org.auth), 400);
    expectError(await respond({ ...base, query: '' }, org.auth), 400);
    const unknown = await respond({ ...base, session_uid: 999_999_999_999 }, org.auth);
    expectRefused(unknown);
    assumed('PLAYGROUND-UNKNOWN-SESSION', () => {
      expect(unknown.status).toBe(404);
      expect((unknown.json as { message?: unknown }).message).toBe('Session not found');
    });
    expect(await creditsOf(org.id)).toBe(50);
  });

  it('is open to the viewer and editor tokens and to Debugging Read [AUTH-ACCESS-PLAYGROUNDAGENTRESPONSE, AUTH-ROLE-OR-PERMISSION]', async (ctx) => {
    need(ctx, target(), {
      tokens: ['owner', 'editor', 'viewer', 'fine_grained'],
      projectUid: true,
      writes: true,
    });
    const session = await createSession();
    const body = {
      project_uid: mainUid(),
      session_uid: session.session_uid,
      query: 'Can I connect my bank?',
    };
    for (const token of ['editor', 'viewer', 'fine_grained'] as const) {
      expect((await reply(body, { token })).session_uid, token).toBe(session.session_uid);
    }
  });
});
