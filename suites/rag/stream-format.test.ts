/**
 * The named wire formats, by reference (issue 40, item 4). The spec fixes the RAG streams only by naming the formats
 * ("They are compatible with two third-party SDK wire formats (an OpenAI-style chat completions API and an
 * Anthropic-style messages API)." and "The response has the native provider shape plus a `sources` array"): what
 * those formats fix is documented, and checked hard here, each part on its own: the OpenAI-style terminator
 * `data: [DONE]`, where `usage` may appear with and without `stream_options.include_usage`, the Anthropic-style
 * event order. The SSE is parsed with eventsource-parser (support/sse.ts, support/rag-stream.ts); the official SDKs'
 * own parsers are the second check. What the formats leave free (pings, `id:` lines, where `sources` goes) is not
 * asserted here.
 */
import type Anthropic from '@anthropic-ai/sdk';
import type OpenAI from 'openai';
import { describe, expect, it, type TestContext } from 'vitest';
import { sdkKeyOfFile } from '../sdk/sdk-key.js';
import {
  type Ask,
  askRag,
  ORDER_TOOL,
  SMALL_TALK,
  WEATHER_QUESTION,
  WEATHER_TOOL,
} from '../support/rag-wire.js';
import { anthropicClient, openaiClient } from '../support/sdk-clients.js';
import { parseSse } from '../support/sse.js';
import { documented } from '../support/strength.js';
import { useTarget } from '../support/use-target.js';
import type { Auth } from '../target/target.js';

const target = useTarget();
const sdkKey = sdkKeyOfFile(target);

/** The key of the file (a fresh organization's where the target offers it), as Bearer, for `requests` calls. */
async function keyFor(ctx: TestContext, dialect: 'openai' | 'anthropic', requests: number) {
  const { model, key } = await sdkKey.calls(ctx, dialect, requests);
  const auth: Auth = { headers: { authorization: `Bearer ${key}` } };
  return { model, key, auth };
}

/** Asks whose streams end differently: plain text, and a turn that hands a tool call over. */
const ASKS: [string, Omit<Ask, 'model'>][] = [
  ['a text answer', { messages: SMALL_TALK, maxTokens: 48 }],
  [
    'a tool call',
    {
      messages: WEATHER_QUESTION,
      tools: [WEATHER_TOOL, ORDER_TOOL],
      toolChoice: { name: WEATHER_TOOL.name },
      maxTokens: 200,
    },
  ],
];

describe('OpenAI-style streams, by reference to the chat completions format', () => {
  it.for(ASKS)(
    '%s ends with data: [DONE], once and last, whether or not usage is asked [RAG-OPENAI-STREAM-GRAMMAR]',
    async ([, ask], ctx) => {
      const { model, auth } = await keyFor(ctx, 'openai', 2);
      for (const includeUsage of [true, false]) {
        const res = await askRag(target(), 'openai', { model, ...ask, stream: true, includeUsage }, auth);
        const data = parseSse(res.text).events.map((e) => e.data);
        documented('RAG-OPENAI-STREAM-GRAMMAR', () => {
          expect(data.at(-1), `the last event (include_usage ${includeUsage})`).toBe('[DONE]');
          expect(data.filter((d) => d === '[DONE]').length, '[DONE] events').toBe(1);
        });
      }
    },
  );

  it.for(ASKS)(
    '%s: usage on no chunk without stream_options.include_usage; with it on exactly one chunk, the last before [DONE], with empty choices [RAG-OPENAI-STREAM-USAGE]',
    async ([, ask], ctx) => {
      const { model, auth } = await keyFor(ctx, 'openai', 2);
      for (const includeUsage of [false, true]) {
        // Counted from the parse itself (every read of a stream checks it too: rag-stream.ts expectOpenaiUsagePlacement).
        const res = await askRag(target(), 'openai', { model, ...ask, stream: true, includeUsage }, auth);
        const chunks = parseSse(res.text)
          .events.filter((e) => e.data !== '[DONE]')
          .map((e) => JSON.parse(e.data) as { usage?: unknown; choices?: unknown[] });
        const carrying = chunks.flatMap((c, i) => (c.usage != null ? [i] : []));
        documented('RAG-OPENAI-STREAM-USAGE', () => {
          if (!includeUsage) expect(carrying, 'chunks carrying usage, not asked').toEqual([]);
          else {
            expect(carrying, 'chunks carrying usage, asked').toEqual([chunks.length - 1]);
            expect(chunks.at(-1)?.choices, 'the usage chunk has empty choices').toEqual([]);
            expect(chunks.at(-1)?.usage).toMatchObject({
              prompt_tokens: expect.any(Number),
              completion_tokens: expect.any(Number),
              total_tokens: expect.any(Number),
            });
          }
        });
      }
    },
  );

  it('the official SDK iterates the same placement: chunks without usage unless asked, then one last usage chunk with empty choices [RAG-OPENAI-STREAM-USAGE, RAG-OPENAI-STREAM-GRAMMAR]', async (ctx) => {
    const { model, key } = await keyFor(ctx, 'openai', 2);
    const client = openaiClient(target(), { apiKey: key });
    const request = {
      model,
      messages: [{ role: 'user' as const, content: SMALL_TALK }],
      max_completion_tokens: 48,
      stream: true as const,
    };
    for (const includeUsage of [false, true]) {
      const chunks: OpenAI.Chat.ChatCompletionChunk[] = [];
      // The SDK's own parser stops at [DONE]; a stream it cannot read fails the grammar.
      const read = await documented('RAG-OPENAI-STREAM-GRAMMAR', async () => {
        const stream = await client.chat.completions.create(
          includeUsage ? { ...request, stream_options: { include_usage: true } } : request,
        );
        for await (const chunk of stream) chunks.push(chunk);
        expect(chunks.length).toBeGreaterThan(0);
      });
      if (!read) return;
      documented('RAG-OPENAI-STREAM-USAGE', () => {
        const carrying = chunks.flatMap((c, i) => (c.usage != null ? [i] : []));
        expect(carrying, `chunks with usage (include_usage ${includeUsage})`).toEqual(
          includeUsage ? [chunks.length - 1] : [],
        );
        if (includeUsage) expect(chunks.at(-1)?.choices).toEqual([]);
      });
    }
  });
});

/** The names of an Anthropic-style stream's events, pings left out (the format lets them come anywhere). */
const ORDER =
  /^message_start( content_block_start( content_block_delta)* content_block_stop)* message_delta message_stop$/;

describe('Anthropic-style streams, by reference to the messages format', () => {
  it.for(ASKS)(
    '%s streams message_start, then per block content_block_start, its deltas and content_block_stop, then message_delta and message_stop [RAG-ANTHROPIC-STREAM-GRAMMAR]',
    async ([, ask], ctx) => {
      const { model, auth } = await keyFor(ctx, 'anthropic', 1);
      const res = await askRag(target(), 'anthropic', { model, ...ask, stream: true }, auth);
      const events = parseSse(res.text).events.filter((e) => e.event !== 'ping');
      const names = events.map((e) => e.event ?? '(unnamed)').join(' ');
      documented('RAG-ANTHROPIC-STREAM-GRAMMAR', () => {
        expect(names, 'the event order').toMatch(ORDER);
        // Blocks are numbered from 0 in order: each block's events carry its index.
        let index = -1;
        for (const e of events) {
          const data = JSON.parse(e.data) as { type: string; index?: number };
          if (data.type === 'content_block_start') index += 1;
          if (data.type.startsWith('content_block_')) expect(data.index, `${data.type}'s index`).toBe(index);
        }
      });
    },
  );

  it('the official SDK (MessageStream, which refuses events out of order) accumulates a tool turn to a final message with its blocks and stop_reason tool_use [RAG-ANTHROPIC-STREAM-GRAMMAR, RAG-USER-TOOLS-RETURNED]', async (ctx) => {
    const { model, key } = await keyFor(ctx, 'anthropic', 1);
    const client = anthropicClient(target(), { apiKey: key, credential: 'x-api-key' });
    const names: string[] = [];
    let final: Anthropic.Messages.Message | undefined;
    await documented('RAG-ANTHROPIC-STREAM-GRAMMAR', async () => {
      const stream = client.messages.stream({
        model,
        max_tokens: 200,
        messages: [{ role: 'user', content: WEATHER_QUESTION }],
        tools: [
          {
            name: WEATHER_TOOL.name,
            description: WEATHER_TOOL.description,
            input_schema: WEATHER_TOOL.parameters as Anthropic.Messages.Tool.InputSchema,
          },
        ],
        tool_choice: { type: 'tool', name: WEATHER_TOOL.name },
      });
      stream.on('streamEvent', (event) => names.push(event.type));
      final = await stream.finalMessage();
      expect(names.filter((n) => n !== 'ping').join(' '), 'the event order the SDK saw').toMatch(ORDER);
    });
    if (!final) return;
    const message = final;
    // A turn that hands tool uses over ends as the native tool turn, and names only declared tools.
    documented('RAG-USER-TOOLS-RETURNED', () => {
      const uses = message.content.flatMap((b) => (b.type === 'tool_use' ? [b.name] : []));
      for (const name of uses) expect(name).toBe(WEATHER_TOOL.name);
      if (uses.length > 0) expect(message.stop_reason).toBe('tool_use');
    });
  });
});
