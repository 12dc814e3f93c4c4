/**
 * Bad bodies that are still objects: a valid body with one field replaced or removed, or with extra fields added.
 */
import fc from 'fast-check';
import type { Operation } from '../../../contract/index.js';
import { type Body, type Probe, requestFields, withKey, withoutKey } from './probe.js';
import { badValueArb, deepValueArb, extraKeyArb, jsonValueArb } from './values-adversarial.js';

/** A valid body with one field (of the schema or of the body) replaced by a bad value, or removed. */
export const mutatedBodyArb = (op: Operation, valid: fc.Arbitrary<Body>): fc.Arbitrary<Probe> =>
  fc.tuple(valid, fc.nat(), badValueArb, fc.nat({ max: 9 })).map(([body, pick, bad, how]) => {
    const keys = [...new Set([...requestFields(op), ...Object.keys(body)])];
    const key = keys.length > 0 ? keys[pick % keys.length]! : 'field';
    if (how === 0) return { kind: 'object', label: `missing ${key}`, body: withoutKey(body, key) };
    return { kind: 'object', label: `${bad.label} in ${key}`, body: withKey(body, key, bad.value) };
  });

/** A valid body plus extra fields, prototype keys among them. */
export const extraFieldsBodyArb = (valid: fc.Arbitrary<Body>): fc.Arbitrary<Probe> =>
  fc
    .tuple(
      valid,
      fc.array(fc.tuple(extraKeyArb, fc.oneof(jsonValueArb, deepValueArb)), { minLength: 1, maxLength: 5 }),
    )
    .map(([body, extras]) => ({
      kind: 'object',
      label: `extra fields ${extras.map(([k]) => JSON.stringify(k)).join(',')}`,
      body: extras.reduce<Body>((b, [k, v]) => withKey(b, k, v), body),
      extraKeys: extras.map(([k]) => k),
      withoutExtras: body,
    }));
