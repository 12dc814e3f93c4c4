/**
 * The control API's one description (contract/control/) against the real fake: the typed client drives every
 * route of the table through the fake's Koa app (supertest, no port) and checks each answer against its route's data
 * schema, so a view that drifts from the contract fails here; the table lists exactly the routes the fake's control
 * router has; and an answer that does not match rejects with an error naming the route.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { controlRouter } from '../../fake-server/control/router.js';
import { createFakeServer, DEFAULT_ADMIN_SECRET } from '../../fake-server/index.js';
import {
  ControlContractError,
  type ControlExchange,
  type ControlMethod,
  type ControlRouteId,
  controlApi,
  createControlApi,
  readControlAnswer,
  tokenLifecycleActions,
} from './index.js';

const PREFIX = '/_control';

/** A fake and the typed client over supertest, recording every control request it sends. */
function typedControl() {
  const fake = createFakeServer({ onUnexpectedError: () => {} });
  const agent = request(fake.app.callback());
  const sent: { method: ControlMethod; path: string }[] = [];
  const exchange: ControlExchange = async (method, path, body, options) => {
    sent.push({ method, path });
    const url = `${PREFIX}${path}`;
    const base =
      method === 'GET'
        ? agent.get(url)
        : method === 'POST'
          ? agent.post(url)
          : method === 'PUT'
            ? agent.put(url)
            : agent.delete(url);
    const req = base.set('x-control-secret', DEFAULT_ADMIN_SECRET);
    const res = await (options?.text !== undefined
      ? req.set('content-type', 'application/json').send(options.text)
      : body !== undefined
        ? req.send(body as object)
        : req);
    if (options?.textAnswer && res.status === 200) return res.text;
    const answer = readControlAnswer(res.status, res.text);
    if (!answer.ok) throw new Error(`control ${method} ${path} → ${res.status} ${answer.message}`);
    return answer.data;
  };
  const config = fake.targetConfig('http://127.0.0.1:4010');
  return { fake, agent, config, sent, api: createControlApi(exchange) };
}

/** The route of the table that a sent request reached. */
function routeOf(method: string, path: string): ControlRouteId | undefined {
  const bare = path.split('?')[0]!;
  return (Object.keys(controlApi) as ControlRouteId[]).find((id) => {
    const route = controlApi[id];
    const pattern = new RegExp(`^${route.path.replace(/:[A-Za-z]+/g, '[^/]+')}$`);
    return route.method === method && pattern.test(bare);
  });
}

describe('the control API of contract/control/ against the fake [FAKE-CONTROL-SEEDING]', () => {
  it('every route answers data its schema accepts, through the typed client [FAKE-CONTROL-SEEDING, FAKE-REQUEST-JOURNAL, FAKE-MODEL-SCRIPT, FAKE-FAULT-INJECTION, FAKE-RATE-WINDOW-CONTROL, FAKE-CONSISTENCY-CHECK, FAKE-STATE-SNAPSHOT]', async () => {
    const { api, agent, sent } = typedControl();
    // A reset with another seed: new tokens, so the target config it answers is the one to use.
    const config = await api.reset({ seed: 7, clock_mode: 'frozen' });
    const reset = config;
    const owner = { authorization: `Bearer ${config.tokens.owner}` };
    expect(reset.kind).toBe('fake');
    expect((await api.target()).base_url).toBe(reset.base_url);

    // The clock.
    const now = await api.clock();
    const advanced = await api.advance({ minutes: 1 });
    expect(Date.parse(advanced) - Date.parse(now)).toBe(60_000);
    expect(await api.setClock(new Date(Date.parse(advanced) + 1000))).toBe(
      new Date(Date.parse(advanced) + 1000).toISOString(),
    );

    // Users, organizations, members.
    const org = await api.createOrganization({
      name: 'Contract org',
      owner: { name: 'Owner', email: 'Contract-Owner@Example.com' },
    });
    expect(org.owner.email).toBe('contract-owner@example.com');
    expect((await api.organization(org.id)).plan).toBe('advanced');
    expect(await api.setPlan(org.id, { plan: 'enterprise', rag_cap_per_hour: 500 })).toEqual({
      id: org.id,
      plan: 'enterprise',
      rag_cap_per_hour: 500,
    });
    expect((await api.organization(org.id)).ragCapPerHour).toBe(500);
    expect((await api.setCredits(org.id, { credits: 123 })).credits).toBe(123);
    const user = await api.createUser({ name: 'Editor', email: 'contract-editor@example.com' });
    expect((await api.addMember(org.id, { user_id: user.id, role: 'editor' })).role).toBe('editor');
    expect((await api.changeRole(org.id, user.id, { role: 'viewer' })).role).toBe('viewer');

    // Projects, keys, documents, bulk seeding.
    const project = await api.createProject({ organization_id: org.id, name: 'Contract project' });
    const uid = project.project_uid;
    expect((await api.project(uid)).members).toEqual(project.members);
    expect((await api.addProjectMember(uid, { user_id: user.id })).members).toContainEqual({
      user_id: user.id,
      role: 'editor',
    });
    expect((await api.removeProjectMember(uid, user.id)).members).not.toContainEqual(
      expect.objectContaining({ user_id: user.id }),
    );
    await api.removeMember(org.id, user.id);
    const key = await api.createKey(uid);
    expect((await api.project(uid)).project_keys).toContain(key.value);
    const documents = await api.addDocument(uid, {
      docId: 'doc-contract',
      title: 'Contract',
      text: 'The control API is described once.',
    });
    expect(documents).toEqual([{ docId: 'doc-contract', title: 'Contract', kind: 'file', url: '' }]);
    await api.removeDocument(uid, 'doc-contract');
    const seeded = await api.bulkSeed(uid, { sessions: 3, messages_per_session: 4, chunks: 20, days: 2 });
    expect(seeded).toMatchObject({ sessions: 3, messages: 12, execution_logs: 6 });
    expect((await api.project(uid)).documents.length).toBe(seeded.documents);

    // Scripted replies.
    const queue = await api.scriptReplies(uid, {
      replies: [
        { kind: 'text', text: 'Scripted.', cut: { after_events: 2 } },
        { kind: 'tool_call', calls: [{ name: 'lookup' }] },
        { kind: 'error', status: 503, retry_after: 1 },
      ],
    });
    expect(queue.map((r) => r.kind)).toEqual(['text', 'tool_call', 'error']);
    expect(await api.scriptedReplies(uid)).toEqual(queue);
    expect(await api.clearReplies(uid)).toBe(3);

    // Tokens and their lifecycle.
    const token = await api.createToken({
      organization_id: org.id,
      creator_user_id: org.owner.id,
      role: 'owner',
      scope_type: 'selected',
      project_uids: [uid],
      expiration: 'custom',
      expires_at: new Date(Date.parse(advanced) + 86_400_000).toISOString(),
    });
    expect(token.project_ids).toEqual([project.id]);
    expect(await api.token(token.id)).toEqual(token);
    expect((await api.tokens()).map((t) => t.id)).toContain(token.id);
    for (const action of tokenLifecycleActions)
      expect((await api.tokenAction(token.id, action)).id).toBe(token.id);

    // The public API: an invitation (the outbox), a rated message, counts and journal entries.
    const invite = await agent
      .post('/org/api/v1/inviteOrganizationMember')
      .set(owner)
      .send({ email: 'contract-invitee@example.com', role: 'viewer' });
    expect(invite.status).toBe(200);
    const sessions = await agent
      .post('/api/v1/getSessions')
      .set(owner)
      .type('form')
      .send({ project_uid: config.project_uid!, limit: 20 });
    let assistantMessage: number | undefined;
    for (const s of sessions.body.data as { session_uid: number }[]) {
      const messages = await agent
        .post('/api/v1/getSessionMessages')
        .set(owner)
        .type('form')
        .send({ project_uid: config.project_uid!, session_uid: s.session_uid });
      assistantMessage ??= (messages.body.data as { id: number; send_by: string }[]).find(
        (m) => m.send_by === 'assistant',
      )?.id;
    }
    expect(assistantMessage, 'a seeded assistant message').toBeDefined();
    expect(await api.rateMessage(assistantMessage!, { rate: 'like' })).toEqual({
      id: assistantMessage,
      rate: 'like',
    });
    const outbox = await api.outbox();
    expect(outbox.map((m) => m.to)).toContain('contract-invitee@example.com');
    const journal = await api.journal();
    expect(journal.map((e) => e.operation)).toContain('inviteOrganizationMember');
    await api.clearJournal();
    expect(await api.journal()).toEqual([]);

    // Models.
    const models = await api.models();
    expect(models.length).toBeGreaterThan(0);
    expect(
      (await api.upsertModel({ value: 'contract-model', provider: 'openai' })).map((m) => m.value),
    ).toContain('contract-model');
    expect(await api.removeModel('contract-model')).toEqual(models);

    // Rate limits.
    expect(Object.keys((await api.rateLimits()).counters).length).toBeGreaterThan(0);
    expect((await api.setRateWindow({ ms: 60_000, mode: 'sliding' })).mode).toBe('sliding');
    expect((await api.resetRateLimits()).counters).toEqual({});
    // One organization's counts and the organization itself, nobody else's (FAKE-SHARED-FAKE).
    const spare = await api.createOrganization({
      name: 'Spare org',
      owner: { name: 'Spare', email: 'spare@example.com' },
    });
    expect(await api.resetOrganizationRateLimits(spare.id)).toBe(0);
    await api.deleteOrganization(spare.id);

    // Faults.
    const rule = await api.addFault({ operation: 'getMyProjects', error: { status: 503 }, next: 1 });
    expect(rule).toMatchObject({ operation: 'getMyProjects', rate: 1, matched: 0, fired: 0 });
    expect(await api.faults()).toEqual([rule]);
    expect(await api.removeFault(rule.id)).toEqual(rule);
    await api.addFault({ latency_ms: 0 });
    expect(await api.clearFaults()).toBe(1);

    // Consistency, and the state snapshot out and back in.
    expect((await api.consistency({ max: 5 })).consistent).toBe(true);
    expect((await api.consistency()).violationCount).toBe(0);
    const snapshot = await api.exportState();
    expect((await api.importState(snapshot)).kind).toBe('fake');
    expect((await api.project(uid)).project_uid).toBe(uid);

    // Every route of the table was driven (and so checked against its schema).
    const reached = new Set(sent.map((s) => routeOf(s.method, s.path)));
    expect((Object.keys(controlApi) as ControlRouteId[]).filter((id) => !reached.has(id))).toEqual([]);
  });

  it('every read route answers what its schema accepts on the seeded fake [FAKE-CONTROL-SEEDING, FAKE-DETERMINISTIC-SEED]', async () => {
    const { api, config } = typedControl();
    const tokens = await api.tokens();
    const owner = tokens.find((t) => t.value === config.tokens.owner)!;
    expect(owner.state).toBe('active');
    const project = await api.project(config.project_uid!);
    expect(project.widget_uid).toBe(config.widget_uid);
    expect(project.documents.length).toBeGreaterThan(0);
    expect((await api.organization(project.organization_id)).id).toBe(project.organization_id);
    expect(await api.token(owner.id)).toEqual(owner);
    expect(await api.scriptedReplies(project.project_uid)).toEqual([]);
    expect(Array.isArray(await api.models())).toBe(true);
    expect(Array.isArray(await api.outbox())).toBe(true);
    expect(Array.isArray(await api.journal())).toBe(true);
    expect((await api.rateLimits()).window_ms).toBeGreaterThan(0);
    expect(await api.faults()).toEqual([]);
    expect((await api.consistency()).consistent).toBe(true);
    expect(await api.clock()).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await api.target()).control?.url).toBe(config.control?.url);
    expect((await api.exportState()).length).toBeGreaterThan(0);
  });
});

describe('the control route table [FAKE-CONTROL-SECRET]', () => {
  it('lists exactly the routes of the fake control router, method and path [FAKE-CONTROL-SECRET]', () => {
    const fake = createFakeServer({ onUnexpectedError: () => {} });
    const router = controlRouter(fake.runtime, { prefix: '', secret: 's', describe: () => ({}) });
    const served = new Set(
      router.stack.flatMap((layer) =>
        layer.methods.filter((m) => m !== 'HEAD').map((m) => `${m} ${String(layer.path)}`),
      ),
    );
    const described = new Set(
      Object.values(controlApi).flatMap((route) =>
        route.path.includes(':action')
          ? tokenLifecycleActions.map((a) => `${route.method} ${route.path.replace(':action', a)}`)
          : [`${route.method} ${route.path}`],
      ),
    );
    expect([...served].sort()).toEqual([...described].sort());
  });

  it('an answer that does not match its route schema rejects with an error naming the route [FAKE-CONTROL-SECRET]', async () => {
    const api = createControlApi(async (method, path) =>
      method === 'GET' && path === '/projects/p1' ? { id: 'not a number', project_uid: 'p1' } : undefined,
    );
    const error = await api.project('p1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ControlContractError);
    expect((error as ControlContractError).route).toBe('project');
    expect((error as Error).message).toMatch(/control GET \/projects\/p1 \(route project\)/);
    expect((error as Error).message).toMatch(/widget_uid/);
  });

  it('fills path parameters (encoded) and the query from the table [FAKE-CONTROL-SECRET]', async () => {
    const sent: string[] = [];
    const api = createControlApi(async (method, path, body) => {
      sent.push(`${method} ${path} ${JSON.stringify(body)}`);
      return { cleared: 0 };
    });
    await api.clearReplies('a/b c');
    await api.consistency({ max: 3 }).catch(() => {});
    await api.tokenAction(4, 'revoke').catch(() => {});
    expect(sent).toEqual([
      'DELETE /projects/a%2Fb%20c/rag/replies undefined',
      'GET /consistency?max=3 undefined',
      'POST /tokens/4/revoke {}',
    ]);
  });
});
