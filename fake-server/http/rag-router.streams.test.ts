/**
 * The RAG router's streams: the SSE grammar of each dialect through the fake's test seam (supertest over
 * `app.callback()`), and scripted cuts and delays over a real 127.0.0.1 port, where a connection reset shows.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { describe, expect, it } from 'vitest';
import { AnthropicStreamEvent } from '../../contract/requests/rag-anthropic.js';
import { OpenAIChatCompletion, OpenAIChatCompletionChunk } from '../../contract/requests/rag-openai.js';
import { serveOnLoopback } from './http.test-support.js';
import {
  ANTHROPIC,
  anthropicBody,
  app,
  asText,
  expectAnthropicError,
  key,
  OPENAI,
  openaiBody,
  postAnthropic,
  postOpenAI,
  script,
  sseEvents,
  useRagRouterFake,
} from './rag-router.test-support.js';

useRagRouterFake();

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
