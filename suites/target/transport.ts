/** One HTTP exchange, as the suites see it: whatever the target, the same shape comes back. */
import { request } from 'undici';

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

export async function send(req: RawRequest): Promise<RawResponse> {
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
  let json: unknown;
  try {
    json = text.length > 0 ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.statusCode, headers, text, json };
}
