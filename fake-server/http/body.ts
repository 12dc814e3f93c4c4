/**
 * Body reading for one operation: an empty body is `{}`; otherwise content type first (415), then size (413),
 * content encoding (415 unknown, 400 undecodable) and syntax (400). Whatever the parser throws becomes a 4xx.
 */

import type { Context, Next } from 'koa';
import bodyParser from 'koa-bodyparser';
import { type BodyEncoding, httpInput } from '../../contract/index.js';
import { DomainError, errors, invalidParams } from '../domain/errors.js';

const mediaTypes: Record<BodyEncoding, string> = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
};

/** co-body option (not in the koa-bodyparser typings): drop `__proto__` and `constructor.prototype` keys. */
const dropPrototypeKeys = { onProtoPoisoning: 'remove' } as Record<string, unknown>;

type Parsers = Record<BodyEncoding, ReturnType<typeof bodyParser>>;

/** The parsers for a size limit (the parsers count the decoded bytes against it themselves). */
const parsersFor = (maxBytes: number): Parsers => ({
  json: bodyParser({ enableTypes: ['json'], jsonLimit: `${maxBytes}b`, strict: true, ...dropPrototypeKeys }),
  form: bodyParser({ enableTypes: ['form'], formLimit: `${maxBytes}b` }),
});

/** Parsers by limit, built once each: the default limit, and the variant's ceiling (variant-body-limit.ts). */
const parsersByLimit = new Map<number, Parsers>([
  [httpInput.maxBodyBytes, parsersFor(httpInput.maxBodyBytes)],
]);

function parsers(maxBytes: number): Parsers {
  const known = parsersByLimit.get(maxBytes);
  if (known) return known;
  const made = parsersFor(maxBytes);
  parsersByLimit.set(maxBytes, made);
  return made;
}

/** Whether the request carries body bytes (a chunked body is assumed to). */
function hasBody(ctx: Context): boolean {
  if (ctx.get('transfer-encoding')) return true;
  const length = ctx.get('content-length');
  return length !== '' && length !== '0';
}

interface ParserError {
  status?: unknown;
  statusCode?: unknown;
  type?: unknown;
  message?: unknown;
}

/** The client's error for whatever body parsing threw (never a 5xx: only the request's bytes are at fault). */
function parseFailure(err: unknown, encoding: BodyEncoding): DomainError {
  if (err instanceof DomainError) return err;
  const e = (typeof err === 'object' && err !== null ? err : {}) as ParserError;
  const status =
    typeof e.status === 'number' ? e.status : typeof e.statusCode === 'number' ? e.statusCode : 0;
  if (status === 413 || e.type === 'entity.too.large') return errors.bodyTooLarge();
  if (status === 415) {
    const detail = typeof e.message === 'string' && e.message.length <= 200 ? `: ${e.message}` : '';
    return errors.unsupportedBody(detail);
  }
  if (status === 400 || e.type === 'entity.parse.failed' || err instanceof SyntaxError) {
    return invalidParams(
      [],
      encoding === 'json'
        ? 'Invalid params: the body is not valid JSON'
        : 'Invalid params: the body is not valid form data',
    );
  }
  // zlib and brotli errors: the bytes do not decode under the declared Content-Encoding.
  return invalidParams([], 'Invalid params: the body does not decode under its Content-Encoding');
}

/**
 * Parse the body as the operation's encoding; an empty body counts as `{}`, whatever its content type. A body over
 * `maxBytes` (the contract's limit unless the caller gives another) is refused with 413.
 */
export async function readBody(
  ctx: Context,
  encoding: BodyEncoding,
  maxBytes: number = httpInput.maxBodyBytes,
): Promise<unknown> {
  if (!hasBody(ctx)) return {};
  if (!ctx.is(mediaTypes[encoding])) {
    throw errors.unsupportedContentType(mediaTypes[encoding]);
  }
  const length = Number(ctx.get('content-length'));
  if (Number.isFinite(length) && length > maxBytes) throw errors.bodyTooLarge();
  try {
    await parsers(maxBytes)[encoding](ctx, (async () => {}) as Next);
  } catch (err) {
    throw parseFailure(err, encoding);
  }
  const body = (ctx.request as { body?: unknown }).body;
  return body === undefined ? {} : body;
}
