/**
 * What the SDK tests ask, written once in each SDK's terms: the refund question with the knowledgebase tool, the
 * order question that forces the user function tool, that tool itself (its declaration, and its local
 * implementation: what a client developer's code runs when the model calls it), and a scripted call of it.
 */
import type Anthropic from '@anthropic-ai/sdk';
import type OpenAI from 'openai';
import type { ScriptedReply } from '../../contract/control/rag-script.js';
import { REFUND_QUESTION } from '../support/rag-wire.js';
import { anthropicKnowledgebaseTool, openaiKnowledgebaseTool } from '../support/sdk-clients.js';

export const ORDER_TOOL_NAME = 'get_order_status';
const description = 'Look up the delivery status of a customer order by its order number';
const parameters = {
  type: 'object',
  properties: { order_number: { type: 'string', description: 'The order number, e.g. AL-1042' } },
  required: ['order_number'],
};

export const ORDER_QUESTION = 'What is the delivery status of my order AL-1042?';

/** The knowledgebase tool's `limit` in the requests below: no answer carries more sources. */
export const KB_LIMIT = 3;

export const openaiOrderTool: OpenAI.Chat.ChatCompletionTool = {
  type: 'function',
  function: { name: ORDER_TOOL_NAME, description, parameters },
};

export const anthropicOrderTool: Anthropic.Messages.Tool = {
  name: ORDER_TOOL_NAME,
  description,
  input_schema: { ...parameters, type: 'object' },
};

/** The status the local implementation reports; the final answer is expected to use it. */
export const SHIPPED = 'shipped';

/** The tool's local implementation: any order is shipped. */
export function runOrderTool(args: unknown): { order_number: string; status: string } {
  const order = (args as { order_number?: unknown } | null)?.order_number;
  return { order_number: typeof order === 'string' ? order : 'unknown', status: SHIPPED };
}

/** A request without `stream`: sent as is by create(), or streamed by stream() / create({stream: true}). */
export type OpenAIParams = Omit<OpenAI.Chat.ChatCompletionCreateParamsNonStreaming, 'stream'>;
/** A request without `stream`: sent as is by create(), or streamed by stream(). */
export type AnthropicParams = Omit<Anthropic.Messages.MessageCreateParamsNonStreaming, 'stream'>;

/** Anthropic requires max_tokens; room for a cited answer or a tool call. */
const ANTHROPIC_MAX_TOKENS = 512;

/** The refund question (the support documents answer it: supportDocuments), with the knowledgebase tool. */
export const openaiRefundRequest = (model: string): OpenAIParams => ({
  model,
  messages: [{ role: 'user', content: REFUND_QUESTION }],
  tools: [openaiKnowledgebaseTool(KB_LIMIT)],
});

export const anthropicRefundRequest = (model: string): AnthropicParams => ({
  model,
  max_tokens: ANTHROPIC_MAX_TOKENS,
  messages: [{ role: 'user', content: REFUND_QUESTION }],
  tools: [anthropicKnowledgebaseTool(KB_LIMIT)],
});

/** The request that forces the user tool (RAG-TOOL-CHOICE), the knowledgebase tool declared too. */
export const openaiOrderRequest = (model: string): OpenAIParams => ({
  model,
  messages: [{ role: 'user', content: ORDER_QUESTION }],
  tools: [openaiKnowledgebaseTool(KB_LIMIT), openaiOrderTool],
  tool_choice: { type: 'function', function: { name: ORDER_TOOL_NAME } },
});

export const anthropicOrderRequest = (model: string): AnthropicParams => ({
  model,
  max_tokens: ANTHROPIC_MAX_TOKENS,
  messages: [{ role: 'user', content: ORDER_QUESTION }],
  tools: [anthropicKnowledgebaseTool(KB_LIMIT), anthropicOrderTool],
  tool_choice: { type: 'tool', name: ORDER_TOOL_NAME },
});

/** The arguments of the scripted call below. */
export const SCRIPTED_ORDER_ARGS = { order_number: 'AL-7', expedite: true };

/** A scripted reply (FAKE-MODEL-SCRIPT): a short text, then a call of the order tool with SCRIPTED_ORDER_ARGS. */
export const scriptedOrderCall: ScriptedReply = {
  kind: 'tool_call',
  text: 'Let me check that order.',
  calls: [{ name: ORDER_TOOL_NAME, arguments: SCRIPTED_ORDER_ARGS }],
};
