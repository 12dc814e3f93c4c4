// @vitest-environment jsdom
/**
 * chatbotApiHandlers in msw's setupServer, in a jsdom environment as a front-end project's tests run: the global
 * fetch against every family, the spec's error envelope, the control handle, and requests msw leaves unhandled.
 */
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { describe, expect, it } from 'vitest';
import { useMswFake } from './msw.test-support.js';

const api = useMswFake();

const post = (path: string, headers: Record<string, string>, body: unknown) =>
  fetch(`${api.target.base_url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

const anthropic = (body: Record<string, unknown>) =>
  post(
    '/anthropic/v1/messages',
    { 'x-api-key': api.target.project_key! },
    { model: 'claude-3-5-haiku-latest', max_tokens: 300, ...body },
  );

describe('msw handlers with the global fetch in jsdom [LIB-MSW-HANDLERS]', () => {
  it('runs in jsdom: a window and its document exist [LIB-MSW-HANDLERS]', () => {
    const page = globalThis as {
      window?: unknown;
      document?: { createElement(tag: string): { tagName: string } };
    };
    expect(page.window).toBe(globalThis);
    expect(page.document?.createElement('div').tagName).toBe('DIV');
  });

  it('Platform: getMyProjects answers the seeded projects in the success envelope; a bad token gets the 401 envelope [LIB-MSW-HANDLERS]', async () => {
    const ok = await post('/getMyProjects', { authorization: `Bearer ${api.target.tokens.owner}` }, {});
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { type: string; total: number; data: { project_uid: string }[] };
    expect(body.type).toBe('RXSUCCESS');
    expect(body.total).toBeGreaterThan(0);
    expect(body.data.map((p) => p.project_uid)).toContain(api.target.project_uid);

    const refused = await post('/getMyProjects', { authorization: 'Bearer api-v1-not-a-token' }, {});
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ type: 'RXERROR', message: expect.any(String) });
  });

  it('Project Integration: createSession then sendMessage with the project key; a missing key is refused [LIB-MSW-HANDLERS]', async () => {
    const key = { 'api-key': api.target.project_key! };
    const created = await post('/createSession', key, { widget_uid: api.target.widget_uid });
    expect(created.status).toBe(200);
    const session = (await created.json()) as { data: { session_uid: string } };
    const sent = await post('/sendMessage', key, {
      widget_uid: api.target.widget_uid,
      session_uid: session.data.session_uid,
      message: 'How do webhooks work?',
    });
    expect(sent.status).toBe(200);
    const reply = (await sent.json()) as { type: string; data: { message: string } };
    expect(reply.type).toBe('RXSUCCESS');
    expect(reply.data.message.length).toBeGreaterThan(0);

    const refused = await post('/createSession', {}, { widget_uid: api.target.widget_uid });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(await refused.json()).toMatchObject({ type: 'RXERROR' });
  });

  it('RAG Anthropic: messages with x-api-key answer in the native shape with sources [LIB-MSW-HANDLERS]', async () => {
    const res = await anthropic({
      messages: [{ role: 'user', content: 'How do webhooks work?' }],
      tools: [{ type: 'service:knowledgebase', parameters: { limit: 2 } }],
    });
    expect(res.status).toBe(200);
    const message = (await res.json()) as { type: string; content: { type: string }[]; sources: unknown[] };
    expect(message.type).toBe('message');
    expect(message.content[0]?.type).toBe('text');
    expect(message.sources.length).toBeGreaterThan(0);
  });

  it('RAG Anthropic, stream: true: a text/event-stream body read as a ReadableStream, message_start first and message_stop last [LIB-MSW-HANDLERS]', async () => {
    const res = await anthropic({
      stream: true,
      messages: [{ role: 'user', content: 'How do webhooks work?' }],
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events: string[] = [];
    const reader = res.body!.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream());
    for await (const event of reader) events.push(event.event ?? 'message');
    expect(events[0]).toBe('message_start');
    expect(events.at(-1)).toBe('message_stop');
    expect(events.filter((e) => e === 'content_block_delta').length).toBeGreaterThan(1);
  });

  it('a control call through the handle is what the next request sees: advanceClock, then reset to a new seed [LIB-MSW-HANDLERS, LIB-INTERCEPT-CONTROL]', async () => {
    const ask = async () => {
      const res = await post(
        '/openai/chat/completions',
        { authorization: `Bearer ${api.target.project_key}` },
        { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hello' }] },
      );
      return ((await res.json()) as { created: number }).created;
    };
    const before = await ask();
    await api.control.advanceClock({ hours: 3 });
    expect(await ask()).toBe(before + 3 * 3600);

    const oldOwner = api.target.tokens.owner;
    await api.control.reset({ seed: 7 });
    expect(api.target.tokens.owner).not.toBe(oldOwner);
    const stale = await post('/getMyProjects', { authorization: `Bearer ${oldOwner}` }, {});
    expect(stale.status).toBe(401);
  });

  it('every method reaches the fake: GET on an operation is its 405 envelope, the control API answers over fetch with its secret [LIB-MSW-HANDLERS, FAKE-CONTROL-SECRET]', async () => {
    const get = await fetch(`${api.target.base_url}/getMyProjects`, {
      headers: { authorization: `Bearer ${api.target.tokens.owner}` },
    });
    expect(get.status).toBe(405);
    expect(await get.json()).toEqual({ type: 'RXERROR', message: expect.any(String) });

    const control = api.target.control!;
    const advanced = await fetch(`${control.url}/clock/advance`, {
      method: 'POST',
      headers: { 'x-control-secret': control.secret, 'content-type': 'application/json' },
      body: JSON.stringify({ days: 1 }),
    });
    expect(advanced.status).toBe(200);
    expect(await api.control.now()).toBe('2026-01-06T09:00:00.000Z');
  });

  it("a body-less answer passes as one: the CORS preflight of a local page gets the fake's 204 and its headers [LIB-MSW-HANDLERS, FAKE-CORS]", async () => {
    const res = await fetch(`${api.target.base_url}/createSession`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'api-key, content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(res.body).toBeNull();
  });

  it('requests outside the base URL are not handled: msw onUnhandledRequest decides [LIB-MSW-HANDLERS]', async () => {
    const other = fetch('https://elsewhere.example.test/api/v1/getMyProjects', { method: 'POST' });
    await expect(other).rejects.toThrow(/onUnhandledRequest/);
  });
});
