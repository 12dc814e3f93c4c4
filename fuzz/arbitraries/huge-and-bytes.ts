/**
 * Bodies that are nearly valid but big or badly encoded: a field holding a huge array or a huge string (under
 * and over the 1 MiB body limit), and a field whose string is bytes that are not UTF-8.
 */
import fc from 'fast-check';
import { httpInput, type Operation } from '../../contract/index.js';
import { percentEncode, textOf } from '../../suites/support/arbitraries/body-text.js';
import {
  type Body,
  FORM_TYPE,
  JSON_TYPE,
  requestFields,
  withoutKey,
} from '../../suites/support/arbitraries/probe.js';
import type { BodyPart } from '../case.js';

/** A field of the operation (or an extra one) to carry the payload. */
const fieldArb = (op: Operation): fc.Arbitrary<string> => {
  const fields = requestFields(op);
  return fc.oneof(
    { arbitrary: fields.length ? fc.constantFrom(...fields) : fc.constant('extra'), weight: 4 },
    fc.constant('extra'),
  );
};

/** JSON text of `body` with `key` set to the raw JSON (or bytes) `value`, spliced in as the first field. */
function spliceJson(body: Body, key: string, value: Buffer): Buffer {
  const rest = JSON.stringify(withoutKey(body, key)).slice(1, -1);
  return Buffer.concat([
    Buffer.from(`{${JSON.stringify(key)}:`),
    value,
    Buffer.from(rest === '' ? '}' : `,${rest}}`),
  ]);
}

/** Form text of `body` with `key` set to the already-encoded `value` bytes. */
function spliceForm(body: Body, key: string, value: Buffer): Buffer {
  const rest = textOf(withoutKey(body, key), 'form');
  return Buffer.concat([
    Buffer.from(`${percentEncode(key)}=`),
    value,
    Buffer.from(rest === '' ? '' : `&${rest}`),
  ]);
}

const part = (op: Operation, kind: string, label: string, bytes: Buffer): BodyPart => ({
  kind,
  label,
  bytes,
  contentType: op.encoding === 'form' ? FORM_TYPE : JSON_TYPE,
  headers: [],
});

/** One field holds an array of 1,000 to 60,000 items. */
export const hugeArrayBodyArb = (op: Operation, valid: fc.Arbitrary<Body>): fc.Arbitrary<BodyPart> =>
  fc
    .tuple(
      valid,
      fieldArb(op),
      fc.oneof(
        { arbitrary: fc.integer({ min: 1_000, max: 10_000 }), weight: 3 },
        fc.integer({ min: 10_000, max: 60_000 }),
      ),
      fc.constantFrom(
        '0',
        '{}',
        '"x"',
        '{"role":"user","content":"hi"}',
        '{"limit_type":"credits","limit":1}',
      ),
    )
    .map(([body, key, n, item]) => {
      const array = Buffer.from(`[${Array(n).fill(item).join(',')}]`);
      if (op.encoding === 'form') {
        const repeated = Buffer.from(
          Array(n)
            .fill(`${percentEncode(key)}[]=1`)
            .join('&'),
        );
        return part(
          op,
          'huge array',
          `${n} items in ${key}[]`,
          Buffer.concat([repeated, Buffer.from(`&${textOf(body, 'form')}`)]),
        );
      }
      return part(op, 'huge array', `${n} items of ${item} in ${key}`, spliceJson(body, key, array));
    });

/** One field holds a string from 100 KB to past the body limit. */
export const hugeStringBodyArb = (op: Operation, valid: fc.Arbitrary<Body>): fc.Arbitrary<BodyPart> =>
  fc
    .tuple(
      valid,
      fieldArb(op),
      fc.oneof(
        fc.integer({ min: 100_000, max: httpInput.maxBodyBytes - 1_000 }),
        fc.integer({ min: httpInput.maxBodyBytes + 1, max: httpInput.maxBodyBytes + 300_000 }),
      ),
      fc.constantFrom('a', 'é', '\\u0000', ' '),
    )
    .map(([body, key, n, unit]) => {
      const value = unit.repeat(Math.ceil(n / Buffer.byteLength(unit)));
      const side = n > httpInput.maxBodyBytes ? 'over' : 'under';
      const label = `${n} bytes of ${JSON.stringify(unit)} in ${key} (${side} the limit)`;
      if (op.encoding === 'form')
        return part(op, 'huge string', label, spliceForm(body, key, Buffer.from(percentEncode(value))));
      return part(op, 'huge string', label, spliceJson(body, key, Buffer.from(`"${value}"`)));
    });

/** Byte sequences that are not UTF-8: lone continuation bytes, overlong forms, surrogates, truncated sequences. */
const badBytesArb: fc.Arbitrary<number[]> = fc.oneof(
  fc.constantFrom<number[]>(
    [0xff],
    [0xfe, 0xff],
    [0xc0, 0x80],
    [0xed, 0xa0, 0x80],
    [0xf4, 0x90, 0x80, 0x80],
    [0xe2, 0x82],
    [0x80],
    [0xf0, 0x9f, 0x98],
  ),
  fc.array(fc.integer({ min: 0x80, max: 0xff }), { minLength: 1, maxLength: 24 }),
);

/** A field's string value is raw bytes that are not UTF-8 (in form text: raw, or percent-encoded). */
export const invalidUtf8BodyArb = (op: Operation, valid: fc.Arbitrary<Body>): fc.Arbitrary<BodyPart> =>
  fc.tuple(valid, fieldArb(op), badBytesArb, fc.boolean()).map(([body, key, bad, escaped]) => {
    const raw = Buffer.concat([Buffer.from('ok'), Buffer.from(bad)]);
    const hex = raw.toString('hex');
    if (op.encoding === 'form') {
      const value = escaped ? Buffer.from(hex.replace(/../g, '%$&')) : raw;
      return part(
        op,
        'invalid UTF-8',
        `${escaped ? 'percent-encoded' : 'raw'} bytes ${hex} in ${key}`,
        spliceForm(body, key, value),
      );
    }
    const value = Buffer.concat([Buffer.from('"'), raw, Buffer.from('"')]);
    return part(op, 'invalid UTF-8', `bytes ${hex} in ${key}`, spliceJson(body, key, value));
  });
