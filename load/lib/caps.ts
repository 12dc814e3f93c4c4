/**
 * Cap arithmetic of the load scripts: which cap a run checks, how many requests it sends and what it must observe.
 * Pure (no k6, no Node): the k6 scripts and the Node-side check share it. The numbers come from contract/.
 */
import { hourlyCaps } from '../../contract/limits.ts';
import { rateLimitMessages } from '../../contract/rate-limit-messages.ts';

/** The three capped families: a Platform token, the RAG endpoints of a project, the project-key search. */
export const capFamilies = ['platform', 'rag', 'search'] as const;
export type CapFamily = (typeof capFamilies)[number];

/** Plans with a RAG cap: the spec gives Professional, Advanced and Agency; Enterprise is configurable. */
export const ragPlans = ['professional', 'advanced', 'agency', 'enterprise'] as const;
export type RagPlan = (typeof ragPlans)[number];

export function isRagPlan(value: string): value is RagPlan {
  return (ragPlans as readonly string[]).includes(value);
}

/**
 * The RAG cap of `plan` (RATE-RAG-PROFESSIONAL-200, RATE-RAG-ADVANCED-AGENCY-1000). Enterprise has no cap in the
 * spec (RATE-ENTERPRISE-CAP): `enterpriseCap` when given, else the fake's default.
 */
export function ragCapFor(plan: RagPlan, enterpriseCap?: number): number {
  if (plan === 'enterprise') return enterpriseCap ?? hourlyCaps.ragEnterpriseDefault;
  return hourlyCaps.ragPerHour[plan];
}

/** The documented cap of a family (the RAG cap needs the plan). */
export function capOf(family: CapFamily, rag: { plan: RagPlan; enterpriseCap?: number }): number {
  switch (family) {
    case 'platform':
      return hourlyCaps.platformTokenPerHour;
    case 'search':
      return hourlyCaps.projectKeySearchPerHour;
    case 'rag':
      return ragCapFor(rag.plan, rag.enterpriseCap);
  }
}

/** The message a 429 of the family carries (RATE-429-MESSAGE; the search has its own, RATE-SEARCH-KEY-100). */
export function rateLimitMessageOf(family: CapFamily): string {
  return family === 'search' ? rateLimitMessages.projectKeySearch : rateLimitMessages.default;
}

/** Requests over the cap a run sends when none is configured: a tenth of the cap, at least 5. */
export function defaultExtra(cap: number): number {
  return Math.max(5, Math.ceil(cap / 10));
}

/** What one cap run sends and must observe, on a counter that starts at zero. */
export interface CapPlan {
  readonly family: CapFamily;
  readonly cap: number;
  /** Requests over the cap. */
  readonly extra: number;
  /** cap + extra. */
  readonly sent: number;
  readonly expectedSuccesses: number;
  readonly expectedRateLimited: number;
  /** Requests in flight at once (k6 VUs, Node workers). */
  readonly concurrency: number;
  /**
   * One request at a time: then the order is known too, and request `cap` (0-based) must be the first 429. Under
   * concurrency the server may admit a later-issued request first, so only the counts are checked.
   */
  readonly sequential: boolean;
  readonly expectedMessage: string;
}

export function capPlan(
  family: CapFamily,
  cap: number,
  options: { extra?: number; concurrency: number },
): CapPlan {
  if (!Number.isInteger(cap) || cap < 1) throw new RangeError(`cap must be a positive integer, got ${cap}`);
  const extra = options.extra ?? defaultExtra(cap);
  if (!Number.isInteger(extra) || extra < 1)
    throw new RangeError(`extra must be a positive integer, got ${extra}`);
  const concurrency = Math.min(options.concurrency, cap + extra);
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new RangeError(`concurrency must be a positive integer, got ${options.concurrency}`);
  }
  return {
    family,
    cap,
    extra,
    sent: cap + extra,
    expectedSuccesses: cap,
    expectedRateLimited: extra,
    concurrency,
    sequential: concurrency === 1,
    expectedMessage: rateLimitMessageOf(family),
  };
}

export type Outcome = 'success' | 'rate_limited' | 'other';

export function outcomeOf(status: number): Outcome {
  if (status >= 200 && status < 300) return 'success';
  return status === 429 ? 'rate_limited' : 'other';
}

/** How one response of a cap run is counted. */
export interface Observation {
  outcome: Outcome;
  /** A 429 without the family's message. */
  wrongMessage: boolean;
  /** Sequential runs only: a 429 before index `cap`, or a success at or after it. */
  outOfOrder: boolean;
}

/** Classify the response to request `index` (0-based, in issue order) with `status` and error `message`. */
export function observe(
  plan: CapPlan,
  index: number,
  status: number,
  message: string | undefined,
): Observation {
  const outcome = outcomeOf(status);
  const early = outcome === 'rate_limited' && index < plan.cap;
  const late = outcome === 'success' && index >= plan.cap;
  return {
    outcome,
    wrongMessage: outcome === 'rate_limited' && message !== plan.expectedMessage,
    outOfOrder: plan.sequential && (early || late),
  };
}
