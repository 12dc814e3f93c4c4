/**
 * The typed SDK helpers (lib/openai.ts, lib/anthropic.ts): the knowledgebase tool as the spec shows it, accepted by
 * the official SDKs (this file type-checks with `npm run typecheck`: no cast in the requests below) and answered by
 * the fake; `sourcesOf` on plain and streamed answers; clear errors; no SDK code at run time.
 */
import Anthropic from '@anthropic-ai/sdk';
import { build } from 'esbuild';
import OpenAI from 'openai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as anthropicHelpers from './anthropic.js';
import { type ChatbotApiInterception, interceptChatbotApi } from './index.js';
import * as openaiHelpers from './openai.js';

let api: ChatbotApiInterception;
beforeEach(() => {
  api = interceptChatbotApi({ baseUrl: 'https://chatbot.example.test' });
});
afterEach(() => api.restore());

const QUESTION = 'How does two-factor authentication work?';

/** The JSON bodies the SDK sent, as it sent them (its `fetch` option: the request on the wire). */
let sent: unknown[] = [];
const recordingFetch: typeof fetch = async (input, init) => {
  if (typeof init?.body === 'string') sent.push(JSON.parse(init.body));
  return fetch(input, init);
};
beforeEach(() => {
  sent = [];
});
const toolsSent = () => (sent.at(-1) as { tools?: unknown } | undefined)?.tools;

/** The tool went out as the spec shows it, and `sources` are the answer's own array, within the tool's limit. */
function expectSentAndOwnSources(answer: object, sources: readonly unknown[], limit: number): void {
  expect(toolsSent()).toEqual([{ type: 'service:knowledgebase', parameters: { limit } }]);
  expect(sources).toBe((answer as { sources?: unknown }).sources);
  expect(sources.length).toBeGreaterThan(0);
  expect(sources.length).toBeLessThanOrEqual(limit);
}

const common = () => ({ apiKey: api.target.project_key, maxRetries: 0, fetch: recordingFetch });
const openai = () => new OpenAI({ baseURL: `${api.target.base_url}/openai`, ...common() });
const anthropic = () => new Anthropic({ baseURL: `${api.target.base_url}/anthropic`, ...common() });

describe('knowledgebaseTool [LIB-SDK-HELPERS, RAG-KB-TOOL]', () => {
  it.each([
    ['openai', openaiHelpers.knowledgebaseTool],
    ['anthropic', anthropicHelpers.knowledgebaseTool],
  ] as const)('%s: is the spec tool item exactly, further parameters kept [LIB-SDK-HELPERS]', (_, tool) => {
    expect(tool({ limit: 3 })).toStrictEqual({ type: 'service:knowledgebase', parameters: { limit: 3 } });
    expect(tool({ limit: 5, node_id: 'n-1' })).toStrictEqual({
      type: 'service:knowledgebase',
      parameters: { limit: 5, node_id: 'n-1' },
    });
    const given = { limit: 2 };
    const item = tool(given) as unknown as { parameters: object };
    expect(item.parameters, 'a copy: the caller may reuse its object').not.toBe(given);
  });
});

describe('openai helpers against the fake [LIB-SDK-HELPERS, RAG-SOURCES-ITEM-SHAPE]', () => {
  it('create() with knowledgebaseTool sends the tool as the spec shows it; sourcesOf gives the answer its own array [LIB-SDK-HELPERS]', async () => {
    const completion = await openai().chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: QUESTION }],
      tools: [openaiHelpers.knowledgebaseTool({ limit: 2 })],
    });
    const sources = openaiHelpers.sourcesOf(completion);
    expectSentAndOwnSources(completion, sources, 2);
    expect(sources[0]?.doc_id).toMatch(/^doc-/);
    expect(typeof sources[0]?.score).toBe('number');
  });

  it('stream() to finalChatCompletion(): sourcesOf gives the same sources as the plain answer [LIB-SDK-HELPERS]', async () => {
    const request = {
      model: 'gpt-4o-mini',
      messages: [{ role: 'user' as const, content: QUESTION }],
      tools: [openaiHelpers.knowledgebaseTool({ limit: 3 })],
    };
    const plain = await openai().chat.completions.create(request);
    const streamed = await openai().chat.completions.stream(request).finalChatCompletion();
    expect(openaiHelpers.sourcesOf(streamed)).toEqual(openaiHelpers.sourcesOf(plain));
  });
});

describe('anthropic helpers against the fake [LIB-SDK-HELPERS, RAG-SOURCES-ITEM-SHAPE]', () => {
  it('messages.create() with knowledgebaseTool sends the tool as the spec shows it; sourcesOf gives its sources [LIB-SDK-HELPERS]', async () => {
    const message = await anthropic().messages.create({
      model: 'claude-3-5-haiku-latest',
      max_tokens: 512,
      messages: [{ role: 'user', content: QUESTION }],
      tools: [anthropicHelpers.knowledgebaseTool({ limit: 2 })],
    });
    const sources = anthropicHelpers.sourcesOf(message);
    expectSentAndOwnSources(message, sources, 2);
    expect(sources[0]?.content).toMatch(/\w/);
  });

  it('messages.stream() to finalMessage(): sourcesOf gives the same sources as the plain answer [LIB-SDK-HELPERS]', async () => {
    const request = {
      model: 'claude-3-5-haiku-latest',
      max_tokens: 512,
      messages: [{ role: 'user' as const, content: QUESTION }],
      tools: [anthropicHelpers.knowledgebaseTool({ limit: 3 })],
    };
    const plain = await anthropic().messages.create(request);
    const streamed = await anthropic().messages.stream(request).finalMessage();
    expect(anthropicHelpers.sourcesOf(streamed)).toEqual(anthropicHelpers.sourcesOf(plain));
  });
});

describe('sourcesOf on an answer that is not a RAG answer [LIB-SDK-HELPERS]', () => {
  const completion = (extra: object) =>
    ({
      id: 'x',
      object: 'chat.completion',
      created: 0,
      model: 'm',
      choices: [],
      ...extra,
    }) as OpenAI.Chat.ChatCompletion;
  it('no sources array: a TypeError saying so', () => {
    expect(() => openaiHelpers.sourcesOf(completion({}))).toThrow(
      new TypeError(
        "sourcesOf: the answer has no `sources` array (got none): is it an answer of the Chatbot Platform's RAG endpoint?",
      ),
    );
    expect(() => anthropicHelpers.sourcesOf({ sources: 'x' } as unknown as Anthropic.Message)).toThrow(
      /\(got string\)/,
    );
  });
  it('an item that is not a chunk: a TypeError naming the field', () => {
    const bad = { point_id: 'p', doc_id: 'd', score: '1', content: 'c' };
    const ok = { point_id: 'p', doc_id: 'd', score: 1, content: 'c' };
    expect(() => openaiHelpers.sourcesOf(completion({ sources: [ok, bad] }))).toThrow(
      /^sourcesOf: sources\[1\]\.score: .*expected number.* \(a source is \{point_id, doc_id, score, content\}\)$/,
    );
    expect(openaiHelpers.sourcesOf(completion({ sources: [] }))).toEqual([]);
  });
});

describe('no SDK at run time [LIB-SDK-HELPERS]', () => {
  it.each(['openai', 'anthropic'])('lib/%s.ts bundles with no import of an SDK', async (entry) => {
    const result = await build({
      entryPoints: [new URL(`./${entry}.ts`, import.meta.url).pathname],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      packages: 'external',
      metafile: true,
      logLevel: 'silent',
    });
    const imports = new Set(
      Object.values(result.metafile.outputs).flatMap((o) => o.imports.map((i) => i.path)),
    );
    expect([...imports], 'zod is the one package it needs').toEqual(['zod']);
  });
});
