/** Anthropic-style messages (RAG). Filled in by the RAG contract work. */
import { z } from 'zod';

export const AnthropicMessagesRequest = z.looseObject({
  model: z.string(),
  max_tokens: z.number().int(),
  messages: z.array(z.looseObject({ role: z.string() })),
});
export const AnthropicMessage = z.looseObject({ id: z.string(), type: z.literal('message') });
