/**
 * Writing a body as request text: UTF-8 percent-encoding and JSON or form serialisation.
 */
import type { Body } from './probe.js';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Percent-encode a string as UTF-8 (lone surrogates become U+FFFD instead of a thrown URIError). */
export const percentEncode = (s: string): string => encodeURIComponent(s.replace(LONE_SURROGATE, '\uFFFD'));

/** A valid body written as form text, or JSON text, for the encoding the operation does NOT take. */
export const textOf = (body: Body, as: 'json' | 'form') =>
  as === 'json'
    ? JSON.stringify(body)
    : Object.entries(body)
        .map(
          ([k, v]) => `${percentEncode(k)}=${percentEncode(typeof v === 'string' ? v : JSON.stringify(v))}`,
        )
        .join('&');
