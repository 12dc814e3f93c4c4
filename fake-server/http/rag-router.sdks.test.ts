/**
 * The official OpenAI and Anthropic SDKs against the RAG router over a real 127.0.0.1 port: their stream helpers
 * accumulate our streams to the same text, tool calls and sources as the unstreamed answers.
 */
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { AnthropicMessage } from '../../contract/requests/rag-anthropic.js';
import { OpenAIChatCompletion } from '../../contract/requests/rag-openai.js';
import { serveOnLoopback } from './http.test-support.js';
import {
  app,
  kb,
  key,
  models,
  postAnthropic,
  postOpenAI,
  question,
  script,
  useRagRouterFake,
} from './rag-router.test-support.js';

useRagRouterFake();

describe('the official SDKs accumulate our streams [RAG-SDK-COMPATIBLE, RAG-USER-TOOLS-RETURNED]', () => {
  const origin = serveOnLoopback(app);

  const weather = {
    city: 'Zürich',
    days: [1, 2, 3],
    detail: { units: 'metric', note: 'a long enough value' },
  };

  it('openai: finalChatCompletion() gets the text, the tool calls and the sources', async () => {
    const client = new OpenAI({ apiKey: key, baseURL: `${origin()}/api/v1/openai`, maxRetries: 0 });
    await script({
      kind: 'tool_call',
      text: 'Let me check the weather for you.',
      calls: [
        { name: 'weather', arguments: weather },
        { name: 'time', arguments: {} },
      ],
    });
    const final = await client.chat.completions
      .stream({
        model: models.openai,
        messages: [{ role: 'user', content: 'Weather and time in Zürich?' }],
        tools: [
          { type: 'function', function: { name: 'weather', parameters: { type: 'object' } } },
          { type: 'function', function: { name: 'time', parameters: { type: 'object' } } },
        ],
      })
      .finalChatCompletion();
    const message = final.choices[0]!.message;
    expect(final.choices[0]!.finish_reason).toBe('tool_calls');
    expect(message.content).toBe('Let me check the weather for you.');
    expect(
      message.tool_calls!.map(
        (c) => c.type === 'function' && [c.function.name, JSON.parse(c.function.arguments)],
      ),
    ).toEqual([
      ['weather', weather],
      ['time', {}],
    ]);
    expect(message.tool_calls!.every((c) => c.id.startsWith('call_'))).toBe(true);
    expect((final as unknown as { sources: unknown[] }).sources).toEqual([]);

    const text = await client.chat.completions
      .stream({
        model: models.openai,
        messages: question as OpenAI.ChatCompletionMessageParam[],
        tools: [kb as never],
      })
      .finalChatCompletion();
    const plain = OpenAIChatCompletion.parse((await postOpenAI()).body);
    expect(text.choices[0]!.message.content).toBe(plain.choices[0]!.message.content);
    expect((text as unknown as { sources: unknown[] }).sources).toEqual(plain.sources);
  });

  it('anthropic: finalMessage() gets the text, the tool uses and the sources', async () => {
    const client = new Anthropic({ apiKey: key, baseURL: `${origin()}/api/v1/anthropic`, maxRetries: 0 });
    await script({ kind: 'tool_call', text: 'Checking.', calls: [{ name: 'weather', arguments: weather }] });
    const final = await client.messages
      .stream({
        model: models.anthropic,
        max_tokens: 300,
        messages: [{ role: 'user', content: 'Weather in Zürich?' }],
        tools: [{ name: 'weather', input_schema: { type: 'object' } }],
      })
      .finalMessage();
    expect(final.stop_reason).toBe('tool_use');
    expect(final.content).toEqual([
      { type: 'text', text: 'Checking.' },
      { type: 'tool_use', id: expect.stringMatching(/^toolu_/), name: 'weather', input: weather },
    ]);

    const text = await client.messages
      .stream({
        model: models.anthropic,
        max_tokens: 300,
        messages: question as Anthropic.MessageParam[],
        tools: [kb as never],
      })
      .finalMessage();
    const plain = AnthropicMessage.parse((await postAnthropic()).body);
    expect(text.content).toEqual(plain.content);
    expect(text.usage).toMatchObject({
      input_tokens: plain.usage.input_tokens,
      output_tokens: plain.usage.output_tokens,
    });
    expect((text as unknown as { sources: unknown[] }).sources).toEqual(plain.sources);
  });
});
