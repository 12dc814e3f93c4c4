/** The official openai and @anthropic-ai/sdk clients against the intercepted fake, streams included, no port. */
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ChatbotApiInterception, interceptChatbotApi } from './index.js';
import { watchNetwork } from './network-watch.test-support.js';
import { expectStreamLikePlain, sourcesOf } from './openai-stream.test-support.js';

const net = watchNetwork();
let handle: ChatbotApiInterception;
beforeEach(() => {
  handle = interceptChatbotApi({ baseUrl: 'https://chatbot.example.test' });
});
afterEach(() => {
  handle.restore();
  expect({ listens: net.listens(), connects: net.connects(), servers: net.servers() }).toEqual({
    listens: 0,
    connects: 0,
    servers: 0,
  });
});

const QUESTION = 'How does two-factor authentication work?';
const knowledgebase = { type: 'service:knowledgebase', parameters: { limit: 3 } };

const openai = () =>
  new OpenAI({
    apiKey: handle.target.project_key!,
    baseURL: `${handle.target.base_url}/openai`,
    maxRetries: 0,
  });
const anthropic = () =>
  new Anthropic({
    apiKey: handle.target.project_key!,
    baseURL: `${handle.target.base_url}/anthropic`,
    maxRetries: 0,
  });

describe('official SDKs through interception [LIB-INTERCEPT, LIB-INTERCEPT-STREAMING]', () => {
  it('openai: chat.completions.create answers from the knowledgebase with sources [LIB-INTERCEPT]', async () => {
    const completion = await openai().chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: QUESTION }],
      tools: [knowledgebase as unknown as OpenAI.Chat.ChatCompletionTool],
    });
    expect(completion.choices[0]?.message.content).toMatch(/two-factor/i);
    expect(sourcesOf(completion).length).toBeGreaterThan(0);
  });

  it('openai: stream: true iterates every chunk to the end, sources on the first, the same text [LIB-INTERCEPT-STREAMING]', async () => {
    await expectStreamLikePlain(openai(), {
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: QUESTION }],
      tools: [knowledgebase as unknown as OpenAI.Chat.ChatCompletionTool],
    });
  });

  it('@anthropic-ai/sdk: messages.create, and messages.stream() to finalMessage() with sources [LIB-INTERCEPT, LIB-INTERCEPT-STREAMING]', async () => {
    const client = anthropic();
    const request = {
      model: 'claude-3-5-haiku-latest',
      max_tokens: 300,
      messages: [{ role: 'user' as const, content: 'How do webhooks work?' }],
      tools: [knowledgebase as unknown as Anthropic.Messages.ToolUnion],
    };
    const plain = await client.messages.create(request);
    expect(plain.content[0]?.type).toBe('text');
    const stream = client.messages.stream(request);
    const deltas: string[] = [];
    stream.on('text', (d) => deltas.push(d));
    const final = await stream.finalMessage();
    expect(final.stop_reason).toBe('end_turn');
    expect(final.content).toEqual(plain.content);
    expect(deltas.length).toBeGreaterThan(1);
    expect(sourcesOf(final).length).toBeGreaterThan(0);
  });

  it('a scripted reset fails the SDK with a network error, streamed or not, instead of hanging [LIB-INTERCEPT-STREAMING, FAKE-MODEL-SCRIPT]', async () => {
    const uid = handle.target.project_uid!;
    await handle.control.scriptReplies(uid, [
      { kind: 'text', text: 'A long enough answer to be cut.', cut: { after_events: 2, mode: 'reset' } },
      { kind: 'text', text: 'Never delivered.', cut: { after_events: 0, mode: 'reset' } },
      { kind: 'text', text: 'A long enough answer to be cut.', cut: { after_events: 2, mode: 'reset' } },
    ]);
    const client = openai();
    const messages = [{ role: 'user' as const, content: 'Hello' }];
    const seen: string[] = [];
    const streamed = (async () => {
      const stream = await client.chat.completions.create({ model: 'gpt-4o-mini', messages, stream: true });
      for await (const chunk of stream) seen.push(chunk.id);
    })();
    await expect(streamed).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(seen.length).toBe(2);
    await expect(client.chat.completions.create({ model: 'gpt-4o-mini', messages })).rejects.toBeInstanceOf(
      OpenAI.APIConnectionError,
    );
    const final = anthropic()
      .messages.stream({ model: 'claude-3-5-haiku-latest', max_tokens: 100, messages })
      .finalMessage();
    await expect(final).rejects.toThrow(/ECONNRESET/);
  });
});
