/**
 * A cap run split over N k6 instances (k6-operator, LOAD-DISTRIBUTED). Each instance sends its share of cap + extra,
 * but sees only its own answers: how many of its requests the target admits depends on how the instances'
 * requests interleave, so no instance can check "exactly cap". What each can check are bounds that hold on a correct
 * target whatever the interleaving (k6-metrics.ts makes them thresholds); the exact count is judged over the sum of
 * the instances' reports (merge.ts).
 */
import type { CapPlan } from './caps.ts';
import { type InstanceShare, sharedIterationShares } from './segments.ts';
import type { CapTally, Verdict } from './verdict.ts';

export interface Distribution {
  instances: number;
  /** Per instance, what k6 runs of the cap scenario (shared-iterations, `plan.concurrency` VUs). */
  shares: InstanceShare[];
}

export function distributionOf(plan: CapPlan, instances: number): Distribution {
  return { instances, shares: sharedIterationShares(plan.sent, plan.concurrency, instances) };
}

/** Inclusive [min, max]. */
export type Range = readonly [number, number];

export interface InstanceBounds {
  sent: Range;
  successes: Range;
  rateLimited: Range;
}

/**
 * What any one instance may observe on a correct target: it sends its share s (between the smallest and the largest
 * share, as it does not know which it is); of those, at most min(s, cap) can succeed and at most min(s, extra) can be
 * 429s, since the whole run has only cap and extra of them; so at least s - extra succeed and s - cap are 429s.
 */
export function instanceBounds(plan: CapPlan, d: Distribution): InstanceBounds {
  const sending = d.shares.map((s) => s.iterations).filter((n) => n > 0);
  const lo = Math.min(...sending);
  const hi = Math.max(...sending);
  return {
    sent: [lo, hi],
    successes: [Math.max(0, lo - plan.extra), Math.min(hi, plan.cap)],
    rateLimited: [Math.max(0, lo - plan.cap), Math.min(hi, plan.extra)],
  };
}

const within = (n: number, [lo, hi]: Range): boolean => n >= lo && n <= hi;

/** The instance's own verdict: the same rules as its thresholds, with reasons. */
export function judgeInstance(plan: CapPlan, d: Distribution, t: CapTally): Verdict {
  const b = instanceBounds(plan, d);
  const f: string[] = [];
  const check = (what: string, n: number, r: Range) => {
    if (!within(n, r))
      f.push(`${what}: ${n}, outside what one instance of ${d.instances} can see (${r[0]}–${r[1]})`);
  };
  check('sent', t.sent, b.sent);
  check('successes', t.successes, b.successes);
  check('429s', t.rateLimited, b.rateLimited);
  if (t.other > 0) f.push(`${t.other} answers were neither 2xx nor 429`);
  if (t.wrongMessage > 0) {
    f.push(`${t.wrongMessage} of the 429s did not carry the message "${plan.expectedMessage}"`);
  }
  return { ok: f.length === 0, failures: f };
}
