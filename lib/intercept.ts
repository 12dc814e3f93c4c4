/**
 * `interceptChatbotApi({ baseUrl })`: the fake, in memory, answers every request for `baseUrl` made by any Node
 * HTTP client of this process (global fetch, node:http/https, hence the official openai and @anthropic-ai/sdk
 * clients) through nock, with no port open (LIB-INTERCEPT). `restore()` removes exactly this interception
 * (LIB-INTERCEPT-RESTORE).
 */
import type { RequestListener } from 'node:http';
import { Readable } from 'node:stream';
import { ERROR, type TargetConfig } from '../contract/index.js';
import { buildFake } from './build-fake.js';
import type { FakeControl } from './fake-control.js';
import type { FakeOptions } from './fake-options.js';
import { dispatchInMemory, type InMemoryResponse } from './in-memory-dispatch.js';
import { interceptOrigin, parseBaseUrl } from './nock-origin.js';
import type { OtherHosts } from './other-hosts.js';

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
  const { url, prefix, baseUrl } = parseBaseUrl(options.baseUrl, 'interceptChatbotApi');
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
  let restore: () => void;
  try {
    restore = interceptOrigin({
      url,
      baseUrl,
      otherHosts: options.otherHosts ?? 'refuse',
      answer: (uri, request) => {
        const inPrefix = uri === prefix || uri.startsWith(`${prefix}/`) || uri.startsWith(`${prefix}?`);
        return inPrefix
          ? dispatchInMemory(handler, { ...request, url: uri.slice(prefix.length) || '/' })
          : Promise.resolve(outsidePrefix(baseUrl, uri));
      },
    });
  } catch (err) {
    throw new Error(`interceptChatbotApi: ${(err as Error).message}`);
  }
  return {
    baseUrl,
    get target() {
      return fake.targetConfig(baseUrl);
    },
    control,
    restore: () => restore(),
  };
}
