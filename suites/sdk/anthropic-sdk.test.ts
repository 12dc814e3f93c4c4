/**
 * The official `@anthropic-ai/sdk` pointed at {base_url}/anthropic with the project key, nothing else changed:
 * answers with `sources`, the key in each header the endpoint takes, streams accumulated by MessageStream, and a
 * full user-tool round trip. Runs against any target that allows spending credits; checks that need the fake's
 * default model say so. The key is a fresh organization's whose knowledgebase holds the support documents the
 * refund question is answered from, where the target offers the provider states (sdk-key.ts), else the config's.
 */
import type Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { supportDocuments } from '../support/fresh-quota.js';
import {
  type AnthropicCredential,
  anthropicClient,
  expectNativeAnswer,
  recordingFetch,
  sdkCall,
  sourcesOf,
} from '../support/sdk-clients.js';
import { assumed, documented } from '../support/strength.js';
import { useTarget } from '../support/use-target.js';
import {
  type AnthropicParams,
  anthropicOrderRequest,
  anthropicRefundRequest,
  KB_LIMIT,
  ORDER_TOOL_NAME,
  runOrderTool,
  SHIPPED,
} from './sdk-asks.js';
import { sdkKeyOfFile } from './sdk-key.js';

const target = useTarget();
const sdkKey = sdkKeyOfFile(target, supportDocuments());

const textOf = (m: Anthropic.Messages.Message): string =>
  m.content.map((b) => (b.type === 'text' ? b.text : '')).join('');

/** The fields a streamed answer must share with the unstreamed one (ids and sources aside). */
function essence(m: Anthropic.Messages.Message) {
  return {
    content: m.content.map((b) =>
      b.type === 'text'
        ? { type: b.type, text: b.text }
        : b.type === 'tool_use'
          ? { type: b.type, name: b.name, input: b.input }
          : { type: b.type },
    ),
    stop_reason: m.stop_reason,
    usage: { input_tokens: m.usage.input_tokens, output_tokens: m.usage.output_tokens },
  };
}

const toolUses = (m: Anthropic.Messages.Message) =>
  m.content.filter((b): b is Anthropic.Messages.ToolUseBlock => b.type === 'tool_use');

/** The follow-up of a tool use: the assistant turn as the SDK returned it, then one tool_result per tool use. */
function withToolResults(request: AnthropicParams, message: Anthropic.Messages.Message): AnthropicParams {
  const results: Anthropic.Messages.ToolResultBlockParam[] = toolUses(message).map((use) => ({
    type: 'tool_result',
    tool_use_id: use.id,
    content: JSON.stringify(runOrderTool(use.input)),
  }));
  return {
    ...request,
    messages: [
      ...request.messages,
      { role: 'assistant', content: message.content },
      ...(results.length ? [{ role: 'user' as const, content: results }] : []),
    ],
    // `none`: the model must answer now (RAG-TOOL-CHOICE).
    tool_choice: { type: 'none' },
  };
}

/**
 * The tool uses of an answer are native uses of the user tool, never of the knowledgebase tool, which is the
 * service's to run (RAG-USER-TOOLS-RETURNED, RAG-SERVER-RETRIEVAL); the forced tool is used (RAG-TOOL-CHOICE).
 */
function expectOrderToolUse(message: Anthropic.Messages.Message) {
  const uses = toolUses(message);
  documented('RAG-USER-TOOLS-RETURNED', () => {
    if (uses.length > 0) expect(message.stop_reason).toBe('tool_use');
    for (const use of uses) {
      expect(use.name).toBe(ORDER_TOOL_NAME);
      expect(use.id).toEqual(expect.any(String));
      expect(use.input).toEqual(expect.any(Object));
    }
  });
  assumed('RAG-TOOL-CHOICE', () => {
    expect(message.stop_reason).toBe('tool_use');
    expect(uses.length).toBeGreaterThan(0);
  });
}

/** The final answer after the tool results, with tool_choice `none`: text, no tool use (RAG-TOOL-CHOICE). */
function expectFinalAnswer(message: Anthropic.Messages.Message): void {
  assumed('RAG-TOOL-CHOICE', () => {
    expect(message.stop_reason).toBe('end_turn');
    expect(toolUses(message)).toEqual([]);
    expect(textOf(message).length).toBeGreaterThan(0);
  });
  // The default model answers from the tool result.
  if (target().isFake) assumed('FAKE-MODEL-DEFAULT', () => expect(textOf(message)).toContain(SHIPPED));
}

describe('the @anthropic-ai/sdk against {base_url}/anthropic [RAG-SDK-COMPATIBLE]', () => {
  it('messages.create with the knowledgebase tool returns an answer and readable sources, never a knowledgebase tool use [RAG-ANTHROPIC-ENDPOINT, VERSION-V1-ANTHROPIC-PATH, RAG-KB-TOOL, RAG-SERVER-RETRIEVAL, RAG-RESPONSE-NATIVE, RAG-SOURCES-ITEM-SHAPE, RAG-SOURCES-LIMIT, RAG-SOURCES-ALWAYS]', async (ctx) => {
    const { model, key } = await sdkKey.calls(ctx, 'anthropic', 1);
    const recorder = recordingFetch();
    const message = await anthropicClient(target(), { apiKey: key, fetch: recorder.fetch }).messages.create(
      anthropicRefundRequest(model),
    );

    expect(recorder.sent).toHaveLength(1);
    expect(recorder.sent[0]!.method).toBe('POST');
    expect(recorder.sent[0]!.url).toBe(
      `${target().config.base_url.replace(/\/$/, '')}/anthropic/v1/messages`,
    );

    // The native shape plus `sources`; the items as the fake's chunks, softly (RAG-SOURCES-ITEM-SHAPE).
    expectNativeAnswer('anthropic', message);
    expect(message.role).toBe('assistant');
    // No tool use handed over: not a tool turn (whether the reply ended by itself or at max_tokens is the model's).
    expect(message.stop_reason).not.toBe('tool_use');
    expect(toolUses(message)).toEqual([]);
    expect(textOf(message).length).toBeGreaterThan(0);

    const sources = sourcesOf(message);
    assumed('RAG-SOURCES-ALWAYS', () =>
      expect(sources, 'sources is always there').toEqual(expect.any(Array)),
    );
    assumed('RAG-SOURCES-LIMIT', () => expect(sources.length).toBeLessThanOrEqual(KB_LIMIT));
    // The support documents answer the question, and the default model cites what it used.
    if (target().isFake)
      assumed('FAKE-MODEL-DEFAULT', () => {
        expect(sources.length).toBeGreaterThan(0);
        expect(textOf(message)).toContain('[1]');
      });
  });

  it('the key works as the SDK sends it (apiKey), as authToken (Bearer) and as x-api-key alone [AUTH-RAG-KEY-HEADERS, RAG-ANTHROPIC-ENDPOINT]', async (ctx) => {
    const { model, key } = await sdkKey.calls(ctx, 'anthropic', 3);
    const expected: Record<AnthropicCredential, { authorization?: string; 'x-api-key'?: string }> = {
      // @anthropic-ai/sdk 1.x sends apiKey as a Bearer token, like authToken.
      apiKey: { authorization: `Bearer ${key}` },
      authToken: { authorization: `Bearer ${key}` },
      'x-api-key': { 'x-api-key': key },
    };
    for (const credential of Object.keys(expected) as AnthropicCredential[]) {
      const recorder = recordingFetch();
      const client = anthropicClient(target(), { apiKey: key, credential, fetch: recorder.fetch });
      const message = await client.messages.create({
        model,
        max_tokens: 64,
        messages: [{ role: 'user', content: 'Hello' }],
      });
      expect(message.type, credential).toBe('message');
      const headers = recorder.sent[0]!.headers;
      expect({ authorization: headers.authorization, 'x-api-key': headers['x-api-key'] }, credential).toEqual(
        { authorization: undefined, 'x-api-key': undefined, ...expected[credential] },
      );
    }
  });

  it('messages.stream() parses the stream and accumulates with finalMessage() to the unstreamed answer; the text events join to its text [RAG-ANTHROPIC-STREAM-GRAMMAR, RAG-STREAM-EQUALS-BODY, RAG-STREAM-SOURCES]', async (ctx) => {
    const { model, key } = await sdkKey.calls(ctx, 'anthropic', 2);
    const client = anthropicClient(target(), { apiKey: key });
    const plain = await client.messages.create(anthropicRefundRequest(model));
    expectNativeAnswer('anthropic', plain);

    // The native stream is what MessageStream parses (documented by reference); what it accumulates to, compared
    // with the unstreamed answer, is the fake's.
    const deltas: string[] = [];
    let final: Anthropic.Messages.Message | undefined;
    let finalText: string | undefined;
    await documented('RAG-ANTHROPIC-STREAM-GRAMMAR', async () => {
      const stream = client.messages.stream(anthropicRefundRequest(model));
      stream.on('text', (delta) => deltas.push(delta));
      final = await stream.finalMessage();
      finalText = await stream.finalText();
    });
    if (!final) return;
    const streamed = final;
    assumed('RAG-STREAM-EQUALS-BODY', () => {
      expect(deltas.join('')).toBe(textOf(plain));
      expect(finalText).toBe(textOf(plain));
      expect(essence(streamed)).toEqual(essence(plain));
    });
    // sources arrive on message_start's message, which MessageStream keeps as the snapshot.
    assumed('RAG-STREAM-SOURCES', () => expect(sourcesOf(streamed)).toEqual(sourcesOf(plain)));
  });
});

describe('a user tool through the @anthropic-ai/sdk [RAG-SDK-COMPATIBLE, RAG-USER-TOOLS-RETURNED, RAG-TOOL-RESULT-CONTINUES, RAG-TOOL-CHOICE]', () => {
  it('create: the forced tool comes back as a tool_use block; its local result sent as tool_result gets a final answer', async (ctx) => {
    const { model, key } = await sdkKey.calls(ctx, 'anthropic', 2);
    const client = anthropicClient(target(), { apiKey: key });
    const request = anthropicOrderRequest(model);
    const called = await client.messages.create(request);
    expectNativeAnswer('anthropic', called);
    expectOrderToolUse(called);

    const answered = await sdkCall(
      () => client.messages.create(withToolResults(request, called)),
      'RAG-TOOL-RESULT-CONTINUES',
    );
    expectNativeAnswer('anthropic', answered);
    expectFinalAnswer(answered);
  });

  it('stream(): finalMessage() assembles the tool input from input_json_delta pieces, ending as a tool use, equal to the unstreamed one; the streamed follow-up answers [RAG-ANTHROPIC-STREAM-GRAMMAR, RAG-STREAM-EQUALS-BODY]', async (ctx) => {
    const { model, key } = await sdkKey.calls(ctx, 'anthropic', 3);
    const client = anthropicClient(target(), { apiKey: key });
    const request = anthropicOrderRequest(model);
    const plain = await client.messages.create(request);
    expectNativeAnswer('anthropic', plain);

    // MessageStream parses the native stream (documented by reference) and the use ends as a native tool turn
    // (RAG-USER-TOOLS-RETURNED); what the streams accumulate to, compared with the unstreamed answer, is the fake's.
    const pieces: string[] = [];
    let called: Anthropic.Messages.Message | undefined;
    await documented('RAG-ANTHROPIC-STREAM-GRAMMAR', async () => {
      const stream = client.messages.stream(request);
      stream.on('inputJson', (partial) => pieces.push(partial));
      called = await stream.finalMessage();
      // The input_json_delta pieces of a single tool use join to its input.
      const uses = toolUses(called);
      if (uses.length === 1) expect(JSON.parse(pieces.join(''))).toEqual(uses[0]!.input);
    });
    if (!called) return;
    expectOrderToolUse(called);
    const streamedCall = called;
    assumed('RAG-STREAM-EQUALS-BODY', () => {
      const { content, stop_reason, usage } = essence(streamedCall);
      expect({ content, stop_reason, usage }).toEqual({
        content: essence(plain).content,
        stop_reason: essence(plain).stop_reason,
        usage: essence(plain).usage,
      });
    });

    let answered: Anthropic.Messages.Message | undefined;
    await documented('RAG-ANTHROPIC-STREAM-GRAMMAR', async () => {
      answered = await sdkCall(
        () => client.messages.stream(withToolResults(request, streamedCall)).finalMessage(),
        'RAG-TOOL-RESULT-CONTINUES',
      );
    });
    if (answered) expectFinalAnswer(answered);
  });
});
