/**
 * The RAG router's answers through the fake's test seam (supertest over `app.callback()`): both routes answer in
 * their provider's native shape, with sources, request ids and rate headers, and the journal records them.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../contract/control-journal.js';
import { AnthropicMessage } from '../../contract/requests/rag-anthropic.js';
import { OpenAIChatCompletion } from '../../contract/requests/rag-openai.js';
import {
  ANTHROPIC,
  anthropicBody,
  app,
  control,
  key,
  OPENAI,
  postAnthropic,
  postOpenAI,
  useRagRouterFake,
} from './rag-router.test-support.js';

useRagRouterFake();

describe('both routes answer in the native shapes [RAG-RESPONSE-NATIVE, RAG-SOURCES-ALWAYS]', () => {
  it('OpenAI-style: chat.completion with sources, a request id and the rate headers [RAG-OPENAI-ENDPOINT, RAG-RATE-LIMIT-HEADERS]', async () => {
    const res = await postOpenAI();
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = OpenAIChatCompletion.parse(res.body);
    expect(body.sources.length).toBeGreaterThan(0);
    expect(res.headers['x-request-id']).toMatch(/^req_\w+$/);
    expect(res.headers).toMatchObject({ 'x-ratelimit-limit': '1000', 'x-ratelimit-remaining': '999' });
    expect(res.headers['x-ratelimit-reset']).toMatch(/^\d+$/);
  });

  it('Anthropic-style: message with sources, with the key in x-api-key or as Bearer [RAG-ANTHROPIC-ENDPOINT, AUTH-RAG-KEY-HEADERS, VERSION-V1-ANTHROPIC-PATH]', async () => {
    const viaHeader = await postAnthropic();
    const viaBearer = await request(app())
      .post(ANTHROPIC)
      .set('authorization', `Bearer ${key}`)
      .send(anthropicBody());
    for (const res of [viaHeader, viaBearer]) {
      expect(res.status).toBe(200);
      const body = AnthropicMessage.parse(res.body);
      expect(body.sources.length).toBeGreaterThan(0);
      expect(res.headers['request-id']).toMatch(/^req_\w+$/);
      expect(res.headers['x-ratelimit-remaining']).toMatch(/^\d+$/);
    }
    expect(viaBearer.headers['request-id']).not.toBe(viaHeader.headers['request-id']);
  });

  it('the journal records the operation and the native error message [FAKE-REQUEST-JOURNAL]', async () => {
    await postOpenAI();
    await request(app()).post(ANTHROPIC).send(anthropicBody());
    const journal = await control('get', '/journal');
    const entries = journal.body.data as JournalEntry[];
    expect(entries.slice(-2)).toMatchObject([
      { path: OPENAI, operation: 'openaiChatCompletions', status: 200, message: null },
      { path: ANTHROPIC, operation: 'anthropicMessages', status: 401, message: expect.any(String) },
    ]);
  });
});
