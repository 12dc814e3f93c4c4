/**
 * The provider-state client and the test helpers over it (HARNESS-PROVIDER-STATES): against the in-process fake,
 * and against a small stand-in deployment that offers some states, at other versions, without teardown, or answers
 * data that does not fit the catalogue.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { startInProcessTarget } from '../target/in-process.js';
import { createProviderStatesClient, ProviderStateError } from '../target/provider-states-client.js';
import { createHttpTarget, type Target } from '../target/target.js';
import { enterState, needState, stateMissing, tearDownStates } from './use-target.js';

/** A stand-in deployment: its catalogue and its answers are what the test sets. */
function standIn() {
  const seen: { method: string; url: string; body: string; headers: Record<string, unknown> }[] = [];
  let catalogue: unknown = { protocol: 1, states: [] };
  let answer: { status: number; body: unknown } = { status: 200, body: {} };
  let teardownStatus = 501;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, body, headers: req.headers });
      const reply = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (req.method === 'GET') return reply(200, { type: 'RXSUCCESS', message: 'states', data: catalogue });
      if (req.url?.endsWith('/teardown'))
        return reply(teardownStatus, { type: 'RXERROR', message: 'no teardown' });
      reply(answer.status, answer.body);
    });
  });
  return {
    server,
    seen,
    set catalogue(c: unknown) {
      catalogue = c;
    },
    set answer(a: { status: number; body: unknown }) {
      answer = a;
    },
    set teardownStatus(s: number) {
      teardownStatus = s;
    },
  };
}

/** A test context whose skip throws, so a skipped helper can be observed. */
class Skipped extends Error {}
const ctx = () =>
  ({
    skip: (note?: string) => {
      throw new Skipped(note);
    },
  }) as unknown as TestContext;

describe('against the in-process fake [HARNESS-PROVIDER-STATES, FAKE-PROVIDER-STATES]', () => {
  let target: Target;
  beforeAll(async () => {
    target = await startInProcessTarget();
  });
  afterAll(() => target.close());

  it('offers every state; enter answers typed data; enterState tears it down after the test', async () => {
    const states = target.providerStates!;
    expect((await states.catalogue()).length).toBeGreaterThanOrEqual(20);
    expect(await states.supports('token revoked')).toBe(true);
    const token = await enterState(ctx(), target, 'token', { role: 'viewer' });
    expect(token.value).toMatch(/^api-v1-/);
    const probe = () => target.call('getMyProjects', { auth: { bearer: token.value } });
    expect((await probe()).status).toBe(200);
    await tearDownStates(target);
    expect((await probe()).status).toBe(401);
    await tearDownStates(target); // nothing left: nothing sent
  });

  it('params the catalogue refuses are not sent; a refusal of the deployment rejects with its status', async () => {
    const states = target.providerStates!;
    await expect(states.enter('token', { role: 'admin' } as never)).rejects.toThrow(
      /params refused by the catalogue/,
    );
    const refused = await states
      .enter('plan', { organization_id: 99999, plan: 'agency' })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ProviderStateError);
    expect((refused as ProviderStateError).status).toBe(404);
  });
});

describe('against a stand-in deployment [HARNESS-PROVIDER-STATES]', () => {
  const s = standIn();
  let url = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => s.server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(s.server.address() as AddressInfo).port}/states`;
  });
  afterAll(() => new Promise<void>((resolve) => s.server.close(() => resolve())));

  const targetWith = (config: { provider_states?: { url: string; headers?: Record<string, string> } }) =>
    createHttpTarget(
      {
        name: 'stand-in',
        kind: 'real',
        base_url: 'http://127.0.0.1:9/api/v1',
        tokens: {},
        rag_models: {},
        allow: { writes: false, quota: false, credits: false },
        ...config,
      },
      undefined,
      async () => {},
      undefined,
      config.provider_states ? createProviderStatesClient(config.provider_states) : undefined,
    );

  it('no provider_states, or a catalogue that cannot be read: needState and enterState skip with the reason', async () => {
    const t = targetWith({});
    expect(await stateMissing(t, 'token')).toBe('target has no provider_states');
    await expect(needState(ctx(), t, 'token')).rejects.toThrow('target has no provider_states');
    const down = targetWith({ provider_states: { url } });
    s.catalogue = 'not a catalogue';
    await expect(enterState(ctx(), down, 'token')).rejects.toThrow(
      /^target's provider states are unavailable: provider states: GET catalogue → 200/,
    );
  });

  it('a state not offered, or offered at another version, skips; the headers go with every request', async () => {
    s.catalogue = {
      protocol: 1,
      states: [
        { name: 'token revoked', version: 1 },
        { name: 'token', version: 2 },
      ],
    };
    const t = targetWith({ provider_states: { url, headers: { 'x-states-key': 'k1' } } });
    const before = s.seen.length;
    await expect(enterState(ctx(), t, 'session idle')).rejects.toThrow(
      'target offers no provider state "session idle"',
    );
    await expect(needState(ctx(), t, 'token')).rejects.toThrow('target offers no provider state "token"');
    await needState(ctx(), t, 'token revoked');
    expect(s.seen.slice(before).filter((r) => r.method === 'GET')).toHaveLength(1); // the catalogue is read once
    expect(s.seen.slice(before).every((r) => r.headers['x-states-key'] === 'k1')).toBe(true);
  });

  it('data that does not fit the catalogue fails the set-up naming the field; teardown 501 is ignored', async () => {
    s.catalogue = { protocol: 1, states: [{ name: 'token revoked', version: 1 }] };
    const t = targetWith({ provider_states: { url } });
    s.answer = {
      status: 200,
      body: { type: 'RXSUCCESS', message: 'ok', data: { id: 1, organization_id: 1 } },
    };
    await expect(t.providerStates!.enter('token revoked')).rejects.toThrow(/value/);
    s.answer = {
      status: 200,
      body: {
        type: 'RXSUCCESS',
        message: 'ok',
        data: {
          value: 'api-v1-x',
          id: 'tok',
          organization_id: 1,
          creator_user_id: 2,
          expires_at: null,
          teardown: 7,
        },
      },
    };
    const before = s.seen.length;
    const data = await enterState(ctx(), t, 'token revoked', { role: 'viewer' });
    expect(data.id).toBe('tok');
    expect(JSON.parse(s.seen.at(-1)!.body)).toEqual({ state: 'token revoked', params: { role: 'viewer' } });
    await tearDownStates(t);
    expect(s.seen.at(-1)).toMatchObject({ method: 'POST', url: '/states/teardown' });
    expect(JSON.parse(s.seen.at(-1)!.body)).toEqual({ state: 'token revoked', teardown: 7 });
    expect(s.seen.length).toBe(before + 3); // the catalogue, the state, its teardown
    expect(await t.providerStates!.teardown('token revoked', 7)).toBe('unsupported');
  });

  it('a catalogue saying teardown: false: no teardown is sent; a failing teardown is reported, not thrown', async () => {
    s.catalogue = { protocol: 1, states: [{ name: 'token revoked', version: 1 }], teardown: false };
    const quiet = targetWith({ provider_states: { url } });
    const before = s.seen.length;
    expect(await quiet.providerStates!.teardown('token revoked', 'h')).toBe('unsupported');
    expect(s.seen.length).toBe(before + 1); // the catalogue only
    s.catalogue = { protocol: 1, states: [{ name: 'token revoked', version: 1 }] };
    s.teardownStatus = 500;
    const failing = targetWith({ provider_states: { url } });
    await expect(failing.providerStates!.teardown('token revoked', 'h')).rejects.toThrow(/teardown → 500/);
    await enterState(ctx(), failing, 'token revoked');
    await expect(tearDownStates(failing)).resolves.toBeUndefined();
    s.teardownStatus = 501;
  });
});
