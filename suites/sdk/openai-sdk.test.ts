/**
 * The official `openai` SDK pointed at {base_url}/openai with the project key, nothing else changed: answers with
 * `sources`, streams accumulated by the SDK's own helpers, and a full user-tool round trip. Runs against any target
 * that allows spending credits; checks that need the fake's default model say so.
 */
import type OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { OpenAIChatCompletion, OpenAIChatCompletionChunk } from '../../contract/requests/rag-openai.js';
import { needSdkCalls, openaiClient, recordingFetch, sourcesOf } from '../support/sdk-clients.js';
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

const target = useTarget();

/** The fields a streamed answer must share with the unstreamed one (ids and timestamps aside). */
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
    sources: sourcesOf(c),
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
  // tool_choice `none`: the model must answer now, on any target (RAG-TOOL-CHOICE).
  return { ...request, messages: [...request.messages, message, ...results], tool_choice: 'none' };
}

function expectOrderToolCall(completion: OpenAI.Chat.ChatCompletion) {
  const choice = completion.choices[0]!;
  expect(choice.finish_reason).toBe('tool_calls');
  const calls = choice.message.tool_calls ?? [];
  expect(calls.length).toBeGreaterThan(0);
  for (const call of calls) {
    expect(call.type).toBe('function');
    if (call.type !== 'function') continue;
    // Only the user tool comes back: the knowledgebase tool is the service's to run (RAG-SERVER-RETRIEVAL).
    expect(call.function.name).toBe(ORDER_TOOL_NAME);
    expect(call.id).toEqual(expect.any(String));
    expect(JSON.parse(call.function.arguments)).toEqual(expect.any(Object));
  }
}

describe('the openai SDK against {base_url}/openai [RAG-SDK-COMPATIBLE]', () => {
  it('chat.completions.create with the knowledgebase tool returns an answer and readable sources, never a knowledgebase tool call [RAG-OPENAI-ENDPOINT, AUTH-RAG-KEY-HEADERS, RAG-KB-TOOL, RAG-SERVER-RETRIEVAL, RAG-RESPONSE-NATIVE, RAG-SOURCES-ITEM-SHAPE, RAG-SOURCES-LIMIT, RAG-SOURCES-ALWAYS]', async (ctx) => {
    const model = await needSdkCalls(ctx, target(), 'openai', 1);
    const recorder = recordingFetch();
    const client = openaiClient(target(), { fetch: recorder.fetch });
    const completion = await client.chat.completions.create(openaiRefundRequest(model));

    // What the SDK sent: POST {base_url}/openai/chat/completions with the key as Bearer.
    expect(recorder.sent).toHaveLength(1);
    expect(recorder.sent[0]!.method).toBe('POST');
    expect(recorder.sent[0]!.url).toBe(
      `${target().config.base_url.replace(/\/$/, '')}/openai/chat/completions`,
    );
    expect(recorder.sent[0]!.headers.authorization).toBe(`Bearer ${target().config.project_key}`);

    OpenAIChatCompletion.parse(completion);
    const choice = completion.choices[0]!;
    expect(choice.message.role).toBe('assistant');
    expect(choice.message.content).toEqual(expect.any(String));
    expect(choice.message.content!.length).toBeGreaterThan(0);
    expect(choice.message.tool_calls ?? []).toEqual([]);
    expect(choice.finish_reason).toBe('stop');

    const sources = sourcesOf(completion);
    expect(sources.length).toBeLessThanOrEqual(KB_LIMIT);
    if (target().isFake) {
      // The seeded knowledgebase answers the question, and the default model cites what it used (FAKE-MODEL-DEFAULT).
      expect(sources.length).toBeGreaterThan(0);
      expect(choice.message.content).toContain('[1]');
    }
  });

  it('chat.completions.stream() accumulates with finalChatCompletion() to the unstreamed answer: text, finish_reason, usage, sources [RAG-OPENAI-STREAM, RAG-STREAM-EQUALS-BODY, RAG-STREAM-SOURCES]', async (ctx) => {
    const model = await needSdkCalls(ctx, target(), 'openai', 2);
    const client = openaiClient(target());
    const plain = await client.chat.completions.create(openaiRefundRequest(model));

    const stream = client.chat.completions.stream({
      ...openaiRefundRequest(model),
      stream_options: { include_usage: true },
    });
    const deltas: string[] = [];
    stream.on('content', (delta) => deltas.push(delta));
    const final = await stream.finalChatCompletion();

    expect(deltas.length).toBeGreaterThan(0);
    expect(deltas.join('')).toBe(plain.choices[0]!.message.content);
    expect(essence(final)).toEqual(essence(plain));
  });

  it('chat.completions.create({stream: true, include_usage}) iterates chunks: role first, sources on the first chunk, usage last, the same answer [RAG-OPENAI-STREAM, RAG-STREAM-EQUALS-BODY, RAG-STREAM-SOURCES]', async (ctx) => {
    const model = await needSdkCalls(ctx, target(), 'openai', 2);
    const client = openaiClient(target());
    const plain = await client.chat.completions.create(openaiRefundRequest(model));

    const stream = await client.chat.completions.create({
      ...openaiRefundRequest(model),
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks: OpenAI.Chat.ChatCompletionChunk[] = [];
    for await (const chunk of stream) chunks.push(chunk);

    for (const chunk of chunks) OpenAIChatCompletionChunk.parse(chunk);
    const first = chunks[0]!;
    expect(first.choices[0]?.delta.role).toBe('assistant');
    expect(sourcesOf(first)).toEqual(sourcesOf(plain));
    const last = chunks.at(-1)!;
    expect(last.choices).toEqual([]);
    expect(last.usage).toMatchObject({
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

describe('a user tool through the openai SDK [RAG-SDK-COMPATIBLE, RAG-USER-TOOLS-RETURNED, RAG-TOOL-RESULT-CONTINUES, RAG-TOOL-CHOICE]', () => {
  it('create: the forced tool call comes back as tool_calls; its local result sent as a tool message gets a final answer', async (ctx) => {
    const model = await needSdkCalls(ctx, target(), 'openai', 2);
    const client = openaiClient(target());
    const request = openaiOrderRequest(model);
    const called = await client.chat.completions.create(request);
    OpenAIChatCompletion.parse(called);
    expectOrderToolCall(called);

    const answered = await client.chat.completions.create(withToolResults(request, called));
    OpenAIChatCompletion.parse(answered);
    const choice = answered.choices[0]!;
    expect(choice.finish_reason).toBe('stop');
    expect(choice.message.tool_calls ?? []).toEqual([]);
    expect(choice.message.content?.length ?? 0).toBeGreaterThan(0);
    // The default model answers from the tool result (FAKE-MODEL-DEFAULT).
    if (target().isFake) expect(choice.message.content).toContain(SHIPPED);
  });

  it('stream(): finalChatCompletion() assembles the tool call from its fragments, equal to the unstreamed one; the streamed follow-up answers [RAG-OPENAI-STREAM, RAG-STREAM-EQUALS-BODY]', async (ctx) => {
    const model = await needSdkCalls(ctx, target(), 'openai', 3);
    const client = openaiClient(target());
    const request = openaiOrderRequest(model);
    const plain = await client.chat.completions.create(request);

    const stream = client.chat.completions.stream({ ...request, stream_options: { include_usage: true } });
    const argumentsDone: string[] = [];
    stream.on('tool_calls.function.arguments.done', (e) => argumentsDone.push(e.name));
    const called = await stream.finalChatCompletion();
    expectOrderToolCall(called);
    expect(argumentsDone).toEqual([ORDER_TOOL_NAME]);
    const { tool_calls, finish_reason, usage } = essence(called);
    expect({ tool_calls, finish_reason, usage }).toEqual({
      tool_calls: essence(plain).tool_calls,
      finish_reason: essence(plain).finish_reason,
      usage: essence(plain).usage,
    });

    const followUp = client.chat.completions.stream(withToolResults(request, called));
    const answered = await followUp.finalChatCompletion();
    const choice = answered.choices[0]!;
    expect(choice.finish_reason).toBe('stop');
    expect(await followUp.finalContent()).toBe(choice.message.content);
    expect(choice.message.content?.length ?? 0).toBeGreaterThan(0);
    if (target().isFake) expect(choice.message.content).toContain(SHIPPED);
  });
});
