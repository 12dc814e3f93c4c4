/**
 * The two RAG wire formats seen through one lens, so that a rule stated for both dialects is tested once:
 * a neutral question (`Ask`) becomes the native request body of each dialect, and a native answer (body) or error
 * is read back into a neutral `Answer`, after checking it against the contract schemas.
 */
import { expect } from 'vitest';
import {
  type AnthropicMessageParam,
  DocumentedAnthropicMessage,
} from '../../contract/requests/rag-anthropic.js';
import { AnthropicErrorBody, OpenAIErrorBody, ragErrorKind } from '../../contract/requests/rag-errors.js';
import type { RagDialect } from '../../contract/requests/rag-models.js';
import { DocumentedOpenAIChatCompletion, type OpenAIMessage } from '../../contract/requests/rag-openai.js';
import { KNOWLEDGEBASE_TOOL_TYPE, type RagSource, RagSources } from '../../contract/requests/rag-sources.js';
import { extractClauseIds } from '../reporting/clause-matrix.js';
import type { Auth, Target } from '../target/target.js';
import type { RawResponse } from '../target/transport.js';
import { citedAssumedMatching } from './envelope.js';
import { assumed, currentTestTitle } from './strength.js';

export type { RagDialect };
export const DIALECTS: readonly RagDialect[] = ['openai', 'anthropic'];

/** The clauses each dialect has of its own, for the titles of tests run once per dialect. */
export const dialectClauses = {
  openai: { endpoint: 'RAG-OPENAI-ENDPOINT', families: 'RAG-OPENAI-FAMILIES', stream: 'RAG-OPENAI-STREAM' },
  anthropic: {
    endpoint: 'RAG-ANTHROPIC-ENDPOINT',
    families: 'RAG-ANTHROPIC-FAMILIES',
    stream: 'RAG-ANTHROPIC-STREAM',
  },
} as const satisfies Record<RagDialect, { endpoint: string; families: string; stream: string }>;

/** The other dialect (its endpoint serves the other model family). */
export const otherDialect = (dialect: RagDialect): RagDialect =>
  dialect === 'openai' ? 'anthropic' : 'openai';

/** The contract operation of each dialect's endpoint. */
export const operationOf = (dialect: RagDialect): 'openaiChatCompletions' | 'anthropicMessages' =>
  dialect === 'openai' ? 'openaiChatCompletions' : 'anthropicMessages';

/** A user-declared function tool. */
export interface UserTool {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export const WEATHER_TOOL: UserTool = {
  name: 'get_weather',
  description: 'Get the current weather in a given city',
  parameters: {
    type: 'object',
    properties: { city: { type: 'string', description: 'The city, e.g. Paris' } },
    required: ['city'],
  },
};

export const ORDER_TOOL: UserTool = {
  name: 'lookup_order',
  description: 'Look up the delivery status of a customer order by its order number',
  parameters: {
    type: 'object',
    properties: { order_number: { type: 'string' } },
    required: ['order_number'],
  },
};

/** A question the knowledgebase of the fake's main project answers (fixtures: acme-support/refund-policy.md). */
export const REFUND_QUESTION = 'How many days do I have to ask for a refund under the money-back guarantee?';
/** A question for the weather tool. */
export const WEATHER_QUESTION = 'What is the weather in Paris right now?';
/** A question no declared tool is about. */
export const SMALL_TALK = 'Say hello in one short sentence.';

/** tool_choice in neutral words: `required` is OpenAI `required` and Anthropic `any`. */
export type Choice = 'auto' | 'none' | 'required' | { name: string };

export interface CallMade {
  id: string;
  name: string;
  arguments: Record<string, unknown>;
}

export type AskTurn =
  | { role: 'user'; text: string }
  | { role: 'assistant'; text?: string; toolCalls?: CallMade[] }
  | { role: 'tool'; id: string; text: string };

export interface Ask {
  model: string;
  system?: string;
  /** A single user message, or a whole conversation. */
  messages: string | AskTurn[];
  knowledgebase?: { limit: number };
  tools?: UserTool[];
  toolChoice?: Choice;
  /** Anthropic: max_tokens (default 256, it is required there); OpenAI: `openaiMaxField` (default none). */
  maxTokens?: number;
  openaiMaxField?: 'max_tokens' | 'max_completion_tokens';
  temperature?: number;
  stream?: boolean;
  /** OpenAI stream_options.include_usage. */
  includeUsage?: boolean;
}

export const ANTHROPIC_DEFAULT_MAX_TOKENS = 256;

/** The conversation of `ask`, a single message as one user turn. */
export const turnsOf = (ask: Ask): AskTurn[] =>
  typeof ask.messages === 'string' ? [{ role: 'user', text: ask.messages }] : ask.messages;

/**
 * The follow-up of `first` after its answer called tools: the conversation so far, the assistant turn (its `text`
 * and the `calls`), then one tool result per call (`results`, in order). tool_choice is left to the default.
 */
export function withToolResults(
  first: Ask,
  calls: readonly CallMade[],
  results: readonly string[],
  text = '',
): Ask {
  return {
    ...first,
    toolChoice: undefined,
    messages: [
      ...turnsOf(first),
      { role: 'assistant', text, toolCalls: [...calls] },
      ...calls.map((c, i) => ({ role: 'tool' as const, id: c.id, text: results[i]! })),
    ],
  };
}

function openaiMessages(ask: Ask): OpenAIMessage[] {
  const out: OpenAIMessage[] = ask.system !== undefined ? [{ role: 'system', content: ask.system }] : [];
  for (const t of turnsOf(ask)) {
    if (t.role === 'user') out.push({ role: 'user', content: t.text });
    else if (t.role === 'tool') out.push({ role: 'tool', tool_call_id: t.id, content: t.text });
    else
      out.push({
        role: 'assistant',
        content: t.text ?? null,
        ...(t.toolCalls?.length
          ? {
              tool_calls: t.toolCalls.map((c) => ({
                id: c.id,
                type: 'function' as const,
                function: { name: c.name, arguments: JSON.stringify(c.arguments) },
              })),
            }
          : {}),
      });
  }
  return out;
}

function anthropicMessages(ask: Ask): AnthropicMessageParam[] {
  const out: AnthropicMessageParam[] = [];
  for (const t of turnsOf(ask)) {
    if (t.role === 'user') out.push({ role: 'user', content: t.text });
    else if (t.role === 'assistant')
      out.push({
        role: 'assistant',
        content: [
          ...(t.text ? [{ type: 'text' as const, text: t.text }] : []),
          ...(t.toolCalls ?? []).map((c) => ({
            type: 'tool_use' as const,
            id: c.id,
            name: c.name,
            input: c.arguments,
          })),
        ],
      });
    else {
      // Tool results travel in a user message; consecutive ones share it, as the native API expects.
      const block = { type: 'tool_result' as const, tool_use_id: t.id, content: t.text };
      const last = out.at(-1);
      if (last?.role === 'user' && Array.isArray(last.content)) last.content.push(block);
      else out.push({ role: 'user', content: [block] });
    }
  }
  return out;
}

const knowledgebaseTool = (limit: number) => ({ type: KNOWLEDGEBASE_TOOL_TYPE, parameters: { limit } });

function openaiChoice(choice: Choice): unknown {
  return typeof choice === 'string' ? choice : { type: 'function', function: { name: choice.name } };
}

function anthropicChoice(choice: Choice): unknown {
  if (typeof choice !== 'string') return { type: 'tool', name: choice.name };
  return { type: choice === 'required' ? 'any' : choice };
}

/** The native request body of `dialect` for `ask`. */
export function nativeBody(dialect: RagDialect, ask: Ask): Record<string, unknown> {
  const kb = ask.knowledgebase ? [knowledgebaseTool(ask.knowledgebase.limit)] : [];
  if (dialect === 'openai') {
    const tools = [
      ...kb,
      ...(ask.tools ?? []).map((t) => ({
        type: 'function',
        function: { name: t.name, description: t.description, parameters: t.parameters },
      })),
    ];
    return {
      model: ask.model,
      messages: openaiMessages(ask),
      ...(tools.length ? { tools } : {}),
      ...(ask.toolChoice !== undefined ? { tool_choice: openaiChoice(ask.toolChoice) } : {}),
      ...(ask.maxTokens !== undefined
        ? { [ask.openaiMaxField ?? 'max_completion_tokens']: ask.maxTokens }
        : {}),
      ...(ask.temperature !== undefined ? { temperature: ask.temperature } : {}),
      ...(ask.stream ? { stream: true } : {}),
      ...(ask.stream && ask.includeUsage ? { stream_options: { include_usage: true } } : {}),
    };
  }
  const tools = [
    ...kb,
    ...(ask.tools ?? []).map((t) => ({
      name: t.name,
      description: t.description,
      input_schema: t.parameters,
    })),
  ];
  return {
    model: ask.model,
    max_tokens: ask.maxTokens ?? ANTHROPIC_DEFAULT_MAX_TOKENS,
    messages: anthropicMessages(ask),
    ...(ask.system !== undefined ? { system: ask.system } : {}),
    ...(tools.length ? { tools } : {}),
    ...(ask.toolChoice !== undefined ? { tool_choice: anthropicChoice(ask.toolChoice) } : {}),
    ...(ask.temperature !== undefined ? { temperature: ask.temperature } : {}),
    ...(ask.stream ? { stream: true } : {}),
  };
}

/** Send `ask` (or an exact native body) to the dialect's endpoint; the project key as Bearer unless `auth`. */
export function askRag(
  t: Target,
  dialect: RagDialect,
  ask: Ask | { native: Record<string, unknown> },
  auth?: Auth,
): Promise<RawResponse> {
  const body = 'native' in ask ? ask.native : nativeBody(dialect, ask);
  return t.call(operationOf(dialect), { body, ...(auth ? { auth } : {}) });
}

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
export function readAnswer(dialect: RagDialect, res: RawResponse): Answer {
  expect(res.status, `a 2xx answer; body: ${res.text.slice(0, 400)}`).toBeGreaterThanOrEqual(200);
  expect(res.status, `a 2xx answer; body: ${res.text.slice(0, 400)}`).toBeLessThan(300);
  assumed('RAG-SUCCESS-200', () => {
    expect(res.status, 'status').toBe(200);
    expect(res.headers['content-type'] ?? '', 'content-type').toMatch(/^application\/json/);
  });
  if (dialect === 'openai') {
    const parsed = DocumentedOpenAIChatCompletion.safeParse(res.json);
    if (!parsed.success)
      throw new Error(`not a chat.completion: ${parsed.error.message}\n${res.text.slice(0, 600)}`);
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
  if (!parsed.success) throw new Error(`not a message: ${parsed.error.message}\n${res.text.slice(0, 600)}`);
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

/** Ask and read the 2xx answer. */
export async function answer(t: Target, dialect: RagDialect, ask: Ask, auth?: Auth): Promise<Answer> {
  return readAnswer(dialect, await askRag(t, dialect, ask, auth));
}

/**
 * The assumed clauses that state the fake's status (and message) of a RAG refusal, by status; expectRagError uses
 * the first one the running test cites (else the first), unless told which.
 */
const RAG_ERROR_CLAUSES: Readonly<Record<number, readonly string[]>> = {
  400: [
    'RAG-BAD-REQUEST-400',
    'RAG-UNKNOWN-MODEL',
    'RAG-WRONG-FAMILY-400',
    'MODELS-TIER1-RAG-PROFESSIONAL',
    'RAG-ANTHROPIC-MAX-TOKENS-REQUIRED',
    'RAG-KB-TOOL-LIMIT',
  ],
  401: ['RAG-INVALID-KEY-401'],
  402: ['CREDITS-EXHAUSTED', 'RAG-CREDITS-PER-TOKEN-PRICE'],
  403: ['RAG-PLAN-PROFESSIONAL'],
  404: ['RAG-UNKNOWN-ROUTE-NATIVE'],
  405: ['RAG-UNKNOWN-ROUTE-NATIVE'],
  413: ['RAG-BAD-REQUEST-400'],
  415: ['RAG-BAD-REQUEST-400'],
  429: ['RAG-RATE-LIMIT-NATIVE'],
};

/** The assumed clause of the fake's `status` for a RAG refusal, as the running test cites it. */
export function ragErrorClause(status: number): string {
  const candidates = RAG_ERROR_CLAUSES[status] ?? ['FAKE-MODEL-SCRIPT'];
  const cited = extractClauseIds(currentTestTitle() ?? '');
  return candidates.find((id) => cited.includes(id)) ?? (candidates[0] as string);
}

/**
 * The message of a RAG error body, wherever a server put it: the native `error.message` of either dialect, else a
 * top-level string `message` (as in the RXERROR envelope); undefined when there is none.
 */
export function ragErrorMessage(body: unknown): string | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const { error, message } = body as { error?: unknown; message?: unknown };
  if (error !== null && typeof error === 'object') {
    const inner = (error as { message?: unknown }).message;
    if (typeof inner === 'string') return inner;
  }
  return typeof message === 'string' ? message : undefined;
}

/** The dialect's native error body of `status`: the body shape, the error type (and OpenAI code) of the table. */
export function expectNativeErrorBody(
  dialect: RagDialect,
  body: unknown,
  status: number,
  raw: string,
): string {
  expect((body as { type?: unknown } | undefined)?.type, 'not the RXERROR envelope').not.toBe('RXERROR');
  const kind = ragErrorKind(status);
  let text: string;
  if (dialect === 'openai') {
    const parsed = OpenAIErrorBody.safeParse(body);
    expect(parsed.success, `OpenAI error body; body: ${raw.slice(0, 400)}`).toBe(true);
    const error = parsed.data!.error;
    expect(error.type, 'error.type').toBe(kind.openai.type);
    expect(error.code, 'error.code').toBe(kind.openai.code);
    text = error.message;
  } else {
    const parsed = AnthropicErrorBody.safeParse(body);
    expect(parsed.success, `Anthropic error body; body: ${raw.slice(0, 400)}`).toBe(true);
    expect(parsed.data!.error.type, 'error.type').toBe(kind.anthropic);
    text = parsed.data!.error.message;
  }
  expect(text.length, 'a message').toBeGreaterThan(0);
  return text;
}

/** How a test expects a RAG refusal: which assumed clause states its exact status, and what of it is documented. */
export interface RagRefusal {
  /** The assumed clause of the fake's exact status and message; default: ragErrorClause(status). */
  clause?: string;
  /**
   * What the spec documents of this refusal, checked hard: `status` (exactly this status), `refused` (some 4xx) or
   * `nothing` (the whole refusal is the fake's choice). Default by status: 429 `status` (ERR-429-STATUS); 400, 401
   * and 415 `refused` (a body that is not the native request shape, a model the endpoint does not serve, a missing
   * or unknown key); any other `nothing` (unknown routes and methods, the plan gate below Professional, credits,
   * scripted errors).
   */
  documented?: 'status' | 'refused' | 'nothing';
}

const documentedByDefault = (status: number): NonNullable<RagRefusal['documented']> =>
  status === 429 ? 'status' : [400, 401, 415].includes(status) ? 'refused' : 'nothing';

/**
 * The response is a RAG refusal, in two strengths (HARNESS-TWO-STRENGTHS). The spec shows no RAG error body and no
 * status but 429 (ERR-429-STATUS), so hard: what `refusal.documented` says (see RagRefusal) and no stack trace.
 * Softly: the dialect's native error body with the type (and OpenAI code) of the contract's status table, as JSON
 * (RAG-ERROR-SHAPE); the exact status and, when given, the message under the refusal's clause. Returns the message
 * found in the body (native, or a top-level `message`), if any.
 */
/** What a clause's rule says when the native error shape is part of it. */
const NATIVE_SHAPE = /native error shape|invalid_request_error|authentication_error/;

export function expectRagError(
  dialect: RagDialect,
  res: RawResponse,
  status: number,
  message?: string | RegExp,
  refusal: RagRefusal = {},
): string | undefined {
  expect(res.text, 'no stack trace').not.toMatch(/\n\s+at .+:\d+:\d+/);
  const nativeShape = () => {
    expect(res.headers['content-type'] ?? '', 'content-type').toMatch(/^application\/json/);
    expectNativeErrorBody(dialect, res.json, status, res.text);
  };
  // The native shape is part of every cited assumed clause that states it: a server that chose another warns on each.
  const stating = citedAssumedMatching(NATIVE_SHAPE).filter((id) => id !== 'RAG-ERROR-SHAPE');
  for (const id of ['RAG-ERROR-SHAPE', ...stating]) assumed(id, nativeShape);
  const text = ragErrorMessage(res.json);
  expectRagRefusal(res.status, status, text, message, refusal, `body: ${res.text.slice(0, 400)}`);
  return text;
}

/**
 * The status (and message) of a RAG refusal, however it was received (raw, or an SDK's APIError): hard what
 * `refusal.documented` says, softly the exact status and the message under the refusal's clause.
 */
export function expectRagRefusal(
  actual: number | undefined,
  status: number,
  text: string | undefined,
  message: string | RegExp | undefined,
  refusal: RagRefusal,
  evidence: string,
): void {
  const where = `status; ${evidence}`;
  const documented = refusal.documented ?? documentedByDefault(status);
  if (documented === 'status') expect(actual, where).toBe(status);
  else if (documented === 'refused') {
    expect(actual, `a 4xx refusal; ${where}`).toBeGreaterThanOrEqual(400);
    expect(actual, `a 4xx refusal; ${where}`).toBeLessThan(500);
  }
  assumed(refusal.clause ?? ragErrorClause(status), () => {
    expect(actual, where).toBe(status);
    if (typeof message === 'string') expect(text, 'message').toBe(message);
    else if (message) expect(text ?? '', 'message').toMatch(message);
  });
}
