/** The bulk-seed control route of the benchmark: counts, lifecycle-consistent statuses, pages and determinism. */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createFakeServer, DEFAULT_ADMIN_SECRET as SECRET } from '../index.js';

async function seeded(body: object) {
  const fake = createFakeServer();
  const target = fake.targetConfig('http://127.0.0.1:4010');
  const agent = request(fake.app.callback());
  const res = await agent
    .post(`/_control/projects/${target.project_uid}/bulk-seed`)
    .set('x-control-secret', SECRET)
    .send(body);
  return { fake, target, agent, res };
}

describe('POST /_control/projects/:uid/bulk-seed', () => {
  it('adds sessions, messages, logs and chunks that the public API pages through', async () => {
    const { target, agent, res } = await seeded({ sessions: 300, messages_per_session: 4, chunks: 45 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ sessions: 300, messages: 1200, execution_logs: 600, documents: 3 });
    expect(res.body.data.chunks).toBeGreaterThanOrEqual(45);
    const sessions = await agent
      .post('/api/v1/getSessions')
      .set('authorization', `Bearer ${target.tokens.owner}`)
      .type('form')
      .send({ project_uid: target.project_uid!, limit: '100', orderBy: 'DESC' });
    expect(sessions.status).toBe(200);
    expect(sessions.body.total).toBeGreaterThanOrEqual(300);
    const statuses = new Set(sessions.body.data.map((s: { status: string }) => s.status));
    // Spread over 180 days: the newest are still open or resolved, older ones closed by the lifecycle.
    expect([...statuses].every((s) => ['open', 'resolved', 'closed'].includes(s as string))).toBe(true);
    const logs = await agent
      .post('/api/v1/getChatbotExecutionLogs')
      .set('api-key', target.project_key!)
      .send({ limit: 100 });
    expect(logs.status).toBe(200);
    expect(logs.body.data).toHaveLength(100);
    const search = await agent
      .post('/api/v1/searchIndexDocument')
      .set('api-key', target.project_key!)
      .send({ query: 'guide', limit: 5 });
    expect(search.status).toBe(200);
  });

  it('is deterministic: the same seed and body give the same records [FAKE-DETERMINISTIC-SEED]', async () => {
    const a = await seeded({ sessions: 20, messages_per_session: 2, chunks: 20 });
    const b = await seeded({ sessions: 20, messages_per_session: 2, chunks: 20 });
    const dump = (f: typeof a.fake) => JSON.stringify([...f.runtime.domain.state.messages.values()]);
    expect(dump(a.fake)).toBe(dump(b.fake));
  });

  it('refuses bodies past its bounds and unknown projects', async () => {
    expect((await seeded({ sessions: 200_001 })).res.status).toBe(400);
    const { agent } = await seeded({});
    const res = await agent
      .post('/_control/projects/nope/bulk-seed')
      .set('x-control-secret', SECRET)
      .send({});
    expect(res.status).toBe(404);
  });
});
