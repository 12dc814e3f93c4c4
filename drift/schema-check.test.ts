import { describe, expect, it } from 'vitest';
import {
  altered,
  anthropicFrames,
  errorBody,
  json,
  openaiFrames,
  pair,
  projectsBody,
  sse,
} from './pairs.test-support.js';
import { checkAgainstContract } from './schema-check.js';
import type { DriftAnswer, DriftPair } from './types.js';

const real = (answer: DriftAnswer, extra: Partial<DriftPair> = {}) =>
  checkAgainstContract(pair(answer, undefined, extra));

const anthropic = { operationId: 'anthropicMessages', path: '/anthropic/v1/messages' };
const openai = { operationId: 'openaiChatCompletions', path: '/openai/chat/completions' };
const streamed = (extra: object) => ({ ...extra, requestBody: '{"stream":true}' });

describe('schema check of the real answer, Platform and Integration', () => {
  it('accepts a valid success envelope and a valid error envelope [DRIFT-SCHEMA-VIOLATIONS]', () => {
    expect(real(json(200, projectsBody(3)))).toEqual([]);
    expect(real(json(401, errorBody()))).toEqual([]);
    expect(
      real(json(200, { type: 'RXSUCCESS', message: 'Chatbot updated successfully' }), {
        operationId: 'updateChatbot',
      }),
    ).toEqual([]);
  });

  it('reports a removed field with its path, the real value and the zod message [DRIFT-SCHEMA-VIOLATIONS]', () => {
    const body = altered(projectsBody(), (b) => {
      delete (b.data[0] as Partial<(typeof b.data)[0]>).name;
    });
    expect(real(json(200, body))).toEqual([
      {
        kind: 'schema',
        path: '$.data[0].name',
        real: 'absent',
        detail: 'Invalid input: expected string, received undefined',
      },
    ]);
  });

  it('reports a type change repeated in every element once, with the count [DRIFT-SCHEMA-VIOLATIONS]', () => {
    const body = altered(projectsBody(3), (b) => {
      for (const p of b.data) (p as { app_id: unknown }).app_id = String(p.app_id);
    });
    expect(real(json(200, body))).toEqual([
      {
        kind: 'schema',
        path: '$.data[0].app_id',
        real: '"11"',
        detail: 'Invalid input: expected number, received string (and at 2 more elements)',
      },
    ]);
  });

  it('requires total where the operation pages, and JSON content [DRIFT-SCHEMA-VIOLATIONS]', () => {
    const body = altered(projectsBody(), (b) => {
      delete (b as { total?: number }).total;
    });
    expect(real(json(200, body, 'text/html'))).toEqual([
      { kind: 'schema', path: '$', real: 'text/html', detail: 'the content type is not JSON' },
      {
        kind: 'schema',
        path: '$.total',
        real: 'absent',
        detail: 'Invalid input: expected number, received undefined',
      },
    ]);
  });

  it('wants the error envelope on an error status and JSON for a path outside the table [DRIFT-SCHEMA-VIOLATIONS]', () => {
    expect(real(json(403, projectsBody()))).toEqual([
      { kind: 'schema', path: '$.type', real: '"RXSUCCESS"', detail: 'Invalid input: expected "RXERROR"' },
    ]);
    const unknown = { operationId: undefined, path: '/nope' };
    expect(real(json(404, errorBody('Route not found')), unknown)).toEqual([]);
    expect(real(json(404, '<h1>Not found</h1>', 'text/html'), unknown)).toEqual([
      {
        kind: 'schema',
        path: '$',
        real: '<h1>Not found</h1>',
        detail: expect.stringMatching(/^the body is not JSON: /),
      },
      { kind: 'schema', path: '$', real: 'text/html', detail: 'the content type is not JSON' },
    ]);
  });
});

describe('schema check of the real answer, RAG', () => {
  it('accepts valid streams of both dialects and native error bodies [DRIFT-SCHEMA-VIOLATIONS]', () => {
    expect(real(sse(anthropicFrames()), streamed(anthropic))).toEqual([]);
    expect(real(sse(openaiFrames()), streamed(openai))).toEqual([]);
    const openaiError = {
      error: { message: 'Rate limit', type: 'rate_limit_error', param: null, code: 'rate_limit_exceeded' },
    };
    expect(real(json(429, openaiError), openai)).toEqual([]);
    const anthropicError = { type: 'error', error: { type: 'rate_limit_error', message: 'Rate limit' } };
    expect(real(json(429, anthropicError), anthropic)).toEqual([]);
  });

  it('reports an Anthropic stream missing its final message_stop [DRIFT-SCHEMA-VIOLATIONS]', () => {
    expect(real(sse(anthropicFrames().slice(0, -1)), streamed(anthropic))).toEqual([
      {
        kind: 'schema',
        path: '$events',
        real: 'last event: message_delta',
        detail: 'the stream does not end with message_stop',
      },
    ]);
  });

  it('reports an OpenAI stream without [DONE], a non-JSON event and a bad chunk [DRIFT-SCHEMA-VIOLATIONS]', () => {
    const frames = openaiFrames().slice(0, -1);
    frames[1] = { data: 'not json' };
    frames[2] = { data: JSON.stringify({ ...JSON.parse(frames[2]!.data), object: 'chat.completion' }) };
    expect(real(sse(frames), streamed(openai))).toEqual([
      {
        kind: 'schema',
        path: '$events',
        real: 'last event: chat.completion.chunk',
        detail: 'the stream does not end with data: [DONE]',
      },
      {
        kind: 'schema',
        path: '$events[1]',
        real: 'not json',
        detail: expect.stringMatching(/^event data is not JSON: /),
      },
      {
        kind: 'schema',
        path: '$events[2].object',
        real: '"chat.completion"',
        detail: 'Invalid input: expected "chat.completion.chunk"',
      },
    ]);
  });

  it('wants the native error shape, and a stream exactly when one was asked for [DRIFT-SCHEMA-VIOLATIONS]', () => {
    expect(real(json(429, errorBody('Too many requests')), openai)).toEqual([
      {
        kind: 'schema',
        path: '$.error',
        real: 'absent',
        detail: 'Invalid input: expected object, received undefined',
      },
    ]);
    const message = altered(JSON.parse(anthropicFrames()[0]!.data).message, (m: Record<string, unknown>) => {
      m.content = [{ type: 'text', text: 'Hi' }];
      m.stop_reason = 'end_turn';
      m.sources = [];
    });
    expect(real(json(200, message), anthropic)).toEqual([]);
    expect(real(json(200, message), streamed(anthropic))).toEqual([
      {
        kind: 'schema',
        path: '$',
        detail: 'the request asked for a stream but the answer is not text/event-stream',
      },
    ]);
  });
});
