/**
 * Scripted replies of the fake model (control API only) seen through both official SDKs, as a client developer
 * uses them to test error handling: texts, error statuses, the SDK's own retries on a 429 with retry-after, a
 * delay against the client timeout, and streams cut short. The steps are the same for both SDKs
 * (sdk-under-test.ts); a scripted tool call is read in each SDK's own terms in openai-sdk-script.test.ts and
 * anthropic-sdk-script.test.ts. What a scripted reply makes the target do is the fake's own (FAKE-MODEL-SCRIPT),
 * so these checks are bound to it; what is hard is that the SDK works against the target (RAG-SDK-COMPATIBLE).
 */
import { beforeEach, describe, expect, it, type TestContext } from 'vitest';
import type { ScriptedReply } from '../../contract/control/rag-script.js';
import { clearJournal, journalOf } from '../support/journal.js';
import { needRag } from '../support/rag.js';
import { dialectClauses } from '../support/rag-wire.js';
import { rejection } from '../support/sdk-clients.js';
import { assumed } from '../support/strength.js';
import { useTarget } from '../support/use-target.js';
import { scriptsServerErrors } from '../target/answers.js';
import { clearRepliesIfAny, queuedReplies, queueReplies } from './reply-queue.js';
import { SDKS, type SdkUnderTest } from './sdk-under-test.js';

const target = useTarget();
const LONG_TEXT =
  'This scripted answer is long enough to arrive in several stream events, a few words at a time, so a cut shows.';

/**
 * A scripted 429 (`limited`), then a text: the SDK with its default retries answers with that text after exactly
 * one retry (the request journal sees the 429, then the 200: FAKE-REQUEST-JOURNAL). How long the answer took, in ms.
 */
async function waitedForRetry(sdk: SdkUnderTest, model: string, limited: ScriptedReply): Promise<number> {
  await queueReplies(target(), [limited, { kind: 'text', text: 'Answered after the retry.' }]);
  await clearJournal(target());
  const client = sdk.client(target(), { maxRetries: 'sdk-default' });
  const started = Date.now();
  const answer = await client.ask(model);
  const waited = Date.now() - started;
  assumed('FAKE-MODEL-SCRIPT', () => expect(answer.text).toBe('Answered after the retry.'));
  const journal = await journalOf(target(), sdk.path);
  assumed('FAKE-REQUEST-JOURNAL', () => expect(journal.map((e) => e.status)).toEqual([429, 200]));
  return waited;
}

describe.each(SDKS)(
  'scripted replies through the %s [FAKE-MODEL-SCRIPT, RAG-SDK-COMPATIBLE]',
  (_name, sdk) => {
    /** The model, after skipping unless the target is the fake with its control API. */
    const scripted = (ctx: TestContext) =>
      needRag(ctx, target(), sdk.dialect, { control: 'a scripted model reply' });

    beforeEach(() => clearRepliesIfAny(target()));

    it('queued texts answer the next requests in order, each once; then the default model answers again', async (ctx) => {
      const model = await scripted(ctx);
      await queueReplies(target(), [
        { kind: 'text', text: 'First scripted answer.' },
        { kind: 'text', text: 'Second scripted answer.' },
      ]);
      const client = sdk.client(target());
      const first = await client.ask(model);
      const queuedAfterFirst = await queuedReplies(target());
      const second = await client.ask(model);
      const queuedAfterSecond = await queuedReplies(target());
      const third = await client.ask(model);
      assumed('FAKE-MODEL-SCRIPT', () => {
        expect(first.text).toBe('First scripted answer.');
        expect(queuedAfterFirst).toHaveLength(1);
        expect(second.text).toBe('Second scripted answer.');
        expect(second.stop).toBe(sdk.endTurn);
        expect(queuedAfterSecond).toEqual([]);
        expect(third.text).not.toBe('Second scripted answer.');
      });
      assumed('RAG-SOURCES-ALWAYS', () => expect(second.sources).toEqual([]));
    });

    it('a request refused before the model (wrong key) leaves the queued reply for the next one [RAG-INVALID-KEY-401]', async (ctx) => {
      const model = await scripted(ctx);
      await queueReplies(target(), [{ kind: 'text', text: 'Kept for a valid request.' }]);
      const refused = await rejection(sdk.client(target(), { apiKey: 'apk-not-a-key' }).ask(model));
      sdk.expectNativeError(refused, 401);
      assumed('RAG-INVALID-KEY-401', () => expect(refused).toBeInstanceOf(sdk.errors.authentication));
      const queued = await queuedReplies(target());
      const next = await sdk.client(target()).ask(model);
      assumed('FAKE-MODEL-SCRIPT', () => {
        expect(queued).toHaveLength(1);
        expect(next.text).toBe('Kept for a valid request.');
      });
    });

    it('scripted error statuses raise the SDK class of the status, with the scripted message, streamed or not [RAG-ERROR-SHAPE]', async (ctx) => {
      const model = await scripted(ctx);
      scriptsServerErrors(); // the 500 below is scripted through the control API: no server error of the target
      await queueReplies(target(), [
        { kind: 'error', status: 404, message: 'Scripted not found' },
        { kind: 'error', status: 429, message: 'Scripted slow down', retry_after: 7 },
        { kind: 'error', status: 500, message: 'Scripted failure' },
        { kind: 'error', status: 429, message: 'Scripted stream refused', retry_after: 3 },
      ]);
      const client = sdk.client(target()); // maxRetries 0: each error surfaces at once
      // A scripted error is the fake's own: its status and message are checked under FAKE-MODEL-SCRIPT.
      const byScript = { clause: 'FAKE-MODEL-SCRIPT', documented: 'nothing' } as const;
      const notFound = await rejection(client.ask(model));
      sdk.expectNativeError(notFound, 404, 'Scripted not found', byScript);
      assumed('FAKE-MODEL-SCRIPT', () => expect(notFound).toBeInstanceOf(sdk.errors.notFound));

      const limited = await rejection(client.ask(model));
      const { headers } = sdk.expectNativeError(limited, 429, 'Scripted slow down', byScript);
      assumed('FAKE-MODEL-SCRIPT', () => {
        expect(limited).toBeInstanceOf(sdk.errors.rateLimit);
        expect(headers?.get('retry-after')).toBe('7');
      });

      const failed = await rejection(client.ask(model));
      sdk.expectNativeError(failed, 500, undefined, byScript);
      assumed('FAKE-MODEL-SCRIPT', () => expect(failed).toBeInstanceOf(sdk.errors.internalServer));

      const streamRefused = await rejection(client.stream(model).final);
      sdk.expectNativeError(streamRefused, 429, 'Scripted stream refused', byScript);
      assumed('FAKE-MODEL-SCRIPT', () => expect(streamRefused).toBeInstanceOf(sdk.errors.rateLimit));
    });

    it('a 429 with retry-after 1: the SDK with its default retries waits a second, retries once and succeeds [RAG-RATE-LIMIT-HEADERS, FAKE-REQUEST-JOURNAL]', async (ctx) => {
      const model = await scripted(ctx);
      const waited = await waitedForRetry(sdk, model, { kind: 'error', status: 429, retry_after: 1 });
      // The SDK's own backoff would be under 500 ms; a second means it read retry-after.
      assumed('RAG-RATE-LIMIT-HEADERS', () => expect(waited).toBeGreaterThanOrEqual(950));
    });

    it('a 429 with retry-after-ms: the SDK prefers it to retry-after [RAG-RATE-LIMIT-HEADERS]', async (ctx) => {
      const model = await scripted(ctx);
      const limited: ScriptedReply = { kind: 'error', status: 429, retry_after: 20, retry_after_ms: 50 };
      const waited = await waitedForRetry(sdk, model, limited);
      assumed('RAG-RATE-LIMIT-HEADERS', () => expect(waited).toBeLessThan(10_000));
    });

    it('a delay longer than the client timeout is an APIConnectionTimeoutError; a shorter one answers', async (ctx) => {
      const model = await scripted(ctx);
      await queueReplies(target(), [
        { kind: 'text', text: 'Too late.', delay_ms: 2_000 },
        { kind: 'text', text: 'Just in time.', delay_ms: 200 },
      ]);
      const timedOut = await rejection(sdk.client(target(), { timeout: 300 }).ask(model));
      const answer = await sdk.client(target(), { timeout: 10_000 }).ask(model);
      assumed('FAKE-MODEL-SCRIPT', () => {
        expect(timedOut).toBeInstanceOf(sdk.errors.connectionTimeout);
        expect(answer.text).toBe('Just in time.');
      });
    });

    it(`a stream that ends early (cut \`end\`): ${sdk.finalMethod} rejects; the text received is a prefix of the answer [${dialectClauses[sdk.dialect].stream}]`, async (ctx) => {
      const model = await scripted(ctx);
      await queueReplies(target(), [
        { kind: 'text', text: LONG_TEXT, cut: { after_events: sdk.cutInsideText, mode: 'end' } },
      ]);
      const { deltas, final } = sdk.client(target()).stream(model);
      const err = await rejection(final);
      assumed('FAKE-MODEL-SCRIPT', () => {
        expect(err).toBeInstanceOf(sdk.errors.base);
        expect(String((err as Error).message)).toMatch(sdk.endedEarly);
      });
      const received = deltas.join('');
      assumed(dialectClauses[sdk.dialect].stream, () => {
        expect(received.length).toBeGreaterThan(0);
        expect(received.length).toBeLessThan(LONG_TEXT.length);
        expect(LONG_TEXT.startsWith(received)).toBe(true);
      });
    });

    it('a stream whose connection is reset (cut `reset`) rejects; an unstreamed request with a cut is an APIConnectionError', async (ctx) => {
      const model = await scripted(ctx);
      const cut: ScriptedReply = {
        kind: 'text',
        text: LONG_TEXT,
        cut: { after_events: sdk.cutInsideText, mode: 'reset' },
      };
      await queueReplies(target(), [cut, cut]);
      const client = sdk.client(target());
      const streamed = await rejection(client.stream(model).final);
      const unstreamed = await rejection(client.ask(model));
      const queued = await queuedReplies(target());
      assumed('FAKE-MODEL-SCRIPT', () => {
        expect(streamed).toBeInstanceOf(sdk.errors.base);
        expect(unstreamed).toBeInstanceOf(sdk.errors.connection);
        expect(queued).toEqual([]);
      });
    });
  },
);
