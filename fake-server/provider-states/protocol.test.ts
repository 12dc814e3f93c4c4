/**
 * The provider-state protocol on the fake (FAKE-PROVIDER-STATES): the catalogue endpoint, the refusals (unknown state,
 * bad params, no secret, other methods and paths), teardown handles, a state that fails half-way, and what the
 * endpoint leaves alone (the request journal, the store's consistency, the state file).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { CatalogueAnswer, providerStates, stateNames } from '../../contract/provider-states/index.js';
import { TargetConfig } from '../../contract/target-config.js';
import { createFakeServer, DEFAULT_ADMIN_SECRET } from '../index.js';
import { statesFake } from './states.test-support.js';

describe('the catalogue endpoint [FAKE-PROVIDER-STATES]', () => {
  it("the fake's target config names the endpoint and its header; GET lists every catalogue state at its version", async () => {
    const f = statesFake();
    expect(TargetConfig.parse(f.target).provider_states).toEqual({
      url: 'http://127.0.0.1:4010/_provider-states',
      headers: { 'x-provider-states-secret': DEFAULT_ADMIN_SECRET },
    });
    const res = await f.agent.get(f.path).set(f.headers);
    expect(res.status).toBe(200);
    const answer = CatalogueAnswer.parse(res.body);
    expect(answer.data.protocol).toBe(1);
    expect(answer.data.teardown).toBe(true);
    expect(answer.data.states.map((s) => [s.name, s.version])).toEqual(
      providerStates.map((s) => [s.name, s.version]),
    );
    expect(answer.data.states.map((s) => s.name)).toEqual(stateNames);
  });

  it('another prefix and secret are honoured and described', async () => {
    const fake = createFakeServer({ providerStatesPrefix: '/setup/states', adminSecret: 'other-secret' });
    const target = fake.targetConfig('http://h.test');
    expect(target.provider_states).toEqual({
      url: 'http://h.test/setup/states',
      headers: { 'x-provider-states-secret': 'other-secret' },
    });
    const agent = request(fake.app.callback());
    expect((await agent.get('/setup/states').set('x-provider-states-secret', 'other-secret')).status).toBe(
      200,
    );
    expect(
      (await agent.get('/_provider-states').set('x-provider-states-secret', 'other-secret')).status,
    ).toBe(404);
  });
});

describe('refusals [FAKE-PROVIDER-STATES]', () => {
  it('without the secret, or with a wrong one: 401 in the error envelope, nothing entered', async () => {
    const f = statesFake();
    for (const headers of [
      {},
      { 'x-provider-states-secret': 'nope' },
      { 'x-control-secret': DEFAULT_ADMIN_SECRET },
    ]) {
      for (const res of [
        await f.agent.get(f.path).set(headers),
        await f.agent.post(f.path).set(headers).send({ state: 'token' }),
        await f.agent.post(`${f.path}/teardown`).set(headers).send({ state: 'token', teardown: 'x' }),
        await f.agent.post(`${f.path}/nowhere`).set(headers),
      ]) {
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ type: 'RXERROR', message: 'Invalid provider states secret' });
      }
    }
  });

  it('an unknown state: 404 `Unknown provider state: NAME` (names are exact)', async () => {
    const f = statesFake();
    for (const state of ['token exploded', 'Token revoked', 'token  revoked', 'constructor', '__proto__']) {
      const res = await f.enterRaw({ state, params: {} });
      expect(res.status, state).toBe(404);
      expect(res.body).toEqual({ type: 'RXERROR', message: `Unknown provider state: ${state}` });
    }
    const teardown = await f.teardown('token exploded', 'fake1.W10');
    expect(teardown.status).toBe(404);
    expect(teardown.body.message).toBe('Unknown provider state: token exploded');
  });

  it('a body without a state, or params the state refuses: 400 Invalid params with the issues', async () => {
    const f = statesFake();
    for (const body of [{}, { params: {} }, { state: 7 }, { state: 'token', params: [] }]) {
      const res = await f.enterRaw(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe('Invalid params');
    }
    const res = await f.enterRaw({ state: 'token', params: { role: 'admin', expiration: 12 } });
    expect(res.status).toBe(400);
    expect(res.body.type).toBe('RXERROR');
    expect(res.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['expiration', 'role']);
  });

  it('other methods on the endpoint are 405 with Allow, other paths 404', async () => {
    const f = statesFake();
    const put = await f.agent.put(f.path).set(f.headers).send({});
    expect(put.status).toBe(405);
    expect(put.headers.allow).toBe('GET, POST');
    const get = await f.agent.get(`${f.path}/teardown`).set(f.headers);
    expect(get.status).toBe(405);
    expect(get.headers.allow).toBe('POST');
    const other = await f.agent.post(`${f.path}/catalogue`).set(f.headers).send({});
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ type: 'RXERROR', message: 'Route not found' });
  });

  it('a state that fails half-way is undone: the member made for it is gone [FAKE-PROVIDER-STATES, MEMBERS-TOTAL-COUNTS-MEMBERS]', async () => {
    const f = statesFake();
    const total = async () => (await f.call('getOrganizationMembers', f.owner, { limit: 1000 })).body.total;
    const before = await total();
    // The creator (a new editor) is made first; the expiry instant in the past then fails the token.
    const res = await f.enterRaw({
      state: 'token',
      params: { creator_role: 'editor', expiration: 'custom', expires_at: '2025-01-01T00:00:00Z' },
    });
    expect(res.status).toBe(400);
    expect(await total()).toBe(before);
    expect((await f.consistency()).body.data.consistent).toBe(true);
  });
});

describe('teardown [FAKE-PROVIDER-STATES]', () => {
  it('a handle this fake did not hand out is 400; running one twice undoes nothing the second time', async () => {
    const f = statesFake();
    for (const handle of ['nope', 'fake1.bm90IGpzb24', 'fake1.W3sidW5kbyI6Im5vIn1d', 12]) {
      const res = await f.teardown('token', handle);
      expect(res.status, String(handle)).toBe(400);
      expect(res.body.message).toBe('Invalid params');
    }
    const token = await f.enter('token', { creator_role: 'viewer' });
    const first = await f.teardown('token', token.teardown);
    expect(first.body).toEqual({
      type: 'RXSUCCESS',
      message: 'Provider state torn down: token',
      data: { state: 'token', undone: 2 },
    });
    expect((await f.call('getMyProjects', { bearer: token.value })).status).toBe(401);
    expect((await f.teardown('token', token.teardown)).body.data.undone).toBe(0);
  });

  it('after every state and its teardown the store is consistent and the target still works', async () => {
    const f = statesFake();
    const org = await f.enter('organization');
    const handles: [string, unknown][] = [['organization', org.teardown]];
    for (const name of stateNames) {
      const params: Record<string, unknown> =
        name === 'plan'
          ? { organization_id: org.organization_id, plan: 'professional' }
          : name === 'token creator role changed'
            ? { new_role: 'viewer' }
            : name === 'knowledgebase documents'
              ? { documents: [{ title: 'T', text: 'Some text.' }] }
              : name === 'credits exhausted' || name === 'token'
                ? {
                    organization_id: org.organization_id,
                    scope: name === 'credits exhausted' ? 'project' : 'all',
                  }
                : name === 'credit balance'
                  ? { organization_id: org.organization_id }
                  : {};
      const res = await f.enterRaw({ state: name, params });
      expect(res.status, `${name}: ${res.text}`).toBe(200);
      handles.push([name, res.body.data.teardown]);
    }
    expect((await f.consistency()).body.data.consistent).toBe(true);
    for (const [name, handle] of handles.reverse()) {
      // Only a read with nothing to undo (`credit balance` without credits) returns no handle.
      if (name === 'credit balance' && handle === undefined) continue;
      expect(handle, `${name} returned no teardown handle`).toBeDefined();
      const res = await f.teardown(name, handle);
      expect(res.status, name).toBe(200);
    }
    expect((await f.consistency()).body.data).toMatchObject({ consistent: true, violationCount: 0 });
    expect((await f.call('getMyProjects', f.owner)).status).toBe(200);
  });
});

describe('what the endpoint leaves alone [FAKE-PROVIDER-STATES, FAKE-REQUEST-JOURNAL]', () => {
  it('provider-state requests are not in the request journal; the public requests are', async () => {
    const f = statesFake();
    const control = (path: string) =>
      f.agent.get(`/_control${path}`).set('x-control-secret', DEFAULT_ADMIN_SECRET);
    const token = await f.enter('token revoked');
    await f.agent.get(f.path).set(f.headers);
    await f.call('getMyProjects', { bearer: token.value });
    const journal = (await control('/journal')).body.data as { path: string; status: number }[];
    expect(journal.map((e) => [e.path, e.status])).toEqual([['/api/v1/getMyProjects', 401]]);
  });

  it('with a state file, an entered state is on disk before the answer: a restarted fake still has it [FAKE-STATE-ACKNOWLEDGED-DURABLE]', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'provider-states-'));
    try {
      const file = join(dir, 'state.json');
      const first = statesFake({ state: file });
      const token = await first.enter('token', { role: 'viewer' });
      const revoked = await first.enter('token revoked');
      const resumed = statesFake({ state: file });
      expect((await resumed.call('getMyProjects', { bearer: token.value })).status).toBe(200);
      expect((await resumed.call('getMyProjects', { bearer: revoked.value })).status).toBe(401);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
