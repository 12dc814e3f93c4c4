/** OpenAI-style chat completions (RAG). Filled in by the RAG contract work. */
import { z } from 'zod';

export const OpenAIChatCompletionRequest = z.looseObject({
  model: z.string(),
  messages: z.array(z.looseObject({ role: z.string() })),
});
export const OpenAIChatCompletion = z.looseObject({ id: z.string(), object: z.literal('chat.completion') });
