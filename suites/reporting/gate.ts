/**
 * The release gate on top of the verdict: waivers (waivers.ts) and a baseline (baseline.ts). Waived failures and, in
 * baseline mode, failures the baseline already had leave the failing list; expired waivers join the report errors.
 * The verdict's status is then decided again from what is left.
 */

import { type Baseline, type BaselineOutcome, compareWithBaseline } from './baseline.js';
import type { ClauseMatrix, Verdict, VerdictItem } from './clause-matrix.js';
import { applyWaivers, type WaivedItem, type Waiver, waiverLabel } from './waivers.js';

export interface GateInput {
  readonly waivers?: readonly Waiver[];
  /** Today, YYYY-MM-DD (UTC): what waiver expiry dates are compared with. */
  readonly today: string;
  readonly baseline?: Baseline;
}

export interface GateOutcome {
  readonly verdict: Verdict;
  readonly waived: readonly WaivedItem[];
  readonly expiredWaivers: readonly Waiver[];
  readonly staleWaivers: readonly Waiver[];
  readonly baseline?: BaselineOutcome;
}

export function gate(v: Verdict, matrix: ClauseMatrix, input: GateInput): GateOutcome {
  const w = applyWaivers(v.failing, matrix, input.waivers ?? [], input.today);
  const expiredErrors: VerdictItem[] = w.expired.map((x) => ({
    type: 'run-error',
    message: `waiver expired: ${waiverLabel(x)}; renew it or remove it`,
  }));
  const baseline = input.baseline ? compareWithBaseline(w.failing, input.baseline) : undefined;
  const failing = baseline ? baseline.new : w.failing;
  const errors = [...v.errors, ...expiredErrors];
  const pass = failing.length === 0 && errors.length === 0;
  const status = !pass ? 'FAIL' : v.inconclusive > 0 ? 'INCOMPLETE' : 'PASS';
  return {
    verdict: { ...v, failing, errors, pass, status },
    waived: w.waived,
    expiredWaivers: w.expired,
    staleWaivers: w.stale,
    ...(baseline ? { baseline } : {}),
  };
}
