/**
 * `interceptChatbotApi({ baseUrl })`: the fake, in memory, answers every request for `baseUrl` made by any Node
 * HTTP client of this process (global fetch, node:http/https, hence the official openai and @anthropic-ai/sdk
 * clients) through nock, with no port open (LIB-INTERCEPT). `restore()` removes exactly this interception
 * (LIB-INTERCEPT-RESTORE).
 */
import type { TargetConfig } from '../contract/index.js';
import type { FakeControl } from './fake-control.js';
import { createInMemoryFake, type InMemoryFakeOptions } from './in-memory-fake.js';
import { interceptOrigin } from './nock-origin.js';
import type { OtherHosts } from './other-hosts.js';

export interface InterceptOptions extends InMemoryFakeOptions {
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

export function interceptChatbotApi(options: InterceptOptions): ChatbotApiInterception {
  const fake = createInMemoryFake(options, 'interceptChatbotApi');
  let restore: () => void;
  try {
    restore = interceptOrigin({
      url: fake.url,
      baseUrl: fake.baseUrl,
      otherHosts: options.otherHosts ?? 'refuse',
      answer: fake.answer,
    });
  } catch (err) {
    throw new Error(`interceptChatbotApi: ${(err as Error).message}`);
  }
  return {
    baseUrl: fake.baseUrl,
    get target() {
      return fake.target;
    },
    control: fake.control,
    restore: () => restore(),
  };
}
