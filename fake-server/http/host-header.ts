/**
 * HTTP/1.1 requires a Host header (RFC 9112, 3.2). Node would answer a request without one itself, with a bare
 * 400 and no body; answerClientErrorsWithEnvelope turns that off, and the outermost middleware calls
 * `refuseMissingHost` instead, so the request gets 400 in the error envelope and its connection closes, like the
 * other requests the HTTP layer refuses before any route (FAKE-HTTP-LAYER-ENVELOPE).
 */
import type { Context } from 'koa';
import { errors } from '../domain/errors.js';

export function refuseMissingHost(ctx: Context): void {
  const { httpVersionMajor, httpVersionMinor, headers } = ctx.req;
  if (httpVersionMajor !== 1 || httpVersionMinor < 1 || headers.host !== undefined) return;
  ctx.set('Connection', 'close');
  throw errors.missingHost();
}
