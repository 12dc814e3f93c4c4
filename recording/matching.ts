/**
 * Which recorded interaction answers a request on replay: same method, path, compared headers and body (JSON compared
 * as data, form bodies as sorted fields). Headers that clients vary by themselves (user agent, SDK telemetry, retry
 * counters, content length) are not compared. When nothing matches, the closest recorded request says what differs.
 */
import type { RecordedRequest } from './cassette.js';
import { CREDENTIAL_HEADERS } from './redaction.js';

const IGNORED_HEADER =
  /^(user-agent|content-length|connection|host|accept-encoding|accept-language|sec-fetch-mode|traceparent|idempotency-key|x-stainless-.*|keep-alive|transfer-encoding|expect)$/;

export interface RequestKey {
  method: string;
  path: string;
  headers: Record<string, string>;
  /** Normalised body: canonical JSON, sorted form fields, or the text itself. */
  body: string;
}

export function keyOf(req: RecordedRequest): RequestKey {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) {
    const name = k.toLowerCase();
    if (!IGNORED_HEADER.test(name)) headers[name] = v;
  }
  return { method: req.method.toUpperCase(), path: req.path, headers, body: normaliseBody(req) };
}

function normaliseBody(req: RecordedRequest): string {
  const b = req.body;
  if (!b) return '';
  if (b.encoding === 'base64') return `base64:${b.text}`;
  const type = Object.entries(req.headers).find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? '';
  if (/json/i.test(type)) {
    try {
      return canonical(JSON.parse(b.text));
    } catch {
      return b.text; // not JSON, or nested too deep to canonicalise: compared as sent
    }
  }
  if (/x-www-form-urlencoded/i.test(type)) {
    return [...new URLSearchParams(b.text)]
      .map(([k, v]) => `${k}=${v}`)
      .sort()
      .join('&');
  }
  return b.text;
}

/**
 * Deeper than this, a body is compared as sent: a fixed bound, so the same body always gets the same key (a stack
 * overflow would depend on how deep the caller's stack already was).
 */
const MAX_CANONICAL_DEPTH = 256;

function canonical(value: unknown, depth = 0): string {
  if (depth > MAX_CANONICAL_DEPTH) throw new RangeError('nested too deep to canonicalise');
  if (Array.isArray(value)) return `[${value.map((v) => canonical(v, depth + 1)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v, depth + 1)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

/**
 * The same request but for credentials that none of `known` (the recording's declared credentials) is: a test that
 * tampers with a real token (a character changed) sends, on replay, the same tampering of the placeholder, which
 * cannot be redacted to what the recording wrote. Such a request is matched by everything else.
 */
export function sameButUnknownCredentials(a: RequestKey, b: RequestKey, known: ReadonlySet<string>): boolean {
  if (a.method !== b.method || a.path !== b.path || a.body !== b.body) return false;
  const differing = differingHeaders(a, b);
  if (differing.length === 0) return false;
  const bare = (v: string | undefined) => (v ?? '').replace(/^\s*(bearer|basic)\s+/i, '').trim();
  return differing.every(
    (h) =>
      CREDENTIAL_HEADERS.includes(h) &&
      a.headers[h] !== undefined &&
      b.headers[h] !== undefined &&
      !known.has(bare(a.headers[h])) &&
      !known.has(bare(b.headers[h])),
  );
}

export function sameRequest(a: RequestKey, b: RequestKey): boolean {
  return (
    a.method === b.method && a.path === b.path && a.body === b.body && differingHeaders(a, b).length === 0
  );
}

function differingHeaders(a: RequestKey, b: RequestKey): string[] {
  const names = new Set([...Object.keys(a.headers), ...Object.keys(b.headers)]);
  return [...names].filter((n) => a.headers[n] !== b.headers[n]).sort();
}

/** What differs between a request and a recorded one, most significant first; empty when they match. */
export function differences(wanted: RequestKey, recorded: RequestKey): string[] {
  const out: string[] = [];
  if (wanted.method !== recorded.method) out.push(`method ${wanted.method} vs recorded ${recorded.method}`);
  if (wanted.path !== recorded.path) out.push(`path ${wanted.path} vs recorded ${recorded.path}`);
  for (const h of differingHeaders(wanted, recorded)) {
    out.push(`header ${h}: ${short(wanted.headers[h])} vs recorded ${short(recorded.headers[h])}`);
  }
  if (wanted.body !== recorded.body)
    out.push(`body ${short(wanted.body)} vs recorded ${short(recorded.body)}`);
  return out;
}

/** A distance for ranking near misses: a different path or method weighs more than a header or a body. */
export function distance(wanted: RequestKey, recorded: RequestKey): number {
  let d = 0;
  if (wanted.method !== recorded.method) d += 100;
  if (wanted.path !== recorded.path) d += 50;
  d += differingHeaders(wanted, recorded).length * 5;
  if (wanted.body !== recorded.body)
    d += 1 + Math.min(10, Math.abs(wanted.body.length - recorded.body.length) / 50);
  return d;
}

const short = (s: string | undefined): string =>
  s === undefined ? '(absent)' : s.length > 80 ? `${JSON.stringify(s.slice(0, 77))}…` : JSON.stringify(s);
