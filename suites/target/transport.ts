/** One HTTP exchange, as the suites see it: whatever the target, the same shape comes back. */
import { request } from 'undici';
import { sendThroughCassette } from './cassettes.js';
import { type RawRequest, type RawResponse, rawResponse } from './exchange.js';

export type { RawRequest, RawResponse } from './exchange.js';

/** How long a request waits for an answer unless the target config says otherwise (request_timeout_ms). */
export const DEFAULT_TIMEOUT_MS = 30_000;

/** How a request reaches the deployment: undici by default; suites/target/raw-http.ts has the others. */
export type Deliver = (req: RawRequest, timeoutMs: number) => Promise<RawResponse>;

/**
 * Send one request (through the run's cassette in record and replay modes: suites/target/cassettes.ts), by `deliver`
 * when given (a chunked body, a kept-alive socket, exact bytes: suites/target/raw-http.ts).
 */
export function send(
  req: RawRequest,
  timeoutMs = DEFAULT_TIMEOUT_MS,
  deliver: Deliver = sendToDeployment,
): Promise<RawResponse> {
  return sendThroughCassette(req, (r) => deliver(r, timeoutMs));
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

/**
 * Why a request got no answer, when an error says the transport failed rather than the harness (HARNESS-TRANSPORT-
 * SILENCE): `cause` in words, `connection` when the target is not there (refused, reset, DNS, TLS, a socket closed)
 * rather than slow (a timeout waiting for its answer).
 */
export interface TransportFailure {
  readonly cause: string;
  readonly connection: boolean;
  /** The error code it was read from (`ECONNREFUSED`, `UND_ERR_SOCKET`, `CERT_HAS_EXPIRED`, …). */
  readonly code: string;
}

/** Error codes of a target that is not there, each in words. */
const CONNECTION: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ECONNABORTED: 'connection aborted',
  EPIPE: 'connection broken (EPIPE)',
  UND_ERR_SOCKET: 'connection closed by the other side',
  ENOTFOUND: 'host name not found (DNS)',
  EAI_AGAIN: 'host name lookup failed (DNS, EAI_AGAIN)',
  EAI_FAIL: 'host name lookup failed (DNS, EAI_FAIL)',
  ETIMEDOUT: 'connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  EHOSTDOWN: 'host down',
  ENETUNREACH: 'network unreachable',
  ENETDOWN: 'network down',
  EADDRNOTAVAIL: 'address not available',
  EPROTO: 'TLS failure (EPROTO)',
};

/** undici's codes for an answer that did not come in time. */
const SLOW: Record<string, string> = {
  UND_ERR_HEADERS_TIMEOUT: 'timeout',
  UND_ERR_BODY_TIMEOUT: 'timeout',
};

/** TLS and certificate errors (Node's ERR_TLS_* / ERR_SSL_* and OpenSSL's verification codes). */
const TLS =
  /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT$|SELF_SIGNED_CERT_IN_CHAIN$|HOSTNAME_MISMATCH$|ERR_OSSL_)/;

const failureOfCode = (code: string): TransportFailure | undefined => {
  if (code in SLOW) return { cause: SLOW[code] as string, connection: false, code };
  if (code in CONNECTION) return { cause: CONNECTION[code] as string, connection: true, code };
  if (TLS.test(code)) return { cause: `TLS failure (${code})`, connection: true, code };
  return undefined;
};

/**
 * The transport failure an error stands for, or undefined when it is anything else. undici and fetch put the code on
 * the error, on its `cause` (fetch's "fetch failed"), or on the members of an AggregateError (one per address tried).
 */
export function transportFailureOf(err: unknown): TransportFailure | undefined {
  const seen = new Set<unknown>();
  const visit = (value: unknown, depth: number): TransportFailure | undefined => {
    if (value === null || typeof value !== 'object' || seen.has(value) || depth > 5) return undefined;
    seen.add(value);
    const { code, cause, errors } = value as { code?: unknown; cause?: unknown; errors?: unknown };
    const own = typeof code === 'string' ? failureOfCode(code) : undefined;
    if (own) return own;
    for (const inner of [cause, ...(Array.isArray(errors) ? errors : [])]) {
      const found = visit(inner, depth + 1);
      if (found) return found;
    }
    return undefined;
  };
  return visit(err, 0);
}
