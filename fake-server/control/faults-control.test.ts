/** Fault injection through the control API: what each kind of rule does to the public API, and to nothing else. */
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TargetConfig } from '../../contract/index.js';
import { AnthropicErrorBody, OpenAIErrorBody } from '../../contract/requests/rag-errors.js';
import { MALFORMED_FRAME } from '../http/sse.js';
import { createFakeServer, type FakeServer, DEFAULT_ADMIN_SECRET as SECRET } from '../index.js';

let fake: FakeServer;
let target: TargetConfig;
beforeEach(() => {
  fake = createFakeServer();
  target = fake.targetConfig('http://127.0.0.1:4010');
});

const agent = () => request(fake.app.callback());
const addFault = (rule: unknown) =>
  agent()
    .post('/_control/faults')
    .set('x-control-secret', SECRET)
    .send(rule as object);
const platform = (op: string, body: object = {}) =>
  agent().post(`/api/v1/${op}`).set('authorization', `Bearer ${target.tokens.owner}`).send(body);
const openai = (body: object) =>
  agent()
    .post('/api/v1/openai/chat/completions')
    .set('authorization', `Bearer ${target.project_key}`)
    .send(body);
const ask = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'How do refunds work?' }] };

describe('fault injection [FAKE-FAULT-INJECTION]', () => {
  it('an error for the next N requests of one operation: the envelope with retry-after, then the rule retires', async () => {
    expect(
      (await addFault({ operation: 'getMyProjects', error: { status: 503, retry_after: 2 }, next: 2 }))
        .status,
    ).toBe(200);
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push(await platform('getMyProjects'));
    expect(answers.map((a) => a.status)).toEqual([503, 503, 200]);
    expect(answers[0]?.body).toEqual({ type: 'RXERROR', message: 'Injected fault: 503' });
    expect(answers[0]?.headers['retry-after']).toBe('2');
    expect((await platform('getOrganizationDetail')).status).toBe(200);
    const listed = await agent().get('/_control/faults').set('x-control-secret', SECRET);
    expect(listed.body.data).toEqual([]);
  });

  it('a rate fires on exactly that share of the matching requests, evenly spread', async () => {
    await addFault({ operation: 'getMyProjects', error: { status: 500 }, rate: 0.25 });
    const statuses = [];
    for (let i = 0; i < 8; i += 1) statuses.push((await platform('getMyProjects')).status);
    expect(statuses).toEqual([200, 200, 200, 500, 200, 200, 200, 500]);
    const [rule] = (await agent().get('/_control/faults').set('x-control-secret', SECRET)).body.data;
    expect(rule).toMatchObject({ matched: 8, fired: 2 });
  });

  it('latency delays the answer by at least that long; the answer itself is unchanged', async () => {
    await addFault({ operation: '*', latency_ms: 150 });
    const started = performance.now();
    const res = await platform('getMyProjects');
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(res.status).toBe(200);
  });

  it('a reset drops the connection without an answer', async () => {
    await addFault({ operation: 'getMyProjects', reset: true, next: 1 });
    await expect(platform('getMyProjects')).rejects.toThrow(/socket hang up|ECONNRESET/);
    expect((await platform('getMyProjects')).status).toBe(200);
  });

  it('on the RAG endpoints an injected error is the native error of the dialect, with the injected message', async () => {
    await addFault({ operation: 'openaiChatCompletions', error: { status: 429, retry_after: 1 } });
    await addFault({ operation: 'anthropicMessages', error: { status: 502 } });
    const o = await openai(ask);
    expect(o.status).toBe(429);
    expect(OpenAIErrorBody.safeParse(o.body).success).toBe(true);
    const a = await agent()
      .post('/api/v1/anthropic/v1/messages')
      .set('x-api-key', target.project_key!)
      .send({ model: 'claude-3-5-haiku-latest', max_tokens: 50, messages: ask.messages });
    expect(a.status).toBe(502);
    expect(AnthropicErrorBody.safeParse(a.body).success).toBe(true);
    expect(a.body).toMatchObject({ type: 'error', error: { message: 'Injected fault: 502' } });
    // No retry_after in the rule: no Retry-After on the answer.
    expect(a.headers['retry-after']).toBeUndefined();
    expect(o.headers['retry-after']).toBe('1');
  });

  it('finds the operation whatever the path’s case and trailing slashes; a path of no operation is left to the routers', async () => {
    await addFault({ operation: 'getMyProjects', error: { status: 503 } });
    for (const path of ['/API/V1/GetMyProjects', '/api/v1/getMyProjects/', '/api/v1/getMyProjects//'])
      expect((await agent().post(path).send({})).status, path).toBe(503);
    const unknown = await agent().post('/api/v1/noSuchOperation').send({});
    expect([unknown.status, unknown.body]).toEqual([404, { type: 'RXERROR', message: 'Route not found' }]);
  });

  it('a streamed answer is truncated after N events (no malformed frame), or followed by a malformed event; never [DONE]', async () => {
    const stream = () =>
      openai({ ...ask, stream: true })
        .buffer(true)
        .parse((res, cb) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => cb(null, text));
        });
    const whole = (await stream()).body as string;
    expect(whole).toContain('data: [DONE]');
    await addFault({
      operation: 'openaiChatCompletions',
      stream: { after_events: 2, mode: 'truncate' },
      next: 1,
    });
    const truncated = (await stream()).body as string;
    expect(truncated.match(/^data: /gm)).toHaveLength(2);
    expect(truncated).not.toContain('[DONE]');
    expect(truncated).not.toContain(MALFORMED_FRAME);
    await addFault({
      operation: 'openaiChatCompletions',
      stream: { after_events: 1, mode: 'malformed' },
      next: 1,
    });
    const malformed = (await stream()).body as string;
    expect(malformed.endsWith(MALFORMED_FRAME)).toBe(true);
    expect(malformed).not.toContain('[DONE]');
  });

  it('refuses a rule with no effect, two effects or an unknown operation; a reset removes every rule; control is never faulted', async () => {
    expect((await addFault({ operation: 'getMyProjects' })).status).toBe(400);
    expect((await addFault({ error: { status: 503 }, reset: true })).status).toBe(400);
    expect((await addFault({ operation: 'getEverything', reset: true })).body).toMatchObject({
      type: 'RXERROR',
    });
    await addFault({ operation: '*', error: { status: 503 } });
    expect((await platform('getMyProjects')).status).toBe(503);
    expect((await agent().get('/_control/faults').set('x-control-secret', SECRET)).status).toBe(200);
    await agent().post('/_control/reset').set('x-control-secret', SECRET).send({});
    expect((await platform('getMyProjects')).status).toBe(200);
  });

  it('rules get increasing ids; DELETE /faults/:id removes that rule only, DELETE /faults all of them', async () => {
    const control = (method: 'get' | 'delete', path: string) =>
      agent()[method](`/_control${path}`).set('x-control-secret', SECRET);
    const first = (await addFault({ operation: 'getMyProjects', error: { status: 503 } })).body.data;
    const second = (await addFault({ operation: 'getOrganizationDetail', error: { status: 502 } })).body.data;
    expect(second.id).toBe(first.id + 1);
    const unknownOperation = await addFault({ operation: 'getEverything', reset: true });
    expect(unknownOperation.body.message).toBe(
      'Invalid params: operation must be * or an operation id, not getEverything',
    );

    const removed = await control('delete', `/faults/${first.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ type: 'RXSUCCESS', data: { id: first.id } });
    expect((await platform('getMyProjects')).status).toBe(200);
    expect((await platform('getOrganizationDetail')).status).toBe(502);
    expect((await control('delete', `/faults/${first.id}`)).body).toEqual({
      type: 'RXERROR',
      message: 'Fault rule not found',
    });
    expect((await control('delete', '/faults/x')).status).toBe(400);

    await addFault({ operation: '*', latency_ms: 1 });
    expect((await control('delete', '/faults')).body.data).toEqual({ removed: 2 });
    expect((await control('get', '/faults')).body.data).toEqual([]);
    expect((await platform('getOrganizationDetail')).status).toBe(200);
  });

  it('a rule that retires after its next N leaves the other rules in place', async () => {
    await addFault({ operation: 'getMyProjects', error: { status: 503 }, next: 1 });
    await addFault({ operation: 'getOrganizationDetail', error: { status: 502 } });
    expect((await platform('getMyProjects')).status).toBe(503);
    expect((await platform('getMyProjects')).status).toBe(200);
    expect((await platform('getOrganizationDetail')).status).toBe(502);
  });
});
