/**
 * `chatbotApiHandlers({ baseUrl })` (entry `chatbot-platform-fake/msw`): msw 2 request handlers that answer
 * every request under `baseUrl` from the fake, in memory, for `setupServer` (msw/node) in a front-end project's
 * tests (LIB-MSW-HANDLERS). The same fake and control handle as interceptChatbotApi; requests for anything else
 * are not handled, so msw's `onUnhandledRequest` decides. msw is this entry's peer dependency only: the main entry
 * never imports it.
 */
import { Readable } from 'node:stream';
import { type HttpHandler, HttpResponse, http } from 'msw';
import type { TargetConfig } from '../contract/index.js';
import type { FakeControl } from './fake-control.js';
import type { InMemoryResponse } from './in-memory-dispatch.js';
import { createInMemoryFake, type InMemoryFakeOptions } from './in-memory-fake.js';

export type ChatbotApiHandlersOptions = InMemoryFakeOptions;

export interface ChatbotApiHandlers {
  /** For `setupServer(...handlers)` or `server.use(...handlers)`. */
  handlers: HttpHandler[];
  /** The served base URL, normalized (no trailing slash). */
  baseUrl: string;
  /** The fake's target config with base_url, org_base_url and control.url under `baseUrl`; current after a reset. */
  readonly target: TargetConfig;
  control: FakeControl;
}

/** The fake's answer as a fetch Response; its body a stream, so server-sent events reach the client one by one. */
function toResponse(res: InMemoryResponse): Response {
  const headers = new Headers();
  for (let i = 0; i + 1 < res.headers.length; i += 2) headers.append(res.headers[i]!, res.headers[i + 1]!);
  // A cut in `reset` mode errors the stream after the events sent: the client's read fails with ECONNRESET.
  // (msw's HttpResponse drops the body of a body-less status, a 204 preflight.)
  const body = Readable.toWeb(res.body) as ReadableStream<Uint8Array>;
  return new HttpResponse(body, { status: res.status, headers });
}

export function chatbotApiHandlers(options: ChatbotApiHandlersOptions): ChatbotApiHandlers {
  const fake = createInMemoryFake(options, 'chatbotApiHandlers');
  const resolver = async ({ request }: { request: Request }): Promise<Response> => {
    const url = new URL(request.url);
    try {
      const res = await fake.answer(`${url.pathname}${url.search}`, {
        method: request.method,
        headers: Object.fromEntries(request.headers),
        body: Buffer.from(await request.arrayBuffer()),
      });
      return toResponse(res);
    } catch (err) {
      // The fake dropped the connection before answering (a scripted cut of a non-streamed reply).
      if ((err as NodeJS.ErrnoException).code === 'ECONNRESET') return HttpResponse.error();
      throw err;
    }
  };
  return {
    handlers: [http.all(fake.baseUrl, resolver), http.all(`${fake.baseUrl}/*`, resolver)],
    baseUrl: fake.baseUrl,
    get target() {
      return fake.target;
    },
    control: fake.control,
  };
}
