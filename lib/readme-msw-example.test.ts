// @vitest-environment jsdom
/**
 * The "msw handlers" snippet of docs/client-developers.md (moved there from the top README), as written there (only
 * the import is this package's source instead of its name, and the clause ids in the titles), so every line of it is
 * known to work in a front-end test environment.
 */
import { setupServer } from 'msw/node';
import OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { chatbotApiHandlers } from './msw.js';

const api = chatbotApiHandlers({ baseUrl: 'https://chatbot.example.test' });
const server = setupServer(...api.handlers);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  await api.control.reset(); // the fake's state back to its seed
});
afterAll(() => server.close());

it('creates a widget session [LIB-MSW-HANDLERS]', async () => {
  const res = await fetch(`${api.target.base_url}/createSession`, {
    method: 'POST',
    headers: { 'api-key': api.target.project_key!, 'content-type': 'application/json' },
    body: JSON.stringify({ widget_uid: api.target.widget_uid }),
  });
  expect(await res.json()).toMatchObject({ type: 'RXSUCCESS' });
});

it('streams a scripted RAG answer [LIB-MSW-HANDLERS, LIB-INTERCEPT-CONTROL]', async () => {
  await api.control.scriptReplies(api.target.project_uid!, [{ kind: 'text', text: 'Ask your admin.' }]);
  const client = new OpenAI({
    baseURL: `${api.target.base_url}/openai`,
    apiKey: api.target.project_key,
    dangerouslyAllowBrowser: true,
  });
  const stream = await client.chat.completions.create({
    model: 'gpt-4o-mini',
    messages: [{ role: 'user', content: 'How do I reset 2FA?' }],
    stream: true,
  });
  let text = '';
  for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
  expect(text).toBe('Ask your admin.');
});
