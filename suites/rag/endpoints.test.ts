/**
 * The two RAG endpoints on the wire: where they live, which credential headers they take, the native request
 * shapes they accept and the native response shape (plus `sources`) they answer with. Raw HTTP, no SDK.
 * The requests carry a fresh organization's project key where the target offers the provider state
 * (support/fresh-quota.ts), so they spend nothing of the config key's RAG budget; else the config's.
 */
import { describe, expect, it } from 'vitest';
import { ownRagKeyOfFile } from '../support/fresh-quota.js';
import { needRag } from '../support/rag.js';
import { type Answer, readAnswer } from '../support/rag-answer.js';
import { expectRagError } from '../support/rag-refusal.js';
import {
  askRag,
  DIALECTS,
  dialectClauses,
  nativeBody,
  type RagDialect,
  SMALL_TALK,
} from '../support/rag-wire.js';
import { assumed } from '../support/strength.js';
import { useTarget } from '../support/use-target.js';

const target = useTarget();

const ownKey = ownRagKeyOfFile(target);
/** The project key the requests carry: the file's own, else the config's. */
const key = async () => (await ownKey())?.value ?? target().config.project_key!;
/** askRag with the file's key (as Bearer, what askRag sends by default). */
const ask = async (dialect: RagDialect, request: Parameters<typeof askRag>[2]) =>
  askRag(target(), dialect, request, (await ownKey())?.auth);

/**
 * A plain answer is a well-formed native answer: no tool is declared, so no call and no tool turn; a reply that ended
 * by itself has text; the usage counts the question, and the reply's text when there is some (of the request's
 * model, as the fake names it: RAG-RESPONSE-MODEL). Which other native stop reason a reply gets (the output budget, a
 * stop sequence) is the model's.
 */
function expectPlainAnswer(a: Answer, model: string): void {
  assumed('RAG-RESPONSE-MODEL', () => expect(a.model).toBe(model));
  expect(a.id.length).toBeGreaterThan(0);
  expect(a.toolCalls).toEqual([]);
  expect(a.stop).not.toBe('tool_calls');
  if (a.stop === 'end') expect(a.text.length, 'an answer with text').toBeGreaterThan(0);
  expect(a.usage!.input, 'input tokens counted').toBeGreaterThan(0);
  if (a.text.length > 0) expect(a.usage!.output, 'output tokens counted').toBeGreaterThan(0);
}

describe.each(DIALECTS)('%s-style endpoint', (dialect) => {
  it(`answers a plain question at its path with the native shape plus an empty sources array [${dialectClauses[dialect].endpoint}, RAG-RESPONSE-NATIVE, RAG-SOURCES-ALWAYS, AUTH-RAG-KEY-HEADERS]`, async (ctx) => {
    const model = await needRag(ctx, target(), dialect);
    const res = await ask(dialect, { model, messages: SMALL_TALK, maxTokens: 64 });
    const a = readAnswer(dialect, res);
    expectPlainAnswer(a, model);
    assumed('RAG-SOURCES-ALWAYS', () =>
      expect(a.sources, 'no knowledgebase tool: sources is present and empty').toEqual([]),
    );
  });

  it('a RAG answer carries the X-RateLimit headers of its hourly cap: limit, remaining below it, reset in epoch seconds within the hour [RAG-RATE-LIMIT-HEADERS]', async (ctx) => {
    const model = await needRag(ctx, target(), dialect);
    const res = await ask(dialect, { model, messages: SMALL_TALK, maxTokens: 16 });
    readAnswer(dialect, res);
    const now = target().control
      ? Date.parse((await target().control!.get<{ now: string }>('/clock')).now) / 1000
      : undefined;
    // Rate-limit window headers: not shown. All of it is the fake's choice.
    assumed('RAG-RATE-LIMIT-HEADERS', () => {
      const [limit, remaining, reset] = ['limit', 'remaining', 'reset'].map((h) =>
        Number(res.headers[`x-ratelimit-${h}`]),
      ) as [number, number, number];
      for (const n of [limit, remaining, reset])
        expect(Number.isInteger(n), JSON.stringify(res.headers)).toBe(true);
      expect(limit).toBeGreaterThan(0);
      expect(remaining).toBeGreaterThanOrEqual(0);
      expect(remaining).toBeLessThan(limit);
      const date = Date.parse(res.headers.date ?? '');
      if (now !== undefined) {
        expect(reset).toBeGreaterThan(now);
        expect(reset).toBeLessThanOrEqual(Math.ceil(now + 3600));
      } else if (Number.isFinite(date)) {
        expect(reset).toBeGreaterThan(date / 1000 - 60);
        expect(reset).toBeLessThanOrEqual(Math.ceil(date / 1000 + 3600 + 60));
      }
    });
  });

  it(`the path answers POST only, and a neighbouring path is not an endpoint [${dialectClauses[dialect].endpoint}, RAG-UNKNOWN-ROUTE-NATIVE]`, async (ctx) => {
    const model = await needRag(ctx, target(), dialect);
    const path = dialect === 'openai' ? '/openai/chat/completions' : '/anthropic/v1/messages';
    const auth = { bearer: await key() };
    expectRagError(dialect, await target().raw(path, { method: 'GET', auth }), 405);
    const body = nativeBody(dialect, { model, messages: SMALL_TALK, maxTokens: 16 });
    expectRagError(dialect, await target().raw(`${path}/extra`, { auth, body }), 404);
  });
});

describe('credential headers', () => {
  it('the OpenAI-style endpoint takes the project key as Authorization: Bearer [AUTH-RAG-KEY-HEADERS, RAG-OPENAI-ENDPOINT]', async (ctx) => {
    const model = await needRag(ctx, target(), 'openai');
    const body = nativeBody('openai', { model, messages: SMALL_TALK, maxTokens: 16 });
    const res = await target().call('openaiChatCompletions', {
      body,
      auth: { headers: { authorization: `Bearer ${await key()}` } },
    });
    readAnswer('openai', res);
  });

  it('the Anthropic-style endpoint takes the project key as x-api-key or as Authorization: Bearer [AUTH-RAG-KEY-HEADERS, RAG-ANTHROPIC-ENDPOINT]', async (ctx) => {
    const model = await needRag(ctx, target(), 'anthropic');
    const body = nativeBody('anthropic', { model, messages: SMALL_TALK, maxTokens: 16 });
    const value = await key();
    for (const headers of [{ 'x-api-key': value }, { authorization: `Bearer ${value}` }] as Record<
      string,
      string
    >[]) {
      const res = await target().call('anthropicMessages', { body, auth: { headers } });
      readAnswer('anthropic', res);
    }
  });
});

describe('the Anthropic-style path carries v1', () => {
  it('POST /anthropic/v1/messages answers; /anthropic/messages and /anthropic/v2/messages are unknown routes, 404 in the Anthropic shape [VERSION-V1-ANTHROPIC-PATH, RAG-UNKNOWN-ROUTE-NATIVE]', async (ctx) => {
    const model = await needRag(ctx, target(), 'anthropic');
    const body = nativeBody('anthropic', { model, messages: SMALL_TALK, maxTokens: 16 });
    const headers = { 'x-api-key': await key() };
    readAnswer('anthropic', await target().raw('/anthropic/v1/messages', { body, auth: { headers } }));
    for (const path of ['/anthropic/messages', '/anthropic/v2/messages']) {
      expectRagError('anthropic', await target().raw(path, { body, auth: { headers } }), 404);
    }
  });
});

describe('native request shapes', () => {
  it('the OpenAI-style endpoint accepts the native chat completions request: system, developer, user text parts, assistant turns, sampling and limit fields [RAG-OPENAI-REQUEST]', async (ctx) => {
    const model = await needRag(ctx, target(), 'openai');
    const native = {
      model,
      messages: [
        { role: 'system', content: 'You are a concise support assistant.' },
        { role: 'developer', content: [{ type: 'text', text: 'Answer in English.' }] },
        { role: 'user', content: 'Hello!', name: 'ann' },
        { role: 'assistant', content: 'Hello! How can I help?' },
        { role: 'user', content: [{ type: 'text', text: SMALL_TALK }] },
      ],
      temperature: 0.2,
      top_p: 1,
      presence_penalty: 0,
      frequency_penalty: 0,
      max_completion_tokens: 64,
      n: 1,
      stop: ['\n\n\n'],
      seed: 7,
      user: 'conformance-suite',
      stream: false,
    };
    const a = readAnswer('openai', await ask('openai', { native }));
    expectPlainAnswer(a, model);
    // The legacy max_tokens field is native too.
    const legacy = { ...native, max_completion_tokens: undefined, max_tokens: 64 };
    expectPlainAnswer(readAnswer('openai', await ask('openai', { native: legacy })), model);
  });

  it('the Anthropic-style endpoint accepts the native messages request: system as a string (as text blocks: the fake), content as a string or blocks, sampling fields, stop sequences, metadata [RAG-ANTHROPIC-REQUEST, RAG-ANTHROPIC-SYSTEM-BLOCKS]', async (ctx) => {
    const model = await needRag(ctx, target(), 'anthropic');
    const messages = [
      { role: 'user', content: 'Hello!' },
      { role: 'assistant', content: [{ type: 'text', text: 'Hello! How can I help?' }] },
      { role: 'user', content: [{ type: 'text', text: SMALL_TALK }] },
    ];
    const common = {
      model,
      max_tokens: 64,
      messages,
      temperature: 0.2,
      top_k: 5,
      metadata: { user_id: 'suite' },
    };
    for (const native of [
      { ...common, system: 'You are a concise support assistant.' },
      { ...common, stop_sequences: ['\n\n\n'], stream: false },
    ]) {
      expectPlainAnswer(readAnswer('anthropic', await ask('anthropic', { native })), model);
    }
    // The spec writes system as a string; as text blocks (native too) it is the fake's reading.
    const blocks = { ...common, system: [{ type: 'text', text: 'You are a concise support assistant.' }] };
    const res = await ask('anthropic', { native: blocks });
    assumed('RAG-ANTHROPIC-SYSTEM-BLOCKS', () => expectPlainAnswer(readAnswer('anthropic', res), model));
  });

  it('the Anthropic-style request needs an integer max_tokens of at least 1; system may be left out [RAG-ANTHROPIC-MAX-TOKENS-REQUIRED, RAG-ANTHROPIC-REQUEST]', async (ctx) => {
    const model = await needRag(ctx, target(), 'anthropic');
    const base = nativeBody('anthropic', { model, messages: SMALL_TALK, maxTokens: 16 });
    expect(base).not.toHaveProperty('system');
    readAnswer('anthropic', await ask('anthropic', { native: base }));
    // Refusing a request without a usable max_tokens is the fake's choice (as in the native API).
    const refusal = { clause: 'RAG-ANTHROPIC-MAX-TOKENS-REQUIRED', documented: 'nothing' } as const;
    const { max_tokens: _, ...without } = base;
    expectRagError('anthropic', await ask('anthropic', { native: without }), 400, undefined, refusal);
    for (const max_tokens of [0, -1, 1.5, '16', null]) {
      const res = await ask('anthropic', { native: { ...base, max_tokens } });
      expectRagError('anthropic', res, 400, undefined, refusal);
    }
  });
});
