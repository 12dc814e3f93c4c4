/**
 * The RAG router through the fake's test seam (supertest over `app.callback()`), and over a real 127.0.0.1 port
 * where a socket matters (connection resets, the official SDKs' stream helpers). What the black-box suites check
 * at length (model rules, tools, usage, credits) is only touched here as far as it proves the HTTP layer.
 */
import Anthropic from '@anthropic-ai/sdk';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import Koa from 'koa';
import OpenAI from 'openai';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../contract/control-journal.js';
import { httpInput } from '../../contract/index.js';
import { AnthropicMessage, AnthropicStreamEvent } from '../../contract/requests/rag-anthropic.js';
import { AnthropicErrorBody, OpenAIErrorBody } from '../../contract/requests/rag-errors.js';
import { OpenAIChatCompletion, OpenAIChatCompletionChunk } from '../../contract/requests/rag-openai.js';
import type { ScriptedReply } from '../../contract/requests/rag-script.js';
import { messages } from '../domain/errors.js';
import { createFakeServer, DEFAULT_ADMIN_SECRET, type FakeServer } from '../index.js';
import { STACK_TRACE, serveOnLoopback } from './http.test-support.js';
import { INTERNAL_MESSAGE, ragErrors } from './rag-errors.js';

const OPENAI = '/api/v1/openai/chat/completions';
const ANTHROPIC = '/api/v1/anthropic/v1/messages';

let fake: FakeServer;
let unexpected: unknown[];
let key: string;
let owner: string;
let projectUid: string;
let models: { openai: string; anthropic: string };

beforeEach(() => {
  unexpected = [];
  fake = createFakeServer({ onUnexpectedError: (err) => unexpected.push(err) });
  const config = fake.targetConfig('http://127.0.0.1:4010');
  key = config.project_key!;
  owner = config.tokens.owner!;
  projectUid = config.project_uid!;
  models = { openai: config.rag_models.openai!, anthropic: config.rag_models.anthropic! };
});

const app = () => fake.app.callback();
const control = (method: 'get' | 'post', path: string, body?: object) => {
  const req = request(app())[method](`/_control${path}`).set('x-control-secret', DEFAULT_ADMIN_SECRET);
  return body ? req.send(body) : req;
};
const script = async (...replies: ScriptedReply[]) => {
  const res = await control('post', `/projects/${projectUid}/rag/replies`, { replies });
  expect(res.status).toBe(200);
};

const question = [{ role: 'user', content: 'How do refunds work?' }];
const kb = { type: 'service:knowledgebase', parameters: { limit: 2 } };
const openaiBody = (extra: object = {}) => ({
  model: models.openai,
  messages: question,
  tools: [kb],
  ...extra,
});
const anthropicBody = (extra: object = {}) => ({
  model: models.anthropic,
  max_tokens: 300,
  messages: question,
  tools: [kb],
  ...extra,
});
/** A POST to each endpoint with the project key in its usual header. */
const toOpenAI = () => request(app()).post(OPENAI).set('authorization', `Bearer ${key}`);
const toAnthropic = () => request(app()).post(ANTHROPIC).set('x-api-key', key);
const postOpenAI = (body: object = openaiBody()) => toOpenAI().send(body);
const postAnthropic = (body: object = anthropicBody()) => toAnthropic().send(body);
/** These bytes as they are, under `contentType`. */
const sendRaw = (req: request.Test, contentType: string, text: string) =>
  req.set('content-type', contentType).send(text);

/** Collect a supertest response body as text (SSE responses are not buffered by default). */
const asText = (req: request.Test) =>
  req.buffer(true).parse((res, done) => {
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (c: string) => {
      text += c;
    });
    res.on('end', () => done(null, text));
  });

function sseEvents(text: string): EventSourceMessage[] {
  const events: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (e) => events.push(e) });
  parser.feed(text);
  return events;
}

function expectOpenAIError(res: request.Response, status: number, type: string, code: string | null = null) {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = OpenAIErrorBody.parse(res.body);
  expect(body.error).toMatchObject({ type, code });
  expect(res.body).not.toHaveProperty('type', 'RXERROR');
  expect(res.text).not.toMatch(STACK_TRACE);
  expect(res.headers['x-request-id']).toMatch(/^req_/);
  return body.error;
}

function expectAnthropicError(res: request.Response, status: number, type: string) {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = AnthropicErrorBody.parse(res.body);
  expect(body.error.type).toBe(type);
  expect(res.text).not.toMatch(STACK_TRACE);
  expect(res.headers['request-id']).toMatch(/^req_/);
  expect(body.request_id).toBe(res.headers['request-id']);
  return body.error;
}

describe('both routes answer in the native shapes [RAG-RESPONSE-NATIVE, RAG-SOURCES-ALWAYS]', () => {
  it('OpenAI-style: chat.completion with sources, a request id and the rate headers [RAG-OPENAI-ENDPOINT, RAG-RATE-LIMIT-HEADERS]', async () => {
    const res = await postOpenAI();
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = OpenAIChatCompletion.parse(res.body);
    expect(body.sources.length).toBeGreaterThan(0);
    expect(res.headers['x-request-id']).toMatch(/^req_\w+$/);
    expect(res.headers).toMatchObject({ 'x-ratelimit-limit': '1000', 'x-ratelimit-remaining': '999' });
    expect(res.headers['x-ratelimit-reset']).toMatch(/^\d+$/);
  });

  it('Anthropic-style: message with sources, with the key in x-api-key or as Bearer [RAG-ANTHROPIC-ENDPOINT, AUTH-RAG-KEY-HEADERS, VERSION-V1-ANTHROPIC-PATH]', async () => {
    const viaHeader = await postAnthropic();
    const viaBearer = await request(app())
      .post(ANTHROPIC)
      .set('authorization', `Bearer ${key}`)
      .send(anthropicBody());
    for (const res of [viaHeader, viaBearer]) {
      expect(res.status).toBe(200);
      const body = AnthropicMessage.parse(res.body);
      expect(body.sources.length).toBeGreaterThan(0);
      expect(res.headers['request-id']).toMatch(/^req_\w+$/);
      expect(res.headers['x-ratelimit-remaining']).toMatch(/^\d+$/);
    }
    expect(viaBearer.headers['request-id']).not.toBe(viaHeader.headers['request-id']);
  });

  it('the journal records the operation and the native error message [FAKE-REQUEST-JOURNAL]', async () => {
    await postOpenAI();
    await request(app()).post(ANTHROPIC).send(anthropicBody());
    const journal = await control('get', '/journal');
    const entries = journal.body.data as JournalEntry[];
    expect(entries.slice(-2)).toMatchObject([
      { path: OPENAI, operation: 'openaiChatCompletions', status: 200, message: null },
      { path: ANTHROPIC, operation: 'anthropicMessages', status: 401, message: expect.any(String) },
    ]);
  });
});

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
  it('malformed JSON', async () => {
    const o = await sendRaw(toOpenAI(), 'application/json', '{"model": ');
    expect(expectOpenAIError(o, 400, 'invalid_request_error').message).toMatch(/JSON/);
    const a = await sendRaw(toAnthropic(), 'application/json', '{"model": ');
    expect(expectAnthropicError(a, 400, 'invalid_request_error').message).toMatch(/JSON/);
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

describe('streaming [RAG-OPENAI-STREAM, RAG-ANTHROPIC-STREAM, RAG-STREAM-SOURCES]', () => {
  it('OpenAI-style: text/event-stream of data chunks, usage chunk, then [DONE]', async () => {
    const res = await asText(
      postOpenAI(openaiBody({ stream: true, stream_options: { include_usage: true } })),
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['x-request-id']).toMatch(/^req_/);
    const text = res.body as string;
    expect(text).toMatch(/^data: /);
    expect(text.endsWith('data: [DONE]\n\n')).toBe(true);
    const events = sseEvents(text);
    expect(events.every((e) => e.event === undefined)).toBe(true);
    expect(events.at(-1)!.data).toBe('[DONE]');
    const chunks = events.slice(0, -1).map((e) => OpenAIChatCompletionChunk.parse(JSON.parse(e.data)));
    expect(chunks[0]!.choices[0]!.delta.role).toBe('assistant');
    expect(chunks[0]!.sources!.length).toBeGreaterThan(0);
    expect(chunks.at(-1)!.choices).toEqual([]);
    expect(chunks.at(-1)!.usage).toBeTruthy();
  });

  it('Anthropic-style: named events whose name is their type, in the native order', async () => {
    const res = await asText(postAnthropic(anthropicBody({ stream: true })));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(res.headers['request-id']).toMatch(/^req_/);
    const events = sseEvents(res.body as string);
    const parsed = events.map((e) => AnthropicStreamEvent.parse(JSON.parse(e.data)));
    expect(events.map((e) => e.event)).toEqual(parsed.map((e) => e.type));
    expect(parsed.map((e) => e.type)).toEqual([
      'message_start',
      'ping',
      'content_block_start',
      ...parsed.slice(3, -3).map(() => 'content_block_delta'),
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    const start = parsed[0] as Extract<AnthropicStreamEvent, { type: 'message_start' }>;
    expect(start.message.sources!.length).toBeGreaterThan(0);
  });

  it('the streamed answer accumulates to the unstreamed one [RAG-STREAM-EQUALS-BODY]', async () => {
    const plain = OpenAIChatCompletion.parse((await postOpenAI()).body);
    const res = await asText(
      postOpenAI(openaiBody({ stream: true, stream_options: { include_usage: true } })),
    );
    const chunks = sseEvents(res.body as string)
      .slice(0, -1)
      .map((e) => OpenAIChatCompletionChunk.parse(JSON.parse(e.data)));
    const content = chunks.map((c) => c.choices[0]?.delta.content ?? '').join('');
    expect(content).toBe(plain.choices[0]!.message.content);
    expect(chunks[0]!.sources).toEqual(plain.sources);
    expect(chunks.at(-1)!.usage).toEqual(plain.usage);
    expect(chunks.at(-2)!.choices[0]!.finish_reason).toBe(plain.choices[0]!.finish_reason);
  });
});

describe('scripted delivery: cuts and delays [FAKE-MODEL-SCRIPT]', () => {
  const origin = serveOnLoopback(app);

  /** POST and read the SSE body until it ends or breaks. */
  async function stream(path: string, headers: Record<string, string>, body: object) {
    const res = await fetch(`${origin()}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const events: EventSourceMessage[] = [];
    const parser = createParser({ onEvent: (e) => events.push(e) });
    const decoder = new TextDecoder();
    let broken: unknown = null;
    try {
      for await (const chunk of res.body!) parser.feed(decoder.decode(chunk as Uint8Array, { stream: true }));
    } catch (err) {
      broken = err;
    }
    return { status: res.status, events, broken };
  }

  it('`end` ends the stream cleanly after N events: no [DONE], no message_stop', async () => {
    await script(
      {
        kind: 'text',
        text: 'One two three four five six seven eight nine ten.',
        cut: { after_events: 3, mode: 'end' },
      },
      {
        kind: 'text',
        text: 'One two three four five six seven eight nine ten.',
        cut: { after_events: 4, mode: 'end' },
      },
    );
    const o = await stream(OPENAI, { authorization: `Bearer ${key}` }, openaiBody({ stream: true }));
    expect(o).toMatchObject({ status: 200, broken: null });
    expect(o.events).toHaveLength(3);
    expect(o.events.map((e) => e.data)).not.toContain('[DONE]');
    const a = await stream(ANTHROPIC, { 'x-api-key': key }, anthropicBody({ stream: true }));
    expect(a).toMatchObject({ status: 200, broken: null });
    expect(a.events.map((e) => e.event)).toEqual([
      'message_start',
      'ping',
      'content_block_start',
      'content_block_delta',
    ]);
  });

  it('`reset` destroys the connection after N events', async () => {
    await script({
      kind: 'text',
      text: 'One two three four five six seven eight nine ten.',
      cut: { after_events: 2, mode: 'reset' },
    });
    const o = await stream(OPENAI, { authorization: `Bearer ${key}` }, openaiBody({ stream: true }));
    expect(o.status).toBe(200);
    expect(o.events).toHaveLength(2);
    expect(o.broken).toBeInstanceOf(Error);
  });

  it('a non-streamed answer with a cut resets the connection', async () => {
    await script({ kind: 'text', text: 'Hello.', cut: { after_events: 1, mode: 'end' } });
    await expect(
      fetch(`${origin()}${OPENAI}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify(openaiBody()),
      }),
    ).rejects.toThrow();
    // The cut reply is consumed: the next request is answered.
    expect((await postOpenAI()).status).toBe(200);
  });

  it('a delay holds the first byte back, for answers and scripted errors alike', async () => {
    await script(
      { kind: 'text', text: 'Late.', delay_ms: 250 },
      { kind: 'error', status: 503, delay_ms: 250 },
    );
    let started = performance.now();
    const ok = await postAnthropic();
    expect(ok.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(240);
    started = performance.now();
    const err = await postAnthropic();
    expect(performance.now() - started).toBeGreaterThanOrEqual(240);
    expectAnthropicError(err, 503, 'api_error');
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

describe('the official SDKs accumulate our streams [RAG-SDK-COMPATIBLE, RAG-USER-TOOLS-RETURNED]', () => {
  const origin = serveOnLoopback(app);

  const weather = {
    city: 'Zürich',
    days: [1, 2, 3],
    detail: { units: 'metric', note: 'a long enough value' },
  };

  it('openai: finalChatCompletion() gets the text, the tool calls and the sources', async () => {
    const client = new OpenAI({ apiKey: key, baseURL: `${origin()}/api/v1/openai`, maxRetries: 0 });
    await script({
      kind: 'tool_call',
      text: 'Let me check the weather for you.',
      calls: [
        { name: 'weather', arguments: weather },
        { name: 'time', arguments: {} },
      ],
    });
    const final = await client.chat.completions
      .stream({
        model: models.openai,
        messages: [{ role: 'user', content: 'Weather and time in Zürich?' }],
        tools: [
          { type: 'function', function: { name: 'weather', parameters: { type: 'object' } } },
          { type: 'function', function: { name: 'time', parameters: { type: 'object' } } },
        ],
      })
      .finalChatCompletion();
    const message = final.choices[0]!.message;
    expect(final.choices[0]!.finish_reason).toBe('tool_calls');
    expect(message.content).toBe('Let me check the weather for you.');
    expect(
      message.tool_calls!.map(
        (c) => c.type === 'function' && [c.function.name, JSON.parse(c.function.arguments)],
      ),
    ).toEqual([
      ['weather', weather],
      ['time', {}],
    ]);
    expect(message.tool_calls!.every((c) => c.id.startsWith('call_'))).toBe(true);
    expect((final as unknown as { sources: unknown[] }).sources).toEqual([]);

    const text = await client.chat.completions
      .stream({
        model: models.openai,
        messages: question as OpenAI.ChatCompletionMessageParam[],
        tools: [kb as never],
      })
      .finalChatCompletion();
    const plain = OpenAIChatCompletion.parse((await postOpenAI()).body);
    expect(text.choices[0]!.message.content).toBe(plain.choices[0]!.message.content);
    expect((text as unknown as { sources: unknown[] }).sources).toEqual(plain.sources);
  });

  it('anthropic: finalMessage() gets the text, the tool uses and the sources', async () => {
    const client = new Anthropic({ apiKey: key, baseURL: `${origin()}/api/v1/anthropic`, maxRetries: 0 });
    await script({ kind: 'tool_call', text: 'Checking.', calls: [{ name: 'weather', arguments: weather }] });
    const final = await client.messages
      .stream({
        model: models.anthropic,
        max_tokens: 300,
        messages: [{ role: 'user', content: 'Weather in Zürich?' }],
        tools: [{ name: 'weather', input_schema: { type: 'object' } }],
      })
      .finalMessage();
    expect(final.stop_reason).toBe('tool_use');
    expect(final.content).toEqual([
      { type: 'text', text: 'Checking.' },
      { type: 'tool_use', id: expect.stringMatching(/^toolu_/), name: 'weather', input: weather },
    ]);

    const text = await client.messages
      .stream({
        model: models.anthropic,
        max_tokens: 300,
        messages: question as Anthropic.MessageParam[],
        tools: [kb as never],
      })
      .finalMessage();
    const plain = AnthropicMessage.parse((await postAnthropic()).body);
    expect(text.content).toEqual(plain.content);
    expect(text.usage).toMatchObject({
      input_tokens: plain.usage.input_tokens,
      output_tokens: plain.usage.output_tokens,
    });
    expect((text as unknown as { sources: unknown[] }).sources).toEqual(plain.sources);
  });
});
