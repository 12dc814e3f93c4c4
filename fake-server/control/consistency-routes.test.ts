/** GET /_control/consistency: the invariant checker over the control API, with the secret like every control route. */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createFakeServer, DEFAULT_ADMIN_SECRET as SECRET } from '../index.js';

function fake() {
  const server = createFakeServer();
  const agent = request(server.app.callback());
  const get = (path: string) => agent.get(`/_control${path}`).set('x-control-secret', SECRET);
  return { server, agent, get };
}

describe('GET /_control/consistency [FAKE-CONSISTENCY-CHECK]', () => {
  it('answers the report in the success envelope: consistent after seeding, with the counts checked', async () => {
    const { get } = fake();
    const res = await get('/consistency');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ type: 'RXSUCCESS', message: 'Consistent' });
    expect(res.body.data).toMatchObject({ consistent: true, violations: [], violationCount: 0 });
    expect(res.body.data.checked.sessions).toBeGreaterThan(0);
  });

  it('reports what is planted in the store, listing at most ?max violations', async () => {
    const { server, get } = fake();
    for (const m of server.runtime.domain.state.messages.values()) m.session_id = -7;
    const res = await get('/consistency?max=2');
    expect(res.status).toBe(200);
    expect(res.body.data.consistent).toBe(false);
    expect(res.body.data.violations).toHaveLength(2);
    expect(res.body.data.violations[0]).toEqual({
      invariant: 'message-refs',
      detail: expect.stringMatching(/session -7$/),
    });
    expect(res.body.message).toBe(`${res.body.data.violationCount} violations`);
  });

  it('a bad ?max answers 400; without the secret 401, both in the envelope [FAKE-CONTROL-SECRET]', async () => {
    const { agent, get } = fake();
    const bad = await get('/consistency?max=-1');
    expect(bad.status).toBe(400);
    expect(bad.body.type).toBe('RXERROR');
    const anonymous = await agent.get('/_control/consistency');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ type: 'RXERROR', message: 'Invalid control secret' });
  });
});
