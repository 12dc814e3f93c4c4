/**
 * The variant's success rewriters on their own (FAKE-VARIANT): each touches only the answers of its operation (or
 * of the RAG dialects), successful (2xx) and of the shape it expects, and leaves every other answer as it was.
 */
import { describe, expect, it } from 'vitest';
import type { Answer } from './variant-answer.js';
import { answerOf } from './variant-answer.test-support.js';
import { bearerSearchShape, modelsShape, sessionValues, sourcesShape, success201 } from './variant-shapes.js';

/** An answer of `operation` with this status and body, on a real Koa context, as the variant middleware hands it over. */
const answer = (operation: string | null, status: number, body: unknown, dialect: Answer['dialect'] = null) =>
  answerOf(status, body, { operation, dialect });
const ok = (data: unknown) => ({ type: 'RXSUCCESS', message: 'done', data });
const chunk = { point_id: 'p1', doc_id: 'd1', score: 0.5, content: 'Refunds take 5 days.' };

describe('variant success rewriters [FAKE-VARIANT, CONV-SUCCESS-ENVELOPE]', () => {
  it('success-201: a 200 of an operation that creates something, and nothing else', () => {
    const cases: [string | null, number, number][] = [
      ['createSession', 200, 201],
      ['inviteOrganizationMember', 200, 201],
      ['createPlaygroundAgentSession', 200, 201],
      ['createSession', 400, 400],
      ['getSessions', 200, 200],
      [null, 200, 200],
    ];
    for (const [operation, status, after] of cases) {
      const a = answer(operation, status, ok({}));
      success201(a);
      expect(a.ctx.status, `${operation} ${status}`).toBe(after);
    }
  });

  it('bearer-search-shape: the successful search’s chunks renamed; other operations, errors, 3xx and non-array data kept', () => {
    const a = answer('searchIndexDocument', 200, ok([chunk, 'odd']));
    bearerSearchShape(a);
    expect(a.ctx.body).toEqual(
      ok([{ node_id: 'p1', text: 'Refunds take 5 days.', score: 0.5, metadata: { doc_id: 'd1' } }, 'odd']),
    );
    const untouched = [
      answer('getSessions', 200, ok([chunk])),
      answer('searchIndexDocument', 300, ok([chunk])),
      answer('searchIndexDocument', 400, { type: 'RXERROR', message: 'Invalid params', data: [chunk] }),
      answer('searchIndexDocument', 200, ok({ items: [chunk] })),
      answer('searchIndexDocument', 200, { data: [chunk] }),
    ];
    for (const u of untouched) {
      const before = structuredClone(u.ctx.body);
      bearerSearchShape(u);
      expect(u.ctx.body).toEqual(before);
    }
  });

  it('models-shape: data becomes { models } with a context window per provider (32k for another)', () => {
    const models = [
      { value: 'gpt-4o-mini', tier: 0, name: 'GPT-4o mini', provider: 'openai' },
      { value: 'claude-3-5-haiku-latest', tier: 1, name: 'Claude 3.5 Haiku', provider: 'anthropic' },
      { value: 'other', tier: 0, name: 'Other', provider: 'acme' },
    ];
    const a = answer('getSupportedModels', 200, ok(models));
    modelsShape(a);
    const data = (a.ctx.body as { data: { models: { label: string; context_window: number }[] } }).data;
    expect(data.models.map((m) => [m.label, m.context_window])).toEqual([
      ['GPT-4o mini', 128_000],
      ['Claude 3.5 Haiku', 200_000],
      ['Other', 32_000],
    ]);
    for (const u of [
      answer('getSessions', 200, ok(models)),
      answer('getSupportedModels', 200, ok({ models })),
      answer('getSupportedModels', 401, {
        type: 'RXERROR',
        message: 'Invalid or revoked API token',
        data: [],
      }),
    ]) {
      const before = structuredClone(u.ctx.body);
      modelsShape(u);
      expect(u.ctx.body).toEqual(before);
    }
  });

  it('session-values: resolved → solved, pending with a message → active; other values kept', () => {
    const session = (status: string, state: string, last_message_time: string | null) => ({
      status,
      state,
      last_message_time,
      chat_mode: 'ai',
      segment: 'widget',
    });
    const a = answer(
      'getSessions',
      200,
      ok([
        session('resolved', 'pending', '2026-01-01T00:00:00.000Z'),
        session('open', 'pending', null),
        session('closed', 'closed', '2026-01-01T00:00:00.000Z'),
      ]),
    );
    sessionValues(a);
    expect((a.ctx.body as { data: object[] }).data).toEqual([
      { ...session('solved', 'active', '2026-01-01T00:00:00.000Z'), chat_mode: 'bot', segment: 'website' },
      { ...session('open', 'pending', null), chat_mode: 'bot', segment: 'website' },
      { ...session('closed', 'closed', '2026-01-01T00:00:00.000Z'), chat_mode: 'bot', segment: 'website' },
    ]);
  });

  it('sources-shape: a successful RAG answer’s sources renamed; Platform answers, errors, 3xx and no sources kept', () => {
    const a = answer('openaiChatCompletions', 200, { id: 'c1', sources: [chunk] }, 'openai');
    sourcesShape(a);
    expect(a.ctx.body).toEqual({
      id: 'c1',
      sources: [{ id: 'p1', document_id: 'd1', text: 'Refunds take 5 days.', relevance: 0.5 }],
    });
    for (const u of [
      answer('searchIndexDocument', 200, { sources: [chunk] }),
      answer('openaiChatCompletions', 300, { sources: [chunk] }, 'openai'),
      answer('anthropicMessages', 429, { type: 'error', sources: [chunk] }, 'anthropic'),
      answer('openaiChatCompletions', 200, { sources: 'none' }, 'openai'),
      answer('openaiChatCompletions', 200, undefined, 'openai'),
    ]) {
      const before = structuredClone(u.ctx.body);
      sourcesShape(u);
      expect(u.ctx.body).toEqual(before);
    }
  });
});
