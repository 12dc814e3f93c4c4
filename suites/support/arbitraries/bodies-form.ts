/**
 * Raw form bodies for form-encoded operations.
 */
import fc from 'fast-check';
import type { Operation } from '../../../contract/index.js';
import { percentEncode, textOf } from './body-text.js';
import { type Body, FORM_TYPE, type Probe, requestFields } from './probe.js';
import { hugeStringArb, nastyStringArb, numericStringArb } from './values-adversarial.js';

/** Raw form bodies: repeated keys, bracket and dot keys, prototype keys, bad percent-escapes, huge values. */
export const rawFormArb = (op: Operation, valid: fc.Arbitrary<Body>): fc.Arbitrary<Probe> => {
  const fields = requestFields(op);
  const keyArb = fc.oneof(
    { arbitrary: fc.constantFrom(...(fields.length > 0 ? fields : ['project_uid'])), weight: 4 },
    {
      arbitrary: fc.constantFrom(
        'project_uid[]',
        'limit[0]',
        'a[b][c][d][e][f][g][h]',
        'a.b.c',
        '__proto__[polluted]',
        'constructor[prototype][polluted]',
        'hasOwnProperty',
        'toString',
        '',
        '[]',
        '%',
      ),
      weight: 2,
    },
    { arbitrary: nastyStringArb.map(percentEncode), weight: 1 },
  );
  const valueArb = fc.oneof(
    { arbitrary: fc.string({ maxLength: 12 }).map(percentEncode), weight: 3 },
    { arbitrary: numericStringArb.map(percentEncode), weight: 2 },
    { arbitrary: fc.constantFrom('', '%', '%zz', '%E0%A4%A', '+', '%00', '-1', '1.5', '1e3'), weight: 2 },
    { arbitrary: nastyStringArb.map(percentEncode), weight: 1 },
    { arbitrary: hugeStringArb.map(percentEncode), weight: 1 },
  );
  return fc
    .tuple(
      valid,
      fc.array(fc.tuple(keyArb, valueArb), { maxLength: 8 }),
      fc.constantFrom('&', '&', ';', '&&'),
    )
    .map(([body, pairs, sep]) => {
      const base = textOf(body, 'form');
      const extra = pairs.map(([k, v]) => `${k}=${v}`).join(sep);
      const text = [base, extra].filter((s) => s !== '').join('&');
      return { kind: 'raw', label: 'raw form', body: text, contentType: FORM_TYPE };
    });
};
