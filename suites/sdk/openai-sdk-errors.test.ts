/**
 * Errors of {base_url}/openai that the openai SDK meets in its own way: a wrong key (AuthenticationError, 401) and
 * unknown routes (404 from models.list, 405 from a GET on the completions path), each with the native error body
 * the SDK parses (err.error = {message, type, param, code}). The errors both SDKs meet alike are in
 * sdk-errors.test.ts. The unknown routes are asked with a fresh organization's key where the target offers the
 * provider state (sdk-key.ts), else with the config's.
 */
import OpenAI, { APIError } from 'openai';
import { describe, expect, it } from 'vitest';
import { OpenAIErrorBody } from '../../contract/requests/rag-errors.js';
import { ragModel } from '../support/rag.js';
import { openaiClient, rejection } from '../support/sdk-clients.js';
import { assumed } from '../support/strength.js';
import { useTarget } from '../support/use-target.js';
import { sdkKeyOfFile } from './sdk-key.js';
import { openaiSdk } from './sdk-under-test.js';

const target = useTarget();
const sdkKey = sdkKeyOfFile(target);

describe('openai SDK error classes [RAG-SDK-COMPATIBLE, RAG-ERROR-SHAPE]', () => {
  it('a wrong key: AuthenticationError (401, invalid_api_key) [RAG-INVALID-KEY-401]', async () => {
    // A model name for a request refused before the model matters.
    const model = (await ragModel(target(), 'openai')) ?? 'gpt-4o-mini';
    const client = openaiSdk.client(target(), { apiKey: 'apk-not-a-key' });
    const err = await rejection(client.ask(model, { maxTokens: 16 }));
    openaiSdk.expectNativeError(err, 401);
    assumed('RAG-INVALID-KEY-401', () => expect(err).toBeInstanceOf(OpenAI.AuthenticationError));
  });

  it('an unknown route under /openai: NotFoundError (models.list); GET on the completions path: 405 [RAG-UNKNOWN-ROUTE-NATIVE]', async (ctx) => {
    const client = openaiClient(target(), { apiKey: await sdkKey.key(ctx, 2) });
    // Which other routes and methods exist under /openai is not shown: all of it is the fake's choice.
    await assumed('RAG-UNKNOWN-ROUTE-NATIVE', async () => {
      const notFound = await rejection(client.models.list());
      openaiSdk.expectNativeError(notFound, 404);
      expect(notFound).toBeInstanceOf(OpenAI.NotFoundError);
    });
    // Listing stored completions is a GET on the RAG path itself.
    await assumed('RAG-UNKNOWN-ROUTE-NATIVE', async () => {
      const wrongMethod = await rejection(client.chat.completions.list());
      expect(wrongMethod).toBeInstanceOf(APIError);
      expect((wrongMethod as APIError).status).toBe(405);
      assumed('RAG-ERROR-SHAPE', () => OpenAIErrorBody.parse({ error: (wrongMethod as APIError).error }));
    });
  });
});
