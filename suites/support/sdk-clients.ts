/**
 * The official `openai` and `@anthropic-ai/sdk` clients pointed at a target, as a client developer would do it:
 * only `baseURL` ({base_url}/openai, {base_url}/anthropic) and the key change (RAG-SDK-COMPATIBLE). Also what the
 * SDK tests share: the knowledgebase tool typed for each SDK, `sources` read off a response, a fetch that records
 * what the SDK really sends, the RAG request budget for SDK calls (they bypass Target.call), and the error an SDK
 * call rejects with.
 */
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import type { TestContext } from 'vitest';
import { DocumentedAnthropicMessage } from '../../contract/requests/rag-anthropic.js';
import type { RagDialect } from '../../contract/requests/rag-models.js';
import { DocumentedOpenAIChatCompletion } from '../../contract/requests/rag-openai.js';
import { DocumentedRagSources, KNOWLEDGEBASE_TOOL_TYPE } from '../../contract/requests/rag-sources.js';
import { watchedFetch } from '../target/answers.js';
import { cassetteFetch } from '../target/cassettes.js';
import type { Target } from '../target/target.js';
import { subjectCheck } from './envelope.js';
import { NATIVE_ANSWER, sourceChunks } from './rag-answer.js';
import { isStop, readable } from './strength.js';

/** Generous against a slow target, short enough that a hung stream fails the test rather than the run. */
export const SDK_TIMEOUT_MS = 20_000;

export interface SdkOptions {
  /** The project key to send; default: the target config's `project_key`. */
  apiKey?: string;
  /**
   * Default 0, so that a failure is quick and every request is counted once; `'sdk-default'` leaves the SDK's
   * own retry policy (2 retries, honouring `retry-after-ms` then `retry-after`).
   */
  maxRetries?: number | 'sdk-default';
  /** Client timeout in ms (default SDK_TIMEOUT_MS). */
  timeout?: number;
  /** A fetch to use instead of the global one (see recordingFetch). */
  fetch?: typeof fetch;
}

const baseUrl = (t: Target): string => t.config.base_url.replace(/\/$/, '');

/** The caller's fetch, else the run's cassette fetch in record and replay modes, else none (the global one). */
const fetchOf = (o: SdkOptions): typeof fetch | undefined => o.fetch ?? cassetteFetch();

/**
 * Each request an SDK client sends counts against the project key's RAG budget, as the target's own RAG requests do
 * (issue 34: the ledger counts everything the run sends); past it the test stops as inconclusive (quota spent).
 */
const spendRag = (t: Target, key: string) => async () => {
  const budget = t.budget;
  if (!budget) return;
  const why = budget.admit
    ? await budget.admit(key, 'rag')
    : budget.take(key, 'rag')
      ? undefined
      : 'credential';
  if (why)
    t.onBudgetExhausted(
      why === 'run'
        ? `inconclusive (quota spent): the run's request budget (--budget) is spent, so the SDK's next request is not sent`
        : `inconclusive (quota spent): the request budget of the project key is spent, ${budget.perRagKey} RAG requests within the hour (request_budget_rag_per_project; reports/quota-ledger.json), so the SDK's next request is not sent`,
    );
};

function common(t: Target, o: SdkOptions) {
  return {
    timeout: o.timeout ?? SDK_TIMEOUT_MS,
    ...(o.maxRetries === 'sdk-default' ? {} : { maxRetries: o.maxRetries ?? 0 }),
    // Server errors the SDK meets are kept on the test, as the target's own requests are (REPORT-SERVER-ERRORS), and
    // its requests count against the RAG budget.
    fetch: watchedFetch(fetchOf(o), spendRag(t, keyOf(t, o))),
  };
}

function keyOf(t: Target, o: SdkOptions): string {
  const key = o.apiKey ?? t.config.project_key;
  if (!key) throw new Error('target config has no project_key');
  return key;
}

/** `new OpenAI({apiKey, baseURL: {base_url}/openai})`: the SDK sends the key as `Authorization: Bearer`. */
export function openaiClient(t: Target, o: SdkOptions = {}): OpenAI {
  return new OpenAI({ apiKey: keyOf(t, o), baseURL: `${baseUrl(t)}/openai`, ...common(t, o) });
}

/**
 * How the Anthropic client passes the key. `apiKey` is what a client developer writes (@anthropic-ai/sdk 1.x
 * sends it as `Authorization: Bearer`, like `authToken`); `x-api-key` sends only that header, with `Authorization`
 * omitted through the SDK's own `defaultHeaders` (null removes a header).
 */
export type AnthropicCredential = 'apiKey' | 'authToken' | 'x-api-key';

/** `new Anthropic({apiKey, baseURL: {base_url}/anthropic})`; the SDK adds /v1/messages. */
export function anthropicClient(
  t: Target,
  o: SdkOptions & { credential?: AnthropicCredential } = {},
): Anthropic {
  const key = keyOf(t, o);
  const baseURL = `${baseUrl(t)}/anthropic`;
  switch (o.credential ?? 'apiKey') {
    case 'apiKey':
      return new Anthropic({ apiKey: key, baseURL, ...common(t, o) });
    case 'authToken':
      return new Anthropic({ authToken: key, baseURL, ...common(t, o) });
    case 'x-api-key':
      return new Anthropic({
        apiKey: key,
        baseURL,
        defaultHeaders: { 'x-api-key': key, Authorization: null },
        ...common(t, o),
      });
  }
}

/** The knowledgebase server tool (RAG-KB-TOOL); the SDK types do not know it, hence the casts below. */
export const knowledgebaseTool = (limit = 3) => ({
  type: KNOWLEDGEBASE_TOOL_TYPE,
  parameters: { limit },
});

export const openaiKnowledgebaseTool = (limit = 3): OpenAI.Chat.ChatCompletionTool =>
  knowledgebaseTool(limit) as unknown as OpenAI.Chat.ChatCompletionTool;

export const anthropicKnowledgebaseTool = (limit = 3): Anthropic.Messages.ToolUnion =>
  knowledgebaseTool(limit) as unknown as Anthropic.Messages.ToolUnion;

/**
 * The `sources` array of a response (or accumulated stream result): an array, hard (documented); its items as the
 * fake's chunks, softly (RAG-SOURCES-ITEM-SHAPE). The items are returned as they came.
 */
export function sourcesOf(response: unknown): unknown[] {
  let sources: unknown[] = [];
  // "The response has the native provider shape plus a `sources` array": an answer without it stops the test there.
  readable('RAG-RESPONSE-NATIVE', () => {
    sources = DocumentedRagSources.parse((response as { sources?: unknown } | null)?.sources);
  });
  sourceChunks(sources);
  return sources;
}

/**
 * An answer an SDK returned is the native shape plus `sources` (RAG-RESPONSE-NATIVE), hard and bound to that clause
 * (an answer without them stops the test there); the items of `sources` as the fake's chunks, softly
 * (RAG-SOURCES-ITEM-SHAPE).
 */
export function expectNativeAnswer(dialect: RagDialect, answer: unknown): void {
  readable('RAG-RESPONSE-NATIVE', () => {
    (dialect === 'openai' ? DocumentedOpenAIChatCompletion : DocumentedAnthropicMessage).parse(answer);
    sourcesOf(answer);
  });
}

/**
 * A call of an official SDK whose request `rule` makes valid (a follow-up with tool results:
 * RAG-TOOL-RESULT-CONTINUES): an error the SDK throws for an answered request (its `status`: a refusal) reds that rule
 * alone and stops the test; without `rule`, the test's own documented clauses (envelope.ts subjectCheck). Anything else
 * the SDK throws (a stream it could not parse) goes on to the caller's check.
 */
export async function sdkCall<T>(call: () => Promise<T>, rule?: string): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (isStop(err) || typeof (err as { status?: unknown } | null)?.status !== 'number') throw err;
    const refused = () => {
      throw err;
    };
    if (rule) readable(rule, refused);
    else subjectCheck(undefined, refused, NATIVE_ANSWER);
    throw err;
  }
}

export interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
}

/** A fetch that forwards to the global one and records the method, URL and headers of every request. */
export function recordingFetch(): { fetch: typeof fetch; sent: SentRequest[] } {
  const sent: SentRequest[] = [];
  const recording: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    sent.push({
      method: request.method,
      url: request.url,
      headers: Object.fromEntries(request.headers.entries()),
    });
    return (cassetteFetch() ?? fetch)(input, init);
  };
  return { fetch: recording, sent };
}

/**
 * Skip the test, with the reason, unless `requests` RAG requests with the project key still fit its budget
 * (suites/target/request-budget.ts) before it sends them through an SDK; the SDK's requests are counted as they go
 * (spendRag). A no-op on targets without a budget (the fake).
 */
export function reserveRagRequests(ctx: TestContext, t: Target, requests: number): void {
  const budget = t.budget;
  const key = t.config.project_key;
  if (!budget || !key) return;
  if (budget.remaining(key, 'rag') < requests) {
    ctx.skip(
      `request budget exhausted: ${budget.perRagKey} RAG requests with the project key in this run (request_budget_rag_per_project)`,
    );
  }
}

/** The rejection of `promise` (fails the test when it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the SDK call to reject, it resolved');
}
