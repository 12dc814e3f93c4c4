/**
 * One origin served through nock: every method, every path, answered by `answer` (the in-memory fake, or a cassette).
 * The request reaches `answer` as sent (headers and body bytes whole); `restore()` removes exactly these interceptors
 * (LIB-INTERCEPT-RESTORE).
 */
import type { ClientRequest } from 'node:http';
import { createRequire } from 'node:module';
import type nockModule from 'nock';
import type { InMemoryRequest, InMemoryResponse } from './in-memory-dispatch.js';
import { type ActiveInterception, activeFor, addActive, type OtherHosts } from './other-hosts.js';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE'];

/** nock patches node:http and fetch as it loads: loaded on the first interception, not on importing the library. */
function loadNock(): typeof nockModule {
  const nock = createRequire(import.meta.url)('nock') as typeof nockModule;
  if (!nock.isActive()) nock.activate();
  return nock;
}

/** nock's request as its reply functions see it; the body bytes are kept whole, as sent. */
type NockRequest = ClientRequest & { headers: Record<string, string>; requestBodyBuffers?: Buffer[] };

export function parseBaseUrl(baseUrl: string, who: string): { url: URL; prefix: string; baseUrl: string } {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new TypeError(`${who}: baseUrl is not a URL: ${JSON.stringify(baseUrl)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`${who}: baseUrl must be http: or https:, got ${url.protocol}`);
  }
  if (url.search || url.hash || url.username || url.password) {
    throw new TypeError(`${who}: baseUrl takes no query, fragment or credentials`);
  }
  const prefix = url.pathname.replace(/\/+$/, '');
  return { url, prefix, baseUrl: `${url.origin}${prefix}` };
}

export interface InterceptedOrigin {
  url: URL;
  /** The base URL, normalized (no trailing slash). */
  baseUrl: string;
  otherHosts: OtherHosts;
  /** Answer one request; `uri` is the path and query on the origin. */
  answer(uri: string, request: Omit<InMemoryRequest, 'url'>): Promise<InMemoryResponse>;
}

/** Start answering the origin through nock; returns `restore`. Throws when the origin is already intercepted. */
export function interceptOrigin(o: InterceptedOrigin): () => void {
  // How nock keys a host: protocol, host name and port, always with the port.
  const nockOrigin = `${o.url.protocol}//${o.url.hostname}:${o.url.port || (o.url.protocol === 'https:' ? 443 : 80)}`;
  const taken = activeFor(nockOrigin);
  if (taken) {
    throw new Error(
      `${o.url.origin} is already intercepted (as ${taken.baseUrl}); restore() that interception first`,
    );
  }
  const nock = loadNock();
  // allowUnmocked: once restore() removed the interceptors, the host is no longer nock's (other hosts' policy).
  const scope = nock(o.url.origin, { allowUnmocked: true }).persist();

  // nock parses a JSON body before calling a reply function and throws (outside any promise) on a malformed one:
  // the headers are kept for the answer here, as nock starts playing the request, and the content type hidden.
  const sentHeaders = new WeakMap<object, Record<string, string>>();
  scope.on('request', (req: NockRequest) => {
    sentHeaders.set(req, req.headers);
    const { 'content-type': _hidden, ...rest } = req.headers;
    req.headers = rest;
  });

  const interceptors = METHODS.map((method) => {
    const interceptor = scope.intercept(/.*/, method);
    interceptor.reply(function (uri, _parsedBody, callback) {
      const req = this.req as NockRequest;
      o.answer(uri, {
        method: req.method,
        headers: sentHeaders.get(req) ?? req.headers,
        body: Buffer.concat(req.requestBodyBuffers ?? []),
      }).then(
        (res) => callback(null, [res.status, res.body as never, res.headers]),
        (err: NodeJS.ErrnoException) => callback(err, [500]),
      );
    });
    return interceptor;
  });

  const entry: ActiveInterception = { origin: nockOrigin, baseUrl: o.baseUrl, otherHosts: o.otherHosts };
  const removeActive = addActive(nock, entry);
  let restored = false;
  return () => {
    if (restored) return;
    restored = true;
    for (const interceptor of interceptors) nock.removeInterceptor(interceptor);
    removeActive();
  };
}
