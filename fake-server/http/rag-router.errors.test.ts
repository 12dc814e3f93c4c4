/**
 * The RAG router's refusals through the fake's test seam (supertest over `app.callback()`): 401, 400, 413, 415,
 * 404, 405, 429 and 500, each in the native error shape of the endpoint's dialect.
 */
import Koa from 'koa';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { httpInput } from '../../contract/index.js';
import { messages } from '../domain/errors.js';
import { STACK_TRACE } from './http.test-support.js';
import { INTERNAL_MESSAGE, ragErrors } from './rag-errors.js';
import {
  ANTHROPIC,
  anthropicBody,
  app,
  control,
  expectAnthropicError,
  expectOpenAIError,
  fake,
  key,
  models,
  OPENAI,
  openaiBody,
  owner,
  postAnthropic,
  postOpenAI,
  projectUid,
  question,
  script,
  sendRaw,
  toAnthropic,
  toOpenAI,
  useRagRouterFake,
} from './rag-router.test-support.js';

useRagRouterFake();

describe('401 in the native shape [RAG-INVALID-KEY-401, RAG-ERROR-SHAPE, AUTH-RAG-KEY-HEADERS]', () => {
  const cases: [string, Record<string, string>][] = [
    ['no key', {}],
    ['an unknown key', { authorization: 'Bearer apk-doesnotexist' }],
    ['a platform token', { authorization: `Bearer ${'PLATFORM'}` }],
    ['a key in the integration header api-key', { 'api-key': 'KEY' }],
  ];
  for (const [label, headers] of cases) {
    const fill = (h: Record<string, string>) =>
      Object.fromEntries(
        Object.entries(h).map(([k, v]) => [k, v.replace('PLATFORM', owner).replace('KEY', key)]),
      );
    it(`${label}`, async () => {
      const o = await request(app()).post(OPENAI).set(fill(headers)).send(openaiBody());
      expectOpenAIError(o, 401, 'invalid_request_error', 'invalid_api_key');
      const a = await request(app()).post(ANTHROPIC).set(fill(headers)).send(anthropicBody());
      expectAnthropicError(a, 401, 'authentication_error');
    });
  }
});

describe('400 in the native shape [RAG-BAD-REQUEST-400, RAG-ERROR-SHAPE]', () => {
  it('malformed JSON, in each dialect’s own words', async () => {
    const o = await sendRaw(toOpenAI(), 'application/json', '{"model": ');
    expect(expectOpenAIError(o, 400, 'invalid_request_error').message).toBe(
      'We could not parse the JSON body of your request: the body is not valid JSON.',
    );
    const a = await sendRaw(toAnthropic(), 'application/json', '{"model": ');
    expect(expectAnthropicError(a, 400, 'invalid_request_error').message).toBe(
      'There was an issue with your request body: it is not valid JSON.',
    );
  });

  it('a missing model names the param; an empty body too', async () => {
    const { model: _, ...noModel } = openaiBody();
    const o = expectOpenAIError(await postOpenAI(noModel), 400, 'invalid_request_error');
    expect(o).toMatchObject({ param: 'model', message: "Missing required parameter: 'model'." });
    const empty = expectOpenAIError(await toOpenAI(), 400, 'invalid_request_error');
    expect(empty.param).toBe('model');
    const a = expectAnthropicError(
      await postAnthropic({ ...anthropicBody(), model: undefined }),
      400,
      'invalid_request_error',
    );
    expect(a.message).toBe('model: Field required');
  });

  it('a missing max_tokens on the Anthropic-style endpoint [RAG-ANTHROPIC-MAX-TOKENS-REQUIRED]', async () => {
    const { max_tokens: _, ...body } = anthropicBody();
    const a = expectAnthropicError(await postAnthropic(body), 400, 'invalid_request_error');
    expect(a.message).toBe('max_tokens: Field required');
  });

  it('a wrong value names the nested param in each dialect’s notation', async () => {
    const o = expectOpenAIError(
      await postOpenAI(openaiBody({ messages: [{ role: 'user', content: 42 }] })),
      400,
      'invalid_request_error',
    );
    expect(o.param).toBe('messages[0].content');
    expect(o.message).toMatch(/^Invalid 'messages\[0\]\.content': /);
    const a = expectAnthropicError(
      await postAnthropic(anthropicBody({ messages: [{ role: 'user', content: 42 }] })),
      400,
      'invalid_request_error',
    );
    expect(a.message).toMatch(/^messages\.0\.content: /);
  });

  it('a refused model names the param `model` [RAG-UNKNOWN-MODEL, RAG-WRONG-FAMILY-400]', async () => {
    const unknown = expectOpenAIError(
      await postOpenAI(openaiBody({ model: 'gpt-9000' })),
      400,
      'invalid_request_error',
    );
    expect(unknown).toMatchObject({ param: 'model', message: messages.invalidModel('gpt-9000') });
    const wrongFamily = expectOpenAIError(
      await postOpenAI(openaiBody({ model: models.anthropic })),
      400,
      'invalid_request_error',
    );
    expect(wrongFamily.param).toBe('model');
    expect(wrongFamily.message).toContain('gpt-*, o1 and o3');
  });

  it('an adapter refusal keeps its param (a tool message answering nothing)', async () => {
    const o = expectOpenAIError(
      await postOpenAI(
        openaiBody({ messages: [...question, { role: 'tool', tool_call_id: 'call_x', content: 'r' }] }),
      ),
      400,
      'invalid_request_error',
    );
    expect(o.param).toBe('messages[1].tool_call_id');
  });
});

describe('body transport errors in the native shape [RAG-ERROR-SHAPE, ERR-UNSUPPORTED-MEDIA-TYPE, ERR-BODY-TOO-LARGE]', () => {
  it('415 for a body that is not JSON', async () => {
    expectOpenAIError(await sendRaw(toOpenAI(), 'text/plain', 'hello'), 415, 'invalid_request_error');
    expectAnthropicError(await sendRaw(toAnthropic(), 'text/plain', 'hello'), 415, 'invalid_request_error');
  });

  it('413 for a body over the limit', async () => {
    const big = JSON.stringify({ ...openaiBody(), pad: 'x'.repeat(httpInput.maxBodyBytes) });
    expectOpenAIError(await sendRaw(toOpenAI(), 'application/json', big), 413, 'invalid_request_error');
    expectAnthropicError(await sendRaw(toAnthropic(), 'application/json', big), 413, 'request_too_large');
  });
});

describe('unknown routes and methods under the RAG prefixes [RAG-UNKNOWN-ROUTE-NATIVE]', () => {
  it('404 for any other path, in the dialect of its prefix', async () => {
    for (const path of ['/api/v1/openai/models', '/api/v1/openai', '/api/v1/OpenAI/chat/completions/extra']) {
      expectOpenAIError(
        await request(app()).post(path).set('authorization', `Bearer ${key}`).send({}),
        404,
        'not_found_error',
      );
    }
    for (const path of ['/api/v1/anthropic/v1/complete', '/api/v1/anthropic/messages']) {
      expectAnthropicError(await request(app()).post(path).send({}), 404, 'not_found_error');
    }
  });

  it('405 with Allow: POST for another method on a RAG path', async () => {
    for (const method of ['get', 'put', 'delete'] as const) {
      const o = await request(app())[method](OPENAI);
      expectOpenAIError(o, 405, 'invalid_request_error');
      expect(o.headers.allow).toBe('POST');
      const a = await request(app())[method](`${ANTHROPIC}/`);
      expectAnthropicError(a, 405, 'invalid_request_error');
      expect(a.headers.allow).toBe('POST');
    }
  });

  it('outside the RAG prefixes the envelope still answers [ERR-UNKNOWN-ROUTE]', async () => {
    const res = await request(app()).post('/api/v1/openaix/chat').send({});
    expect(res.status).toBe(404);
    expect(res.body.type).toBe('RXERROR');
  });
});

describe('429 in the native shape [RAG-RATE-LIMIT-NATIVE, RAG-RATE-LIMIT-HEADERS, RATE-ENTERPRISE-CAP]', () => {
  it('over the hourly cap: 429 with retry-after and X-RateLimit-Remaining 0, both dialects sharing the count [RATE-RAG-SCOPE]', async () => {
    const project = await control('get', `/projects/${projectUid}`);
    const orgId = project.body.data.organization_id as number;
    expect(
      (await control('post', `/organizations/${orgId}/plan`, { plan: 'enterprise', rag_cap_per_hour: 2 }))
        .status,
    ).toBe(200);
    expect((await postOpenAI()).status).toBe(200);
    expect((await postAnthropic()).status).toBe(200);
    const o = await postOpenAI();
    const err = expectOpenAIError(o, 429, 'rate_limit_error', 'rate_limit_exceeded');
    expect(err.message).toBe('Rate limit exceeded. Please try again later.');
    expect(Number(o.headers['retry-after'])).toBe(3600);
    expect(o.headers['x-ratelimit-remaining']).toBe('0');
    const a = await postAnthropic();
    expectAnthropicError(a, 429, 'rate_limit_error');
    expect(a.headers['retry-after']).toBe('3600');
  });

  it('a scripted 429 carries its retry-after and retry-after-ms [FAKE-MODEL-SCRIPT]', async () => {
    await script({ kind: 'error', status: 429, retry_after: 7, retry_after_ms: 1500 });
    const o = await postOpenAI();
    expectOpenAIError(o, 429, 'rate_limit_error', 'rate_limit_exceeded');
    expect(o.headers).toMatchObject({ 'retry-after': '7', 'retry-after-ms': '1500' });
  });
});

describe('an unexpected error inside a RAG route [RAG-ERROR-SHAPE, ERR-NEVER-5XX]', () => {
  it('answers 500 natively with a fixed message and no stack, and reports it', async () => {
    const boom = new Error('secret detail at /work/main/fake-server/domain/rag-completion.ts:12:34');
    for (const dialect of ['openai', 'anthropic'] as const) {
      const koa = new Koa();
      const seen: unknown[] = [];
      koa.use(ragErrors(dialect, fake.runtime, (err) => seen.push(err)));
      koa.use(() => {
        throw boom;
      });
      const res = await request(koa.callback()).post('/x').send({});
      expect(res.status).toBe(500);
      expect(res.text).not.toContain('secret detail');
      expect(res.text).not.toMatch(STACK_TRACE);
      if (dialect === 'openai')
        expect(expectOpenAIError(res, 500, 'server_error').message).toBe(INTERNAL_MESSAGE);
      else expect(expectAnthropicError(res, 500, 'api_error').message).toBe(INTERNAL_MESSAGE);
      expect(seen).toEqual([boom]);
    }
  });
});
