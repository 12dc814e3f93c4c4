/**
 * The two RAG wire formats seen through one lens, so that a rule stated for both dialects is tested once: a neutral
 * question (`Ask`) becomes the native request body of each dialect and is sent to its endpoint. Reading the answer
 * back: rag-answer.ts; a refusal: rag-refusal.ts.
 */
import type { AnthropicMessageParam } from '../../contract/requests/rag-anthropic.js';
import type { RagDialect } from '../../contract/requests/rag-models.js';
import type { OpenAIMessage } from '../../contract/requests/rag-openai.js';
import { KNOWLEDGEBASE_TOOL_TYPE } from '../../contract/requests/rag-sources.js';
import type { Auth, Target } from '../target/target.js';
import type { RawResponse } from '../target/transport.js';

export type { RagDialect };
export const DIALECTS: readonly RagDialect[] = ['openai', 'anthropic'];

/**
 * The clauses each dialect has of its own, for the titles of tests run once per dialect. A stream has two: its native
 * grammar (`streamGrammar`, documented by reference) and the fake's way where the native format leaves it free
 * (`stream`, assumed).
 */
export const dialectClauses = {
  openai: {
    endpoint: 'RAG-OPENAI-ENDPOINT',
    families: 'RAG-OPENAI-FAMILIES',
    streamGrammar: 'RAG-OPENAI-STREAM-GRAMMAR',
    stream: 'RAG-OPENAI-STREAM',
  },
  anthropic: {
    endpoint: 'RAG-ANTHROPIC-ENDPOINT',
    families: 'RAG-ANTHROPIC-FAMILIES',
    streamGrammar: 'RAG-ANTHROPIC-STREAM-GRAMMAR',
    stream: 'RAG-ANTHROPIC-STREAM',
  },
} as const satisfies Record<
  RagDialect,
  { endpoint: string; families: string; streamGrammar: string; stream: string }
>;

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
