/**
 * Streamed RAG answers: each dialect's SSE grammar checked event by event against the contract schemas, then
 * accumulated into the neutral Answer of rag-wire.ts so that a stream can be compared with the body the same request
 * gets unstreamed.
 *
 * Two strengths. The native stream grammar that the official SDKs parse is documented by reference ("compatible with
 * two third-party SDK wire formats", "the native provider shape"): it is checked hard, bound to its clause
 * (RAG-OPENAI-STREAM-GRAMMAR, RAG-ANTHROPIC-STREAM-GRAMMAR) wherever a test reads a stream. What the native format
 * leaves free, and the fake does the native API's way (one id on every chunk, the role or a call's name only once,
 * status 200, a clean parse), is checked softly under the dialect's stream clause (RAG-OPENAI-STREAM,
 * RAG-ANTHROPIC-STREAM); where `usage` goes is the native format's own rule, checked hard (RAG-OPENAI-STREAM-USAGE). The `sources` items of a stream are read as chunks under
 * RAG-SOURCES-ITEM-SHAPE, apart from the grammar.
 */
import { expect } from 'vitest';
import {
  type AnthropicStreamEventAnySources as AnthropicEvent,
  AnthropicStreamEventAnySources,
} from '../../contract/requests/rag-anthropic.js';
import {
  OpenAIChatCompletionChunkAnySources,
  type OpenAIChatCompletionChunkAnySources as OpenAIChunk,
} from '../../contract/requests/rag-openai.js';
import type { Auth, Target } from '../target/target.js';
import type { RawResponse } from '../target/transport.js';
import type { Answer } from './rag-answer.js';
import { sourceChunks, stopOf } from './rag-answer.js';
import type { Ask, CallMade, RagDialect } from './rag-wire.js';
import { askRag, dialectClauses } from './rag-wire.js';
import { expectCleanSse, expectEventStream, type ParsedSse, type SseEvent } from './sse.js';
import { assumed, documented } from './strength.js';

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
 * A parsed stream, its grammar checked: what it accumulates to (its `sources` items not read yet), and what the fake's
 * own checks look at.
 */
interface Grammar<E> {
  read: StreamRead;
  sse: ParsedSse;
  events: E[];
}

/** The choice of a chunk that the accumulation follows (one choice is asked for: index 0). */
const choiceOf = (c: OpenAIChunk) => c.choices.find((ch) => ch.index === 0);

/**
 * The native OpenAI-style grammar (RAG-OPENAI-STREAM-GRAMMAR): `data:` chat.completion.chunk objects, `data: [DONE]`
 * last; the first delta with the role, the last chunk with choices with the finish_reason; each tool call's fragments
 * numbered in order, together giving its id, type, name and JSON arguments. Usage, where a chunk carries it.
 */
function openaiGrammar(res: RawResponse): Grammar<OpenAIChunk> {
  const sse = expectEventStream(res);
  const events = sse.events;
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
  const withChoice = chunks.filter((c) => choiceOf(c) !== undefined);
  expect(withChoice.length, 'chunks with a choice before [DONE]').toBeGreaterThan(0);
  expect(choiceOf(withChoice[0]!)!.delta.role, 'the first delta carries the role').toBe('assistant');
  const finish = choiceOf(withChoice.at(-1)!)!.finish_reason;
  expect(finish, 'the last chunk with choices has a finish_reason').toBeTruthy();

  let text = '';
  const calls: { id?: string; type?: string; name?: string; args: string }[] = [];
  for (const [i, c] of withChoice.entries()) {
    const delta = choiceOf(c)!.delta;
    if (typeof delta.content === 'string') text += delta.content;
    for (const fragment of delta.tool_calls ?? []) {
      if (!calls[fragment.index]) {
        expect(fragment.index, `chunk ${i}: tool calls are numbered in order`).toBe(calls.length);
        calls.push({ args: '' });
      }
      const call = calls[fragment.index]!;
      call.id ??= fragment.id;
      call.type ??= fragment.type;
      call.name ??= fragment.function?.name ?? undefined;
      call.args += fragment.function?.arguments ?? '';
    }
  }
  const toolCalls: CallMade[] = calls.map((c, k) => {
    expect(c.id, `tool call ${k} has an id`).toBeTruthy();
    expect(c.type, `tool call ${k} has type function`).toBe('function');
    expect(c.name, `tool call ${k} has a name`).toBeTruthy();
    return { id: c.id!, name: c.name!, arguments: argumentsOf(c.args, `arguments of ${c.name}`) };
  });
  const withUsage = chunks.filter((c) => c.usage != null).at(-1)?.usage;
  const sourcesAt = chunks.flatMap((c, i) => (c.sources !== undefined ? [i] : []));
  const sources: unknown[] = sourcesAt.length ? chunks[sourcesAt[0]!]!.sources! : [];
  const first = chunks[0]!;
  return {
    read: {
      answer: {
        id: first.id,
        model: first.model,
        text,
        toolCalls,
        stop: stopOf('openai', finish!),
        usage: withUsage ? { input: withUsage.prompt_tokens, output: withUsage.completion_tokens } : null,
        sources,
        chunks: undefined,
      },
      sourcesAt,
      events: events.length,
    },
    sse,
    events: chunks,
  };
}

/**
 * What the fake does as the native API does where the native format leaves it free (RAG-OPENAI-STREAM): every chunk
 * with the id, model and created of the first and one choice, index 0; the role, a finish_reason, a call's id and name
 * each once.
 */
function openaiDetails(chunks: readonly OpenAIChunk[], includeUsage: boolean): void {
  const first = chunks[0]!;
  for (const [i, c] of chunks.entries()) {
    expect([c.id, c.model, c.created], `chunk ${i}: same id, model and created`).toEqual([
      first.id,
      first.model,
      first.created,
    ]);
  }
  // The usage chunk (RAG-OPENAI-STREAM-USAGE, checked apart) has no choice to look at.
  const withChoices = includeUsage ? chunks.slice(0, -1) : chunks;
  const seen = new Set<number>();
  for (const [i, c] of withChoices.entries()) {
    expect(
      c.choices.map((ch) => ch.index),
      `chunk ${i}: one choice, index 0`,
    ).toEqual([0]);
    const choice = c.choices[0]!;
    if (i > 0)
      expect(choice.delta.role ?? undefined, `chunk ${i}: role only on the first delta`).toBeUndefined();
    if (i < withChoices.length - 1)
      expect(choice.finish_reason, `chunk ${i}: finish_reason only on the last chunk`).toBeNull();
    for (const fragment of choice.delta.tool_calls ?? []) {
      if (!seen.has(fragment.index)) {
        seen.add(fragment.index);
        expect(fragment.id, `chunk ${i}: the first fragment of a call has its id`).toBeTruthy();
        expect(fragment.function?.name, `chunk ${i}: the first fragment of a call has its name`).toBeTruthy();
      } else {
        expect(fragment.id, `chunk ${i}: id only on the first fragment`).toBeUndefined();
        expect(fragment.function?.name, `chunk ${i}: name only on the first fragment`).toBeUndefined();
      }
    }
  }
}

/**
 * Where `usage` goes in an OpenAI-style stream, by reference to the native format (RAG-OPENAI-STREAM-USAGE): on no
 * chunk without stream_options.include_usage; with it on exactly one, the last before [DONE], whose choices are empty.
 */
export function expectOpenaiUsagePlacement(chunks: readonly OpenAIChunk[], includeUsage: boolean): void {
  const carrying = chunks.flatMap((c, i) => (c.usage != null ? [i] : []));
  if (!includeUsage) {
    expect(carrying, 'chunks carrying usage though stream_options.include_usage was not asked').toEqual([]);
    return;
  }
  expect(carrying, 'with include_usage, exactly one chunk carries usage: the last before [DONE]').toEqual([
    chunks.length - 1,
  ]);
  expect(chunks.at(-1)?.choices, 'the usage chunk has empty choices').toEqual([]);
}

/**
 * The native Anthropic-style grammar (RAG-ANTHROPIC-STREAM-GRAMMAR): events named as their `type`, message_start
 * first (no content, no stop_reason yet), content blocks numbered from 0 each opened, filled by its deltas and
 * closed, never interleaved, then message_delta (stop_reason, usage) and message_stop; pings may come between.
 */
function anthropicGrammar(res: RawResponse): Grammar<AnthropicEvent> {
  const sse = expectEventStream(res);
  const events = sse.events.map((e, i) => {
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
    read: {
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
        chunks: undefined,
      },
      sourcesAt,
      events: sse.events.length,
    },
    sse,
    events,
  };
}

/**
 * A stream of either dialect, read into its answer: the native grammar hard, bound to its documented clause (a
 * stream that breaks it fails that clause, whatever the test cites, and reads as undefined: the test has failed
 * already); the fake's way on top softly, under the dialect's stream clause. `includeUsage`: the OpenAI-style
 * request asked for stream_options.include_usage.
 */
export function readStream(
  dialect: RagDialect,
  res: RawResponse,
  options: { includeUsage: boolean } = { includeUsage: true },
): StreamRead | undefined {
  const clauses = dialectClauses[dialect];
  let grammar: Grammar<OpenAIChunk> | Grammar<AnthropicEvent> | undefined;
  documented(clauses.streamGrammar, () => {
    grammar = dialect === 'openai' ? openaiGrammar(res) : anthropicGrammar(res);
  });
  if (!grammar) return undefined;
  const { read, sse, events } = grammar;
  if (dialect === 'openai')
    documented('RAG-OPENAI-STREAM-USAGE', () =>
      expectOpenaiUsagePlacement(events as OpenAIChunk[], options.includeUsage),
    );
  assumed(clauses.stream, () => {
    expectCleanSse(res, sse);
    if (dialect === 'openai') openaiDetails(events as OpenAIChunk[], options.includeUsage);
  });
  // The items of `sources` as the fake's chunks: apart from the grammar, under RAG-SOURCES-ITEM-SHAPE.
  return { ...read, answer: { ...read.answer, chunks: sourceChunks(read.answer.sources) } };
}

/**
 * Ask `ask` with `stream: true` (OpenAI: with stream_options.include_usage unless told not to) and read the stream
 * (readStream): undefined when it breaks the native grammar, which has then failed the test on its clause. Callers
 * check what they read of a stream under the clauses of their own.
 */
export async function streamAnswer(
  t: Target,
  dialect: RagDialect,
  ask: Ask,
  auth?: Auth,
  includeUsage = true,
): Promise<StreamRead | undefined> {
  const res = await askRag(t, dialect, { ...ask, stream: true, includeUsage }, auth);
  return readStream(dialect, res, { includeUsage });
}
