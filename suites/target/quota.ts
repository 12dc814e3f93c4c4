/**
 * A spent quota is not a failure (HARNESS-INCONCLUSIVE-QUOTA). A 429 that the spec explains (its rate message, or any
 * 429 of a RAG endpoint, whose error body the spec does not show), met by a test that cites no rate-limit clause,
 * says nothing about the rule the test checks: the test is marked inconclusive and stopped. Tests about the caps
 * (citing a RATE-* clause or ERR-429-STATUS) see their 429s as usual.
 */
import { isRateLimitClause } from '../../contract/clauses/index.js';
import { rateLimitMessages } from '../../contract/rate-limit-messages.js';
import { extractClauseIds } from '../reporting/clause-matrix.js';
import { currentTestTitle } from './current-test.js';
import type { RawResponse } from './transport.js';

const RATE_PREFIX = 'Rate limit exceeded';

/** The message of an envelope error or of a native RAG error body. */
function messageOf(json: unknown): string | undefined {
  if (!json || typeof json !== 'object') return undefined;
  const top = (json as { message?: unknown }).message;
  if (typeof top === 'string') return top;
  const nested = (json as { error?: { message?: unknown } }).error?.message;
  return typeof nested === 'string' ? nested : undefined;
}

/** Whether `res` is a 429 the spec's rate limits explain. */
export function isSpecRateLimit(res: RawResponse, rag: boolean): boolean {
  if (res.status !== 429) return false;
  if (rag) return true;
  const message = messageOf(res.json);
  return (
    message !== undefined &&
    (message.startsWith(RATE_PREFIX) || Object.values(rateLimitMessages).includes(message as never))
  );
}

/** Whether the test with this full title is about rate limits (cites a rate-limit clause). */
export const aboutRateLimits = (title: string | undefined): boolean =>
  title !== undefined && extractClauseIds(title).some(isRateLimitClause);

/** Whole seconds of a Retry-After header, when it has that form. */
export function retryAfterSeconds(res: RawResponse): number | undefined {
  const value = res.headers['retry-after'];
  if (value === undefined || !/^\d+$/.test(value.trim())) return undefined;
  return Number(value);
}

/**
 * The reason to stop the running test as inconclusive, or undefined when the 429 (if any) is the test's subject or
 * the response is not a spent quota.
 */
export function inconclusiveReason(
  res: RawResponse,
  what: { operation: string; credential: string; rag: boolean },
  title = currentTestTitle(),
): string | undefined {
  if (!isSpecRateLimit(res, what.rag) || aboutRateLimits(title)) return undefined;
  const message = messageOf(res.json);
  return `inconclusive (quota spent): ${what.operation} with ${what.credential} answered 429${message ? ` "${message}"` : ''}; this test is not about rate limits, so it proves nothing either way`;
}
