/** What a streamed chat completion of the openai SDK must be, whatever serves the fake: the unstreamed answer. */
import type OpenAI from 'openai';
import { expect } from 'vitest';
import { RagSources } from '../contract/requests/rag-sources.js';

export const sourcesOf = (x: unknown) => RagSources.parse((x as { sources?: unknown }).sources);

/** `stream: true` iterates every chunk to the end, sources on the first, the same text as without streaming. */
export async function expectStreamLikePlain(
  client: OpenAI,
  request: OpenAI.Chat.ChatCompletionCreateParamsNonStreaming,
): Promise<void> {
  const plain = await client.chat.completions.create(request);
  const stream = await client.chat.completions.create({ ...request, stream: true });
  const chunks: OpenAI.Chat.ChatCompletionChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  expect(chunks.length).toBeGreaterThan(2);
  expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe('stop');
  expect(chunks.map((c) => c.choices[0]?.delta?.content ?? '').join('')).toBe(
    plain.choices[0]?.message.content,
  );
  expect(sourcesOf(chunks[0])).toEqual(sourcesOf(plain));
}
