/**
 * The body of a request to one operation, with its content type and any header the body brings: valid bodies,
 * nearly valid ones (one field mutated, extra and prototype keys, huge arrays and strings, deep nesting), JSON
 * that is not an object, bytes that are not JSON or not UTF-8, wrong and oddly spelled content types, raw form
 * text and content encodings. The suites' body arbitraries do most of it (one source for the Platform mix);
 * this adds what a whole-API fuzzer needs on top, for every family.
 */
import fc from 'fast-check';
import type { Operation } from '../../contract/index.js';
import {
  contentTypeSpellingArb,
  deepRawArb,
  extraFieldsBodyArb,
  mutatedBodyArb,
  notAnObjectArb,
  notJsonArb,
  prototypePollutionArb,
  rawFormArb,
  validBodyArb,
  wrongContentTypeArb,
} from '../../suites/support/arbitraries/bodies.js';
import { textOf } from '../../suites/support/arbitraries/body-text.js';
import { type Body, FORM_TYPE, JSON_TYPE, type Probe } from '../../suites/support/arbitraries/probe.js';
import type { BodyPart, HeaderList } from '../case.js';
import type { FuzzContext } from '../context.js';
import { validIntegrationBodyArb } from './bodies-integration.js';
import { validRagBodyArb } from './bodies-rag.js';
import { encoderArb } from './encodings.js';
import { hugeArrayBodyArb, hugeStringBodyArb, invalidUtf8BodyArb } from './huge-and-bytes.js';

export type { BodyPart } from '../case.js';

/** A valid body for any operation of the table. */
export function validArbFor(op: Operation, ctx: FuzzContext): fc.Arbitrary<Body> {
  if (op.family === 'integration') return validIntegrationBodyArb(op.id, ctx);
  if (op.family === 'rag') return validRagBodyArb(op.id, ctx);
  return validBodyArb(op.id, {
    projectUid: ctx.projectUid,
    otherProjectUid: ctx.otherProjectUid,
    ...(ctx.sessionUid !== undefined ? { sessionUid: ctx.sessionUid } : {}),
    ...(ctx.playgroundSessionUid !== undefined ? { playgroundSessionUid: ctx.playgroundSessionUid } : {}),
    models: ctx.models,
  });
}

const isPlainObject = (v: unknown): v is Body => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A probe of the suites' arbitraries as bytes and headers. */
export function fromProbe(op: Operation, kind: string, probe: Probe): BodyPart {
  if (probe.kind === 'object') {
    const form = op.encoding === 'form' && isPlainObject(probe.body);
    return {
      kind,
      label: probe.label,
      bytes: Buffer.from(form ? textOf(probe.body as Body, 'form') : JSON.stringify(probe.body)),
      contentType: form ? FORM_TYPE : JSON_TYPE,
      headers: [],
    };
  }
  return {
    kind,
    label: probe.label,
    bytes: Buffer.isBuffer(probe.body) ? probe.body : Buffer.from(probe.body),
    ...(probe.contentType !== undefined ? { contentType: probe.contentType } : {}),
    headers: Object.entries(probe.headers ?? {}),
  };
}

const mediaType = (op: Operation) => (op.encoding === 'form' ? FORM_TYPE : JSON_TYPE);

/** A valid body under each kind of Content-Encoding. */
const encodedBodyArb = (op: Operation, valid: fc.Arbitrary<Body>): fc.Arbitrary<BodyPart> =>
  fc
    .tuple(valid, encoderArb)
    .map(([body, encode]) => encode(Buffer.from(textOf(body, op.encoding))))
    .map((e) => ({
      kind: 'content encoding',
      label: e.label,
      bytes: e.bytes,
      contentType: mediaType(op),
      headers: [['content-encoding', e.encoding]] as HeaderList,
    }));

/** No body bytes at all (counts as `{}`), under the right content type, another one or none. */
const emptyBodyArb = (op: Operation): fc.Arbitrary<BodyPart> =>
  fc.constantFrom<string | undefined>(mediaType(op), 'text/plain', undefined).map((contentType) => ({
    kind: 'empty body',
    label: `empty body, content type ${contentType ?? '(none)'}`,
    bytes: Buffer.alloc(0),
    ...(contentType !== undefined ? { contentType } : {}),
    headers: [],
  }));

/** The whole mix for one operation. Huge arrays and strings are about 2% of it (plus decompression bombs, rarer). */
export function bodyArb(op: Operation, ctx: FuzzContext): fc.Arbitrary<BodyPart> {
  const valid = validArbFor(op, ctx);
  const probe = (kind: string, arb: fc.Arbitrary<Probe>) => arb.map((p) => fromProbe(op, kind, p));
  const common: fc.WeightedArbitrary<BodyPart>[] = [
    {
      arbitrary: probe(
        'valid',
        valid.map((body): Probe => ({ kind: 'object', label: 'valid', body })),
      ),
      weight: 32,
    },
    { arbitrary: probe('mutated field', mutatedBodyArb(op, valid)), weight: 26 },
    { arbitrary: probe('extra or prototype keys', extraFieldsBodyArb(valid)), weight: 7 },
    { arbitrary: probe('not an object', notAnObjectArb(valid)), weight: 4 },
    { arbitrary: probe('content type spelling', contentTypeSpellingArb(op, valid)), weight: 3 },
    { arbitrary: probe('wrong content type', wrongContentTypeArb(op, valid)), weight: 5 },
    { arbitrary: encodedBodyArb(op, valid), weight: 4 },
    { arbitrary: emptyBodyArb(op), weight: 2 },
    { arbitrary: invalidUtf8BodyArb(op, valid), weight: 3 },
    { arbitrary: hugeArrayBodyArb(op, valid), weight: 1 },
    { arbitrary: hugeStringBodyArb(op, valid), weight: 1 },
  ];
  if (op.encoding === 'form')
    return fc.oneof(...common, { arbitrary: probe('raw form', rawFormArb(op, valid)), weight: 14 });
  return fc.oneof(
    ...common,
    { arbitrary: probe('prototype keys (raw JSON)', prototypePollutionArb(valid)), weight: 5 },
    { arbitrary: probe('deep nesting (raw JSON)', deepRawArb(op, valid)), weight: 3 },
    { arbitrary: probe('not JSON', notJsonArb(valid)), weight: 6 },
  );
}
