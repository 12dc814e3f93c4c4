/**
 * Test support (imported by the range property tests only): range boundaries as properties, for every range of
 * contract/limits.ts (the one source): generated values inside are accepted and generated values outside, or of the
 * wrong kind, get 400 `Invalid params`.
 * Two strengths: a refusal the spec documents (an integer outside a documented bound) is checked hard; one only the
 * fake's reading gives (a bound the spec does not give, a numeric string, a fraction, `null`, a boolean, an array, an
 * object, text, form text that is not decimal digits) under the assumed clause that states it (see `RefusalRule`):
 * how a server reads a representation other than the documented type is not shown.
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
 * value of the documented type outside a documented bound).
 */
export type RefusalRule = (value: unknown) => string | undefined;

const isNumericString = (v: unknown): boolean =>
  typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v));

/**
 * A JSON number or integer field: which of its refusals are the fake's reading. `null` is ERR-NULL-NOT-ABSENT, a
 * numeric string ERR-JSON-NO-COERCION, any other value that is no number `wrongType` (ERR-JSON-NO-COERCION unless
 * the field's own clause is given), a fraction for an integer `fraction` (hard only where no clause is given: give one
 * for an integer field).
 */
export function jsonRule(
  r: Bounds,
  assumedBy: { belowMin?: string; aboveMax?: string; fraction?: string; wrongType?: string } = {},
): RefusalRule {
  return (v) => {
    if (v === null) return 'ERR-NULL-NOT-ABSENT';
    if (isNumericString(v)) return 'ERR-JSON-NO-COERCION';
    if (typeof v !== 'number') return assumedBy.wrongType ?? 'ERR-JSON-NO-COERCION';
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
