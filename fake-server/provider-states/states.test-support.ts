/**
 * Test support (imported by tests only): a fake reached with supertest (no port), its provider-state endpoint as
 * its own target config names it, and the public API to observe what a state did.
 */
import request from 'supertest';
import { expect } from 'vitest';
import { operationById } from '../../contract/index.js';
import {
  type DataOf,
  type ParamsInput,
  providerStateCatalogue,
  type StateName,
} from '../../contract/provider-states/index.js';
import { createFakeServer, DEFAULT_ADMIN_SECRET, type FakeServerOptions } from '../index.js';

export type Credential = { bearer: string } | { key: string } | { none: true };

export function statesFake(options: FakeServerOptions = {}) {
  const fake = createFakeServer({ onUnexpectedError: (err) => console.error(err), ...options });
  const agent = request(fake.app.callback());
  const target = fake.targetConfig('http://127.0.0.1:4010');
  const states = target.provider_states!;
  const path = new URL(states.url).pathname;
  const headers = states.headers ?? {};

  const enterRaw = (body: unknown) =>
    agent
      .post(path)
      .set(headers)
      .send(body as object);

  /** Enter a state; the answer must be 200 and its data fit the catalogue's schema. */
  async function enter<N extends StateName>(state: N, params: ParamsInput<N> = {} as ParamsInput<N>) {
    const res = await enterRaw({ state, params });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ type: 'RXSUCCESS' });
    return providerStateCatalogue[state].data.parse(res.body.data) as DataOf<N>;
  }

  const teardown = (state: string, handle: unknown) =>
    agent.post(`${path}/teardown`).set(headers).send({ state, teardown: handle });

  /** One public operation, encoded and authenticated as the operation table says. */
  function call(operationId: string, credential: Credential, body: Record<string, unknown> = {}) {
    const op = operationById(operationId);
    let req = agent.post(`/api/v1${op.path}`);
    if ('bearer' in credential) req = req.set('authorization', `Bearer ${credential.bearer}`);
    if ('key' in credential)
      req = req.set(
        op.credential === 'project-key' ? 'api-key' : 'authorization',
        op.credential === 'project-key' ? credential.key : `Bearer ${credential.key}`,
      );
    return op.encoding === 'form' ? req.type('form').send(body as Record<string, string>) : req.send(body);
  }

  const owner = { bearer: target.tokens.owner! };

  return {
    fake,
    agent,
    target,
    path,
    headers,
    owner,
    enterRaw,
    enter,
    teardown,
    call,
    /** The sessions of a project, one page of up to 100, as the owner token of `bearer` sees them. */
    async sessions(project_uid: string, bearer = owner.bearer, body: Record<string, unknown> = {}) {
      const res = await call('getSessions', { bearer }, { project_uid, limit: 100, ...body });
      expect(res.status, res.text).toBe(200);
      return res.body.data as {
        session_uid: number;
        status: string;
        created_at: string;
        last_message_time: string | null;
      }[];
    },
    /** The store's invariants (the control API's consistency check). */
    consistency: () => agent.get('/_control/consistency').set('x-control-secret', DEFAULT_ADMIN_SECRET),
  };
}

export type StatesFake = ReturnType<typeof statesFake>;
