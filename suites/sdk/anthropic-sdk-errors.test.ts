/**
 * Errors of {base_url}/anthropic that the @anthropic-ai/sdk meets in its own way: a wrong key in either header
 * (AuthenticationError, 401) and unknown routes (404 from models.list, 405 from a GET on the messages path), each
 * with the native error body the SDK parses (err.error = {type: 'error', error: {type, message}}). The errors both
 * SDKs meet alike are in sdk-errors.test.ts. The unknown routes are asked with a fresh organization's key where the
 * target offers the provider state (sdk-key.ts), else with the config's.
 */
import Anthropic, { APIError } from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { AnthropicErrorBody } from '../../contract/requests/rag-errors.js';
import { ragModel } from '../support/rag.js';
import { anthropicClient, rejection } from '../support/sdk-clients.js';
import { assumed } from '../support/strength.js';
import { useTarget } from '../support/use-target.js';
import { sdkKeyOfFile } from './sdk-key.js';
import { anthropicSdk } from './sdk-under-test.js';

const target = useTarget();
const sdkKey = sdkKeyOfFile(target);

describe('@anthropic-ai/sdk error classes [RAG-SDK-COMPATIBLE, RAG-ERROR-SHAPE]', () => {
  it('a wrong key: AuthenticationError (401, authentication_error), whichever header carries it [RAG-INVALID-KEY-401, AUTH-RAG-KEY-HEADERS]', async () => {
    // A model name for requests refused before the model matters.
    const model = (await ragModel(target(), 'anthropic')) ?? 'claude-3-5-haiku-latest';
    for (const credential of ['apiKey', 'x-api-key'] as const) {
      const client = anthropicClient(target(), { apiKey: 'apk-not-a-key', credential });
      const err = await rejection(
        client.messages.create({ model, max_tokens: 16, messages: [{ role: 'user', content: 'Hello' }] }),
      );
      anthropicSdk.expectNativeError(err, 401);
      assumed('RAG-INVALID-KEY-401', () =>
        expect(err, credential).toBeInstanceOf(Anthropic.AuthenticationError),
      );
    }
  });

  it('an unknown route under /anthropic: NotFoundError (models.list); GET on the messages path: 405 [RAG-UNKNOWN-ROUTE-NATIVE]', async (ctx) => {
    const client = anthropicClient(target(), { apiKey: await sdkKey.key(ctx, 2) });
    // Which other routes and methods exist under /anthropic is not shown: all of it is the fake's choice.
    await assumed('RAG-UNKNOWN-ROUTE-NATIVE', async () => {
      const notFound = await rejection(client.models.list());
      anthropicSdk.expectNativeError(notFound, 404);
      expect(notFound).toBeInstanceOf(Anthropic.NotFoundError);
    });
    // The SDK has no GET on /v1/messages; its generic request method sends one.
    await assumed('RAG-UNKNOWN-ROUTE-NATIVE', async () => {
      const wrongMethod = await rejection(client.get('/v1/messages'));
      expect(wrongMethod).toBeInstanceOf(APIError);
      expect((wrongMethod as APIError).status).toBe(405);
      assumed('RAG-ERROR-SHAPE', () => AnthropicErrorBody.parse((wrongMethod as APIError).error));
    });
  });
});
