/**
 * Which page origins may call the fake from a browser (FAKE-CORS). An origin pattern is one of:
 * - an exact origin, `http://localhost:5173` (a default port may be written or left out);
 * - any port of one scheme and host, `http://localhost:*` (the port-less origin included);
 * - `null`, the origin a browser sends from a `file://` page or a sandboxed frame;
 * - `*`, any origin.
 * A pattern that is none of these is refused with a CorsOriginsError naming it.
 */

/** Pages on this machine, on any port, over http or https: where a local developer's dev server runs. */
export const DEFAULT_CORS_ORIGINS: readonly string[] = [
  'http://localhost:*',
  'https://localhost:*',
  'http://127.0.0.1:*',
  'https://127.0.0.1:*',
  'http://[::1]:*',
  'https://[::1]:*',
];

export class CorsOriginsError extends Error {}

/** Whether the Origin header `origin` (as a browser sends it) may read the fake's answers. */
export type OriginRule = (origin: string) => boolean;

const ANY_PORT = ':*';

/** The origin `text` names, or an error: scheme, host and optional port only, over http or https. */
function parseOrigin(text: string, pattern: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new CorsOriginsError(`CORS origin "${pattern}" is not an origin such as http://localhost:3000`);
  }
  const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  if (!/^https?:$/.test(url.protocol) || !bare) {
    throw new CorsOriginsError(
      `CORS origin "${pattern}" must be scheme://host[:port] over http or https, with nothing after it`,
    );
  }
  return url;
}

/** The request's Origin header as a URL, or null when it is not a bare origin (never an error: the client wrote it). */
function requestUrl(origin: string): URL | null {
  try {
    const url = new URL(origin);
    return url.origin === origin ? url : null;
  } catch {
    return null;
  }
}

/** The rule `patterns` describe; throws a CorsOriginsError on the first pattern that is not one. */
export function originRule(patterns: readonly string[]): OriginRule {
  const exact = new Set<string>();
  const anyPort: { protocol: string; hostname: string }[] = [];
  for (const raw of patterns) {
    const pattern = raw.trim();
    if (pattern === '*') return () => true;
    if (pattern === 'null') exact.add('null');
    else if (pattern.endsWith(ANY_PORT)) {
      const url = parseOrigin(pattern.slice(0, -ANY_PORT.length), pattern);
      if (url.port !== '') throw new CorsOriginsError(`CORS origin "${pattern}" has two ports`);
      anyPort.push({ protocol: url.protocol, hostname: url.hostname });
    } else exact.add(parseOrigin(pattern, pattern).origin);
  }
  return (origin) => {
    if (exact.has(origin)) return true;
    if (anyPort.length === 0) return false;
    const url = requestUrl(origin);
    return url !== null && anyPort.some((p) => p.protocol === url.protocol && p.hostname === url.hostname);
  };
}

/** A comma-separated list of patterns (as `--cors-origins` and FAKE_CORS_ORIGINS take it), blanks dropped. */
export const splitOrigins = (list: string): string[] =>
  list
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
