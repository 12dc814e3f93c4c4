/**
 * The user function tool of the SDK tests, written once: its declaration in each SDK's terms, the question that
 * asks for it, and its local implementation (what a client developer's code runs when the model calls it).
 */
import type Anthropic from '@anthropic-ai/sdk';
import type OpenAI from 'openai';

export const ORDER_TOOL_NAME = 'get_order_status';
const description = 'Look up the delivery status of a customer order by its order number';
const parameters = {
  type: 'object',
  properties: { order_number: { type: 'string', description: 'The order number, e.g. AL-1042' } },
  required: ['order_number'],
};

export const ORDER_QUESTION = 'What is the delivery status of my order AL-1042?';

/** A question the seeded knowledgebase answers (fixtures/documents/acme-support/refund-policy.md). */
export const REFUND_QUESTION = 'How many days do I have to ask for a refund under the money-back guarantee?';

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
