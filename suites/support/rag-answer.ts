/**
 * A RAG answer read back from either dialect's native body into one neutral `Answer`, after checking it against the
 * documented contract schemas (the fake's `sources` item shape softly).
 */
import { expect } from 'vitest';
import { DocumentedAnthropicMessage } from '../../contract/requests/rag-anthropic.js';
import type { RagDialect } from '../../contract/requests/rag-models.js';
import { DocumentedOpenAIChatCompletion } from '../../contract/requests/rag-openai.js';
import { type RagSource, RagSources } from '../../contract/requests/rag-sources.js';
import type { Auth, Target } from '../target/target.js';
import type { RawResponse } from '../target/transport.js';
import { subjectCheck } from './envelope.js';
import { type Ask, askRag, type CallMade, turnsOf } from './rag-wire.js';
import { assumed, readable } from './strength.js';

/** Why an answer ended, in neutral words (native values outside the mapping pass through). */
export type Stop = 'end' | 'max_tokens' | 'tool_calls' | 'stop_sequence' | (string & {});

export const stopOf = (dialect: RagDialect, native: string): Stop => {
  const map: Record<string, Stop> =
    dialect === 'openai'
      ? { stop: 'end', length: 'max_tokens', tool_calls: 'tool_calls' }
      : { end_turn: 'end', max_tokens: 'max_tokens', tool_use: 'tool_calls', stop_sequence: 'stop_sequence' };
  return map[native] ?? native;
};

export interface Answer {
  id: string;
  model: string;
  text: string;
  toolCalls: CallMade[];
  stop: Stop;
  /** Null for an OpenAI-style stream without stream_options.include_usage. */
  usage: { input: number; output: number } | null;
  /** The `sources` array as documented: its items' fields are not shown, so they are not read here. */
  sources: unknown[];
  /**
   * The same items read as the fake's knowledgebase chunks (RAG-SOURCES-ITEM-SHAPE); undefined when they are not
   * (a warning against a target other than the fake). Read them through chunksOf(), inside an assumed() check.
   */
  chunks: RagSource[] | undefined;
}

const parseArguments = (raw: string): Record<string, unknown> => {
  const value: unknown = JSON.parse(raw);
  expect(typeof value === 'object' && value !== null && !Array.isArray(value), `arguments ${raw}`).toBe(true);
  return value as Record<string, unknown>;
};

/**
 * The items of a `sources` array as the fake's chunks {point_id, doc_id, score, content}, checked under
 * RAG-SOURCES-ITEM-SHAPE (hard against the fake, a warning elsewhere); undefined when they are not.
 */
export function sourceChunks(sources: readonly unknown[]): RagSource[] | undefined {
  let chunks: RagSource[] | undefined;
  assumed('RAG-SOURCES-ITEM-SHAPE', () => {
    const parsed = RagSources.safeParse(sources);
    if (!parsed.success)
      throw new Error(
        `sources items are not chunks {point_id, doc_id, score, content}: ${parsed.error.message}\n${JSON.stringify(sources).slice(0, 300)}`,
      );
    chunks = parsed.data;
  });
  return chunks;
}

/**
 * The chunks of an answer, for a check of the fake's own behaviour that reads their fields (call it inside that
 * check's assumed()): throws when the items are not the fake's chunk shape.
 */
export function chunksOf(a: Pick<Answer, 'chunks'>): RagSource[] {
  if (!a.chunks) throw new Error('sources items are not the fake’s chunks (RAG-SOURCES-ITEM-SHAPE)');
  return a.chunks;
}

/** The whole text of a source item, whatever its fields: for checks that hold for any item shape. */
export const sourceText = (item: unknown): string => JSON.stringify(item) ?? '';

/**
 * A RAG answer in the dialect's native shape plus `sources` (RAG-RESPONSE-NATIVE), read into an Answer. Hard: a 2xx
 * whose body is the native shape with a `sources` array; the fake's choices on top, softly: status 200 and JSON
 * content type (RAG-SUCCESS-200), the items of `sources` as chunks (RAG-SOURCES-ITEM-SHAPE).
 */
export function readAnswer(dialect: RagDialect, res: RawResponse, rule?: string): Answer {
  // A refusal where an answer was expected breaks the rule that makes the request valid (`rule`), else it is the
  // test's own subject; the answer's shape is RAG-RESPONSE-NATIVE's.
  const answered = () => {
    expect(res.status, `a 2xx answer; body: ${res.text.slice(0, 400)}`).toBeGreaterThanOrEqual(200);
    expect(res.status, `a 2xx answer; body: ${res.text.slice(0, 400)}`).toBeLessThan(300);
  };
  if (rule) readable(rule, answered);
  else subjectCheck(undefined, answered, NATIVE_ANSWER);
  assumed('RAG-SUCCESS-200', () => {
    expect(res.status, 'status').toBe(200);
    expect(res.headers['content-type'] ?? '', 'content-type').toMatch(/^application\/json/);
  });
  if (dialect === 'openai') {
    const parsed = DocumentedOpenAIChatCompletion.safeParse(res.json);
    readable(RESPONSE_NATIVE, () => {
      if (!parsed.success)
        throw new Error(`not a chat.completion: ${parsed.error.message}\n${res.text.slice(0, 600)}`);
    });
    if (!parsed.success) throw new Error('unreachable: readable() stops an unreadable answer');
    const c = parsed.data;
    expect(c.choices, 'one choice').toHaveLength(1);
    const choice = c.choices[0]!;
    return {
      id: c.id,
      model: c.model,
      text: choice.message.content ?? '',
      toolCalls: (choice.message.tool_calls ?? []).map((call) => ({
        id: call.id,
        name: call.function.name,
        arguments: parseArguments(call.function.arguments),
      })),
      stop: stopOf(dialect, choice.finish_reason),
      usage: { input: c.usage.prompt_tokens, output: c.usage.completion_tokens },
      sources: c.sources,
      chunks: sourceChunks(c.sources),
    };
  }
  const parsed = DocumentedAnthropicMessage.safeParse(res.json);
  readable(RESPONSE_NATIVE, () => {
    if (!parsed.success) throw new Error(`not a message: ${parsed.error.message}\n${res.text.slice(0, 600)}`);
  });
  if (!parsed.success) throw new Error('unreachable: readable() stops an unreadable answer');
  const m = parsed.data;
  return {
    id: m.id,
    model: m.model,
    text: m.content.map((b) => (b.type === 'text' ? b.text : '')).join(''),
    toolCalls: m.content.flatMap((b) =>
      b.type === 'tool_use' ? [{ id: b.id, name: b.name, arguments: b.input }] : [],
    ),
    stop: stopOf(dialect, m.stop_reason),
    usage: { input: m.usage.input_tokens, output: m.usage.output_tokens },
    sources: m.sources,
    chunks: sourceChunks(m.sources),
  };
}

/** "The response has the native provider shape plus a `sources` array of retrieved chunks." */
const RESPONSE_NATIVE = 'RAG-RESPONSE-NATIVE';
/** The clauses of the answer's shape: never the subject of a refusal. */
export const NATIVE_ANSWER: ReadonlySet<string> = new Set([RESPONSE_NATIVE]);

/**
 * Ask and read the 2xx answer. A conversation that carries tool results is valid by RAG-TOOL-RESULT-CONTINUES ("User-
 * declared tools are returned to the caller for execution, as in the native APIs"): its refusal reds that rule.
 */
export async function answer(t: Target, dialect: RagDialect, ask: Ask, auth?: Auth): Promise<Answer> {
  const carriesResults = turnsOf(ask).some((turn) => turn.role === 'tool');
  return readAnswer(
    dialect,
    await askRag(t, dialect, ask, auth),
    carriesResults ? 'RAG-TOOL-RESULT-CONTINUES' : undefined,
  );
}
