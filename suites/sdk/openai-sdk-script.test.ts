/**
 * Scripted replies of the fake model (control API only) seen through the openai SDK, as a client developer uses
 * them to test a tool loop and error handling: text, a tool call with given arguments, error statuses, the SDK's
 * own retries on a 429 with retry-after, a delay against the client timeout, and streams cut short.
 */
import OpenAI, { type APIError } from 'openai';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ScriptedReply } from '../../contract/requests/rag-script.js';
import { clearJournal, journalOf } from '../support/journal.js';
import { needRag } from '../support/rag.js';
import { openaiClient, sourcesOf } from '../support/sdk-clients.js';
import { useTarget } from '../support/use-target.js';
import { ORDER_QUESTION, ORDER_TOOL_NAME, openaiOrderTool } from './order-tool.js';
import { clearReplies, queuedReplies, queueReplies } from './reply-queue.js';

const target = useTarget();
const PATH = '/openai/chat/completions';
const LONG_TEXT =
  'This scripted answer is long enough to arrive in several stream events, a few words at a time, so a cut shows.';

const ask = (
  model: string,
  content = 'Hello',
): Omit<OpenAI.Chat.ChatCompletionCreateParamsNonStreaming, 'stream'> => ({
  model,
  messages: [{ role: 'user', content }],
});

/** The model, after skipping unless the target is the fake with its control API; the queue starts empty. */
const scripted = (ctx: Parameters<typeof needRag>[0]) => needRag(ctx, target(), 'openai', { control: true });

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the SDK call to reject, it resolved');
}

const contentOf = (c: OpenAI.Chat.ChatCompletion) => c.choices[0]!.message.content;

describe('scripted replies through the openai SDK [FAKE-MODEL-SCRIPT, RAG-SDK-COMPATIBLE]', () => {
  beforeEach(async () => {
    if (target().control && target().config.project_uid) await clearReplies(target());
  });

  it('queued texts answer the next requests in order, each once; then the default model answers again', async (ctx) => {
    const model = await scripted(ctx);
    await queueReplies(target(), [
      { kind: 'text', text: 'First scripted answer.' },
      { kind: 'text', text: 'Second scripted answer.' },
    ]);
    const client = openaiClient(target());
    expect(contentOf(await client.chat.completions.create(ask(model)))).toBe('First scripted answer.');
    expect(await queuedReplies(target())).toHaveLength(1);
    const second = await client.chat.completions.create(ask(model));
    expect(contentOf(second)).toBe('Second scripted answer.');
    expect(second.choices[0]!.finish_reason).toBe('stop');
    expect(sourcesOf(second)).toEqual([]);
    expect(await queuedReplies(target())).toEqual([]);
    const after = await client.chat.completions.create(ask(model));
    expect(contentOf(after)).not.toBe('Second scripted answer.');
  });

  it('a request refused before the model (wrong key) leaves the queued reply for the next one [RAG-INVALID-KEY-401]', async (ctx) => {
    const model = await scripted(ctx);
    await queueReplies(target(), [{ kind: 'text', text: 'Kept for a valid request.' }]);
    const refused = await rejection(
      openaiClient(target(), { apiKey: 'apk-not-a-key' }).chat.completions.create(ask(model)),
    );
    expect(refused).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(await queuedReplies(target())).toHaveLength(1);
    const answer = await openaiClient(target()).chat.completions.create(ask(model));
    expect(contentOf(answer)).toBe('Kept for a valid request.');
  });

  it('a scripted tool call comes back with exactly the given arguments, unstreamed and through stream() [RAG-USER-TOOLS-RETURNED]', async (ctx) => {
    const model = await scripted(ctx);
    const args = { order_number: 'AL-7', expedite: true };
    const reply: ScriptedReply = {
      kind: 'tool_call',
      text: 'Let me check that order.',
      calls: [{ name: ORDER_TOOL_NAME, arguments: args }],
    };
    await queueReplies(target(), [reply, reply]);
    const client = openaiClient(target());
    const request = { ...ask(model, ORDER_QUESTION), tools: [openaiOrderTool] };

    const plain = await client.chat.completions.create(request);
    const streamed = await client.chat.completions.stream(request).finalChatCompletion();
    for (const completion of [plain, streamed]) {
      const choice = completion.choices[0]!;
      expect(choice.finish_reason).toBe('tool_calls');
      expect(choice.message.content).toBe('Let me check that order.');
      const calls = choice.message.tool_calls ?? [];
      expect(calls).toHaveLength(1);
      const call = calls[0]!;
      expect(call.type).toBe('function');
      if (call.type !== 'function') continue;
      expect(call.function.name).toBe(ORDER_TOOL_NAME);
      expect(JSON.parse(call.function.arguments)).toEqual(args);
    }
  });

  it('scripted error statuses raise the SDK class of the status, with the scripted message [RAG-ERROR-SHAPE]', async (ctx) => {
    const model = await scripted(ctx);
    await queueReplies(target(), [
      { kind: 'error', status: 404, message: 'Scripted not found' },
      { kind: 'error', status: 429, message: 'Scripted slow down', retry_after: 7 },
      { kind: 'error', status: 500, message: 'Scripted failure' },
    ]);
    const client = openaiClient(target()); // maxRetries 0: each error surfaces at once
    const notFound = await rejection(client.chat.completions.create(ask(model)));
    expect(notFound).toBeInstanceOf(OpenAI.NotFoundError);
    expect((notFound as APIError).error).toMatchObject({ message: 'Scripted not found' });

    const limited = await rejection(client.chat.completions.create(ask(model)));
    expect(limited).toBeInstanceOf(OpenAI.RateLimitError);
    expect((limited as APIError).headers?.get('retry-after')).toBe('7');
    expect((limited as APIError).error).toMatchObject({ message: 'Scripted slow down' });

    const failed = await rejection(client.chat.completions.create(ask(model)));
    expect(failed).toBeInstanceOf(OpenAI.InternalServerError);
    expect((failed as APIError).status).toBe(500);
  });

  it('a 429 with retry-after 1: the SDK with its default retries waits a second, retries once and succeeds [RAG-RATE-LIMIT-HEADERS, FAKE-REQUEST-JOURNAL]', async (ctx) => {
    const model = await scripted(ctx);
    await queueReplies(target(), [
      { kind: 'error', status: 429, retry_after: 1 },
      { kind: 'text', text: 'Answered after the retry.' },
    ]);
    await clearJournal(target());
    const client = openaiClient(target(), { maxRetries: 'sdk-default' });
    const started = Date.now();
    const answer = await client.chat.completions.create(ask(model));
    const waited = Date.now() - started;
    expect(contentOf(answer)).toBe('Answered after the retry.');
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
    const client = openaiClient(target(), { maxRetries: 'sdk-default' });
    const started = Date.now();
    const answer = await client.chat.completions.create(ask(model));
    expect(contentOf(answer)).toBe('Answered after a short wait.');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await journalOf(target(), PATH)).map((e) => e.status)).toEqual([429, 200]);
  });

  it('a delay longer than the client timeout is an APIConnectionTimeoutError; a shorter one answers', async (ctx) => {
    const model = await scripted(ctx);
    await queueReplies(target(), [
      { kind: 'text', text: 'Too late.', delay_ms: 2_000 },
      { kind: 'text', text: 'Just in time.', delay_ms: 200 },
    ]);
    const impatient = openaiClient(target(), { timeout: 300 });
    const timedOut = await rejection(impatient.chat.completions.create(ask(model)));
    expect(timedOut).toBeInstanceOf(OpenAI.APIConnectionTimeoutError);
    const patient = openaiClient(target(), { timeout: 10_000 });
    expect(contentOf(await patient.chat.completions.create(ask(model)))).toBe('Just in time.');
  });

  it('a stream that ends early (cut `end`): finalChatCompletion() rejects; the text received is a prefix of the answer [RAG-OPENAI-STREAM]', async (ctx) => {
    const model = await scripted(ctx);
    await queueReplies(target(), [{ kind: 'text', text: LONG_TEXT, cut: { after_events: 3, mode: 'end' } }]);
    const stream = openaiClient(target()).chat.completions.stream(ask(model));
    const deltas: string[] = [];
    stream.on('content', (delta) => deltas.push(delta));
    const err = await rejection(stream.finalChatCompletion());
    expect(err).toBeInstanceOf(OpenAI.OpenAIError);
    expect(String((err as Error).message)).toMatch(/missing finish_reason|ended without/);
    const received = deltas.join('');
    expect(received.length).toBeGreaterThan(0);
    expect(received.length).toBeLessThan(LONG_TEXT.length);
    expect(LONG_TEXT.startsWith(received)).toBe(true);
  });

  it('a stream whose connection is reset (cut `reset`) rejects; an unstreamed request with a cut is an APIConnectionError', async (ctx) => {
    const model = await scripted(ctx);
    const cut: ScriptedReply = { kind: 'text', text: LONG_TEXT, cut: { after_events: 3, mode: 'reset' } };
    await queueReplies(target(), [cut, cut]);
    const client = openaiClient(target());
    const streamed = await rejection(client.chat.completions.stream(ask(model)).finalChatCompletion());
    expect(streamed).toBeInstanceOf(OpenAI.OpenAIError);
    const plain = await rejection(client.chat.completions.create(ask(model)));
    expect(plain).toBeInstanceOf(OpenAI.APIConnectionError);
    expect(await queuedReplies(target())).toEqual([]);
  });
});
