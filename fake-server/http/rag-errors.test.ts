/**
 * The RAG endpoints' error middleware on its own (a bare Koa app around one throwing route): the request id, the
 * param a refusal names, a transport error's own 4xx message, and parseNative's message for a body that is not an
 * object.
 */
import Koa from 'koa';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { OpenAIChatCompletionRequest } from '../../contract/requests/rag-openai.js';
import { DomainError } from '../domain/errors.js';
import { refusal } from '../domain/errors.test-support.js';
import { Runtime } from '../runtime.js';
import { parseNative, ragErrors, requestIdHeaders } from './rag-errors.js';

const dialects = ['openai', 'anthropic'] as const;

/** A Koa app whose only route throws `err`, behind the RAG error middleware of `dialect`. */
function throwing(dialect: (typeof dialects)[number], err: unknown, runtime = new Runtime()) {
  const koa = new Koa();
  koa.use(ragErrors(dialect, runtime, () => {}));
  koa.use(() => {
    throw err;
  });
  return request(koa.callback());
}

describe('RAG error middleware [RAG-ERROR-SHAPE, RAG-BAD-REQUEST-400]', () => {
  it('gives every answer a request id req_ and 24 digits, in the header its SDK reads, one per request', async () => {
    for (const dialect of dialects) {
      const runtime = new Runtime();
      const ids = [];
      for (let i = 0; i < 2; i += 1) {
        const res = await throwing(dialect, new DomainError(404, 'Not here'), runtime).post('/x');
        ids.push(res.headers[requestIdHeaders[dialect]]);
        if (dialect === 'anthropic') expect(res.body.request_id).toBe(ids[i]);
      }
      expect(ids[0]).toMatch(/^req_\d{24}$/);
      expect(ids[1]).toMatch(/^req_\d{24}$/);
      expect(ids[1]).not.toBe(ids[0]);
    }
  });

  it('names the param of a refusal’s first detail, and none for the body itself or no detail', async () => {
    const cases: [DomainError, string | null][] = [
      [
        new DomainError(400, 'Bad', [{ path: 'messages[0].content', message: 'Required' }]),
        'messages[0].content',
      ],
      [new DomainError(400, 'Bad', [{ path: '(body)', message: 'Expected object' }]), null],
      [new DomainError(400, 'Bad', []), null],
      [new DomainError(400, 'Bad'), null],
    ];
    for (const [err, param] of cases) {
      const res = await throwing('openai', err).post('/x');
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ message: 'Bad', param });
    }
  });

  it('answers a transport error under 500 with its own exposed message', async () => {
    const err = Object.assign(new Error('Unsupported charset "latin-9"'), { status: 415, expose: true });
    for (const dialect of dialects) {
      const res = await throwing(dialect, err).post('/x');
      expect(res.status).toBe(415);
      expect(res.body.error.message).toBe('Unsupported charset "latin-9"');
    }
  });

  it('parseNative: a body that is not an object is named as the request body in both dialects', () => {
    for (const dialect of dialects) {
      for (const body of [null, [], 'hello']) {
        const r = refusal(() => parseNative(dialect, OpenAIChatCompletionRequest, body));
        expect(r.status).toBe(400);
        expect(r.message).toMatch(/^The request body is not a valid request: /);
      }
    }
  });
});
