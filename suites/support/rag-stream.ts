/**
 * Streamed RAG answers: each dialect's SSE grammar checked event by event against the contract schemas
 * (RAG-OPENAI-STREAM, RAG-ANTHROPIC-STREAM), then accumulated into the neutral Answer of rag-wire.ts so that a
 * stream can be compared with the body the same request gets unstreamed.
 *
 * The spec does not mention streaming at all: every streaming detail is the fake's choice (assumed), so
 * streamAnswer() reads a stream under its dialect's stream clause and gives undefined where the target streams
 * otherwise (a warning against a target other than the fake; a failure against the fake). The `sources` items of a
 * stream are read as chunks under RAG-SOURCES-ITEM-SHAPE, apart from the grammar.
 */
import { expect } from 'vitest';
import { AnthropicStreamEventAnySources } from '../../contract/requests/rag-anthropic.js';
import { OpenAIChatCompletionChunkAnySources } from '../../contract/requests/rag-openai.js';
import type { Auth, Target } from '../target/target.js';
import type { RawResponse } from '../target/transport.js';
import type { Answer } from './rag-answer.js';
import { sourceChunks, stopOf } from './rag-answer.js';
import type { Ask, CallMade, RagDialect } from './rag-wire.js';
import { askRag, dialectClauses } from './rag-wire.js';
import { expectEventStream, type SseEvent } from './sse.js';
import { assumed } from './strength.js';

export interface StreamRead {
  answer: Answer;
  /** Positions (0-based, among the data events) of the events that carry `sources`. */
  sourcesAt: number[];
  /** How many SSE events the stream had. */
  events: number;
}

const json = (e: SseEvent, i: number): unknown => {
  try {
    return JSON.parse(e.data);
  } catch {
    throw new Error(`event ${i} is not JSON: ${e.data.slice(0, 200)}`);
  }
};

const argumentsOf = (raw: string, where: string): Record<string, unknown> => {
  const value: unknown = raw === '' ? {} : JSON.parse(raw);
  expect(typeof value === 'object' && value !== null && !Array.isArray(value), `${where}: ${raw}`).toBe(true);
  return value as Record<string, unknown>;
};

/**
 * An OpenAI-style stream: `data:` chat.completion.chunk objects, role first, content or tool-call fragments
 * (index, id, type and name on the first fragment of a call, then argument pieces), one chunk with a
 * finish_reason, a last usage chunk with empty choices exactly when include_usage is set, `data: [DONE]` last.
 */
export function readOpenAIStream(res: RawResponse, options: { includeUsage: boolean }): StreamRead {
  const events = expectEventStream(res);
  expect(events.at(-1)?.data, 'the stream ends with data: [DONE]').toBe('[DONE]');
  const body = events.slice(0, -1);
  expect(
    body.filter((e) => e.data === '[DONE]'),
    '[DONE] only at the end',
  ).toEqual([]);
  const chunks = body.map((e, i) => {
    const parsed = OpenAIChatCompletionChunkAnySources.safeParse(json(e, i));
    if (!parsed.success) throw new Error(`chunk ${i}: ${parsed.error.message}\n${e.data.slice(0, 400)}`);
    return parsed.data;
  });
  expect(chunks.length, 'chunks before [DONE]').toBeGreaterThan(0);
  const first = chunks[0]!;
  for (const [i, c] of chunks.entries()) {
    expect([c.id, c.model, c.created], `chunk ${i}: same id, model and created`).toEqual([
      first.id,
      first.model,
      first.created,
    ]);
  }

  let usage: Answer['usage'] = null;
  let withChoices = chunks;
  if (options.includeUsage) {
    const last = chunks.at(-1)!;
    expect(last.choices, 'the usage chunk has empty choices').toEqual([]);
    expect(last.usage, 'the last chunk carries usage').toBeTruthy();
    usage = { input: last.usage!.prompt_tokens, output: last.usage!.completion_tokens };
    withChoices = chunks.slice(0, -1);
  }
  for (const [i, c] of withChoices.entries()) {
    expect(c.usage ?? null, `chunk ${i}: usage only on the last chunk, with include_usage`).toBeNull();
    expect(
      c.choices.map((ch) => ch.index),
      `chunk ${i}: one choice, index 0`,
    ).toEqual([0]);
  }
  expect(withChoices.length, 'chunks with choices').toBeGreaterThan(0);
  expect(withChoices[0]!.choices[0]!.delta.role, 'the first delta carries the role').toBe('assistant');
  const finishes = withChoices.map((c) => c.choices[0]!.finish_reason);
  expect(
    finishes.slice(0, -1).filter((f) => f !== null),
    'finish_reason only on the last chunk with choices',
  ).toEqual([]);
  const finish = finishes.at(-1);
  expect(finish, 'the last chunk with choices has a finish_reason').toBeTruthy();

  let text = '';
  const calls: { id: string; name: string; args: string }[] = [];
  for (const [i, c] of withChoices.entries()) {
    const delta = c.choices[0]!.delta;
    if (i > 0) expect(delta.role ?? undefined, `chunk ${i}: role only on the first delta`).toBeUndefined();
    if (typeof delta.content === 'string') text += delta.content;
    for (const fragment of delta.tool_calls ?? []) {
      const known = calls[fragment.index];
      if (!known) {
        expect(fragment.index, `chunk ${i}: tool calls are numbered in order`).toBe(calls.length);
        expect(fragment.id, `chunk ${i}: the first fragment of a call has its id`).toBeTruthy();
        expect(fragment.type, `chunk ${i}: the first fragment of a call has its type`).toBe('function');
        expect(fragment.function?.name, `chunk ${i}: the first fragment of a call has its name`).toBeTruthy();
        calls.push({
          id: fragment.id!,
          name: fragment.function!.name!,
          args: fragment.function?.arguments ?? '',
        });
      } else {
        expect(fragment.id, `chunk ${i}: id only on the first fragment`).toBeUndefined();
        expect(fragment.function?.name, `chunk ${i}: name only on the first fragment`).toBeUndefined();
        known.args += fragment.function?.arguments ?? '';
      }
    }
  }
  const toolCalls: CallMade[] = calls.map((c) => ({
    id: c.id,
    name: c.name,
    arguments: argumentsOf(c.args, `arguments of ${c.name}`),
  }));
  const sourcesAt = chunks.flatMap((c, i) => (c.sources !== undefined ? [i] : []));
  const sources: unknown[] = sourcesAt.length ? chunks[sourcesAt[0]!]!.sources! : [];
  return {
    answer: {
      id: first.id,
      model: first.model,
      text,
      toolCalls,
      stop: stopOf('openai', finish!),
      usage,
      sources,
      chunks: sourceChunks(sources),
    },
    sourcesAt,
    events: events.length,
  };
}

/**
 * An Anthropic-style stream: named events whose name equals their data `type`, in the native order —
 * message_start, then per content block content_block_start, its deltas and content_block_stop (blocks numbered
 * from 0, never interleaved), then message_delta (stop_reason, usage) and message_stop; pings may come between.
 */
export function readAnthropicStream(res: RawResponse): StreamRead {
  const raw = expectEventStream(res);
  const events = raw.map((e, i) => {
    const parsed = AnthropicStreamEventAnySources.safeParse(json(e, i));
    if (!parsed.success) throw new Error(`event ${i}: ${parsed.error.message}\n${e.data.slice(0, 400)}`);
    expect(e.event, `event ${i}: the SSE event name equals its type`).toBe(parsed.data.type);
    return parsed.data;
  });
  expect(
    events.filter((e) => e.type === 'error'),
    'no error event',
  ).toEqual([]);
  const flow = events.filter((e) => e.type !== 'ping');
  expect(flow.length, 'events besides pings').toBeGreaterThanOrEqual(3);
  const start = flow[0]!;
  const delta = flow.at(-2)!;
  expect(start.type, 'message_start first').toBe('message_start');
  expect(flow.at(-1)!.type, 'message_stop last').toBe('message_stop');
  expect(delta.type, 'message_delta just before message_stop').toBe('message_delta');
  if (start.type !== 'message_start' || delta.type !== 'message_delta') throw new Error('unreachable');
  expect(start.message.content, 'message_start has no content yet').toEqual([]);
  expect(start.message.stop_reason, 'message_start has no stop_reason yet').toBeNull();
  expect(delta.delta.stop_reason, 'message_delta has the stop_reason').toBeTruthy();

  let text = '';
  const toolCalls: CallMade[] = [];
  const blocks = flow.slice(1, -2);
  let i = 0;
  let index = 0;
  while (i < blocks.length) {
    const open = blocks[i]!;
    expect(open.type, `block ${index} opens with content_block_start`).toBe('content_block_start');
    if (open.type !== 'content_block_start') break;
    expect(open.index, 'blocks are numbered from 0 in order').toBe(index);
    const pieces: string[] = [];
    i += 1;
    while (i < blocks.length && blocks[i]!.type === 'content_block_delta') {
      const d = blocks[i]!;
      if (d.type !== 'content_block_delta') break;
      expect(d.index, `delta of block ${index}`).toBe(index);
      if (open.content_block.type === 'text') {
        expect(d.delta.type, `block ${index}: text deltas`).toBe('text_delta');
        if (d.delta.type === 'text_delta') pieces.push(d.delta.text);
      } else {
        expect(d.delta.type, `block ${index}: input_json deltas`).toBe('input_json_delta');
        if (d.delta.type === 'input_json_delta') pieces.push(d.delta.partial_json);
      }
      i += 1;
    }
    const close = blocks[i];
    expect(close?.type, `block ${index} closes with content_block_stop`).toBe('content_block_stop');
    if (close?.type === 'content_block_stop') expect(close.index, `stop of block ${index}`).toBe(index);
    i += 1;
    if (open.content_block.type === 'text') {
      expect(open.content_block.text, `block ${index}: text arrives in deltas`).toBe('');
      text += pieces.join('');
    } else {
      expect(open.content_block.input, `block ${index}: input arrives in deltas`).toEqual({});
      toolCalls.push({
        id: open.content_block.id,
        name: open.content_block.name,
        arguments: argumentsOf(pieces.join(''), `input of ${open.content_block.name}`),
      });
    }
    index += 1;
  }
  const sourcesAt = flow.flatMap((e, k) =>
    (e.type === 'message_start' && e.message.sources !== undefined) ||
    (e.type === 'message_delta' && e.sources !== undefined)
      ? [k]
      : [],
  );
  const sources: unknown[] = start.message.sources ?? delta.sources ?? [];
  return {
    answer: {
      id: start.message.id,
      model: start.message.model,
      text,
      toolCalls,
      stop: stopOf('anthropic', delta.delta.stop_reason!),
      usage: {
        input: delta.usage.input_tokens ?? start.message.usage.input_tokens,
        output: delta.usage.output_tokens,
      },
      sources,
      chunks: sourceChunks(sources),
    },
    sourcesAt,
    events: raw.length,
  };
}

/** A stream of either dialect, checked and accumulated (throws where it breaks the dialect's stream clause). */
export function readStream(
  dialect: RagDialect,
  res: RawResponse,
  options: { includeUsage: boolean } = { includeUsage: true },
): StreamRead {
  return dialect === 'openai' ? readOpenAIStream(res, options) : readAnthropicStream(res);
}

/**
 * Ask `ask` with `stream: true` (OpenAI: with stream_options.include_usage unless told not to) and read the stream
 * under the dialect's stream clause (RAG-OPENAI-STREAM, RAG-ANTHROPIC-STREAM: streaming is not in the spec):
 * undefined when the target does not stream as the fake does (a warning; against the fake, a failure). Callers
 * check what they read of a stream under the assumed clauses of their own.
 */
export async function streamAnswer(
  t: Target,
  dialect: RagDialect,
  ask: Ask,
  auth?: Auth,
  includeUsage = true,
): Promise<StreamRead | undefined> {
  const res = await askRag(t, dialect, { ...ask, stream: true, includeUsage }, auth);
  let read: StreamRead | undefined;
  assumed(dialectClauses[dialect].stream, () => {
    read = readStream(dialect, res, { includeUsage });
  });
  return read;
}
