/**
 * Test support (imported by the range property tests only): range boundaries as properties, for every range of
 * contract/limits.ts (the one source): generated values inside are accepted and generated values outside, or of the
 * wrong kind, get 400 `Invalid params`.
 * Two strengths: a refusal the spec documents (a documented bound, a value of no numeric kind) is checked hard; one
 * only the fake's reading gives (a bound the spec does not give, a numeric string, a fraction, `null`, form text
 * that is not decimal digits) under the assumed clause that states it (see `RefusalRule`).
 */
import fc from 'fast-check';
import {
  type Bounds,
  formIntOutsideArb,
  fractionInsideArb,
  intOutsideArb,
  numericStringArb,
  wrongTypeArb,
} from '../support/arbitraries/ranges.js';
import { expectError, expectSuccess } from '../support/envelope.js';
import { INVALID_PARAMS } from '../support/messages.js';
import { assumed } from '../support/strength.js';
import type { Target } from '../target/target.js';
import type { RawResponse } from '../target/transport.js';

/** The run count and the two verdicts of a range property against the file's target. */
export function rangeChecks(target: () => Target) {
  /** Fewer runs against a deployment without control: its hourly cap cannot be reset between tests. */
  const runs = () => ({ numRuns: target().control ? 40 : 5 });

  async function accepted(res: RawResponse, op: string): Promise<void> {
    expectSuccess(res, op);
  }
  /** `Invalid params`: hard where the spec documents the refusal, else under the assumed clause `clause` that states it. */
  async function rejected(res: RawResponse, clause?: string): Promise<void> {
    if (clause) assumed(clause, () => expectError(res, 400, INVALID_PARAMS));
    else expectError(res, 400, INVALID_PARAMS);
  }

  return { runs, accepted, rejected };
}

/**
 * Which assumed clause states that a value is refused, or `undefined` when the spec documents the refusal itself (a
 * value outside a documented bound, or of no numeric kind at all).
 */
export type RefusalRule = (value: unknown) => string | undefined;

const isNumericString = (v: unknown): boolean =>
  typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v));

/** A JSON number or integer field: which of its refusals are the fake's reading. */
export function jsonRule(
  r: Bounds,
  assumedBy: { belowMin?: string; aboveMax?: string; fraction?: string } = {},
): RefusalRule {
  return (v) => {
    if (v === null) return 'ERR-NULL-NOT-ABSENT';
    if (isNumericString(v)) return 'ERR-JSON-NO-COERCION';
    if (typeof v !== 'number') return undefined;
    if (!Number.isInteger(v)) return assumedBy.fraction;
    if (v < r.min) return assumedBy.belowMin;
    if (r.max !== undefined && v > r.max) return assumedBy.aboveMax;
    return undefined;
  };
}

/** A form-encoded integer: decimal digits outside a documented bound are documented; any other text is not. */
export const formRule: RefusalRule = (v) => (/^-?\d+$/.test(String(v)) ? undefined : 'FORM-INTEGER-TEXT');

/** Values a field must refuse: outsiders, and for JSON also fractions, numeric strings and other types. */
export const refusedArb = (r: Bounds, form: boolean): fc.Arbitrary<unknown> =>
  form
    ? formIntOutsideArb(r)
    : fc.oneof(intOutsideArb(r), fractionInsideArb(r), numericStringArb(r), wrongTypeArb);
