/**
 * Error bodies of the RAG endpoints. These endpoints answer in the provider's native shapes, not the RXERROR
 * envelope (DESIGN: Rules of the house, Errors), so that the official SDKs raise their usual error classes.
 *
 * ASSUMED: the spec says "Error body of the RAG endpoints: not shown". We choose each provider's native body
 * and the status-to-type table below. The SDKs pick their error class from the HTTP status alone
 * (openai: 400 BadRequestError, 401 AuthenticationError, 403 PermissionDeniedError, 404 NotFoundError,
 * 429 RateLimitError, >=500 InternalServerError; @anthropic-ai/sdk likewise), so `type` and `code` are for
 * callers that inspect the body.
 */
import { z } from 'zod';

/** OpenAI-style error body: {error: {message, type, param, code}}. */
export const OpenAIErrorBody = z.looseObject({
  error: z.looseObject({
    message: z.string(),
    type: z.string(),
    param: z.string().nullable(),
    code: z.string().nullable(),
  }),
});
export type OpenAIErrorBody = z.infer<typeof OpenAIErrorBody>;

/** The `error` object of an Anthropic error body; also the payload of the stream's `error` event. */
export const AnthropicErrorObject = z.looseObject({
  type: z.string(),
  message: z.string(),
});
export type AnthropicErrorObject = z.infer<typeof AnthropicErrorObject>;

/** Anthropic-style error body: {type: 'error', error: {type, message}}; the native API adds request_id. */
export const AnthropicErrorBody = z.looseObject({
  type: z.literal('error'),
  error: AnthropicErrorObject,
  request_id: z.string().nullish(),
});
export type AnthropicErrorBody = z.infer<typeof AnthropicErrorBody>;

/** The statuses the RAG endpoints may answer with an error. */
export const ragErrorStatuses = [400, 401, 402, 403, 404, 413, 415, 429, 500] as const;
export type RagErrorStatus = (typeof ragErrorStatuses)[number];

export type OpenAIErrorType =
  | 'invalid_request_error'
  | 'insufficient_quota'
  | 'permission_error'
  | 'not_found_error'
  | 'rate_limit_error'
  | 'server_error';

/** Anthropic's documented error types (HTTP errors page), without overloaded_error (529), which we never send. */
export type AnthropicErrorType =
  | 'invalid_request_error'
  | 'authentication_error'
  | 'billing_error'
  | 'permission_error'
  | 'not_found_error'
  | 'request_too_large'
  | 'rate_limit_error'
  | 'api_error';

export interface RagErrorKind {
  readonly openai: { readonly type: OpenAIErrorType; readonly code: string | null };
  readonly anthropic: AnthropicErrorType;
}

/**
 * Our status -> each provider's error `type` (and OpenAI `code`). One table for the fake and the suites.
 * Anthropic's column follows its documented status table (415 falls under "other 4XX": invalid_request_error).
 * OpenAI documents no such table; the types and codes (a 401 is `invalid_request_error` with code
 * `invalid_api_key`; insufficient_quota, rate_limit_exceeded) are the ones its API is known to send, and 402 (credits exhausted) is ours: OpenAI itself reports quota with 429.
 */
export const ragErrorKinds = {
  400: { openai: { type: 'invalid_request_error', code: null }, anthropic: 'invalid_request_error' },
  401: {
    openai: { type: 'invalid_request_error', code: 'invalid_api_key' },
    anthropic: 'authentication_error',
  },
  402: { openai: { type: 'insufficient_quota', code: 'insufficient_quota' }, anthropic: 'billing_error' },
  403: { openai: { type: 'permission_error', code: null }, anthropic: 'permission_error' },
  404: { openai: { type: 'not_found_error', code: null }, anthropic: 'not_found_error' },
  413: { openai: { type: 'invalid_request_error', code: null }, anthropic: 'request_too_large' },
  415: { openai: { type: 'invalid_request_error', code: null }, anthropic: 'invalid_request_error' },
  429: { openai: { type: 'rate_limit_error', code: 'rate_limit_exceeded' }, anthropic: 'rate_limit_error' },
  500: { openai: { type: 'server_error', code: null }, anthropic: 'api_error' },
} as const satisfies Record<RagErrorStatus, RagErrorKind>;

const isRagErrorStatus = (status: number): status is RagErrorStatus =>
  (ragErrorStatuses as readonly number[]).includes(status);

/** The error kind for any status: the table, else 4xx as a bad request and anything else as a server error. */
export function ragErrorKind(status: number): RagErrorKind {
  if (isRagErrorStatus(status)) return ragErrorKinds[status];
  return status >= 400 && status < 500 ? ragErrorKinds[400] : ragErrorKinds[500];
}

/** Builds the OpenAI-style body for a status. */
export function openAIErrorBody(
  status: number,
  message: string,
  param: string | null = null,
): OpenAIErrorBody {
  const { type, code } = ragErrorKind(status).openai;
  return { error: { message, type, param, code } };
}

/** Builds the Anthropic-style body for a status. */
export function anthropicErrorBody(status: number, message: string): AnthropicErrorBody {
  return { type: 'error', error: { type: ragErrorKind(status).anthropic, message } };
}
