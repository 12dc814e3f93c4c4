/**
 * `no-rate-headers` (FAKE-VARIANT): the spec does not show rate-limit headers, so the variant sends none: no
 * X-RateLimit-* and no Retry-After, on JSON answers and streams alike (a harness-made error keeps its Retry-After).
 */
import type { Context } from 'koa';

const RATE_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After'];

export function dropRateHeaders(ctx: Context): void {
  for (const name of RATE_HEADERS) ctx.remove(name);
}
