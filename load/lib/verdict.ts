/**
 * Expectation checks: given what a run observed, is the cap exact and the latency within its bound? The k6 scripts
 * turn the same rules into thresholds (thresholds.ts); these give the reasons a summary prints.
 */
import { type CapPlan, observe } from './caps.ts';

/** What a cap run observed, however it was collected (a list of responses, or k6's metrics). */
export interface CapTally {
  sent: number;
  successes: number;
  rateLimited: number;
  other: number;
  /** 429s without the family's message. */
  wrongMessage: number;
  /** Sequential runs: responses on the wrong side of index `cap`. */
  outOfOrder: number;
  /** Lowest request index (0-based, issue order) answered 429; null without any 429. */
  firstRateLimitedIndex: number | null;
  /** Count per status of the `other` responses, e.g. {"500": 2}; empty when unknown. */
  otherStatuses: Record<string, number>;
}

export interface Response {
  /** 0-based, in issue order. */
  index: number;
  status: number;
  /** The error message of the body, if any. */
  message?: string | undefined;
}

export function tallyCap(plan: CapPlan, responses: readonly Response[]): CapTally {
  const t: CapTally = {
    sent: responses.length,
    successes: 0,
    rateLimited: 0,
    other: 0,
    wrongMessage: 0,
    outOfOrder: 0,
    firstRateLimitedIndex: null,
    otherStatuses: {},
  };
  for (const r of responses) {
    const o = observe(plan, r.index, r.status, r.message);
    if (o.outcome === 'success') t.successes += 1;
    else if (o.outcome === 'rate_limited') {
      t.rateLimited += 1;
      if (t.firstRateLimitedIndex === null || r.index < t.firstRateLimitedIndex)
        t.firstRateLimitedIndex = r.index;
    } else {
      t.other += 1;
      t.otherStatuses[String(r.status)] = (t.otherStatuses[String(r.status)] ?? 0) + 1;
    }
    if (o.wrongMessage) t.wrongMessage += 1;
    if (o.outOfOrder) t.outOfOrder += 1;
  }
  return t;
}

export interface Verdict {
  ok: boolean;
  failures: string[];
}

const verdict = (failures: string[]): Verdict => ({ ok: failures.length === 0, failures });

/**
 * Exact enforcement on a counter that started at zero: `cap` successes, then only 429s with the family's message.
 * `freshHint` explains a shortfall when the run used given credentials (they may have been used within the hour).
 */
export function judgeCap(plan: CapPlan, t: CapTally, freshHint?: string): Verdict {
  const f: string[] = [];
  if (t.sent !== plan.sent) f.push(`sent ${t.sent} requests, planned ${plan.sent}`);
  if (t.successes > plan.cap) {
    f.push(
      `cap not enforced: ${t.successes} successes, ${t.successes - plan.cap} over the cap of ${plan.cap}`,
    );
  }
  if (t.successes < plan.cap && t.rateLimited > 0) {
    f.push(
      `429 before the cap: only ${t.successes} successes of ${plan.cap}${freshHint ? ` (${freshHint})` : ''}`,
    );
  }
  const expected429 = t.sent - Math.min(t.sent, plan.cap);
  if (t.successes === plan.cap && t.rateLimited !== expected429) {
    f.push(`${t.rateLimited} answers were 429, expected ${expected429}`);
  }
  if (t.other > 0) f.push(`${t.other} answers were neither 2xx nor 429 (${formatStatuses(t.otherStatuses)})`);
  if (t.wrongMessage > 0) {
    f.push(`${t.wrongMessage} of the 429s did not carry the message "${plan.expectedMessage}"`);
  }
  if (plan.sequential && t.outOfOrder > 0) {
    f.push(
      `sent one at a time, request ${plan.cap} (0-based) must be the first 429; ${t.outOfOrder} answers were on the wrong side of it`,
    );
  }
  return verdict(f);
}

/** Latency: the p95 of the run within its bound (a missing p95 means nothing was measured: a failure). */
export function judgeLatency(p95Ms: number | null, boundMs: number, what = 'p95'): Verdict {
  if (p95Ms === null) return verdict([`${what}: no request was timed`]);
  return verdict(
    p95Ms < boundMs ? [] : [`${what} ${round(p95Ms)} ms is not under the bound of ${boundMs} ms`],
  );
}

/** Every response of a run that stays within the caps is a 2xx. */
export function judgeAllSuccessful(label: string, counts: { sent: number; successes: number }): Verdict {
  if (counts.sent === 0) return verdict([`${label}: no request was sent`]);
  const bad = counts.sent - counts.successes;
  return verdict(bad === 0 ? [] : [`${label}: ${bad} of ${counts.sent} answers were not 2xx`]);
}

export function combine(...verdicts: Verdict[]): Verdict {
  return verdict(verdicts.flatMap((v) => v.failures));
}

function formatStatuses(statuses: Record<string, number>): string {
  const entries = Object.entries(statuses);
  return entries.length ? entries.map(([s, n]) => `${n}× ${s}`).join(', ') : 'statuses not recorded';
}

export const round = (ms: number): number => Math.round(ms * 10) / 10;
