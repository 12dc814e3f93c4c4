/** A plain description of one HTTP exchange, so k6 (http.request) and Node (undici) send the same requests. */

export interface HttpCall {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface HttpResult {
  status: number;
  body: string;
}

/** The error message of a body: the envelope's `message` (RXERROR) or a native RAG error's `error.message`. */
export function errorMessageOf(body: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const o = parsed as { message?: unknown; error?: { message?: unknown } };
  if (typeof o.error === 'object' && o.error !== null && typeof o.error.message === 'string')
    return o.error.message;
  return typeof o.message === 'string' ? o.message : undefined;
}
