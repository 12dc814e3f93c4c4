/**
 * Anthropic-style messages (RAG): POST {base_url}/anthropic/v1/messages.
 *
 * Documented: the native Messages request shape (model, messages, max_tokens, system) plus `tools`, where a
 * tool may be the knowledgebase tool; the native response shape plus a top-level `sources` array. The
 * native fields below follow the public Messages API as the official `@anthropic-ai/sdk` sends and parses it.
 * Request top level is loose (unknown native fields pass through); nested objects strip unknown keys;
 * responses and stream events are loose.
 */
import { z } from 'zod';
import type { Range } from '../limits.js';
import { numberIn } from './fields.js';
import { AnthropicErrorObject } from './rag-errors.js';
import { DocumentedRagSources, KnowledgebaseTool, RagSources } from './rag-sources.js';

/** Native parameter ranges of the Messages API (temperature is 0 to 1 there, not 0 to 2). */
export const anthropicRanges = {
  temperature: { min: 0, max: 1 },
  top_p: { min: 0, max: 1 },
} as const satisfies Record<string, Range>;

const TokenCount = z.number().int().nonnegative();
const ToolInput = z.record(z.string(), z.unknown());

// ---- Request: content blocks ------------------------------------------------------------------------

export const AnthropicTextBlockParam = z.object({
  type: z.literal('text'),
  text: z.string(),
  cache_control: z.looseObject({ type: z.string() }).nullish(),
});
export type AnthropicTextBlockParam = z.infer<typeof AnthropicTextBlockParam>;

/** Accepted as the native API does; the fake does not look at images. */
export const AnthropicImageBlockParam = z.object({ type: z.literal('image'), source: z.looseObject({}) });

export const AnthropicToolUseBlockParam = z.object({
  type: z.literal('tool_use'),
  id: z.string().min(1),
  name: z.string().min(1),
  input: ToolInput,
});

export const AnthropicToolResultBlockParam = z.object({
  type: z.literal('tool_result'),
  tool_use_id: z.string().min(1),
  content: z
    .union([
      z.string(),
      z.array(z.discriminatedUnion('type', [AnthropicTextBlockParam, AnthropicImageBlockParam])),
    ])
    .optional(),
  is_error: z.boolean().optional(),
});
export type AnthropicToolResultBlockParam = z.infer<typeof AnthropicToolResultBlockParam>;

/** Users send text, images and tool results; assistants send text and tool uses. */
export const AnthropicUserMessage = z.object({
  role: z.literal('user'),
  content: z.union([
    z.string(),
    z.array(
      z.discriminatedUnion('type', [
        AnthropicTextBlockParam,
        AnthropicImageBlockParam,
        AnthropicToolResultBlockParam,
      ]),
    ),
  ]),
});
export const AnthropicAssistantMessage = z.object({
  role: z.literal('assistant'),
  content: z.union([
    z.string(),
    z.array(z.discriminatedUnion('type', [AnthropicTextBlockParam, AnthropicToolUseBlockParam])),
  ]),
});
export const AnthropicMessageParam = z.discriminatedUnion('role', [
  AnthropicUserMessage,
  AnthropicAssistantMessage,
]);
export type AnthropicMessageParam = z.infer<typeof AnthropicMessageParam>;

// ---- Request: tools ---------------------------------------------------------------------------------

/** A user-declared tool (`type` absent or 'custom'): returned to the caller for execution. */
export const AnthropicCustomTool = z.object({
  type: z.literal('custom').optional(),
  name: z.string().regex(/^[a-zA-Z0-9_-]{1,128}$/),
  description: z.string().optional(),
  /** A JSON Schema object; beyond `type: 'object'` its content is not validated here. */
  input_schema: z.looseObject({ type: z.literal('object') }),
});
export type AnthropicCustomTool = z.infer<typeof AnthropicCustomTool>;

export const AnthropicTool = z.discriminatedUnion('type', [AnthropicCustomTool, KnowledgebaseTool]);
export type AnthropicTool = z.infer<typeof AnthropicTool>;

const disable_parallel_tool_use = z.boolean().optional();
export const AnthropicToolChoice = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auto'), disable_parallel_tool_use }),
  z.object({ type: z.literal('any'), disable_parallel_tool_use }),
  z.object({ type: z.literal('none') }),
  z.object({ type: z.literal('tool'), name: z.string().min(1), disable_parallel_tool_use }),
]);
export type AnthropicToolChoice = z.infer<typeof AnthropicToolChoice>;

// ---- Request ----------------------------------------------------------------------------------------

export const AnthropicMessagesRequest = z.looseObject({
  model: z.string().min(1),
  max_tokens: z.number().int().min(1),
  messages: z.array(AnthropicMessageParam).min(1),
  system: z.union([z.string(), z.array(AnthropicTextBlockParam)]).optional(),
  tools: z.array(AnthropicTool).optional(),
  tool_choice: AnthropicToolChoice.optional(),
  temperature: numberIn(anthropicRanges.temperature).optional(),
  top_p: numberIn(anthropicRanges.top_p).optional(),
  top_k: z.number().int().nonnegative().optional(),
  stop_sequences: z.array(z.string()).optional(),
  stream: z.boolean().optional(),
  metadata: z.object({ user_id: z.string().nullish() }).optional(),
});
export type AnthropicMessagesRequest = z.infer<typeof AnthropicMessagesRequest>;

// ---- Response ---------------------------------------------------------------------------------------

export const AnthropicTextBlock = z.looseObject({
  type: z.literal('text'),
  text: z.string(),
  citations: z.array(z.looseObject({})).nullish(),
});
export const AnthropicToolUseBlock = z.looseObject({
  type: z.literal('tool_use'),
  id: z.string().min(1),
  name: z.string().min(1),
  input: ToolInput,
});
export const AnthropicContentBlock = z.discriminatedUnion('type', [
  AnthropicTextBlock,
  AnthropicToolUseBlock,
]);
export type AnthropicContentBlock = z.infer<typeof AnthropicContentBlock>;

/** The fake sends the first four; pause_turn and refusal are native values a real deployment may send. */
export const AnthropicStopReason = z.enum([
  'end_turn',
  'max_tokens',
  'stop_sequence',
  'tool_use',
  'pause_turn',
  'refusal',
]);
export type AnthropicStopReason = z.infer<typeof AnthropicStopReason>;

export const AnthropicUsage = z.looseObject({
  input_tokens: TokenCount,
  output_tokens: TokenCount,
  cache_creation_input_tokens: TokenCount.nullish(),
  cache_read_input_tokens: TokenCount.nullish(),
});
export type AnthropicUsage = z.infer<typeof AnthropicUsage>;

const messageFields = {
  id: z.string().min(1),
  type: z.literal('message'),
  role: z.literal('assistant'),
  model: z.string(),
  content: z.array(AnthropicContentBlock),
  stop_sequence: z.string().nullable(),
  usage: AnthropicUsage,
};

/** A non-streamed message: the native shape plus `sources`. */
export const AnthropicMessage = z.looseObject({
  ...messageFields,
  stop_reason: AnthropicStopReason,
  sources: RagSources,
});
export type AnthropicMessage = z.infer<typeof AnthropicMessage>;

/**
 * What the spec documents of a non-streamed message: the native shape plus a `sources` array whose item fields are
 * not shown (RAG-RESPONSE-NATIVE). AnthropicMessage is this with the fake's items (RAG-SOURCES-ITEM-SHAPE).
 */
export const DocumentedAnthropicMessage = AnthropicMessage.extend({ sources: DocumentedRagSources });
export type DocumentedAnthropicMessage = z.infer<typeof DocumentedAnthropicMessage>;

// ---- Stream -----------------------------------------------------------------------------------------

/**
 * The message in `message_start`: content empty so far and stop_reason null. Where `sources` appears in a
 * stream is not shown (assumed: on message_start or message_delta, optional on both).
 */
export const AnthropicStreamMessage = z.looseObject({
  ...messageFields,
  stop_reason: AnthropicStopReason.nullable(),
  sources: RagSources.optional(),
});

export const AnthropicTextDelta = z.looseObject({ type: z.literal('text_delta'), text: z.string() });
export const AnthropicInputJsonDelta = z.looseObject({
  type: z.literal('input_json_delta'),
  partial_json: z.string(),
});
export const AnthropicContentDelta = z.discriminatedUnion('type', [
  AnthropicTextDelta,
  AnthropicInputJsonDelta,
]);

const index = z.number().int().nonnegative();

export const AnthropicMessageStartEvent = z.looseObject({
  type: z.literal('message_start'),
  message: AnthropicStreamMessage,
});
export const AnthropicContentBlockStartEvent = z.looseObject({
  type: z.literal('content_block_start'),
  index,
  content_block: AnthropicContentBlock,
});
export const AnthropicContentBlockDeltaEvent = z.looseObject({
  type: z.literal('content_block_delta'),
  index,
  delta: AnthropicContentDelta,
});
export const AnthropicContentBlockStopEvent = z.looseObject({ type: z.literal('content_block_stop'), index });
export const AnthropicMessageDeltaEvent = z.looseObject({
  type: z.literal('message_delta'),
  delta: z.looseObject({ stop_reason: AnthropicStopReason.nullable(), stop_sequence: z.string().nullable() }),
  /** Cumulative counts; input_tokens may be repeated here by the native API. */
  usage: z.looseObject({ output_tokens: TokenCount, input_tokens: TokenCount.nullish() }),
  sources: RagSources.optional(),
});
export const AnthropicMessageStopEvent = z.looseObject({ type: z.literal('message_stop') });
export const AnthropicPingEvent = z.looseObject({ type: z.literal('ping') });
export const AnthropicErrorEvent = z.looseObject({ type: z.literal('error'), error: AnthropicErrorObject });

/** One SSE event; the SSE `event:` name equals `type`. */
export const AnthropicStreamEvent = z.discriminatedUnion('type', [
  AnthropicMessageStartEvent,
  AnthropicContentBlockStartEvent,
  AnthropicContentBlockDeltaEvent,
  AnthropicContentBlockStopEvent,
  AnthropicMessageDeltaEvent,
  AnthropicMessageStopEvent,
  AnthropicPingEvent,
  AnthropicErrorEvent,
]);
export type AnthropicStreamEvent = z.infer<typeof AnthropicStreamEvent>;

/**
 * An event as RAG-ANTHROPIC-STREAM describes it, `sources` items not looked into: the stream grammar and the item
 * shape (RAG-SOURCES-ITEM-SHAPE) are separate assumed clauses, checked apart.
 */
export const AnthropicStreamEventAnySources = z.discriminatedUnion('type', [
  AnthropicMessageStartEvent.extend({
    message: AnthropicStreamMessage.extend({ sources: DocumentedRagSources.optional() }),
  }),
  AnthropicContentBlockStartEvent,
  AnthropicContentBlockDeltaEvent,
  AnthropicContentBlockStopEvent,
  AnthropicMessageDeltaEvent.extend({ sources: DocumentedRagSources.optional() }),
  AnthropicMessageStopEvent,
  AnthropicPingEvent,
  AnthropicErrorEvent,
]);
export type AnthropicStreamEventAnySources = z.infer<typeof AnthropicStreamEventAnySources>;
