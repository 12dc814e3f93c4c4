/**
 * The k6 side of the checks, as plain data: the custom metric names the scripts record, the thresholds that fail a
 * run (k6 exits non-zero when one fails), and reading k6's end-of-test summary data back into a CapTally. No k6
 * import: k6 takes the thresholds as an options object and hands handleSummary a plain object.
 */
import type { CapFamily, CapPlan } from './caps.ts';
import { type Distribution, instanceBounds, type Range } from './distributed.ts';
import type { FamilyLoad } from './summary.ts';
import type { CapTally } from './verdict.ts';

export const capMetric = {
  /** Every request of the cap phase (a distributed run's instances check their share of them). */
  sent: 'cap_sent',
  success: 'cap_success',
  rateLimited: 'cap_rate_limited',
  other: 'cap_other',
  wrongMessage: 'cap_wrong_message',
  outOfOrder: 'cap_out_of_order',
  /** Trend of every request index: its min tells a distributed run's instances apart (their indices are disjoint). */
  index: 'cap_index',
  /** Trend of the request indices answered 429: its min is the first 429's index. */
  rateLimitedIndex: 'cap_429_index',
  /** 1 when the first request after the window succeeded (control mode only). */
  recovered: 'cap_recovered',
  recoveryFailed: 'cap_recovery_failed',
} as const;

/** Requests of the cap phase carry the tag phase:cap; control and recovery requests other phases. */
export const capLatencyMetric = 'http_req_duration{phase:cap}';

/** Thresholds of a cap run: exact counts (a counter that started at zero), nothing else, and the p95 bound. */
export function capThresholds(
  plan: CapPlan,
  p95BoundMs: number,
  recoveryChecked: boolean,
): Record<string, string[]> {
  const t: Record<string, string[]> = {
    [capMetric.success]: [`count==${plan.expectedSuccesses}`],
    [capMetric.rateLimited]: [`count==${plan.expectedRateLimited}`],
    [capMetric.other]: ['count==0'],
    [capMetric.wrongMessage]: ['count==0'],
    [capMetric.outOfOrder]: ['count==0'],
    [capLatencyMetric]: [`p(95)<${p95BoundMs}`],
  };
  if (recoveryChecked) {
    t[capMetric.recovered] = ['count==1'];
    t[capMetric.recoveryFailed] = ['count==0'];
  }
  return t;
}

const rangeThreshold = ([lo, hi]: Range): string[] =>
  lo === hi ? [`count==${lo}`] : [...(lo > 0 ? [`count>=${lo}`] : []), `count<=${hi}`];

/**
 * Thresholds of one instance of a distributed cap run (LOAD-DISTRIBUTED): the bounds of instanceBounds, nothing but
 * 2xx and 429s, the family's message, the p95. Not the exact counts: those hold only over the sum of the instances.
 */
export function instanceThresholds(
  plan: CapPlan,
  d: Distribution,
  p95BoundMs: number,
): Record<string, string[]> {
  const b = instanceBounds(plan, d);
  return {
    [capMetric.sent]: rangeThreshold(b.sent),
    [capMetric.success]: rangeThreshold(b.successes),
    [capMetric.rateLimited]: rangeThreshold(b.rateLimited),
    [capMetric.other]: ['count==0'],
    [capMetric.wrongMessage]: ['count==0'],
    [capLatencyMetric]: [`p(95)<${p95BoundMs}`],
  };
}

/** Soak and smoke count per family: `<kind>_success{family:…}` and `<kind>_failed{family:…}` (a non-2xx answer). */
export type MixedKind = 'soak' | 'smoke';
export const mixedMetric = (kind: MixedKind) =>
  ({ success: `${kind}_success`, failed: `${kind}_failed` }) as const;
export const familyLatencyMetric = (family: CapFamily): string => `http_req_duration{family:${family}}`;
const ofFamily = (metric: string, family: CapFamily): string => `${metric}{family:${family}}`;

/** What a soak or smoke sends per family. */
export interface FamilyTotal {
  family: CapFamily;
  total: number;
}

/** Thresholds of a soak or smoke: every request of every family a 2xx, each family's p95 within its bound. */
export function mixedThresholds(
  kind: MixedKind,
  totals: readonly FamilyTotal[],
  p95Ms: Readonly<Record<CapFamily, number>>,
): Record<string, string[]> {
  const m = mixedMetric(kind);
  const t: Record<string, string[]> = {};
  for (const { family, total } of totals) {
    t[ofFamily(m.success, family)] = [`count==${total}`];
    t[ofFamily(m.failed, family)] = ['count==0'];
    t[familyLatencyMetric(family)] = [`p(95)<${p95Ms[family]}`];
  }
  return t;
}

/** The part of k6's summary data (handleSummary's argument) the scripts read. */
export interface K6SummaryData {
  metrics: Record<string, { values: Record<string, number>; thresholds?: Record<string, { ok: boolean }> }>;
  setup_data?: unknown;
  state?: { testRunDurationMs?: number };
}

/** A value of a summary metric, or null when k6 recorded no sample of it. */
export function metricValue(data: K6SummaryData, metric: string, stat: string): number | null {
  const v = data.metrics[metric]?.values[stat];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

const count = (data: K6SummaryData, metric: string): number => metricValue(data, metric, 'count') ?? 0;

/** The cap run's tally from k6's counters (k6 does not keep the statuses of `other` answers: logged instead). */
export function tallyFromK6(data: K6SummaryData): CapTally {
  const successes = count(data, capMetric.success);
  const rateLimited = count(data, capMetric.rateLimited);
  const other = count(data, capMetric.other);
  return {
    sent: successes + rateLimited + other,
    successes,
    rateLimited,
    other,
    wrongMessage: count(data, capMetric.wrongMessage),
    outOfOrder: count(data, capMetric.outOfOrder),
    firstRateLimitedIndex: rateLimited > 0 ? metricValue(data, capMetric.rateLimitedIndex, 'min') : null,
    otherStatuses: {},
  };
}

/** Thresholds k6 marked failed, as "metric: expression". */
export function failedThresholds(data: K6SummaryData): string[] {
  const failed: string[] = [];
  for (const [name, m] of Object.entries(data.metrics)) {
    for (const [expr, r] of Object.entries(m.thresholds ?? {})) if (!r.ok) failed.push(`${name}: ${expr}`);
  }
  return failed;
}

/** Per family: what a soak or smoke sent, how many were 2xx, and the p95. */
export function mixedFromK6(
  data: K6SummaryData,
  kind: MixedKind,
  totals: readonly FamilyTotal[],
  p95Ms: Readonly<Record<CapFamily, number>>,
): FamilyLoad[] {
  const m = mixedMetric(kind);
  return totals.map(({ family }) => {
    const successes = count(data, ofFamily(m.success, family));
    return {
      family,
      sent: successes + count(data, ofFamily(m.failed, family)),
      successes,
      p95Ms: metricValue(data, familyLatencyMetric(family), 'p(95)'),
      p95BoundMs: p95Ms[family],
    };
  });
}
