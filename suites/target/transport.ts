/** One HTTP exchange, as the suites see it: whatever the target, the same shape comes back. */
import { request } from 'undici';
import { sendThroughCassette } from './cassettes.js';

export interface RawRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  json: unknown;
}

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

export function rawResponse(status: number, headers: Record<string, string>, text: string): RawResponse {
  let json: unknown;
  try {
    json = text.length > 0 ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status, headers, text, json };
}
