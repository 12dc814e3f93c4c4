/**
 * chatbotApiHandlers in msw's setupServer as a front-end test suite sets it up: one server for the file, unhandled
 * requests an error, handlers and the fake's state reset after each test.
 */
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { type ChatbotApiHandlers, chatbotApiHandlers } from './msw.js';

export function useMswFake(baseUrl = 'https://chatbot.example.test'): ChatbotApiHandlers {
  const api = chatbotApiHandlers({ baseUrl });
  const server = setupServer(...api.handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(async () => {
    server.resetHandlers();
    await api.control.reset();
  });
  afterAll(() => server.close());
  return api;
}
