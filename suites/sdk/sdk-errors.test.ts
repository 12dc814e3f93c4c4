/**
 * Errors of the RAG endpoints surface as each official SDK's own error classes, with the native error body the SDK
 * parses: 400 for a model the endpoint does not serve, 403 below Professional, 402 without credits and the
 * Professional hourly cap of 200 answered 429 with retry-after; the organizations on a plan or without credits come
 * from the control API on the fake, from the provider state `organization` elsewhere (support/arranged-world.ts). The steps are the same for
 * both SDKs (sdk-under-test.ts); what each SDK does its own way (the key, unknown routes) is in
 * openai-sdk-errors.test.ts and anthropic-sdk-errors.test.ts. The other refusals are sent with a
 * fresh organization's key where the target offers the provider state (sdk-key.ts), else with the config's.
 */
import { describe, expect, it } from 'vitest';
import { hourlyCaps } from '../../contract/index.js';
import { creditsLeftOf, ragWorldOf } from '../support/arranged-world.js';
import {
  INSUFFICIENT_CREDITS,
  needRag,
  RAG_PLAN_REQUIRED,
  RAG_RATE_LIMITED,
  ragModel,
} from '../support/rag.js';
import { otherDialect, type RagDialect } from '../support/rag-wire.js';
import { rejection } from '../support/sdk-clients.js';
import { assumed } from '../support/strength.js';
import { useTarget } from '../support/use-target.js';
import { sdkKeyOfFile } from './sdk-key.js';
import { SDKS } from './sdk-under-test.js';

const target = useTarget();
const sdkKey = sdkKeyOfFile(target);

/** A short answer is all these tests need. */
const BRIEF = { maxTokens: 16 };

/** A model name of the endpoint's family that no list has. */
const UNKNOWN_MODEL: Record<RagDialect, string> = {
  openai: 'gpt-no-such-model',
  anthropic: 'claude-no-such-model',
};

/** The other family on each endpoint, as the wrong-family test names it. */
const WRONG_FAMILY: Record<RagDialect, { models: string; endpoint: string }> = {
  openai: { models: 'claude-*', endpoint: 'OpenAI-style' },
  anthropic: { models: 'gpt-*', endpoint: 'Anthropic-style' },
};

/** What a 402 is in each SDK: the openai SDK has no class of its own for it. */
const NO_CREDITS: Record<RagDialect, string> = {
  openai: 'APIError 402 insufficient_quota',
  anthropic: 'PaymentRequiredError (402, billing_error)',
};

describe.each(SDKS)('%s error classes [RAG-SDK-COMPATIBLE, RAG-ERROR-SHAPE]', (_name, sdk) => {
  const wrong = WRONG_FAMILY[sdk.dialect];

  it('a model not in the supported list: BadRequestError (400, invalid_request_error) [RAG-UNKNOWN-MODEL, RAG-MODEL-FROM-LIST]', async (ctx) => {
    const { key } = await sdkKey.calls(ctx, sdk.dialect, 1);
    const err = await rejection(sdk.client(target(), { apiKey: key }).ask(UNKNOWN_MODEL[sdk.dialect], BRIEF));
    sdk.expectNativeError(err, 400);
    assumed('RAG-UNKNOWN-MODEL', () => expect(err).toBeInstanceOf(sdk.errors.badRequest));
  });

  // The spec lists each endpoint's families, not what becomes of another family's model: refusing it is the fake's.
  it(`a ${wrong.models} model on the ${wrong.endpoint} endpoint: BadRequestError (400) [RAG-WRONG-FAMILY-400]`, async (ctx) => {
    await needRag(ctx, target(), sdk.dialect);
    const other = otherDialect(sdk.dialect);
    const model = await ragModel(target(), other);
    if (!model) ctx.skip(`no ${wrong.models} model: set rag_models.${other} in the target config`);
    const key = await sdkKey.key(ctx, 1);
    const asked = sdk.client(target(), { apiKey: key }).ask(model!, BRIEF);
    await assumed('RAG-WRONG-FAMILY-400', async () => {
      const err = await rejection(asked);
      sdk.expectNativeError(err, 400, undefined, { clause: 'RAG-WRONG-FAMILY-400', documented: 'nothing' });
      expect(err).toBeInstanceOf(sdk.errors.badRequest);
    });
  });

  // A plan below Professional is the fake's own (PLAN-FREE): that it is refused at all is its choice.
  it('a project below Professional: PermissionDeniedError (403) [RAG-PLAN-PROFESSIONAL]', async (ctx) => {
    const model = await needRag(ctx, target(), sdk.dialect);
    const project = await ragWorldOf(ctx, target(), { plan: 'free' });
    const asked = sdk.client(target(), { apiKey: project.key }).ask(model, BRIEF);
    await assumed('RAG-PLAN-PROFESSIONAL', async () => {
      const err = await rejection(asked);
      sdk.expectNativeError(err, 403, RAG_PLAN_REQUIRED);
      expect(err).toBeInstanceOf(sdk.errors.permissionDenied);
    });
  });

  // What a request the balance cannot cover gets is not shown: that it is refused at all is the fake's choice.
  it(`an organization without credits: ${NO_CREDITS[sdk.dialect]}, nothing deducted [CREDITS-EXHAUSTED]`, async (ctx) => {
    const model = await needRag(ctx, target(), sdk.dialect);
    const project = await ragWorldOf(ctx, target(), { plan: 'advanced', credits: 0 });
    const asked = sdk.client(target(), { apiKey: project.key }).ask(model, BRIEF);
    await assumed('CREDITS-EXHAUSTED', async () => {
      const err = await rejection(asked);
      sdk.expectNativeError(err, 402, INSUFFICIENT_CREDITS);
      expect(err).toBeInstanceOf(sdk.errors.paymentRequired);
    });
    const left = await creditsLeftOf(ctx, target(), project.organization_id);
    assumed('CREDITS-EXHAUSTED', () => expect(left, 'nothing deducted').toBe(0));
  });
});

describe.each(SDKS)('the RAG hourly cap through the %s', (_name, sdk) => {
  const CAP = hourlyCaps.ragPerHour.professional;

  it('a Professional project: 200 requests in the hour pass, the next is a RateLimitError whose headers carry retry-after [RATE-RAG-PROFESSIONAL-200, RAG-RATE-LIMIT-HEADERS, RAG-RATE-LIMIT-NATIVE, RATE-HEADERS]', async (ctx) => {
    const model = await needRag(ctx, target(), sdk.dialect, { quota: true });
    const project = await ragWorldOf(ctx, target(), { plan: 'professional' });
    const client = sdk.client(target(), { apiKey: project.key });

    const { headers } = await client.ask(model, BRIEF);
    assumed('RATE-HEADERS', () => {
      expect(headers.get('x-ratelimit-limit')).toBe(String(CAP));
      expect(headers.get('x-ratelimit-remaining')).toBe(String(CAP - 1));
    });
    const BATCH = 20;
    for (let sent = 1; sent < CAP; sent += BATCH) {
      const batch = Math.min(BATCH, CAP - sent);
      const answers = await Promise.all(Array.from({ length: batch }, () => client.ask(model, BRIEF)));
      expect(answers.every((a) => a.object === sdk.answerObject)).toBe(true);
    }

    const err = await rejection(client.ask(model, BRIEF));
    expect(err).toBeInstanceOf(sdk.errors.rateLimit);
    const limited = sdk.expectNativeError(err, 429, RAG_RATE_LIMITED);
    assumed('RAG-RATE-LIMIT-HEADERS', () => {
      const retryAfter = Number(limited.headers?.get('retry-after'));
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      expect(limited.headers?.get('x-ratelimit-limit')).toBe(String(CAP));
      expect(limited.headers?.get('x-ratelimit-remaining')).toBe('0');
    });
  });
});
