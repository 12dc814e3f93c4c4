/**
 * The fake model's view of a RAG request and of its answer, the same for both wire formats. The OpenAI and
 * Anthropic adapters (http/openai-wire.ts, http/anthropic-wire.ts) translate native requests into a Conversation and a
 * ModelReply back into native responses and stream events; the domain (domain/rag-completion.ts) and the
 * fake model (fake-model.ts) only ever see these types.
 */
import type { RagSource } from '../../contract/requests/rag-sources.js';

export type { RagDialect as Dialect } from '../../contract/requests/rag-models.js';

import type { RagDialect as Dialect } from '../../contract/requests/rag-models.js';

/** A user-declared tool: returned to the caller for execution. */
export interface ToolSpec {
  name: string;
  description: string;
  /** The tool's JSON Schema (OpenAI `parameters`, Anthropic `input_schema`); `{}` when absent. */
  parameters: Record<string, unknown>;
}

export type ToolChoice =
  | { kind: 'auto' }
  | { kind: 'none' }
  /** OpenAI `required`, Anthropic `any`. */
  | { kind: 'required' }
  | { kind: 'tool'; name: string };

export interface ToolCall {
  /** The full native id (`call_…` on the OpenAI-style endpoint, `toolu_…` on the Anthropic-style one). */
  id: string;
  name: string;
  arguments: Record<string, unknown>;
}

export type Turn =
  | { role: 'user'; text: string }
  | { role: 'assistant'; text: string; toolCalls: ToolCall[] }
  /** A tool result the caller sends back (OpenAI `tool` message, Anthropic `tool_result` block). */
  | { role: 'tool'; toolCallId: string; text: string; isError: boolean };

export interface Conversation {
  dialect: Dialect;
  model: string;
  /** System prompt (OpenAI system/developer messages joined; Anthropic `system` string or text blocks). */
  system: string;
  turns: Turn[];
  tools: ToolSpec[];
  /** The knowledgebase server tool, when declared. */
  knowledgebase: { limit: number } | null;
  toolChoice: ToolChoice;
  /** Output token budget; null when the request sets none (OpenAI). */
  maxTokens: number | null;
  temperature: number | null;
  stopSequences: string[];
  stream: boolean;
  /** OpenAI stream_options.include_usage. */
  includeUsage: boolean;
}

export type ReplyBlock = { type: 'text'; text: string } | { type: 'tool_call'; call: ToolCall };

/** Why the answer ended, in neutral words (each adapter maps them to its native values). */
export type StopReason = 'end' | 'max_tokens' | 'tool_calls' | 'stop_sequence';

export interface StreamDelivery {
  /** Wall-clock wait before the first byte. */
  delayMs: number;
  /** Cut the stream after this many events (a non-streamed answer with a cut gets its connection reset). */
  cut: { afterEvents: number; mode: 'end' | 'reset' } | null;
}

export interface ModelReply {
  /** Native id without its dialect prefix (the adapter adds `chatcmpl-` or `msg_`). */
  id: string;
  /** Epoch seconds. */
  created: number;
  model: string;
  blocks: ReplyBlock[];
  stop: StopReason;
  /** The stop sequence that ended the answer, when stop is `stop_sequence`. */
  stopSequence: string | null;
  sources: RagSource[];
  usage: { input: number; output: number };
  delivery: StreamDelivery;
}
