/**
 * The "Using the fake inside your own tests (no port)" snippets of docs/client-developers.md (moved there from the
 * top README), as written there (only the import is this package's source instead of its name), so every line of
 * them is known to work.
 */
import OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ChatbotApiInterception, interceptChatbotApi, type RunningFake, startFake } from './index.js';

describe('docs/client-developers.md: interceptChatbotApi in a client test suite [LIB-INTERCEPT, LIB-INTERCEPT-CONTROL]', () => {
  let api: ChatbotApiInterception;
  let client: OpenAI;

  beforeEach(() => {
    api = interceptChatbotApi({ baseUrl: 'https://chatbot.example.test' });
    client = new OpenAI({ baseURL: `${api.target.base_url}/openai`, apiKey: api.target.project_key });
  });
  afterEach(() => api.restore());

  it('answers through the official SDK [LIB-INTERCEPT]', async () => {
    const completion = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Hello' }],
    });
    expect(completion.choices[0]?.message.content).toBeTruthy();
  });

  it('takes a scripted answer and a moved clock [LIB-INTERCEPT-CONTROL]', async () => {
    await api.control.scriptReplies(api.target.project_uid!, [{ kind: 'text', text: 'Scripted.' }]);
    await api.control.advanceClock({ hours: 1 });
    const completion = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Hello' }],
    });
    expect(completion.choices[0]?.message.content).toBe('Scripted.');
    expect(completion.created).toBe(Date.parse('2026-01-05T10:00:00Z') / 1000);
  });
});

describe('docs/client-developers.md: startFake for a client that needs a URL [LIB-START-FAKE]', () => {
  let fake: RunningFake;
  beforeAll(async () => {
    fake = await startFake({ seed: 1 });
  });
  afterAll(() => fake.close());

  it('serves the Platform API on 127.0.0.1 [LIB-START-FAKE]', async () => {
    const res = await fetch(`${fake.target.base_url}/getMyProjects`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fake.target.tokens.owner}` },
    });
    expect(res.status).toBe(200);
  });
});
