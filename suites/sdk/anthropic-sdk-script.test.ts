/**
 * Scripted replies of the fake model (control API only) seen through the @anthropic-ai/sdk, as a client developer
 * uses them to test a tool loop and error handling: text, a tool use with given input, error statuses, the SDK's
 * own retries on a 429 with retry-after, a delay against the client timeout, and streams cut short.
 */
import Anthropic, { type APIError } from '@anthropic-ai/sdk';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ScriptedReply } from '../../contract/requests/rag-script.js';
import { clearJournal, journalOf } from '../support/journal.js';
import { needRag } from '../support/rag.js';
import { anthropicClient, sourcesOf } from '../support/sdk-clients.js';
import { useTarget } from '../support/use-target.js';
import { anthropicOrderTool, ORDER_QUESTION, ORDER_TOOL_NAME } from './order-tool.js';
import { clearReplies, queuedReplies, queueReplies } from './reply-queue.js';

const target = useTarget();
const PATH = '/anthropic/v1/messages';
const LONG_TEXT =
  'This scripted answer is long enough to arrive in several stream events, a few words at a time, so a cut shows.';

const ask = (
  model: string,
  content = 'Hello',
): Omit<Anthropic.Messages.MessageCreateParamsNonStreaming, 'stream'> => ({
  model,
  max_tokens: 256,
  messages: [{ role: 'user', content }],
});

/** The model, after skipping unless the target is the fake with its control API. */
const scripted = (ctx: Parameters<typeof needRag>[0]) =>
  needRag(ctx, target(), 'anthropic', { control: true });

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the SDK call to reject, it resolved');
}

const textOf = (m: Anthropic.Messages.Message): string =>
  m.content.map((b) => (b.type === 'text' ? b.text : '')).join('');

const messageOf = (err: unknown) =>
  ((err as APIError).error as { error?: { message?: string } } | undefined)?.error?.message;

describe('scripted replies through the @anthropic-ai/sdk [FAKE-MODEL-SCRIPT, RAG-SDK-COMPATIBLE]', () => {
  beforeEach(async () => {
    if (target().control && target().config.project_uid) await clearReplies(target());
  });

  it('queued texts answer the next requests in order, each once; then the default model answers again', async (ctx) => {
    const model = await scripted(ctx);
    await queueReplies(target(), [
      { kind: 'text', text: 'First scripted answer.' },
      { kind: 'text', text: 'Second scripted answer.' },
    ]);
    const client = anthropicClient(target());
    expect(textOf(await client.messages.create(ask(model)))).toBe('First scripted answer.');
    expect(await queuedReplies(target())).toHaveLength(1);
    const second = await client.messages.create(ask(model));
    expect(textOf(second)).toBe('Second scripted answer.');
    expect(second.stop_reason).toBe('end_turn');
    expect(sourcesOf(second)).toEqual([]);
    expect(await queuedReplies(target())).toEqual([]);
    expect(textOf(await client.messages.create(ask(model)))).not.toBe('Second scripted answer.');
  });

  it('a scripted tool use comes back with exactly the given input, unstreamed and through stream() [RAG-USER-TOOLS-RETURNED]', async (ctx) => {
    const model = await scripted(ctx);
    const input = { order_number: 'AL-7', expedite: true };
    const reply: ScriptedReply = {
      kind: 'tool_call',
      text: 'Let me check that order.',
      calls: [{ name: ORDER_TOOL_NAME, arguments: input }],
    };
    await queueReplies(target(), [reply, reply]);
    const client = anthropicClient(target());
    const request = { ...ask(model, ORDER_QUESTION), tools: [anthropicOrderTool] };

    const plain = await client.messages.create(request);
    const streamed = await client.messages.stream(request).finalMessage();
    for (const message of [plain, streamed]) {
      expect(message.stop_reason).toBe('tool_use');
      expect(textOf(message)).toBe('Let me check that order.');
      const uses = message.content.filter((b) => b.type === 'tool_use');
      expect(uses).toHaveLength(1);
      expect(uses[0]).toMatchObject({ type: 'tool_use', name: ORDER_TOOL_NAME, input });
    }
  });

  it('scripted error statuses raise the SDK class of the status, with the scripted message, streamed or not [RAG-ERROR-SHAPE]', async (ctx) => {
    const model = await scripted(ctx);
    await queueReplies(target(), [
      { kind: 'error', status: 404, message: 'Scripted not found' },
      { kind: 'error', status: 429, message: 'Scripted slow down', retry_after: 7 },
      { kind: 'error', status: 500, message: 'Scripted failure' },
      { kind: 'error', status: 429, message: 'Scripted stream refused', retry_after: 3 },
    ]);
    const client = anthropicClient(target()); // maxRetries 0: each error surfaces at once
    const notFound = await rejection(client.messages.create(ask(model)));
    expect(notFound).toBeInstanceOf(Anthropic.NotFoundError);
    expect(messageOf(notFound)).toBe('Scripted not found');

    const limited = await rejection(client.messages.create(ask(model)));
    expect(limited).toBeInstanceOf(Anthropic.RateLimitError);
    expect((limited as APIError).headers?.get('retry-after')).toBe('7');
    expect(messageOf(limited)).toBe('Scripted slow down');

    const failed = await rejection(client.messages.create(ask(model)));
    expect(failed).toBeInstanceOf(Anthropic.InternalServerError);
    expect((failed as APIError).status).toBe(500);

    const streamRefused = await rejection(client.messages.stream(ask(model)).finalMessage());
    expect(streamRefused).toBeInstanceOf(Anthropic.RateLimitError);
    expect(messageOf(streamRefused)).toBe('Scripted stream refused');
  });

  it('a 429 with retry-after 1: the SDK with its default retries waits a second, retries once and succeeds [RAG-RATE-LIMIT-HEADERS, FAKE-REQUEST-JOURNAL]', async (ctx) => {
    const model = await scripted(ctx);
    await queueReplies(target(), [
      { kind: 'error', status: 429, retry_after: 1 },
      { kind: 'text', text: 'Answered after the retry.' },
    ]);
    await clearJournal(target());
    const client = anthropicClient(target(), { maxRetries: 'sdk-default' });
    const started = Date.now();
    const answer = await client.messages.create(ask(model));
    const waited = Date.now() - started;
    expect(textOf(answer)).toBe('Answered after the retry.');
    // The SDK's own backoff would be under 500 ms; a second means it read retry-after.
    expect(waited).toBeGreaterThanOrEqual(950);
    expect((await journalOf(target(), PATH)).map((e) => e.status)).toEqual([429, 200]);
  });

  it('a 429 with retry-after-ms: the SDK prefers it to retry-after [RAG-RATE-LIMIT-HEADERS]', async (ctx) => {
    const model = await scripted(ctx);
    await queueReplies(target(), [
      { kind: 'error', status: 429, retry_after: 20, retry_after_ms: 50 },
      { kind: 'text', text: 'Answered after a short wait.' },
    ]);
    await clearJournal(target());
    const client = anthropicClient(target(), { maxRetries: 'sdk-default' });
    const started = Date.now();
    const answer = await client.messages.create(ask(model));
    expect(textOf(answer)).toBe('Answered after a short wait.');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await journalOf(target(), PATH)).map((e) => e.status)).toEqual([429, 200]);
  });

  it('a delay longer than the client timeout is an APIConnectionTimeoutError; a shorter one answers', async (ctx) => {
    const model = await scripted(ctx);
    await queueReplies(target(), [
      { kind: 'text', text: 'Too late.', delay_ms: 2_000 },
      { kind: 'text', text: 'Just in time.', delay_ms: 200 },
    ]);
    const timedOut = await rejection(anthropicClient(target(), { timeout: 300 }).messages.create(ask(model)));
    expect(timedOut).toBeInstanceOf(Anthropic.APIConnectionTimeoutError);
    const answer = await anthropicClient(target(), { timeout: 10_000 }).messages.create(ask(model));
    expect(textOf(answer)).toBe('Just in time.');
  });

  it('a stream that ends early (cut `end`): finalMessage() rejects; the text received is a prefix of the answer [RAG-ANTHROPIC-STREAM]', async (ctx) => {
    const model = await scripted(ctx);
    await queueReplies(target(), [{ kind: 'text', text: LONG_TEXT, cut: { after_events: 5, mode: 'end' } }]);
    const stream = anthropicClient(target()).messages.stream(ask(model));
    const deltas: string[] = [];
    stream.on('text', (delta) => deltas.push(delta));
    const err = await rejection(stream.finalMessage());
    expect(err).toBeInstanceOf(Anthropic.AnthropicError);
    expect(String((err as Error).message)).toMatch(/ended without/);
    const received = deltas.join('');
    expect(received.length).toBeGreaterThan(0);
    expect(received.length).toBeLessThan(LONG_TEXT.length);
    expect(LONG_TEXT.startsWith(received)).toBe(true);
  });

  it('a stream whose connection is reset (cut `reset`) rejects; an unstreamed request with a cut is an APIConnectionError', async (ctx) => {
    const model = await scripted(ctx);
    const cut: ScriptedReply = { kind: 'text', text: LONG_TEXT, cut: { after_events: 5, mode: 'reset' } };
    await queueReplies(target(), [cut, cut]);
    const client = anthropicClient(target());
    const streamed = await rejection(client.messages.stream(ask(model)).finalMessage());
    expect(streamed).toBeInstanceOf(Anthropic.AnthropicError);
    const plain = await rejection(client.messages.create(ask(model)));
    expect(plain).toBeInstanceOf(Anthropic.APIConnectionError);
    expect(await queuedReplies(target())).toEqual([]);
  });
});
