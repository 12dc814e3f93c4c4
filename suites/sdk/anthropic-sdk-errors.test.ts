/**
 * Errors of {base_url}/anthropic surface as the @anthropic-ai/sdk's own error classes, with the native error body
 * the SDK parses (err.error = {type: 'error', error: {type, message}}): 401, 404/405 on unknown routes, 400 for a
 * model the endpoint does not serve, and, on the fake (control API), 403 below Professional, 402 without credits
 * and the Professional hourly cap of 200 answered 429 with retry-after.
 */
import Anthropic, { APIError } from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { hourlyCaps } from '../../contract/index.js';
import { AnthropicErrorBody, ragErrorKinds } from '../../contract/requests/rag-errors.js';
import { needRag, ragModel } from '../support/rag.js';
import { creditsOf, ragWorldVia } from '../support/rag-world.js';
import { anthropicClient, reserveRagRequests } from '../support/sdk-clients.js';
import { need, useTarget } from '../support/use-target.js';

const target = useTarget();
const control = () => target().control!;

const RATE_LIMITED = 'Rate limit exceeded. Please try again later.';
const RAG_PLAN = 'The RAG chat completion API requires the Professional plan or above';
const INSUFFICIENT = 'Insufficient credits';

const ask = (model: string): Anthropic.Messages.MessageCreateParamsNonStreaming => ({
  model,
  max_tokens: 16,
  messages: [{ role: 'user', content: 'Hello' }],
});

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the SDK call to reject, it resolved');
}

/** An APIError of `status` whose parsed body is the native Anthropic error of that status (RAG-ERROR-SHAPE). */
function expectNativeError(error: unknown, status: keyof typeof ragErrorKinds): APIError {
  expect(error).toBeInstanceOf(APIError);
  const err = error as APIError;
  expect(err.status).toBe(status);
  const body = AnthropicErrorBody.parse(err.error);
  expect(body.error.type).toBe(ragErrorKinds[status].anthropic);
  return err;
}

const messageOf = (err: APIError) => AnthropicErrorBody.parse(err.error).error.message;

async function anyClaudeModel(): Promise<string> {
  return (await ragModel(target(), 'anthropic')) ?? 'claude-3-5-haiku-latest';
}

describe('@anthropic-ai/sdk error classes [RAG-SDK-COMPATIBLE, RAG-ERROR-SHAPE]', () => {
  it('a wrong key: AuthenticationError (401, authentication_error), whichever header carries it [RAG-INVALID-KEY-401, AUTH-RAG-KEY-HEADERS]', async () => {
    const model = await anyClaudeModel();
    for (const credential of ['apiKey', 'x-api-key'] as const) {
      const client = anthropicClient(target(), { apiKey: 'apk-not-a-key', credential });
      const err = expectNativeError(await rejection(client.messages.create(ask(model))), 401);
      expect(err, credential).toBeInstanceOf(Anthropic.AuthenticationError);
    }
  });

  it('an unknown route under /anthropic: NotFoundError (models.list); GET on the messages path: 405 [RAG-UNKNOWN-ROUTE-NATIVE]', async (ctx) => {
    need(ctx, target(), { projectKey: true });
    reserveRagRequests(ctx, target(), 2);
    const client = anthropicClient(target());
    const notFound = expectNativeError(await rejection(client.models.list()), 404);
    expect(notFound).toBeInstanceOf(Anthropic.NotFoundError);
    // The SDK has no GET on /v1/messages; its generic request method sends one.
    const wrongMethod = await rejection(client.get('/v1/messages'));
    expect(wrongMethod).toBeInstanceOf(APIError);
    expect((wrongMethod as APIError).status).toBe(405);
    AnthropicErrorBody.parse((wrongMethod as APIError).error);
  });

  it('a model not in the supported list: BadRequestError (400, invalid_request_error) [RAG-UNKNOWN-MODEL, RAG-MODEL-FROM-LIST]', async (ctx) => {
    await needRag(ctx, target(), 'anthropic');
    reserveRagRequests(ctx, target(), 1);
    const client = anthropicClient(target());
    const err = expectNativeError(await rejection(client.messages.create(ask('claude-no-such-model'))), 400);
    expect(err).toBeInstanceOf(Anthropic.BadRequestError);
  });

  it('a gpt-* model on the Anthropic-style endpoint: BadRequestError (400) [RAG-WRONG-FAMILY-400, RAG-ANTHROPIC-FAMILIES]', async (ctx) => {
    await needRag(ctx, target(), 'anthropic');
    const gpt = await ragModel(target(), 'openai');
    if (!gpt) ctx.skip('no gpt-*/o1/o3 model: set rag_models.openai in the target config');
    reserveRagRequests(ctx, target(), 1);
    const client = anthropicClient(target());
    const err = expectNativeError(await rejection(client.messages.create(ask(gpt!))), 400);
    expect(err).toBeInstanceOf(Anthropic.BadRequestError);
  });

  it('a project below Professional: PermissionDeniedError (403) [RAG-PLAN-PROFESSIONAL]', async (ctx) => {
    const model = await needRag(ctx, target(), 'anthropic', { control: true });
    const project = await ragWorldVia(control(), { plan: 'free' });
    const client = anthropicClient(target(), { apiKey: project.key });
    const err = expectNativeError(await rejection(client.messages.create(ask(model))), 403);
    expect(err).toBeInstanceOf(Anthropic.PermissionDeniedError);
    expect(messageOf(err)).toBe(RAG_PLAN);
  });

  it('an organization without credits: PaymentRequiredError (402, billing_error), nothing deducted [CREDITS-EXHAUSTED]', async (ctx) => {
    const model = await needRag(ctx, target(), 'anthropic', { control: true });
    const project = await ragWorldVia(control(), { plan: 'advanced', credits: 0 });
    const client = anthropicClient(target(), { apiKey: project.key });
    const err = expectNativeError(await rejection(client.messages.create(ask(model))), 402);
    expect(err).toBeInstanceOf(Anthropic.PaymentRequiredError);
    expect(messageOf(err)).toBe(INSUFFICIENT);
    expect(await creditsOf(control(), project.organization_id)).toBe(0);
  });
});

describe('the RAG hourly cap through the @anthropic-ai/sdk', () => {
  const CAP = hourlyCaps.ragPerHour.professional;

  it('a Professional project: 200 requests in the hour pass, the next is a RateLimitError whose headers carry retry-after [RATE-RAG-PROFESSIONAL-200, RAG-RATE-LIMIT-HEADERS, RAG-RATE-LIMIT-NATIVE, RATE-HEADERS]', async (ctx) => {
    const model = await needRag(ctx, target(), 'anthropic', { control: true, quota: true });
    const project = await ragWorldVia(control(), { plan: 'professional' });
    const client = anthropicClient(target(), { apiKey: project.key });

    const { response } = await client.messages.create(ask(model)).withResponse();
    expect(response.headers.get('x-ratelimit-limit')).toBe(String(CAP));
    expect(response.headers.get('x-ratelimit-remaining')).toBe(String(CAP - 1));
    const BATCH = 20;
    for (let sent = 1; sent < CAP; sent += BATCH) {
      const batch = Math.min(BATCH, CAP - sent);
      const answers = await Promise.all(
        Array.from({ length: batch }, () => client.messages.create(ask(model))),
      );
      expect(answers.every((a) => a.type === 'message')).toBe(true);
    }

    const err = expectNativeError(await rejection(client.messages.create(ask(model))), 429);
    expect(err).toBeInstanceOf(Anthropic.RateLimitError);
    expect(messageOf(err)).toBe(RATE_LIMITED);
    const retryAfter = Number(err.headers?.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(err.headers?.get('x-ratelimit-limit')).toBe(String(CAP));
    expect(err.headers?.get('x-ratelimit-remaining')).toBe('0');
  });
});
