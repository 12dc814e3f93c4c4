/**
 * The official `openai` SDK pointed at {base_url}/openai with the project key, nothing else changed: answers with
 * `sources`, streams accumulated by the SDK's own helpers, and a full user-tool round trip. Runs against any target
 * that allows spending credits; checks that need the fake's default model say so. The key is a fresh organization's
 * whose knowledgebase holds the support documents the refund question is answered from, where the target offers
 * the provider states (sdk-key.ts), else the config's.
 */
import type OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { OpenAIChatCompletionChunkAnySources } from '../../contract/requests/rag-openai.js';
import { supportDocuments } from '../support/fresh-quota.js';
import {
  expectNativeAnswer,
  openaiClient,
  recordingFetch,
  sdkCall,
  sourcesOf,
} from '../support/sdk-clients.js';
import { assumed, documented } from '../support/strength.js';
import { useTarget } from '../support/use-target.js';
import {
  KB_LIMIT,
  type OpenAIParams,
  ORDER_TOOL_NAME,
  openaiOrderRequest,
  openaiRefundRequest,
  runOrderTool,
  SHIPPED,
} from './sdk-asks.js';
import { sdkKeyOfFile } from './sdk-key.js';

const target = useTarget();
const sdkKey = sdkKeyOfFile(target, supportDocuments());

/** The fields a streamed answer must share with the unstreamed one (ids, timestamps and sources aside). */
function essence(c: OpenAI.Chat.ChatCompletion) {
  const choice = c.choices[0]!;
  return {
    content: choice.message.content,
    tool_calls: (choice.message.tool_calls ?? []).map((call) =>
      call.type === 'function' ? { name: call.function.name, arguments: call.function.arguments } : call,
    ),
    finish_reason: choice.finish_reason,
    usage: {
      prompt_tokens: c.usage?.prompt_tokens,
      completion_tokens: c.usage?.completion_tokens,
      total_tokens: c.usage?.total_tokens,
    },
  };
}

/** The follow-up of a tool call: the assistant turn as the SDK returned it, then one `tool` message per call. */
function withToolResults(request: OpenAIParams, completion: OpenAI.Chat.ChatCompletion): OpenAIParams {
  const message = completion.choices[0]!.message;
  const results: OpenAI.Chat.ChatCompletionToolMessageParam[] = (message.tool_calls ?? []).map((call) => ({
    role: 'tool',
    tool_call_id: call.id,
    content: JSON.stringify(
      runOrderTool(call.type === 'function' ? JSON.parse(call.function.arguments) : {}),
    ),
  }));
  // tool_choice `none`: the model must answer now (RAG-TOOL-CHOICE).
  return { ...request, messages: [...request.messages, message, ...results], tool_choice: 'none' };
}

/**
 * The tool calls of an answer are native calls of the user tool, never of the knowledgebase tool, which is the
 * service's to run (RAG-USER-TOOLS-RETURNED, RAG-SERVER-RETRIEVAL); the forced tool is called (RAG-TOOL-CHOICE).
 */
function expectOrderToolCall(completion: OpenAI.Chat.ChatCompletion) {
  const choice = completion.choices[0]!;
  const calls = choice.message.tool_calls ?? [];
  documented('RAG-USER-TOOLS-RETURNED', () => {
    if (calls.length > 0) expect(choice.finish_reason).toBe('tool_calls');
    for (const call of calls) {
      expect(call.type).toBe('function');
      if (call.type !== 'function') continue;
      expect(call.function.name).toBe(ORDER_TOOL_NAME);
      expect(call.id).toEqual(expect.any(String));
      expect(JSON.parse(call.function.arguments)).toEqual(expect.any(Object));
    }
  });
  assumed('RAG-TOOL-CHOICE', () => {
    expect(choice.finish_reason).toBe('tool_calls');
    expect(calls.length).toBeGreaterThan(0);
  });
}

/** The final answer after the tool results, with tool_choice `none`: text, no call (RAG-TOOL-CHOICE). */
function expectFinalAnswer(completion: OpenAI.Chat.ChatCompletion): void {
  const choice = completion.choices[0]!;
  assumed('RAG-TOOL-CHOICE', () => {
    expect(choice.finish_reason).toBe('stop');
    expect(choice.message.tool_calls ?? []).toEqual([]);
    expect(choice.message.content?.length ?? 0).toBeGreaterThan(0);
  });
  // The default model answers from the tool result.
  if (target().isFake) assumed('FAKE-MODEL-DEFAULT', () => expect(choice.message.content).toContain(SHIPPED));
}

describe('the openai SDK against {base_url}/openai [RAG-SDK-COMPATIBLE]', () => {
  it('chat.completions.create with the knowledgebase tool returns an answer and readable sources, never a knowledgebase tool call [RAG-OPENAI-ENDPOINT, AUTH-RAG-KEY-HEADERS, RAG-KB-TOOL, RAG-SERVER-RETRIEVAL, RAG-RESPONSE-NATIVE, RAG-SOURCES-ITEM-SHAPE, RAG-SOURCES-LIMIT, RAG-SOURCES-ALWAYS]', async (ctx) => {
    const { model, key } = await sdkKey.calls(ctx, 'openai', 1);
    const recorder = recordingFetch();
    const client = openaiClient(target(), { apiKey: key, fetch: recorder.fetch });
    const completion = await client.chat.completions.create(openaiRefundRequest(model));

    // What the SDK sent: POST {base_url}/openai/chat/completions with the key as Bearer.
    expect(recorder.sent).toHaveLength(1);
    expect(recorder.sent[0]!.method).toBe('POST');
    expect(recorder.sent[0]!.url).toBe(
      `${target().config.base_url.replace(/\/$/, '')}/openai/chat/completions`,
    );
    expect(recorder.sent[0]!.headers.authorization).toBe(`Bearer ${key}`);

    // The native shape plus `sources`; the items as the fake's chunks, softly (RAG-SOURCES-ITEM-SHAPE).
    expectNativeAnswer('openai', completion);
    const choice = completion.choices[0]!;
    expect(choice.message.role).toBe('assistant');
    expect(choice.message.content).toEqual(expect.any(String));
    expect(choice.message.content!.length).toBeGreaterThan(0);
    expect(choice.message.tool_calls ?? []).toEqual([]);
    // No call handed over: not a tool turn (whether the reply ended by itself or at a budget is the model's).
    expect(choice.finish_reason).not.toBe('tool_calls');

    const sources = sourcesOf(completion);
    assumed('RAG-SOURCES-ALWAYS', () =>
      expect(sources, 'sources is always there').toEqual(expect.any(Array)),
    );
    assumed('RAG-SOURCES-LIMIT', () => expect(sources.length).toBeLessThanOrEqual(KB_LIMIT));
    // The support documents answer the question, and the default model cites what it used.
    if (target().isFake)
      assumed('FAKE-MODEL-DEFAULT', () => {
        expect(sources.length).toBeGreaterThan(0);
        expect(choice.message.content).toContain('[1]');
      });
  });

  it('chat.completions.stream() parses the stream and accumulates with finalChatCompletion() to the unstreamed answer: text, finish_reason, usage, sources [RAG-OPENAI-STREAM-GRAMMAR, RAG-STREAM-EQUALS-BODY, RAG-STREAM-SOURCES]', async (ctx) => {
    const { model, key } = await sdkKey.calls(ctx, 'openai', 2);
    const client = openaiClient(target(), { apiKey: key });
    const plain = await client.chat.completions.create(openaiRefundRequest(model));
    expectNativeAnswer('openai', plain);

    // The native stream is what the SDK's helper parses (documented by reference); what it accumulates to, compared
    // with the unstreamed answer, is the fake's.
    const deltas: string[] = [];
    let final: OpenAI.Chat.ChatCompletion | undefined;
    await documented('RAG-OPENAI-STREAM-GRAMMAR', async () => {
      const stream = client.chat.completions.stream({
        ...openaiRefundRequest(model),
        stream_options: { include_usage: true },
      });
      stream.on('content', (delta) => deltas.push(delta));
      final = await stream.finalChatCompletion();
    });
    if (!final) return;
    const streamed = final;
    assumed('RAG-STREAM-EQUALS-BODY', () => {
      expect(deltas.join('')).toBe(plain.choices[0]!.message.content);
      expect(essence(streamed)).toEqual(essence(plain));
    });
    assumed('RAG-STREAM-SOURCES', () => expect(sourcesOf(streamed)).toEqual(sourcesOf(plain)));
  });

  it('chat.completions.create({stream: true, include_usage}) iterates chunks: role first, sources on the first chunk, usage last, the same answer [RAG-OPENAI-STREAM-GRAMMAR, RAG-OPENAI-STREAM-USAGE, RAG-STREAM-EQUALS-BODY, RAG-STREAM-SOURCES]', async (ctx) => {
    const { model, key } = await sdkKey.calls(ctx, 'openai', 2);
    const client = openaiClient(target(), { apiKey: key });
    const plain = await client.chat.completions.create(openaiRefundRequest(model));
    expectNativeAnswer('openai', plain);

    const chunks: OpenAI.Chat.ChatCompletionChunk[] = [];
    // The native grammar, as the SDK iterates it: chat.completion.chunk objects, the role on the first delta.
    const parsed = await documented('RAG-OPENAI-STREAM-GRAMMAR', async () => {
      const stream = await client.chat.completions.create({
        ...openaiRefundRequest(model),
        stream: true,
        stream_options: { include_usage: true },
      });
      for await (const chunk of stream) chunks.push(chunk);
      for (const chunk of chunks) OpenAIChatCompletionChunkAnySources.parse(chunk);
      const withChoice = chunks.filter((c) => c.choices.length > 0);
      expect(withChoice[0]?.choices[0]?.delta.role).toBe('assistant');
    });
    if (!parsed) return;
    // The usage chunk of include_usage, last with empty choices: the native format's rule (by reference).
    documented('RAG-OPENAI-STREAM-USAGE', () => expect(chunks.at(-1)?.choices).toEqual([]));
    assumed('RAG-STREAM-SOURCES', () => expect(sourcesOf(chunks[0])).toEqual(sourcesOf(plain)));
    assumed('RAG-STREAM-EQUALS-BODY', () => {
      expect(chunks.at(-1)!.usage).toMatchObject({
        prompt_tokens: plain.usage?.prompt_tokens,
        completion_tokens: plain.usage?.completion_tokens,
        total_tokens: plain.usage?.total_tokens,
      });
      const text = chunks.map((c) => c.choices[0]?.delta.content ?? '').join('');
      expect(text).toBe(plain.choices[0]!.message.content);
      const reasons = chunks.map((c) => c.choices[0]?.finish_reason).filter((r) => r != null);
      expect(reasons).toEqual([plain.choices[0]!.finish_reason]);
    });
  });
});

describe('a user tool through the openai SDK [RAG-SDK-COMPATIBLE, RAG-USER-TOOLS-RETURNED, RAG-TOOL-RESULT-CONTINUES, RAG-TOOL-CHOICE]', () => {
  it('create: the forced tool call comes back as tool_calls; its local result sent as a tool message gets a final answer', async (ctx) => {
    const { model, key } = await sdkKey.calls(ctx, 'openai', 2);
    const client = openaiClient(target(), { apiKey: key });
    const request = openaiOrderRequest(model);
    const called = await client.chat.completions.create(request);
    expectNativeAnswer('openai', called);
    expectOrderToolCall(called);

    const answered = await sdkCall(
      () => client.chat.completions.create(withToolResults(request, called)),
      'RAG-TOOL-RESULT-CONTINUES',
    );
    expectNativeAnswer('openai', answered);
    expectFinalAnswer(answered);
  });

  it('stream(): finalChatCompletion() assembles the tool call from its fragments, ending as a tool call, equal to the unstreamed one; the streamed follow-up answers [RAG-OPENAI-STREAM-GRAMMAR, RAG-STREAM-EQUALS-BODY]', async (ctx) => {
    const { model, key } = await sdkKey.calls(ctx, 'openai', 3);
    const client = openaiClient(target(), { apiKey: key });
    const request = openaiOrderRequest(model);
    const plain = await client.chat.completions.create(request);
    expectNativeAnswer('openai', plain);

    // The SDK's helper parses the native stream (documented by reference) and the call ends as a native tool turn
    // (RAG-USER-TOOLS-RETURNED); what the streams accumulate to, compared with the unstreamed answer, is the fake's.
    const argumentsDone: string[] = [];
    let called: OpenAI.Chat.ChatCompletion | undefined;
    await documented('RAG-OPENAI-STREAM-GRAMMAR', async () => {
      const stream = client.chat.completions.stream({ ...request, stream_options: { include_usage: true } });
      stream.on('tool_calls.function.arguments.done', (e) => argumentsDone.push(e.name));
      called = await stream.finalChatCompletion();
    });
    if (!called) return;
    expectOrderToolCall(called);
    assumed('RAG-TOOL-CHOICE', () => expect(argumentsDone).toEqual([ORDER_TOOL_NAME]));
    const streamedCall = called;
    assumed('RAG-STREAM-EQUALS-BODY', () => {
      const { tool_calls, finish_reason, usage } = essence(streamedCall);
      expect({ tool_calls, finish_reason, usage }).toEqual({
        tool_calls: essence(plain).tool_calls,
        finish_reason: essence(plain).finish_reason,
        usage: essence(plain).usage,
      });
    });

    let answered: OpenAI.Chat.ChatCompletion | undefined;
    await documented('RAG-OPENAI-STREAM-GRAMMAR', async () => {
      const followUp = client.chat.completions.stream(withToolResults(request, streamedCall));
      answered = await sdkCall(() => followUp.finalChatCompletion(), 'RAG-TOOL-RESULT-CONTINUES');
      expect(await followUp.finalContent()).toBe(answered.choices[0]!.message.content);
    });
    if (answered) expectFinalAnswer(answered);
  });
});
