/**
 * The two official SDKs seen through one lens, for the SDK tests whose steps are the same for both: a client of
 * the target, an unstreamed ask (create()) and a streamed one (the SDK's own stream() helper), read into the few
 * fields those tests compare; each SDK's error classes side by side; its native error body checked. What the SDKs
 * do in their own ways (tool calls, how the key travels, unknown routes) stays in the per-SDK test files.
 */
import Anthropic, { type APIError as AnthropicAPIError } from '@anthropic-ai/sdk';
import OpenAI, { type APIError as OpenAIAPIError } from 'openai';
import { expect } from 'vitest';
import {
  AnthropicErrorBody,
  OpenAIErrorBody,
  type RagErrorStatus,
  ragErrorKinds,
} from '../../contract/requests/rag-errors.js';
import type { RagDialect } from '../../contract/requests/rag-models.js';
import { expectRagRefusal, type RagRefusal, ragErrorMessage } from '../support/rag-refusal.js';
import { ANTHROPIC_DEFAULT_MAX_TOKENS } from '../support/rag-wire.js';
import { anthropicClient, openaiClient, type SdkOptions, sourcesOf } from '../support/sdk-clients.js';
import { assumed } from '../support/strength.js';
import type { Target } from '../target/target.js';
import type { AnthropicParams, OpenAIParams } from './sdk-asks.js';

/** What the shared tests read off an answer. */
export interface SdkAnswer {
  /** The native object tag: OpenAI `object`, Anthropic `type`. */
  object: string;
  text: string;
  /** The native stop reason: OpenAI finish_reason, Anthropic stop_reason. */
  stop: string | null;
  /** The `sources` array as documented (items not looked into; sourcesOf checks them softly). */
  sources: unknown[];
}

/** One request of the shared tests: a user message (default `Hello`) and the output budget (default the SDK's). */
export interface SdkAsk {
  content?: string;
  maxTokens?: number;
}

export interface SdkClient {
  /** create(), unstreamed, with the response headers. */
  ask(model: string, ask?: SdkAsk): Promise<SdkAnswer & { headers: Headers }>;
  /** stream(): the text deltas as the helper's text event delivers them, and its final accumulated answer. */
  stream(model: string, ask?: SdkAsk): { deltas: string[]; final: Promise<SdkAnswer> };
}

/** An SDK APIError of a RAG refusal: the message found in its body (if any) and the response headers. */
export interface SdkError {
  message: string | undefined;
  headers: Headers | undefined;
}

type ErrorClass = new (...args: never[]) => Error;

export interface SdkUnderTest {
  /** How titles name the SDK. */
  name: string;
  dialect: RagDialect;
  /** The endpoint's path under {base_url}, as the request journal shows it. */
  path: string;
  /** The native object tag of an answer. */
  answerObject: string;
  /** The native stop reason of a text answer that ended by itself. */
  endTurn: string;
  /** The stream helper's method that resolves to the accumulated answer, as titles name it. */
  finalMethod: string;
  /** A cut after this many SSE events falls inside the text of a short one-block answer. */
  cutInsideText: number;
  /** What the stream helper says when a stream ends without its closing events. */
  endedEarly: RegExp;
  /** The SDK's error classes, by what they stand for. */
  errors: {
    /** Every error the SDK raises. */
    base: ErrorClass;
    badRequest: ErrorClass;
    authentication: ErrorClass;
    paymentRequired: ErrorClass;
    permissionDenied: ErrorClass;
    notFound: ErrorClass;
    rateLimit: ErrorClass;
    internalServer: ErrorClass;
    connection: ErrorClass;
    connectionTimeout: ErrorClass;
  };
  client(t: Target, o?: SdkOptions): SdkClient;
  /**
   * `error` is the SDK's APIError of a RAG refusal of `status` (and `message`, when given), in two strengths as
   * expectRagError checks a raw one (rag-wire.ts): hard, an APIError and what `refusal.documented` says of its
   * status; softly, the exact status and message under the refusal's clause, and the body the dialect's native
   * error of that status (RAG-ERROR-SHAPE).
   */
  expectNativeError(
    error: unknown,
    status: RagErrorStatus,
    message?: string | RegExp,
    refusal?: RagRefusal,
  ): SdkError;
}

const openaiParams = (model: string, a: SdkAsk = {}): OpenAIParams => ({
  model,
  messages: [{ role: 'user', content: a.content ?? 'Hello' }],
  ...(a.maxTokens !== undefined ? { max_completion_tokens: a.maxTokens } : {}),
});

const fromCompletion = (c: OpenAI.Chat.ChatCompletion): SdkAnswer => ({
  object: c.object,
  text: c.choices[0]?.message.content ?? '',
  stop: c.choices[0]?.finish_reason ?? null,
  sources: sourcesOf(c),
});

export const openaiSdk: SdkUnderTest = {
  name: 'openai SDK',
  dialect: 'openai',
  path: '/openai/chat/completions',
  answerObject: 'chat.completion',
  endTurn: 'stop',
  finalMethod: 'finalChatCompletion()',
  cutInsideText: 3,
  endedEarly: /missing finish_reason|ended without/,
  errors: {
    base: OpenAI.OpenAIError,
    badRequest: OpenAI.BadRequestError,
    authentication: OpenAI.AuthenticationError,
    // The openai SDK has no class of its own for 402: a plain APIError.
    paymentRequired: OpenAI.APIError,
    permissionDenied: OpenAI.PermissionDeniedError,
    notFound: OpenAI.NotFoundError,
    rateLimit: OpenAI.RateLimitError,
    internalServer: OpenAI.InternalServerError,
    connection: OpenAI.APIConnectionError,
    connectionTimeout: OpenAI.APIConnectionTimeoutError,
  },
  client(t, o) {
    const client = openaiClient(t, o);
    return {
      async ask(model, a) {
        const { data, response } = await client.chat.completions
          .create(openaiParams(model, a))
          .withResponse();
        return { ...fromCompletion(data), headers: response.headers };
      },
      stream(model, a) {
        const stream = client.chat.completions.stream(openaiParams(model, a));
        const deltas: string[] = [];
        stream.on('content', (delta) => deltas.push(delta));
        return { deltas, final: stream.finalChatCompletion().then(fromCompletion) };
      },
    };
  },
  expectNativeError(error, status, message, refusal = {}) {
    expect(error).toBeInstanceOf(OpenAI.APIError);
    const err = error as OpenAIAPIError;
    assumed('RAG-ERROR-SHAPE', () => {
      OpenAIErrorBody.parse({ error: err.error });
      expect({ type: err.type, code: err.code }).toEqual(ragErrorKinds[status].openai);
    });
    // The openai SDK keeps the body's `error` member only.
    const text = ragErrorMessage({ error: err.error });
    expectRagRefusal(err.status, status, text, message, refusal, `error: ${err.message}`);
    return { message: text, headers: err.headers };
  },
};

const anthropicParams = (model: string, a: SdkAsk = {}): AnthropicParams => ({
  model,
  max_tokens: a.maxTokens ?? ANTHROPIC_DEFAULT_MAX_TOKENS,
  messages: [{ role: 'user', content: a.content ?? 'Hello' }],
});

const fromMessage = (m: Anthropic.Messages.Message): SdkAnswer => ({
  object: m.type,
  text: m.content.map((b) => (b.type === 'text' ? b.text : '')).join(''),
  stop: m.stop_reason,
  sources: sourcesOf(m),
});

export const anthropicSdk: SdkUnderTest = {
  name: '@anthropic-ai/sdk',
  dialect: 'anthropic',
  path: '/anthropic/v1/messages',
  answerObject: 'message',
  endTurn: 'end_turn',
  finalMethod: 'finalMessage()',
  cutInsideText: 5,
  endedEarly: /ended without/,
  errors: {
    base: Anthropic.AnthropicError,
    badRequest: Anthropic.BadRequestError,
    authentication: Anthropic.AuthenticationError,
    paymentRequired: Anthropic.PaymentRequiredError,
    permissionDenied: Anthropic.PermissionDeniedError,
    notFound: Anthropic.NotFoundError,
    rateLimit: Anthropic.RateLimitError,
    internalServer: Anthropic.InternalServerError,
    connection: Anthropic.APIConnectionError,
    connectionTimeout: Anthropic.APIConnectionTimeoutError,
  },
  client(t, o) {
    const client = anthropicClient(t, o);
    return {
      async ask(model, a) {
        const { data, response } = await client.messages.create(anthropicParams(model, a)).withResponse();
        return { ...fromMessage(data), headers: response.headers };
      },
      stream(model, a) {
        const stream = client.messages.stream(anthropicParams(model, a));
        const deltas: string[] = [];
        stream.on('text', (delta) => deltas.push(delta));
        return { deltas, final: stream.finalMessage().then(fromMessage) };
      },
    };
  },
  expectNativeError(error, status, message, refusal = {}) {
    expect(error).toBeInstanceOf(Anthropic.APIError);
    const err = error as AnthropicAPIError;
    assumed('RAG-ERROR-SHAPE', () => {
      const body = AnthropicErrorBody.parse(err.error);
      expect(body.error.type).toBe(ragErrorKinds[status].anthropic);
    });
    const text = ragErrorMessage(err.error);
    expectRagRefusal(err.status, status, text, message, refusal, `error: ${err.message}`);
    return { message: text, headers: err.headers };
  },
};

/** Both SDKs as describe.each rows `[name, sdk]`, so that `%s` puts the bare name in a title. */
export const SDKS: readonly (readonly [string, SdkUnderTest])[] = [openaiSdk, anthropicSdk].map(
  (sdk) => [sdk.name, sdk] as const,
);
