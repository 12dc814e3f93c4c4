/**
 * Valid bodies under the wrong content type, oddly spelled right content types, and Content-Encoding variants.
 */
import { deflateSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import type { Operation } from '../../../contract/index.js';
import { textOf } from './body-text.js';
import { type Body, FORM_TYPE, JSON_TYPE, type Probe } from './probe.js';

/** The right bytes under a content type the operation does not take (or none), and odd spellings of the right one. */
export const wrongContentTypeArb = (op: Operation, valid: fc.Arbitrary<Body>): fc.Arbitrary<Probe> => {
  const other = op.encoding === 'json' ? FORM_TYPE : JSON_TYPE;
  return fc
    .tuple(
      valid,
      fc.constantFrom<string | undefined>(
        other,
        undefined,
        'text/plain',
        'text/json',
        'application/xml',
        'application/octet-stream',
        'multipart/form-data; boundary=x',
        'application/vnd.api+json',
        'application/json-patch+json',
        'application/javascript',
        '*/*',
        'application/',
        'json',
        'garbage; ;;',
      ),
      fc.boolean(),
    )
    .map(([body, contentType, asOther]) => {
      const text = textOf(body, asOther ? (op.encoding === 'json' ? 'form' : 'json') : op.encoding);
      const payload = text === '' ? ' ' : text;
      return {
        kind: 'raw',
        label: `content type ${contentType ?? '(none)'}`,
        body: payload,
        ...(contentType !== undefined ? { contentType } : {}),
      };
    });
};

/** The right media type spelled with parameters or in another case (CONV-CONTENT-TYPE-PARAMS). */
export const contentTypeSpellingArb = (op: Operation, valid: fc.Arbitrary<Body>): fc.Arbitrary<Probe> => {
  const base = op.encoding === 'json' ? JSON_TYPE : FORM_TYPE;
  return fc
    .tuple(
      valid,
      fc.constantFrom(
        `${base}; charset=utf-8`,
        base.toUpperCase(),
        `${base};charset=UTF-8`,
        `${base}; charset=latin1`,
        `${base}; charset=nope`,
      ),
    )
    .map(([body, contentType]) => ({
      kind: 'raw',
      label: `content type ${contentType}`,
      body: textOf(body, op.encoding),
      contentType,
    }));
};

/** Bodies under a Content-Encoding: well compressed, not compressed at all, or an encoding nobody knows. */
export const contentEncodingArb = (op: Operation, valid: fc.Arbitrary<Body>): fc.Arbitrary<Probe> =>
  fc
    .tuple(
      valid,
      fc.constantFrom('gzip', 'deflate', 'br', 'compress', 'x-unknown', 'gzip, gzip', 'identity'),
      fc.constantFrom('compressed', 'plain', 'random bytes'),
      fc.uint8Array({ minLength: 1, maxLength: 64 }),
    )
    .map(([body, encoding, form, bytes]): Probe => {
      const text = textOf(body, op.encoding);
      const payload =
        form === 'random bytes'
          ? Buffer.from(bytes)
          : form === 'plain' || encoding === 'identity'
            ? Buffer.from(text)
            : encoding === 'deflate'
              ? deflateSync(text)
              : gzipSync(text);
      return {
        kind: 'raw',
        label: `content encoding ${encoding} (${form})`,
        body: payload,
        contentType: op.encoding === 'json' ? JSON_TYPE : FORM_TYPE,
        headers: { 'content-encoding': encoding },
      };
    });
