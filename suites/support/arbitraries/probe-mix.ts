/**
 * The weighted mix of every body kind for one operation.
 */
import fc from 'fast-check';
import type { Operation } from '../../../contract/index.js';
import { rawFormArb } from './bodies-form.js';
import { extraFieldsBodyArb, mutatedBodyArb } from './bodies-mutated.js';
import { deepRawArb, notAnObjectArb, notJsonArb, prototypePollutionArb } from './bodies-raw-json.js';
import { type BodyContext, validBodyArb } from './bodies-valid.js';
import { contentEncodingArb, contentTypeSpellingArb, wrongContentTypeArb } from './content-types.js';
import type { Probe } from './probe.js';

/**
 * The whole mix for one operation: valid bodies, mutated ones, extra and prototype keys, deep nesting, non-objects,
 * non-JSON bytes, wrong and oddly spelled content types and, for form operations, raw form text.
 */
export function probeArb(op: Operation, ctx: BodyContext): fc.Arbitrary<Probe> {
  const valid = validBodyArb(op.id, ctx);
  const validProbe = valid.map((body): Probe => ({ kind: 'object', label: 'valid', body }));
  const common = [
    { arbitrary: validProbe, weight: 30 },
    { arbitrary: mutatedBodyArb(op, valid), weight: 30 },
    { arbitrary: extraFieldsBodyArb(valid), weight: 8 },
    { arbitrary: contentTypeSpellingArb(op, valid), weight: 3 },
    { arbitrary: wrongContentTypeArb(op, valid), weight: 6 },
    { arbitrary: contentEncodingArb(op, valid), weight: 3 },
  ];
  if (op.encoding === 'form') return fc.oneof(...common, { arbitrary: rawFormArb(op, valid), weight: 20 });
  return fc.oneof(
    ...common,
    { arbitrary: prototypePollutionArb(valid), weight: 5 },
    { arbitrary: deepRawArb(op, valid), weight: 4 },
    { arbitrary: notAnObjectArb(valid), weight: 5 },
    { arbitrary: notJsonArb(valid), weight: 6 },
  );
}
