/**
 * What the rate-limit suites share: fresh counters to spend (a new token, a new keyed project, each in a new
 * organization, through the control API), the fake's window (read, switched, put back), bursts of requests and
 * tallies of their statuses.
 */
import { expect } from 'vitest';
import type { PlanName } from '../../contract/index.js';
import { extractClauseIds } from '../reporting/clause-matrix.js';
import type { ControlClient } from '../target/control-client.js';
import type { Auth, Target } from '../target/target.js';
import type { RawResponse } from '../target/transport.js';
import { documentedBinding } from './arrangement-context.js';
import { assumed, currentTestTitle, readable } from './strength.js';

/**
 * How many requests were admitted, and the 429 of the one past the cap, are the cap's own rule: bound to the caps the
 * running test cites (a server whose cap is off by one reds those, not the 429's message or the rate headers), the
 * test stopping there. Where it cites none, a plain check. `clauses` names the cap where the test's subject is
 * another rule that spends one (the counts kept apart).
 */
export function capCheck(check: () => void, clauses?: readonly string[]): void {
  const caps = clauses ?? extractClauseIds(currentTestTitle() ?? '').filter((id) => CAP_CLAUSES.has(id));
  if (caps.length > 0 && documentedBinding() === undefined) readable(caps, check);
  else check();
}

/** The documented caps: how many requests an hour each credential gets, and the 429 of the one past it. */
const CAP_CLAUSES: ReadonlySet<string> = new Set([
  'RATE-PLATFORM-1000',
  'RATE-SEARCH-KEY-100',
  'RATE-RAG-PROFESSIONAL-200',
  'RATE-RAG-ADVANCED-AGENCY-1000',
  'ERR-429-STATUS',
]);

import { createOrganizationVia, createProjectVia, orgTokenVia } from './world.js';

export type WindowMode = 'fixed' | 'sliding';

/** GET /_control/rate-limits (FAKE-RATE-WINDOW-CONTROL). */
export interface RateLimitsView {
  window_ms: number;
  mode: WindowMode;
  reset_window: { ms: number; mode: WindowMode };
  counters: Record<string, { count: number; start: number; reset_at: number }>;
}

export const HOUR_MS = 3_600_000;

export const rateLimitsVia = (control: ControlClient): Promise<RateLimitsView> =>
  control.get<RateLimitsView>('/rate-limits');

export const setWindowVia = (
  control: ControlClient,
  change: { ms?: number; mode?: WindowMode },
): Promise<RateLimitsView> => control.post<RateLimitsView>('/rate-limits/window', change);

/** Put the window back to what a control reset restores (the fake's start-up window). */
export async function restoreWindowVia(control: ControlClient): Promise<void> {
  const { reset_window } = await rateLimitsVia(control);
  await setWindowVia(control, reset_window);
}

/** A new token (owner role) of a new organization on Advanced: its count starts at zero. */
export async function freshTokenVia(control: ControlClient): Promise<{ id: number; value: string }> {
  const org = await createOrganizationVia(control);
  return orgTokenVia(control, org);
}

/** A new project with its own key in a new organization on `plan`: its search and RAG counts start at zero. */
export async function freshKeyedProjectVia(control: ControlClient, plan: PlanName = 'professional') {
  const org = await createOrganizationVia(control, { plan });
  const project = await createProjectVia(control, org.organization_id, undefined);
  const key = (await control.post<{ value: string }>(`/projects/${project.project_uid}/keys`)).value;
  return { org, project, key, auth: { apiKey: key } satisfies Auth };
}

/** `n` requests all started at once (no batching): the transport opens as many connections as it needs. */
export const all = (n: number, send: (i: number) => Promise<RawResponse>): Promise<RawResponse[]> =>
  Promise.all(Array.from({ length: n }, (_, i) => send(i)));

/** `n` requests, `width` at a time. */
export async function inBatches(
  n: number,
  send: (i: number) => Promise<RawResponse>,
  width = 50,
): Promise<RawResponse[]> {
  const out: RawResponse[] = [];
  for (let i = 0; i < n; i += width)
    out.push(...(await Promise.all(Array.from({ length: Math.min(width, n - i) }, (_, k) => send(i + k)))));
  return out;
}

/** How many answers had each status, e.g. `{ 200: 1000, 429: 500 }`. */
export function statusCounts(list: readonly RawResponse[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const r of list) out[r.status] = (out[r.status] ?? 0) + 1;
  return out;
}

/** The X-RateLimit headers of an answer, as numbers (NaN when absent). */
export function rateOf(res: RawResponse): { limit: number; remaining: number; reset: number } {
  return {
    limit: Number(res.headers['x-ratelimit-limit']),
    remaining: Number(res.headers['x-ratelimit-remaining']),
    reset: Number(res.headers['x-ratelimit-reset']),
  };
}

/**
 * The admitted answers took every slot of a fresh count exactly once, as X-RateLimit-Remaining shows it: remaining
 * cap-1 … 0. Read from the headers, so checked softly (expectRates): `clause` for the values, `presence` for the
 * headers being there.
 */
export function expectEverySlotOnce(
  admitted: readonly RawResponse[],
  cap: number,
  clause = 'RATE-HEADERS',
  presence = 'RATE-HEADERS',
): void {
  expectRates(
    admitted,
    (rates) =>
      expect(rates.map((r) => r.remaining).sort((a, b) => a - b)).toEqual(
        Array.from({ length: cap }, (_, i) => i),
      ),
    clause,
    presence,
  );
}

/** Retry-After of a 429, in whole seconds. */
export function retryAfterOf(res: RawResponse): number {
  const value = Number(res.headers['retry-after']);
  expect(Number.isInteger(value), `retry-after ${res.headers['retry-after']}`).toBe(true);
  return value;
}

/** One project-key search, counted against its project's search cap. */
export const searchOnce = (t: Target, auth: Auth): Promise<RawResponse> =>
  t.call('searchIndexDocumentByProjectKey', { auth, body: { query: 'refund', limit: 3 } });

/** One cheap Platform request, counted against the token's cap. */
export const platformOnce = (t: Target, bearer: string): Promise<RawResponse> =>
  t.call('getSupportedModels', { auth: { bearer }, body: {} });

// ---------------------------------------------------------------------------------------------------------------
// Two strengths for the rate suites (HARNESS-TWO-STRENGTHS). The spec documents the caps and the 429 with its
// message; the window's shape, when it resets, the X-RateLimit headers and Retry-After are the fake's choices
// (RATE-WINDOW-*, RATE-HEADERS). So a documented assertion counts answers by class (admitted: a 2xx; limited: 429)
// and never reads a header; a header is read only inside assumed(), first for being there at all (`presence`), then
// for its value under the clause it is evidence of.

/** An answer the cap let through: any 2xx (that it is exactly 200 is CONV-SUCCESS-200, RAG-SUCCESS-200). */
export const isAdmitted = (res: RawResponse): boolean => res.status >= 200 && res.status < 300;

/** Answers by class: admitted (2xx), limited (429) and, by status, anything else. */
export function tally(list: readonly RawResponse[]): {
  admitted: number;
  limited: number;
  other: Record<number, number>;
} {
  const out = { admitted: 0, limited: 0, other: {} as Record<number, number> };
  for (const r of list) {
    if (isAdmitted(r)) out.admitted += 1;
    else if (r.status === 429) out.limited += 1;
    else out.other[r.status] = (out.other[r.status] ?? 0) + 1;
  }
  return out;
}

/**
 * Hard: exactly `admitted` answers were admitted and `limited` got 429, nothing else. Softly (`successClause`): every
 * admitted answer is exactly HTTP 200.
 */
export function expectTally(
  list: readonly RawResponse[],
  expected: { admitted: number; limited?: number },
  successClause = 'CONV-SUCCESS-200',
  label?: string,
): void {
  const counted = () =>
    expect(tally(list), label).toEqual({
      admitted: expected.admitted,
      limited: expected.limited ?? 0,
      other: {},
    });
  capCheck(counted);
  assumed(successClause, () =>
    expect(
      list
        .filter(isAdmitted)
        .filter((r) => r.status !== 200)
        .map((r) => r.status),
      'admitted answers are HTTP 200',
    ).toEqual([]),
  );
}

/**
 * Send one request at a time until one is not admitted, or until `maxAdmitted` were admitted and one more was sent:
 * for a documented check that a count reaches its cap whatever the fake's count rules would have made of it.
 * Returns how many were admitted and the last answer (the first not admitted, if any).
 */
export async function spendUntilLimited(
  send: () => Promise<RawResponse>,
  maxAdmitted: number,
): Promise<{ admitted: number; last: RawResponse }> {
  let admitted = 0;
  for (;;) {
    const last = await send();
    if (!isAdmitted(last) || admitted === maxAdmitted) return { admitted, last };
    admitted += 1;
  }
}

const hasRateHeaders = (res: RawResponse): boolean =>
  Object.values(rateOf(res)).every((v) => Number.isFinite(v));

const shownHeaders = (res: RawResponse): string =>
  JSON.stringify({
    limit: res.headers['x-ratelimit-limit'],
    remaining: res.headers['x-ratelimit-remaining'],
    reset: res.headers['x-ratelimit-reset'],
  });

export type RateExpectation =
  | Partial<{ limit: number; remaining: number; reset: number }>
  | ((rate: { limit: number; remaining: number; reset: number }) => void);

/**
 * The X-RateLimit headers of `res`, softly: that they are there (`presence`: RATE-HEADERS, or RAG-RATE-LIMIT-HEADERS
 * on the RAG endpoints), then, only if they are, their values (`expected`: fields to match, or a check) under
 * `clause`, the assumed rule they are evidence of. Returns whether both held.
 */
export function expectRate(
  res: RawResponse,
  expected: RateExpectation,
  clause = 'RATE-HEADERS',
  presence = 'RATE-HEADERS',
  label?: string,
): boolean {
  const there = assumed(presence, () =>
    expect(hasRateHeaders(res), `${label ?? 'X-RateLimit headers'}: ${shownHeaders(res)}`).toBe(true),
  );
  if (!there) return false;
  return assumed(clause, () => {
    if (typeof expected === 'function') expected(rateOf(res));
    else expect(rateOf(res), label).toMatchObject(expected);
  });
}

/**
 * The X-RateLimit headers of every answer of `list`, softly, as expectRate does for one (one warning per list): `check`
 * gets the headers of all of them, in the list's order.
 */
export function expectRates(
  list: readonly RawResponse[],
  check: (rates: { limit: number; remaining: number; reset: number }[]) => void,
  clause = 'RATE-HEADERS',
  presence = 'RATE-HEADERS',
): boolean {
  const missing = list.filter((r) => !hasRateHeaders(r));
  const there = assumed(presence, () =>
    expect(
      missing.length,
      `answers without X-RateLimit headers, e.g. ${missing[0] ? shownHeaders(missing[0]) : ''}`,
    ).toBe(0),
  );
  if (!there) return false;
  return assumed(clause, () => check(list.map(rateOf)));
}

/**
 * Retry-After of a 429, softly: that it is there as whole seconds (`presence`), then, if it is, that it is `expected`
 * (a number of seconds, or bounds) under `clause`. Returns the value, or undefined when it is not there.
 */
export function expectRetryAfter(
  res: RawResponse,
  expected: number | { min: number; max: number },
  clause = 'RATE-HEADERS',
  presence = 'RATE-HEADERS',
): number | undefined {
  let value: number | undefined;
  assumed(presence, () => {
    value = retryAfterOf(res);
  });
  if (value === undefined) return undefined;
  const seconds = value;
  assumed(clause, () => {
    if (typeof expected === 'number') expect(seconds, 'retry-after').toBe(expected);
    else {
      expect(seconds, 'retry-after').toBeGreaterThanOrEqual(expected.min);
      expect(seconds, 'retry-after').toBeLessThanOrEqual(expected.max);
    }
  });
  return value;
}

/** Retry-After of every 429 of `list`, softly, as expectRetryAfter does for one (one warning per list). */
export function expectRetryAfters(
  list: readonly RawResponse[],
  seconds: number,
  clause = 'RATE-HEADERS',
  presence = 'RATE-HEADERS',
): void {
  const there = assumed(presence, () => {
    for (const r of list) retryAfterOf(r);
  });
  if (there)
    assumed(clause, () =>
      expect(
        list.map((r) => Number(r.headers['retry-after'])),
        'retry-after',
      ).toEqual(list.map(() => seconds)),
    );
}
