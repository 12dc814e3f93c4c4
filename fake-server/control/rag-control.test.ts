/** The control routes of the RAG work: the scripted-reply queue of a project and the Enterprise RAG cap. */
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeServer, type FakeServer, DEFAULT_ADMIN_SECRET as SECRET } from '../index.js';

let fake: FakeServer;
let projectUid: string;
beforeEach(() => {
  fake = createFakeServer();
  projectUid = fake.targetConfig('http://127.0.0.1:4010').project_uid!;
});

const control = () => {
  const agent = request(fake.app.callback());
  return {
    get: (path: string) => agent.get(`/_control${path}`).set('x-control-secret', SECRET),
    post: (path: string, body: unknown) =>
      agent
        .post(`/_control${path}`)
        .set('x-control-secret', SECRET)
        .send(body as object),
    delete: (path: string) => agent.delete(`/_control${path}`).set('x-control-secret', SECRET),
  };
};

describe('scripted replies queue [FAKE-MODEL-SCRIPT]', () => {
  const path = () => `/projects/${projectUid}/rag/replies`;

  it('POST appends (defaults filled in), GET lists, DELETE clears and says how many', async () => {
    const c = control();
    const first = await c.post(path(), { replies: [{ kind: 'text', text: 'Hi', cut: { after_events: 2 } }] });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual([{ kind: 'text', text: 'Hi', cut: { after_events: 2, mode: 'end' } }]);
    await c.post(path(), {
      replies: [
        { kind: 'tool_call', calls: [{ name: 'get_weather' }] },
        { kind: 'error', status: 429, retry_after: 1 },
      ],
    });
    const listed = await c.get(path());
    expect(listed.body.data.map((r: { kind: string }) => r.kind)).toEqual(['text', 'tool_call', 'error']);
    expect(listed.body.data[1].calls).toEqual([{ name: 'get_weather', arguments: {} }]);
    const cleared = await c.delete(path());
    expect(cleared.body).toMatchObject({ type: 'RXSUCCESS', data: { cleared: 3 } });
    expect((await c.get(path())).body.data).toEqual([]);
  });

  it('a reset empties every queue', async () => {
    const c = control();
    await c.post(path(), { replies: [{ kind: 'text', text: 'Hi' }] });
    await c.post('/reset', {});
    expect((await c.get(path())).body.data).toEqual([]);
  });

  it('an invalid body gets 400 in the envelope and queues nothing; an unknown project 404', async () => {
    const c = control();
    for (const body of [{}, { replies: [] }, { replies: [{ kind: 'error', status: 200 }] }]) {
      const res = await c.post(path(), body);
      expect(res.status).toBe(400);
      expect(res.body.type).toBe('RXERROR');
    }
    expect((await c.get(path())).body.data).toEqual([]);
    expect((await c.get('/projects/nope/rag/replies')).status).toBe(404);
  });
});

describe('plan route with rag_cap_per_hour [RATE-ENTERPRISE-CAP]', () => {
  it('stores the cap on the organization; the answer shows the cap in force', async () => {
    const c = control();
    const org = fake.runtime.domain.state.organizations.values().next().value!;
    const set = await c.post(`/organizations/${org.id}/plan`, { plan: 'enterprise', rag_cap_per_hour: 5 });
    expect(set.body.data).toEqual({ id: org.id, plan: 'enterprise', rag_cap_per_hour: 5 });
    expect(org.ragCapPerHour).toBe(5);
    const pro = await c.post(`/organizations/${org.id}/plan`, { plan: 'professional' });
    expect(pro.body.data.rag_cap_per_hour).toBe(200);
    const bad = await c.post(`/organizations/${org.id}/plan`, { plan: 'enterprise', rag_cap_per_hour: 0 });
    expect([bad.status, bad.body.type]).toEqual([400, 'RXERROR']);
  });
});
