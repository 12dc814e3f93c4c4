/**
 * `chatbot-platform-fake/openai`: typed helpers for the official `openai` SDK against the Chatbot Platform's
 * OpenAI-style RAG endpoint (`{base_url}/openai/chat/completions`). The SDK's types know neither the knowledgebase tool
 * nor `sources`; these helpers give both their types, with no SDK code at run time (type-only imports).
 *
 * - `knowledgebaseTool({ limit })`: for `tools` of `chat.completions.create()` and `.stream()`, typed as
 *   `ChatCompletionTool`. Not for `.parse()` or `.runTools()`: the SDK itself refuses any tool but a strict function
 *   there.
 * - `sourcesOf(answer)`: the `sources` of a `ChatCompletion` (from `create()`, or a stream's `finalChatCompletion()`).
 */
import type { ChatCompletion, ChatCompletionTool } from 'openai/resources/chat/completions';
import { type KnowledgebaseToolParameters, type RagSource, sdkHelpers } from './knowledgebase-tool.js';

export type { KnowledgebaseToolParameters, RagSource };

export const { knowledgebaseTool, sourcesOf } = sdkHelpers<ChatCompletionTool, ChatCompletion>();
