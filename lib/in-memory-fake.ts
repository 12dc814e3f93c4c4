/**
 * The fake in memory for one base URL, as both in-process entry points serve it (interceptChatbotApi through nock,
 * chatbotApiHandlers through msw): built with the library's defaults (clock frozen), its target config under the
 * base URL, its control handle, and `answer` for one request of the base URL's origin (in memory, no socket).
 */
import type { RequestListener } from 'node:http';
import { Readable } from 'node:stream';
import { ERROR, type TargetConfig } from '../contract/index.js';
import { buildFake } from './build-fake.js';
import type { FakeControl } from './fake-control.js';
import type { FakeOptions } from './fake-options.js';
import { dispatchInMemory, type InMemoryRequest, type InMemoryResponse } from './in-memory-dispatch.js';
import { parseBaseUrl } from './nock-origin.js';

export interface InMemoryFakeOptions {
  /** Where clients will send requests: an origin (`https://chatbot.example.test`) or one with a path prefix. */
  baseUrl: string;
  /** How the fake is built: seed, fixtures, clock (default `frozen` here), rate window, admin secret, … */
  fake?: FakeOptions;
}

export interface InMemoryFake {
  url: URL;
  /** The base URL's path, no trailing slash (empty for an origin). */
  prefix: string;
  /** The base URL, normalized (no trailing slash). */
  baseUrl: string;
  /** The fake's target config under `baseUrl`; current after a reset. */
  readonly target: TargetConfig;
  control: FakeControl;
  /** Answer one request; `uri` is its path and query on the origin. */
  answer(uri: string, request: Omit<InMemoryRequest, 'url'>): Promise<InMemoryResponse>;
}

/** The answer for a path of the origin outside the base URL's path prefix. */
function outsidePrefix(baseUrl: string, path: string): InMemoryResponse {
  const body = JSON.stringify({ type: ERROR, message: `Not found: ${path} is outside ${baseUrl}` });
  return {
    status: 404,
    headers: ['content-type', 'application/json; charset=utf-8'],
    body: Readable.from([Buffer.from(body)]),
  };
}

/** `who` names the entry point in the errors for a bad base URL. */
export function createInMemoryFake(options: InMemoryFakeOptions, who: string): InMemoryFake {
  const { url, prefix, baseUrl } = parseBaseUrl(options.baseUrl, who);
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
  return {
    url,
    prefix,
    baseUrl,
    get target() {
      return fake.targetConfig(baseUrl);
    },
    control,
    answer: (uri, request) => {
      const inPrefix = uri === prefix || uri.startsWith(`${prefix}/`) || uri.startsWith(`${prefix}?`);
      return inPrefix
        ? dispatchInMemory(handler, { ...request, url: uri.slice(prefix.length) || '/' })
        : Promise.resolve(outsidePrefix(baseUrl, uri));
    },
  };
}
