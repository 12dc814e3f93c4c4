/**
 * `interceptChatbotApi({ baseUrl })`: the fake, in memory, answers every request for `baseUrl` made by any Node
 * HTTP client of this process (global fetch, node:http/https, hence the official openai and @anthropic-ai/sdk
 * clients) through nock, with no port open (LIB-INTERCEPT). `restore()` removes exactly this interception
 * (LIB-INTERCEPT-RESTORE).
 */
import type { ClientRequest, RequestListener } from 'node:http';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import type nockModule from 'nock';
import { ERROR, type TargetConfig } from '../contract/index.js';
import { buildFake } from './build-fake.js';
import type { FakeControl } from './fake-control.js';
import type { FakeOptions } from './fake-options.js';
import { dispatchInMemory, type InMemoryResponse } from './in-memory-dispatch.js';
import { type ActiveInterception, activeFor, addActive, type OtherHosts } from './other-hosts.js';

export interface InterceptOptions {
  /** Where clients will send requests: an origin (`https://chatbot.example.test`) or one with a path prefix. */
  baseUrl: string;
  /** How the fake is built: seed, fixtures, clock (default `frozen` here), rate window, admin secret, … */
  fake?: FakeOptions;
  /** Requests for any other host: `refuse` (default; loopback hosts are never refused) or `passthrough`. */
  otherHosts?: OtherHosts;
}

export interface ChatbotApiInterception {
  /** The intercepted base URL, normalized (no trailing slash). */
  baseUrl: string;
  /** The fake's target config with base_url, org_base_url and control.url under `baseUrl`; current after a reset. */
  readonly target: TargetConfig;
  control: FakeControl;
  /** Stop intercepting `baseUrl` (other interceptions stay); calling it again is harmless. */
  restore(): void;
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE'];

/** nock patches node:http and fetch as it loads: loaded on the first interception, not on importing the library. */
function loadNock(): typeof nockModule {
  const nock = createRequire(import.meta.url)('nock') as typeof nockModule;
  if (!nock.isActive()) nock.activate();
  return nock;
}

/** nock's request as its reply functions see it; the body bytes are kept whole, as sent. */
type NockRequest = ClientRequest & { headers: Record<string, string>; requestBodyBuffers?: Buffer[] };

function parseBaseUrl(baseUrl: string): { url: URL; prefix: string } {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new TypeError(`interceptChatbotApi: baseUrl is not a URL: ${JSON.stringify(baseUrl)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`interceptChatbotApi: baseUrl must be http: or https:, got ${url.protocol}`);
  }
  if (url.search || url.hash || url.username || url.password) {
    throw new TypeError('interceptChatbotApi: baseUrl takes no query, fragment or credentials');
  }
  return { url, prefix: url.pathname.replace(/\/+$/, '') };
}

/** The answer for a path of the intercepted origin outside the base URL's path prefix. */
function outsidePrefix(baseUrl: string, path: string): InMemoryResponse {
  const body = JSON.stringify({ type: ERROR, message: `Not found: ${path} is outside ${baseUrl}` });
  return {
    status: 404,
    headers: ['content-type', 'application/json; charset=utf-8'],
    body: Readable.from([Buffer.from(body)]),
  };
}

export function interceptChatbotApi(options: InterceptOptions): ChatbotApiInterception {
  const { url, prefix } = parseBaseUrl(options.baseUrl);
  const baseUrl = `${url.origin}${prefix}`;
  // How nock keys a host: protocol, host name and port, always with the port.
  const nockOrigin = `${url.protocol}//${url.hostname}:${url.port || (url.protocol === 'https:' ? 443 : 80)}`;
  const taken = activeFor(nockOrigin);
  if (taken) {
    throw new Error(
      `interceptChatbotApi: ${url.origin} is already intercepted (as ${taken.baseUrl}); restore() that interception first`,
    );
  }
  // A fake on a test's in-process API is deterministic by default: time moves when the test moves it.
  const { server: fake, control } = buildFake(options.fake ?? {}, 'frozen');
  fake.targetConfig(baseUrl);
  const app = fake.app.callback();
  // Koa reads the scheme off the socket: an https base URL is https to the fake too (GET /openapi.json's servers).
  const handler: RequestListener =
    url.protocol === 'https:'
      ? (req, res) => {
          (req.socket as { encrypted?: boolean }).encrypted = true;
          return app(req, res);
        }
      : app;
  const nock = loadNock();
  // allowUnmocked: once restore() removed the interceptors, the host is no longer nock's (other hosts' policy).
  const scope = nock(url.origin, { allowUnmocked: true }).persist();

  // nock parses a JSON body before calling a reply function and throws (outside any promise) on a malformed one:
  // the headers are kept for the fake here, as nock starts playing the request, and the content type hidden.
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
      const inPrefix = uri === prefix || uri.startsWith(`${prefix}/`) || uri.startsWith(`${prefix}?`);
      const answer = !inPrefix
        ? Promise.resolve(outsidePrefix(baseUrl, uri))
        : dispatchInMemory(handler, {
            method: req.method,
            url: uri.slice(prefix.length) || '/',
            headers: sentHeaders.get(req) ?? req.headers,
            body: Buffer.concat(req.requestBodyBuffers ?? []),
          });
      answer.then(
        (res) => callback(null, [res.status, res.body as never, res.headers]),
        (err: NodeJS.ErrnoException) => callback(err, [500]),
      );
    });
    return interceptor;
  });

  const entry: ActiveInterception = {
    origin: nockOrigin,
    baseUrl,
    otherHosts: options.otherHosts ?? 'refuse',
  };
  const removeActive = addActive(nock, entry);
  let restored = false;
  return {
    baseUrl,
    get target() {
      return fake.targetConfig(baseUrl);
    },
    control,
    restore() {
      if (restored) return;
      restored = true;
      for (const interceptor of interceptors) nock.removeInterceptor(interceptor);
      removeActive();
    },
  };
}
