/**
 * `chatbot-platform-fake/anthropic`: typed helpers for the official `@anthropic-ai/sdk` against the Chatbot
 * Platform's Anthropic-style RAG endpoint (`{base_url}/anthropic/v1/messages`). The SDK's types know neither the
 * knowledgebase tool nor `sources`; these helpers give both their types, with no SDK code at run time (type-only
 * imports).
 *
 * - `knowledgebaseTool({ limit })`: for `tools` of `messages.create()` and `messages.stream()`, typed as `ToolUnion`.
 * - `sourcesOf(answer)`: the `sources` of a `Message` (from `messages.create()`, or a stream's `finalMessage()`).
 */
import type { Message, ToolUnion } from '@anthropic-ai/sdk/resources/messages';
import { type KnowledgebaseToolParameters, type RagSource, sdkHelpers } from './knowledgebase-tool.js';

export type { KnowledgebaseToolParameters, RagSource };

export const { knowledgebaseTool, sourcesOf } = sdkHelpers<ToolUnion, Message>();
