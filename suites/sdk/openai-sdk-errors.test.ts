/**
 * Errors of {base_url}/openai surface as the openai SDK's own error classes, with the native error body the SDK
 * parses (err.error = {message, type, param, code}): 401, 404/405 on unknown routes, 400 for a model the endpoint
 * does not serve, and, on the fake (control API), 403 below Professional, 402 without credits and the
 * Professional hourly cap of 200 answered 429 with retry-after.
 */
import OpenAI, { APIError } from 'openai';
import { describe, expect, it } from 'vitest';
import { hourlyCaps } from '../../contract/index.js';
import { OpenAIErrorBody, ragErrorKinds } from '../../contract/requests/rag-errors.js';
import { needRag, ragModel } from '../support/rag.js';
import { creditsOf, ragWorldVia } from '../support/rag-world.js';
import { openaiClient, reserveRagRequests } from '../support/sdk-clients.js';
import { need, useTarget } from '../support/use-target.js';

const target = useTarget();
const control = () => target().control!;

const RATE_LIMITED = 'Rate limit exceeded. Please try again later.';
const RAG_PLAN = 'The RAG chat completion API requires the Professional plan or above';
const INSUFFICIENT = 'Insufficient credits';

const ask = (model: string): OpenAI.Chat.ChatCompletionCreateParamsNonStreaming => ({
  model,
  messages: [{ role: 'user', content: 'Hello' }],
  max_completion_tokens: 16,
});

/** The rejection of `promise` (fails the test when it resolves). */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the SDK call to reject, it resolved');
}

/** An APIError of `status` whose parsed body is the native OpenAI error of that status (RAG-ERROR-SHAPE). */
function expectNativeError(error: unknown, status: keyof typeof ragErrorKinds): APIError {
  expect(error).toBeInstanceOf(APIError);
  const err = error as APIError;
  expect(err.status).toBe(status);
  OpenAIErrorBody.parse({ error: err.error });
  expect({ type: err.type, code: err.code }).toEqual(ragErrorKinds[status].openai);
  return err;
}

const messageOf = (err: APIError) => (err.error as { message?: unknown }).message;

/** A model name for requests refused before the model matters. */
async function anyOpenAIModel(): Promise<string> {
  return (await ragModel(target(), 'openai')) ?? 'gpt-4o-mini';
}

describe('openai SDK error classes [RAG-SDK-COMPATIBLE, RAG-ERROR-SHAPE]', () => {
  it('a wrong key: AuthenticationError (401, invalid_api_key) [RAG-INVALID-KEY-401]', async () => {
    const client = openaiClient(target(), { apiKey: 'apk-not-a-key' });
    const err = expectNativeError(
      await rejection(client.chat.completions.create(ask(await anyOpenAIModel()))),
      401,
    );
    expect(err).toBeInstanceOf(OpenAI.AuthenticationError);
  });

  it('an unknown route under /openai: NotFoundError (models.list); GET on the completions path: 405 [RAG-UNKNOWN-ROUTE-NATIVE]', async (ctx) => {
    need(ctx, target(), { projectKey: true });
    reserveRagRequests(ctx, target(), 2);
    const client = openaiClient(target());
    const notFound = expectNativeError(await rejection(client.models.list()), 404);
    expect(notFound).toBeInstanceOf(OpenAI.NotFoundError);
    // Listing stored completions is a GET on the RAG path itself.
    const wrongMethod = await rejection(client.chat.completions.list());
    expect(wrongMethod).toBeInstanceOf(APIError);
    expect((wrongMethod as APIError).status).toBe(405);
    OpenAIErrorBody.parse({ error: (wrongMethod as APIError).error });
  });

  it('a model not in the supported list: BadRequestError (400, invalid_request_error) [RAG-UNKNOWN-MODEL, RAG-MODEL-FROM-LIST]', async (ctx) => {
    await needRag(ctx, target(), 'openai');
    reserveRagRequests(ctx, target(), 1);
    const client = openaiClient(target());
    const err = expectNativeError(
      await rejection(client.chat.completions.create(ask('gpt-no-such-model'))),
      400,
    );
    expect(err).toBeInstanceOf(OpenAI.BadRequestError);
  });

  it('a claude-* model on the OpenAI-style endpoint: BadRequestError (400) [RAG-WRONG-FAMILY-400, RAG-OPENAI-FAMILIES]', async (ctx) => {
    await needRag(ctx, target(), 'openai');
    const claude = await ragModel(target(), 'anthropic');
    if (!claude) ctx.skip('no claude-* model: set rag_models.anthropic in the target config');
    reserveRagRequests(ctx, target(), 1);
    const client = openaiClient(target());
    const err = expectNativeError(await rejection(client.chat.completions.create(ask(claude!))), 400);
    expect(err).toBeInstanceOf(OpenAI.BadRequestError);
  });

  it('a project below Professional: PermissionDeniedError (403) [RAG-PLAN-PROFESSIONAL]', async (ctx) => {
    const model = await needRag(ctx, target(), 'openai', { control: true });
    const project = await ragWorldVia(control(), { plan: 'free' });
    const client = openaiClient(target(), { apiKey: project.key });
    const err = expectNativeError(await rejection(client.chat.completions.create(ask(model))), 403);
    expect(err).toBeInstanceOf(OpenAI.PermissionDeniedError);
    expect(messageOf(err)).toBe(RAG_PLAN);
  });

  it('an organization without credits: APIError 402 insufficient_quota, nothing deducted [CREDITS-EXHAUSTED]', async (ctx) => {
    const model = await needRag(ctx, target(), 'openai', { control: true });
    const project = await ragWorldVia(control(), { plan: 'advanced', credits: 0 });
    const client = openaiClient(target(), { apiKey: project.key });
    const err = expectNativeError(await rejection(client.chat.completions.create(ask(model))), 402);
    expect(messageOf(err)).toBe(INSUFFICIENT);
    expect(await creditsOf(control(), project.organization_id)).toBe(0);
  });
});

describe('the RAG hourly cap through the openai SDK', () => {
  const CAP = hourlyCaps.ragPerHour.professional;

  it('a Professional project: 200 requests in the hour pass, the next is a RateLimitError whose headers carry retry-after [RATE-RAG-PROFESSIONAL-200, RAG-RATE-LIMIT-HEADERS, RAG-RATE-LIMIT-NATIVE, RATE-HEADERS]', async (ctx) => {
    const model = await needRag(ctx, target(), 'openai', { control: true, quota: true });
    const project = await ragWorldVia(control(), { plan: 'professional' });
    const client = openaiClient(target(), { apiKey: project.key });

    const { response } = await client.chat.completions.create(ask(model)).withResponse();
    expect(response.headers.get('x-ratelimit-limit')).toBe(String(CAP));
    expect(response.headers.get('x-ratelimit-remaining')).toBe(String(CAP - 1));
    const BATCH = 20;
    for (let sent = 1; sent < CAP; sent += BATCH) {
      const batch = Math.min(BATCH, CAP - sent);
      const answers = await Promise.all(
        Array.from({ length: batch }, () => client.chat.completions.create(ask(model))),
      );
      expect(answers.every((a) => a.object === 'chat.completion')).toBe(true);
    }

    const err = expectNativeError(await rejection(client.chat.completions.create(ask(model))), 429);
    expect(err).toBeInstanceOf(OpenAI.RateLimitError);
    expect(messageOf(err)).toBe(RATE_LIMITED);
    const retryAfter = Number(err.headers?.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(err.headers?.get('x-ratelimit-limit')).toBe(String(CAP));
    expect(err.headers?.get('x-ratelimit-remaining')).toBe('0');
  });
});
