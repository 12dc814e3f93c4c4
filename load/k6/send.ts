/** Send a plain HttpCall with k6's synchronous http.request. */
import http from 'k6/http';
import type { HttpCall, HttpResult } from '../lib/http.ts';

export function send(call: HttpCall, tags: Record<string, string>): HttpResult {
  const res = http.request(call.method, call.url, call.body ?? null, { headers: call.headers, tags });
  return { status: res.status, body: typeof res.body === 'string' ? res.body : '' };
}

/** 2xx and 429 are the answers a cap run expects: only others count in http_req_failed. */
export function expect2xxOr429(): void {
  http.setResponseCallback(http.expectedStatuses({ min: 200, max: 299 }, 429));
}
