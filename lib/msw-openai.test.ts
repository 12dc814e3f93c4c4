// @vitest-environment jsdom
/**
 * The official openai SDK, as a front-end project configures it in a browser-like environment, against
 * chatbotApiHandlers in msw's setupServer: answers, streams read chunk by chunk, and a stream cut by the fake.
 */
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { useMswFake } from './msw.test-support.js';
import { expectStreamLikePlain, sourcesOf } from './openai-stream.test-support.js';

const api = useMswFake();

// In jsdom `window` exists, so the SDK refuses to run unless told that this browser-like use is intended.
const openai = () =>
  new OpenAI({
    apiKey: api.target.project_key!,
    baseURL: `${api.target.base_url}/openai`,
    dangerouslyAllowBrowser: true,
    maxRetries: 0,
  });

const knowledgebase = { type: 'service:knowledgebase', parameters: { limit: 3 } };
const request: OpenAI.Chat.ChatCompletionCreateParamsNonStreaming = {
  model: 'gpt-4o-mini',
  messages: [{ role: 'user' as const, content: 'How does two-factor authentication work?' }],
  tools: [knowledgebase as unknown as OpenAI.Chat.ChatCompletionTool],
};

describe('the openai SDK through msw handlers in jsdom [LIB-MSW-HANDLERS]', () => {
  it('chat.completions.create answers from the knowledgebase with sources [LIB-MSW-HANDLERS]', async () => {
    const completion = await openai().chat.completions.create(request);
    expect(completion.object).toBe('chat.completion');
    expect(completion.choices[0]?.message.content).toMatch(/two-factor/i);
    expect(sourcesOf(completion).length).toBeGreaterThan(0);
  });

  it('a refused key is the SDK’s AuthenticationError (401) [LIB-MSW-HANDLERS]', async () => {
    const client = new OpenAI({
      apiKey: 'apk-not-a-key',
      baseURL: `${api.target.base_url}/openai`,
      dangerouslyAllowBrowser: true,
      maxRetries: 0,
    });
    await expect(client.chat.completions.create(request)).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
  });

  it('stream: true yields the chunks to the end: sources on the first, the same text as unstreamed [LIB-MSW-HANDLERS]', async () => {
    await expectStreamLikePlain(openai(), request);
  });

  it('chunks arrive as the fake sends them: a stream the fake resets after two events yields those two, then fails [LIB-MSW-HANDLERS, FAKE-MODEL-SCRIPT]', async () => {
    await api.control.scriptReplies(api.target.project_uid!, [
      { kind: 'text', text: 'A long enough answer to be cut.', cut: { after_events: 2, mode: 'reset' } },
    ]);
    const stream = await openai().chat.completions.create({ ...request, stream: true });
    const seen: string[] = [];
    const read = (async () => {
      for await (const chunk of stream) seen.push(chunk.choices[0]?.delta?.content ?? '');
    })();
    await expect(read).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(seen).toHaveLength(2);
  });

  it('a reply the fake resets before answering fails the SDK with a connection error, not a hang [LIB-MSW-HANDLERS, FAKE-MODEL-SCRIPT]', async () => {
    await api.control.scriptReplies(api.target.project_uid!, [
      { kind: 'text', text: 'Never delivered.', cut: { after_events: 0, mode: 'reset' } },
    ]);
    await expect(openai().chat.completions.create(request)).rejects.toBeInstanceOf(OpenAI.APIConnectionError);
  });
});
