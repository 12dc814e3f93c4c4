/** Answers to a page's real requests carry the grant, errors and streams included (FAKE-CORS). Preflights: cors. */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { control, FOREIGN, names, PAGE, preflight, useCorsFake } from './cors.test-support.js';
import { asText, kb, question } from './rag-router.test-support.js';

describe('answers to an allowed page carry Access-Control-Allow-Origin [FAKE-CORS]', () => {
  const f = useCorsFake();
  const post = (path: string, origin = PAGE) =>
    request(f.fake.app.callback()).post(path).set('Origin', origin);

  it('[FAKE-CORS] createSession then sendMessage: the envelopes, readable by the page', async () => {
    const created = await post('/api/v1/createSession').set('api-key', f.key).send({ widget_uid: f.widget });
    expect(created.status).toBe(200);
    expect(created.headers['access-control-allow-origin']).toBe(PAGE);
    const sent = await post('/api/v1/sendMessage').set('api-key', f.key).send({
      widget_uid: f.widget,
      session_uid: created.body.data.session_uid,
      message: 'How do refunds work?',
    });
    expect(sent.status).toBe(200);
    expect(sent.body.data.send_by).toBe('assistant');
    expect(sent.headers['access-control-allow-origin']).toBe(PAGE);
  });

  it('[FAKE-CORS] the rate-limit headers are sent and exposed to the page', async () => {
    const res = await post('/api/v1/getMyProjects').set('authorization', `Bearer ${f.owner}`).send({});
    expect(res.status).toBe(200);
    expect(res.headers['x-ratelimit-remaining']).toMatch(/^\d+$/);
    const exposed = names(res.headers['access-control-expose-headers']);
    for (const h of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'retry-after'])
      expect(exposed).toContain(h);
  });

  it.each([
    {
      why: 'a wrong key',
      path: '/api/v1/createSession',
      auth: ['api-key', 'apk-wrong'],
      body: {},
      status: 401,
    },
    {
      why: 'a bad token',
      path: '/api/v1/getMyProjects',
      auth: ['authorization', 'Bearer x'],
      body: {},
      status: 401,
    },
    { why: 'an unknown route', path: '/api/v1/nope', auth: ['api-key', 'apk-x'], body: {}, status: 404 },
  ])(
    '[FAKE-CORS] an error ($why, $status) in the envelope keeps the grant',
    async ({ path, auth, body, status }) => {
      const res = await post(path).set(auth[0]!, auth[1]!).send(body);
      expect(res.status).toBe(status);
      expect(res.body.type).toBe('RXERROR');
      expect(res.headers['access-control-allow-origin']).toBe(PAGE);
    },
  );

  it('[FAKE-CORS] a body that is not JSON: 400, still readable by the page', async () => {
    const res = await post('/api/v1/createSession')
      .set('api-key', f.key)
      .set('content-type', 'application/json')
      .send('{not json');
    expect(res.status).toBe(400);
    expect(res.headers['access-control-allow-origin']).toBe(PAGE);
  });

  it('[FAKE-CORS] a 429 with Retry-After keeps the grant and exposes Retry-After', async () => {
    const rule = { operation: 'createSession', error: { status: 429, retry_after: 30 } };
    expect((await control(f.fake).post('/faults', rule)).status).toBe(200);
    const res = await post('/api/v1/createSession').set('api-key', f.key).send({ widget_uid: f.widget });
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBe('30');
    expect(res.headers['access-control-allow-origin']).toBe(PAGE);
    expect(names(res.headers['access-control-expose-headers'])).toContain('retry-after');
  });

  it('[FAKE-CORS] a RAG error in the native shape keeps the grant and exposes the request id', async () => {
    const res = await post('/api/v1/openai/chat/completions')
      .set('authorization', 'Bearer apk-wrong')
      .send({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] });
    expect(res.status).toBe(401);
    expect(res.body.error).toBeDefined();
    expect(res.headers['access-control-allow-origin']).toBe(PAGE);
    expect(names(res.headers['access-control-expose-headers'])).toContain('x-request-id');
  });

  it('[FAKE-CORS] a scripted RAG 429 (Anthropic style) exposes retry-after-ms and the request id', async () => {
    const replies = [{ kind: 'error', status: 429, retry_after: 7, retry_after_ms: 1500 }];
    expect((await control(f.fake).post(`/projects/${f.projectUid}/rag/replies`, { replies })).status).toBe(
      200,
    );
    const res = await post('/api/v1/anthropic/v1/messages')
      .set('x-api-key', f.key)
      .send({ model: 'claude-3-5-haiku-latest', max_tokens: 50, messages: question });
    expect(res.status).toBe(429);
    expect(res.headers['retry-after-ms']).toBe('1500');
    expect(res.headers['access-control-allow-origin']).toBe(PAGE);
    const exposed = names(res.headers['access-control-expose-headers']);
    for (const h of ['retry-after-ms', 'retry-after', 'request-id']) expect(exposed).toContain(h);
  });

  it('[FAKE-CORS] a RAG SSE stream carries the grant on its headers', async () => {
    const res = await asText(
      post('/api/v1/openai/chat/completions')
        .set('authorization', `Bearer ${f.key}`)
        .send({ model: 'gpt-4o-mini', stream: true, messages: question, tools: [kb] }),
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(res.headers['access-control-allow-origin']).toBe(PAGE);
    expect(res.body as unknown as string).toContain('data: [DONE]');
  });

  it('[FAKE-CORS] a request without Origin (curl, Node) gets no CORS headers', async () => {
    const res = await request(f.fake.app.callback())
      .post('/api/v1/createSession')
      .set('api-key', f.key)
      .send({ widget_uid: f.widget });
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('[FAKE-CORS] a request from another origin is answered, but grants the page nothing', async () => {
    const res = await post('/api/v1/createSession', FOREIGN)
      .set('api-key', f.key)
      .send({ widget_uid: f.widget });
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('[FAKE-CORS] a public page asking to reach this local server (Private Network Access) is allowed to', async () => {
    const res = await preflight(f.fake, '/api/v1/createSession', PAGE).set(
      'Access-Control-Request-Private-Network',
      'true',
    );
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-private-network']).toBe('true');
  });
});
