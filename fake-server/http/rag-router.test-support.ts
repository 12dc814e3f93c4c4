/**
 * Test support (imported by tests only) for the RAG router's tests: a fresh fake before each test with its project
 * key, owner token and RAG models, requests to both endpoints through the test seam (supertest over
 * `app.callback()`), SSE reading, and the native error checks of each dialect.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import request from 'supertest';
import { beforeEach, expect } from 'vitest';
import type { ScriptedReply } from '../../contract/control/rag-script.js';
import { AnthropicErrorBody, OpenAIErrorBody } from '../../contract/requests/rag-errors.js';
import { createFakeServer, DEFAULT_ADMIN_SECRET, type FakeServer } from '../index.js';
import { STACK_TRACE } from './http.test-support.js';

export const OPENAI = '/api/v1/openai/chat/completions';
export const ANTHROPIC = '/api/v1/anthropic/v1/messages';

export let fake: FakeServer;
export let unexpected: unknown[];
export let key: string;
export let owner: string;
export let projectUid: string;
export let models: { openai: string; anthropic: string };

/** A fresh fake before each test of the calling file; the bindings above read the current one. */
export function useRagRouterFake(): void {
  beforeEach(() => {
    unexpected = [];
    fake = createFakeServer({ onUnexpectedError: (err) => unexpected.push(err) });
    const config = fake.targetConfig('http://127.0.0.1:4010');
    key = config.project_key!;
    owner = config.tokens.owner!;
    projectUid = config.project_uid!;
    models = { openai: config.rag_models.openai!, anthropic: config.rag_models.anthropic! };
  });
}

export const app = () => fake.app.callback();
export const control = (method: 'get' | 'post', path: string, body?: object) => {
  const req = request(app())[method](`/_control${path}`).set('x-control-secret', DEFAULT_ADMIN_SECRET);
  return body ? req.send(body) : req;
};
export const script = async (...replies: ScriptedReply[]) => {
  const res = await control('post', `/projects/${projectUid}/rag/replies`, { replies });
  expect(res.status).toBe(200);
};

export const question = [{ role: 'user', content: 'How do refunds work?' }];
export const kb = { type: 'service:knowledgebase', parameters: { limit: 2 } };
export const openaiBody = (extra: object = {}) => ({
  model: models.openai,
  messages: question,
  tools: [kb],
  ...extra,
});
export const anthropicBody = (extra: object = {}) => ({
  model: models.anthropic,
  max_tokens: 300,
  messages: question,
  tools: [kb],
  ...extra,
});
/** A POST to each endpoint with the project key in its usual header. */
export const toOpenAI = () => request(app()).post(OPENAI).set('authorization', `Bearer ${key}`);
export const toAnthropic = () => request(app()).post(ANTHROPIC).set('x-api-key', key);
export const postOpenAI = (body: object = openaiBody()) => toOpenAI().send(body);
export const postAnthropic = (body: object = anthropicBody()) => toAnthropic().send(body);
/** These bytes as they are, under `contentType`. */
export const sendRaw = (req: request.Test, contentType: string, text: string) =>
  req.set('content-type', contentType).send(text);

/** Collect a supertest response body as text (SSE responses are not buffered by default). */
export const asText = (req: request.Test) =>
  req.buffer(true).parse((res, done) => {
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (c: string) => {
      text += c;
    });
    res.on('end', () => done(null, text));
  });

export function sseEvents(text: string): EventSourceMessage[] {
  const events: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (e) => events.push(e) });
  parser.feed(text);
  return events;
}

export function expectOpenAIError(
  res: request.Response,
  status: number,
  type: string,
  code: string | null = null,
) {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = OpenAIErrorBody.parse(res.body);
  expect(body.error).toMatchObject({ type, code });
  expect(res.body).not.toHaveProperty('type', 'RXERROR');
  expect(res.text).not.toMatch(STACK_TRACE);
  expect(res.headers['x-request-id']).toMatch(/^req_/);
  return body.error;
}

export function expectAnthropicError(res: request.Response, status: number, type: string) {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = AnthropicErrorBody.parse(res.body);
  expect(body.error.type).toBe(type);
  expect(res.text).not.toMatch(STACK_TRACE);
  expect(res.headers['request-id']).toMatch(/^req_/);
  expect(body.request_id).toBe(res.headers['request-id']);
  return body.error;
}
