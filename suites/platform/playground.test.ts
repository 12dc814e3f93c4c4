/**
 * createPlaygroundAgentSession and playgroundAgentResponse: shapes, input limits, per-call overrides, the saved
 * model, credits and access. Tests that watch credits or settings work in fresh organizations and projects made
 * through the control API, so that no other test's calls change what they measure.
 */
import { describe, expect, it } from 'vitest';
import type { PlaygroundSession, Session, SupportedModel } from '../../contract/index.js';
import { expectError, expectSuccess } from '../support/envelope.js';
import { FORBIDDEN, INVALID_PARAMS } from '../support/messages.js';
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

interface ModelEntry extends SupportedModel {
  credits_per_call: number;
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

async function models(auth?: Auth): Promise<ModelEntry[]> {
  const res = await target().call('getSupportedModels', { body: {}, auth });
  return expectSuccess<ModelEntry[]>(res, 'getSupportedModels').data;
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
      expect(Object.keys(s).sort()).toEqual(['id', 'is_emulator', 'project_id', 'session_uid']);
      expect(s.project_id).toBe(projectId);
      expect(s.is_emulator).toBe(true);
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
    expect(Object.keys(r).sort()).toEqual(['message', 'response_time', 'session_uid', 'total_credits']);
    expect(r.session_uid).toBe(session.session_uid);
    expect(r.message.length).toBeGreaterThan(0);
    expect(r.response_time).toBeGreaterThan(0);
    expect(r.response_time).toBeLessThan(600);
    expect(r.total_credits).toBeGreaterThan(0);
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
    const history = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        role: i % 2 === 0 ? 'user' : 'assistant',
        content: `message ${i}`,
      }));
    await reply({ ...base, messages: [] });
    await reply({ ...base, messages: history(50) });
    expectError(await respond({ ...base, messages: history(51) }), 400, INVALID_PARAMS);
  });

  it('rejects previous messages that are not {role user|assistant, content string} [PLAYGROUND-HISTORY-FIELD]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true, writes: true });
    const session = await createSession();
    const base = { project_uid: mainUid(), session_uid: session.session_uid, query: 'hello' };
    for (const messages of [
      [{ role: 'system', content: 'be brief' }],
      [{ role: 'user', content: 42 }],
      [{ role: 'user' }],
      ['just text'],
      { role: 'user', content: 'not an array' },
    ]) {
      expectError(await respond({ ...base, messages }), 400, INVALID_PARAMS);
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
    const history = [
      { role: 'user', content: 'quantum entanglement of entangled quantum particles' },
      { role: 'assistant', content: 'Noted.' },
    ];
    const setCount = async (chat_history_count: number) =>
      expectSuccess(
        await target().call('updateProjectSettings', { body: { project_uid, chat_history_count } }),
        'updateProjectSettings',
      );

    const alone = (await reply(base)).message;
    await setCount(0);
    expect((await reply({ ...base, messages: history })).message).toBe(alone);
    await setCount(1);
    expect(
      (await reply({ ...base, messages: history })).message,
      'the last message is the assistant one',
    ).toBe(alone);
    await setCount(2);
    expect((await reply({ ...base, messages: history })).message).not.toBe(alone);
  });

  it("overrides settings for the call only and leaves the project's saved configuration unchanged [PLAYGROUND-AGENT-SETTING-OVERRIDE, PLAYGROUND-AGENT-SETTING-NOT-SAVED]", async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true, control: true, writes: true });
    const before = await savedSettings(mainUid());
    const list = await models();
    const saved = list.find((m) => m.value === before.model)!;
    const other = list.find((m) => m.value !== saved.value && m.credits_per_call !== saved.credits_per_call)!;
    expect(other, 'a model priced differently from the saved one').toBeDefined();
    const session = await createSession();
    const base = {
      project_uid: mainUid(),
      session_uid: session.session_uid,
      query: 'How do I get a refund?',
    };
    const overridden = await reply({
      ...base,
      agent_setting: {
        model: other.value,
        system_prompt: 'Answer like a pirate.',
        temperature: 1.9,
        max_nodes: 2,
      },
    });
    expect(overridden.total_credits, 'the override model was billed').toBe(other.credits_per_call);
    expect(await savedSettings(mainUid())).toEqual(before);
    const plain = await reply(base);
    expect(plain.total_credits, 'the next call is back on the saved model').toBe(saved.credits_per_call);
  });

  it("uses (and bills) the project's saved model when agent_setting.model is omitted [PLAYGROUND-MODEL-DEFAULT-SAVED, PLAYGROUND-CREDITS-BY-MODEL]", async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], control: true, writes: true });
    const project_uid = await freshProject('Saved model');
    const list = [...(await models())].sort((a, b) => a.credits_per_call - b.credits_per_call);
    const cheap = list[0]!;
    const dear = list.at(-1)!;
    expect(dear.credits_per_call).toBeGreaterThan(cheap.credits_per_call);
    const session = await createSession(project_uid);
    for (const model of [dear, cheap]) {
      expectSuccess(
        await target().call('updateProjectSettings', { body: { project_uid, model: model.value } }),
        'updateProjectSettings',
      );
      const base = { project_uid, session_uid: session.session_uid, query: 'What does it cost?' };
      expect((await reply(base)).total_credits, model.value).toBe(model.credits_per_call);
      expect((await reply({ ...base, agent_setting: { temperature: 0.2 } })).total_credits, model.value).toBe(
        model.credits_per_call,
      );
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
    const charged = new Map<string, number>();
    for (const model of await models(org.auth)) {
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
      expect(r.total_credits, model.value).toBeGreaterThan(0);
      expect(before - after, model.value).toBeCloseTo(r.total_credits, 6);
      expect(r.total_credits, model.value).toBe(model.credits_per_call);
      charged.set(model.value, r.total_credits);
    }
    expect(new Set(charged.values()).size, 'models are priced differently').toBeGreaterThan(1);
  });

  it('answers 402 Insufficient credits and deducts nothing when the balance is short [CREDITS-EXHAUSTED]', async (ctx) => {
    need(ctx, target(), { control: true, writes: true });
    const org = await freshOrganization(1000);
    const control = target().control!;
    const session = await createSession(org.project_uid, org.auth);
    const dear = [...(await models(org.auth))].sort((a, b) => b.credits_per_call - a.credits_per_call)[0]!;
    const body = {
      project_uid: org.project_uid,
      session_uid: session.session_uid,
      query: 'hello',
      agent_setting: { model: dear.value },
    };

    await control.post(`/organizations/${org.id}/credits`, { credits: 0 });
    expectError(await respond(body, org.auth), 402, 'Insufficient credits');
    expect(await creditsOf(org.id)).toBe(0);

    await control.post(`/organizations/${org.id}/credits`, { credits: dear.credits_per_call - 0.5 });
    expectError(await respond(body, org.auth), 402, 'Insufficient credits');
    expect(await creditsOf(org.id)).toBe(dear.credits_per_call - 0.5);

    await control.post(`/organizations/${org.id}/credits`, { credits: dear.credits_per_call });
    expect((await reply(body, org.auth)).total_credits).toBe(dear.credits_per_call);
    expect(await creditsOf(org.id)).toBe(0);
  });

  it('an invalid call deducts nothing [CREDITS-EXHAUSTED, PLAYGROUND-AGENT-SETTING-MODEL-IN-LIST]', async (ctx) => {
    need(ctx, target(), { control: true, writes: true });
    const org = await freshOrganization(50);
    const session = await createSession(org.project_uid, org.auth);
    const base = { project_uid: org.project_uid, session_uid: session.session_uid, query: 'hello' };
    expectError(await respond({ ...base, agent_setting: { model: 'no-such-model' } }, org.auth), 400);
    expectError(await respond({ ...base, query: '' }, org.auth), 400);
    expectError(await respond({ ...base, session_uid: 999_999_999_999 }, org.auth), 404);
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
