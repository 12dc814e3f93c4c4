/** One HTTP exchange, as the suites see it: whatever the target, the same shape comes back. */
import { request } from 'undici';
import { sendThroughCassette } from './cassettes.js';
import { type RawRequest, type RawResponse, rawResponse } from './exchange.js';

export type { RawRequest, RawResponse } from './exchange.js';

/** How long a request waits for an answer unless the target config says otherwise (request_timeout_ms). */
export const DEFAULT_TIMEOUT_MS = 30_000;

/** Send one request (through the run's cassette in record and replay modes: suites/target/cassettes.ts). */
export function send(req: RawRequest, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<RawResponse> {
  return sendThroughCassette(req, (r) => sendToDeployment(r, timeoutMs));
}

async function sendToDeployment(req: RawRequest, timeoutMs: number): Promise<RawResponse> {
  const res = await request(req.url, {
    method: req.method as 'POST',
    headers: req.headers,
    ...(req.body !== undefined ? { body: req.body } : {}),
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
  const text = await res.body.text();
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(res.headers)) {
    if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : String(v);
  }
  return rawResponse(res.statusCode, headers, text);
}
