/**
 * OpenAI-style chat completions (RAG): POST {base_url}/openai/chat/completions.
 *
 * Documented: the native Chat Completions request shape plus `tools`, where a tool may be the knowledgebase
 * tool; the native response shape plus a top-level `sources` array. The native fields below follow the
 * public Chat Completions API as the official `openai` SDK (v6) sends and parses it. Request top level is
 * loose (unknown native fields pass through); nested objects strip unknown keys; responses are loose.
 */
import { z } from 'zod';
import type { Range } from '../limits.js';
import { numberIn } from './fields.js';
import { DocumentedRagSources, KnowledgebaseTool, RagSources } from './rag-sources.js';

/** Native parameter ranges of the Chat Completions API. */
export const openaiRanges = {
  temperature: { min: 0, max: 2 },
  top_p: { min: 0, max: 1 },
  penalty: { min: -2, max: 2 },
  maxStop: 4,
} as const satisfies Record<string, Range | number>;

const PositiveInt = z.number().int().min(1);
const TokenCount = z.number().int().nonnegative();

// ---- Request: messages ------------------------------------------------------------------------------

export const OpenAITextPart = z.object({ type: z.literal('text'), text: z.string() });
export type OpenAITextPart = z.infer<typeof OpenAITextPart>;

/** Image parts are accepted from users as the native API does; the fake does not look at them. */
export const OpenAIImagePart = z.object({
  type: z.literal('image_url'),
  image_url: z.looseObject({ url: z.string(), detail: z.enum(['auto', 'low', 'high']).optional() }),
});
export type OpenAIImagePart = z.infer<typeof OpenAIImagePart>;

const TextContent = z.union([z.string(), z.array(OpenAITextPart)]);
const UserContent = z.union([
  z.string(),
  z.array(z.discriminatedUnion('type', [OpenAITextPart, OpenAIImagePart])),
]);

/** A function tool call as the assistant makes it (response) and as the caller sends it back (request). */
export const OpenAIToolCall = z.object({
  id: z.string(),
  type: z.literal('function'),
  function: z.object({ name: z.string(), arguments: z.string() }),
});
export type OpenAIToolCall = z.infer<typeof OpenAIToolCall>;

const name = z.string().optional();

export const OpenAISystemMessage = z.object({ role: z.literal('system'), content: TextContent, name });
export const OpenAIDeveloperMessage = z.object({ role: z.literal('developer'), content: TextContent, name });
export const OpenAIUserMessage = z.object({ role: z.literal('user'), content: UserContent, name });
export const OpenAIAssistantMessage = z.object({
  role: z.literal('assistant'),
  /** Null or absent when the turn is only tool calls. */
  content: TextContent.nullish(),
  tool_calls: z.array(OpenAIToolCall).optional(),
  refusal: z.string().nullish(),
  name,
});
export const OpenAIToolMessage = z.object({
  role: z.literal('tool'),
  content: TextContent,
  tool_call_id: z.string().min(1),
});

export const OpenAIMessage = z.discriminatedUnion('role', [
  OpenAISystemMessage,
  OpenAIDeveloperMessage,
  OpenAIUserMessage,
  OpenAIAssistantMessage,
  OpenAIToolMessage,
]);
export type OpenAIMessage = z.infer<typeof OpenAIMessage>;

// ---- Request: tools ---------------------------------------------------------------------------------

/** Native function names: letters, digits, underscore and dash, up to 64 characters. */
export const OpenAIFunctionName = z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/);

/** A user-declared tool: returned to the caller for execution, as in the native API. */
export const OpenAIFunctionTool = z.object({
  type: z.literal('function'),
  function: z.object({
    name: OpenAIFunctionName,
    description: z.string().optional(),
    /** A JSON Schema object; its content is not validated here. */
    parameters: z.record(z.string(), z.unknown()).optional(),
    strict: z.boolean().nullish(),
  }),
});
export type OpenAIFunctionTool = z.infer<typeof OpenAIFunctionTool>;

export const OpenAITool = z.discriminatedUnion('type', [OpenAIFunctionTool, KnowledgebaseTool]);
export type OpenAITool = z.infer<typeof OpenAITool>;

export const OpenAIToolChoice = z.union([
  z.enum(['none', 'auto', 'required']),
  z.object({ type: z.literal('function'), function: z.object({ name: z.string() }) }),
]);
export type OpenAIToolChoice = z.infer<typeof OpenAIToolChoice>;

// ---- Request ----------------------------------------------------------------------------------------

/** Fields the native API types as `T | null` accept null, since the SDK passes null through. */
export const OpenAIChatCompletionRequest = z.looseObject({
  model: z.string().min(1),
  messages: z.array(OpenAIMessage).min(1),
  tools: z.array(OpenAITool).optional(),
  tool_choice: OpenAIToolChoice.optional(),
  parallel_tool_calls: z.boolean().optional(),
  temperature: numberIn(openaiRanges.temperature).nullish(),
  top_p: numberIn(openaiRanges.top_p).nullish(),
  presence_penalty: numberIn(openaiRanges.penalty).nullish(),
  frequency_penalty: numberIn(openaiRanges.penalty).nullish(),
  max_tokens: PositiveInt.nullish(),
  max_completion_tokens: PositiveInt.nullish(),
  /** Only one choice is generated (assumed: the spec does not say; n > 1 is rejected). */
  n: z.literal(1).nullish(),
  stop: z.union([z.string(), z.array(z.string()).max(openaiRanges.maxStop)]).nullish(),
  stream: z.boolean().nullish(),
  stream_options: z.object({ include_usage: z.boolean().optional() }).nullish(),
  seed: z.number().int().nullish(),
  user: z.string().optional(),
});
export type OpenAIChatCompletionRequest = z.infer<typeof OpenAIChatCompletionRequest>;

// ---- Response ---------------------------------------------------------------------------------------

export const OpenAIFinishReason = z.enum(['stop', 'length', 'tool_calls', 'content_filter']);
export type OpenAIFinishReason = z.infer<typeof OpenAIFinishReason>;

export const OpenAIUsage = z
  .looseObject({
    prompt_tokens: TokenCount,
    completion_tokens: TokenCount,
    total_tokens: TokenCount,
  })
  .refine((u) => u.total_tokens === u.prompt_tokens + u.completion_tokens, {
    message: 'total_tokens must equal prompt_tokens + completion_tokens',
    path: ['total_tokens'],
  });
export type OpenAIUsage = z.infer<typeof OpenAIUsage>;

/** Logprobs are never requested from the fake; a real deployment may send an object. */
const Logprobs = z.looseObject({}).nullable();

export const OpenAIResponseMessage = z.looseObject({
  role: z.literal('assistant'),
  content: z.string().nullable(),
  tool_calls: z.array(OpenAIToolCall).optional(),
  refusal: z.string().nullish(),
});
export type OpenAIResponseMessage = z.infer<typeof OpenAIResponseMessage>;

export const OpenAIChoice = z.looseObject({
  index: z.number().int().nonnegative(),
  message: OpenAIResponseMessage,
  finish_reason: OpenAIFinishReason,
  logprobs: Logprobs,
});

/** A non-streamed completion: the native shape plus `sources`. */
export const OpenAIChatCompletion = z.looseObject({
  id: z.string().min(1),
  object: z.literal('chat.completion'),
  created: z.number().int().nonnegative(),
  model: z.string(),
  choices: z.array(OpenAIChoice).min(1),
  usage: OpenAIUsage,
  system_fingerprint: z.string().nullish(),
  sources: RagSources,
});
export type OpenAIChatCompletion = z.infer<typeof OpenAIChatCompletion>;

/**
 * What the spec documents of a non-streamed completion: the native shape plus a `sources` array whose item fields
 * are not shown (RAG-RESPONSE-NATIVE). OpenAIChatCompletion is this with the fake's items (RAG-SOURCES-ITEM-SHAPE).
 */
export const DocumentedOpenAIChatCompletion = OpenAIChatCompletion.extend({ sources: DocumentedRagSources });
export type DocumentedOpenAIChatCompletion = z.infer<typeof DocumentedOpenAIChatCompletion>;

// ---- Stream -----------------------------------------------------------------------------------------

/** A tool call fragment: `index` says which call it extends; id, type and name arrive on the first one. */
export const OpenAIToolCallDelta = z.looseObject({
  index: z.number().int().nonnegative(),
  id: z.string().optional(),
  type: z.literal('function').optional(),
  function: z.looseObject({ name: z.string().optional(), arguments: z.string().optional() }).optional(),
});
export type OpenAIToolCallDelta = z.infer<typeof OpenAIToolCallDelta>;

export const OpenAIChunkDelta = z.looseObject({
  role: z.literal('assistant').optional(),
  content: z.string().nullish(),
  tool_calls: z.array(OpenAIToolCallDelta).optional(),
  refusal: z.string().nullish(),
});

export const OpenAIChunkChoice = z.looseObject({
  index: z.number().int().nonnegative(),
  delta: OpenAIChunkDelta,
  finish_reason: OpenAIFinishReason.nullable(),
  logprobs: Logprobs.optional(),
});

/**
 * One `data:` event of a streamed completion (the stream ends with `data: [DONE]`). With
 * stream_options.include_usage, usage is null on every chunk but a last one that has empty `choices`.
 * Where `sources` appears in a stream is not shown (assumed: on some chunk, optional here).
 */
export const OpenAIChatCompletionChunk = z.looseObject({
  id: z.string().min(1),
  object: z.literal('chat.completion.chunk'),
  created: z.number().int().nonnegative(),
  model: z.string(),
  choices: z.array(OpenAIChunkChoice),
  usage: OpenAIUsage.nullish(),
  system_fingerprint: z.string().nullish(),
  sources: RagSources.optional(),
});
export type OpenAIChatCompletionChunk = z.infer<typeof OpenAIChatCompletionChunk>;

/**
 * A chunk as RAG-OPENAI-STREAM describes it, `sources` items not looked into: the stream grammar and the item shape
 * (RAG-SOURCES-ITEM-SHAPE) are separate assumed clauses, checked apart.
 */
export const OpenAIChatCompletionChunkAnySources = OpenAIChatCompletionChunk.extend({
  sources: DocumentedRagSources.optional(),
});
export type OpenAIChatCompletionChunkAnySources = z.infer<typeof OpenAIChatCompletionChunkAnySources>;
