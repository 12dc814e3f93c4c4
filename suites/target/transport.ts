/** One HTTP exchange, as the suites see it: whatever the target, the same shape comes back. */
import { request } from 'undici';
import { sendThroughCassette } from './cassettes.js';
import { type RawRequest, type RawResponse, rawResponse } from './exchange.js';

export type { RawRequest, RawResponse } from './exchange.js';

/** Send one request (through the run's cassette in record and replay modes: suites/target/cassettes.ts). */
export function send(req: RawRequest): Promise<RawResponse> {
  return sendThroughCassette(req, sendToDeployment);
}

async function sendToDeployment(req: RawRequest): Promise<RawResponse> {
  const res = await request(req.url, {
    method: req.method as 'POST',
    headers: req.headers,
    ...(req.body !== undefined ? { body: req.body } : {}),
    headersTimeout: 30_000,
    bodyTimeout: 30_000,
  });
  const text = await res.body.text();
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(res.headers)) {
    if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : String(v);
  }
  return rawResponse(res.statusCode, headers, text);
}
