/**
 * A RAG refusal, in two strengths: what the spec documents of it (hard) and the dialect's native error body with the
 * fake's exact status and message (softly, under the assumed clause the running test cites).
 */
import { expect } from 'vitest';
import { AnthropicErrorBody, OpenAIErrorBody, ragErrorKind } from '../../contract/requests/rag-errors.js';
import type { RagDialect } from '../../contract/requests/rag-models.js';
import { extractClauseIds } from '../reporting/clause-matrix.js';
import type { RawResponse } from '../target/transport.js';
import { citedAssumedMatching } from './envelope.js';
import { assumed, currentTestTitle } from './strength.js';

/**
 * The assumed clauses that state the fake's status (and message) of a RAG refusal, by status; expectRagError uses
 * the first one the running test cites (else the first), unless told which.
 */
const RAG_ERROR_CLAUSES: Readonly<Record<number, readonly string[]>> = {
  400: [
    'RAG-BAD-REQUEST-400',
    'RAG-UNKNOWN-MODEL',
    'RAG-WRONG-FAMILY-400',
    'MODELS-TIER1-RAG-PROFESSIONAL',
    'RAG-ANTHROPIC-MAX-TOKENS-REQUIRED',
    'RAG-KB-TOOL-LIMIT',
  ],
  401: ['RAG-INVALID-KEY-401'],
  402: ['CREDITS-EXHAUSTED', 'RAG-CREDITS-PER-TOKEN-PRICE'],
  403: ['RAG-PLAN-PROFESSIONAL'],
  404: ['RAG-UNKNOWN-ROUTE-NATIVE'],
  405: ['RAG-UNKNOWN-ROUTE-NATIVE'],
  413: ['RAG-BAD-REQUEST-400'],
  415: ['RAG-BAD-REQUEST-400'],
  429: ['RAG-RATE-LIMIT-NATIVE'],
};

/** The assumed clause of the fake's `status` for a RAG refusal, as the running test cites it. */
export function ragErrorClause(status: number): string {
  const candidates = RAG_ERROR_CLAUSES[status] ?? ['FAKE-MODEL-SCRIPT'];
  const cited = extractClauseIds(currentTestTitle() ?? '');
  return candidates.find((id) => cited.includes(id)) ?? (candidates[0] as string);
}

/**
 * The message of a RAG error body, wherever a server put it: the native `error.message` of either dialect, else a
 * top-level string `message` (as in the RXERROR envelope); undefined when there is none.
 */
export function ragErrorMessage(body: unknown): string | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const { error, message } = body as { error?: unknown; message?: unknown };
  if (error !== null && typeof error === 'object') {
    const inner = (error as { message?: unknown }).message;
    if (typeof inner === 'string') return inner;
  }
  return typeof message === 'string' ? message : undefined;
}

/** The dialect's native error body of `status`: the body shape, the error type (and OpenAI code) of the table. */
export function expectNativeErrorBody(
  dialect: RagDialect,
  body: unknown,
  status: number,
  raw: string,
): string {
  expect((body as { type?: unknown } | undefined)?.type, 'not the RXERROR envelope').not.toBe('RXERROR');
  const kind = ragErrorKind(status);
  let text: string;
  if (dialect === 'openai') {
    const parsed = OpenAIErrorBody.safeParse(body);
    expect(parsed.success, `OpenAI error body; body: ${raw.slice(0, 400)}`).toBe(true);
    const error = parsed.data!.error;
    expect(error.type, 'error.type').toBe(kind.openai.type);
    expect(error.code, 'error.code').toBe(kind.openai.code);
    text = error.message;
  } else {
    const parsed = AnthropicErrorBody.safeParse(body);
    expect(parsed.success, `Anthropic error body; body: ${raw.slice(0, 400)}`).toBe(true);
    expect(parsed.data!.error.type, 'error.type').toBe(kind.anthropic);
    text = parsed.data!.error.message;
  }
  expect(text.length, 'a message').toBeGreaterThan(0);
  return text;
}

/** How a test expects a RAG refusal: which assumed clause states its exact status, and what of it is documented. */
export interface RagRefusal {
  /** The assumed clause of the fake's exact status and message; default: ragErrorClause(status). */
  clause?: string;
  /**
   * What the spec documents of this refusal, checked hard: `status` (exactly this status), `refused` (some 4xx) or
   * `nothing` (the whole refusal is the fake's choice). Default by status: 429 `status` (ERR-429-STATUS); 400, 401
   * and 415 `refused` (a body that is not the native request shape, a model that is not in the supported list, a
   * missing or unknown key); any other `nothing` (unknown routes and methods, the plan gate below Professional,
   * credits, scripted errors). A refusal the spec leaves open whatever its status (another family's model, the key
   * in a header the spec does not name, a representation the native API refuses) passes `nothing` itself.
   */
  documented?: 'status' | 'refused' | 'nothing';
}

const documentedByDefault = (status: number): NonNullable<RagRefusal['documented']> =>
  status === 429 ? 'status' : [400, 401, 415].includes(status) ? 'refused' : 'nothing';

/** What a clause's rule says when the native error shape is part of it. */
const NATIVE_SHAPE = /native error shape|invalid_request_error|authentication_error/;

/**
 * The response is a RAG refusal, in two strengths (HARNESS-TWO-STRENGTHS). The spec shows no RAG error body and no
 * status but 429 (ERR-429-STATUS), so hard: what `refusal.documented` says (see RagRefusal) and no stack trace.
 * Softly: the dialect's native error body with the type (and OpenAI code) of the contract's status table, as JSON
 * (RAG-ERROR-SHAPE); the exact status and, when given, the message under the refusal's clause. Returns the message
 * found in the body (native, or a top-level `message`), if any.
 */
export function expectRagError(
  dialect: RagDialect,
  res: RawResponse,
  status: number,
  message?: string | RegExp,
  refusal: RagRefusal = {},
): string | undefined {
  expect(res.text, 'no stack trace').not.toMatch(/\n\s+at .+:\d+:\d+/);
  const nativeShape = () => {
    expect(res.headers['content-type'] ?? '', 'content-type').toMatch(/^application\/json/);
    expectNativeErrorBody(dialect, res.json, status, res.text);
  };
  // The native shape is part of every cited assumed clause that states it: a server that chose another warns on each.
  const stating = citedAssumedMatching(NATIVE_SHAPE).filter((id) => id !== 'RAG-ERROR-SHAPE');
  for (const id of ['RAG-ERROR-SHAPE', ...stating]) assumed(id, nativeShape);
  const text = ragErrorMessage(res.json);
  expectRagRefusal(res.status, status, text, message, refusal, `body: ${res.text.slice(0, 400)}`);
  return text;
}

/**
 * The status (and message) of a RAG refusal, however it was received (raw, or an SDK's APIError): hard what
 * `refusal.documented` says, softly the exact status and the message under the refusal's clause.
 */
export function expectRagRefusal(
  actual: number | undefined,
  status: number,
  text: string | undefined,
  message: string | RegExp | undefined,
  refusal: RagRefusal,
  evidence: string,
): void {
  const where = `status; ${evidence}`;
  const documented = refusal.documented ?? documentedByDefault(status);
  if (documented === 'status') expect(actual, where).toBe(status);
  else if (documented === 'refused') {
    expect(actual, `a 4xx refusal; ${where}`).toBeGreaterThanOrEqual(400);
    expect(actual, `a 4xx refusal; ${where}`).toBeLessThan(500);
  }
  assumed(refusal.clause ?? ragErrorClause(status), () => {
    expect(actual, where).toBe(status);
    if (typeof message === 'string') expect(text, 'message').toBe(message);
    else if (message) expect(text ?? '', 'message').toMatch(message);
  });
}
