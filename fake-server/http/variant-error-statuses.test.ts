/**
 * The variant's error rewrites on their own (FAKE-VARIANT): credits-exhausted, invalid-params-422,
 * other-error-statuses and rag-error-envelope, each given a finished answer on a Koa context. The same axes through
 * whole requests: fake-server/variant/error-statuses.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { ERROR, SUCCESS } from '../../contract/index.js';
import { messages } from '../domain/errors.js';
import type { Answer } from './variant-answer.js';
import { type AnswerOptions, answerOf } from './variant-answer.test-support.js';
import {
  creditsExhausted,
  invalidParams422,
  NOT_ENOUGH_CREDITS,
  otherErrorStatuses,
  ragErrorEnvelope,
} from './variant-error-statuses.js';

/** [status, body] of the answer after `rewrite`. */
function rewritten(rewrite: (a: Answer) => void, status: number, body: unknown, options?: AnswerOptions) {
  const a = answerOf(status, body, options);
  rewrite(a);
  return [a.ctx.status, a.ctx.body];
}

const envelope = (message: string, extra: object = {}) => ({ type: ERROR, message, ...extra });

describe('credits-exhausted on its own [FAKE-VARIANT, CREDITS-EXHAUSTED]', () => {
  it('turns only a 402 error envelope into 403 Not enough credits, keeping its other fields', () => {
    const credits = envelope(messages.insufficientCredits, { extra: 1 });
    expect(rewritten(creditsExhausted, 402, credits)).toEqual([
      403,
      { ...credits, message: NOT_ENOUGH_CREDITS },
    ]);
    for (const status of [400, 403, 429]) {
      expect(rewritten(creditsExhausted, status, credits)).toEqual([status, credits]);
    }
  });

  it('leaves a 402 the harness made, and a 402 whose body is not an error envelope [FAKE-FAULT-INJECTION]', () => {
    const credits = envelope(messages.insufficientCredits);
    expect(rewritten(creditsExhausted, 402, credits, { keepStatus: true })).toEqual([402, credits]);
    const success = { type: SUCCESS, message: 'Paid' };
    expect(rewritten(creditsExhausted, 402, success)).toEqual([402, success]);
    expect(rewritten(creditsExhausted, 402, 'Payment required')).toEqual([402, 'Payment required']);
  });
});

describe('invalid-params-422 on its own [FAKE-VARIANT, ERR-INVALID-PARAMS-STATUS, ERR-MALFORMED-JSON]', () => {
  const invalid = (errors: unknown[]) => envelope(messages.invalidParams, { errors });

  it('names the first failing field in the message, or only its message for the body itself or no path', () => {
    const cases: [unknown[], string][] = [
      [
        [
          { path: 'limit', message: 'Too big' },
          { path: 'page', message: 'Too small' },
        ],
        'limit: Too big',
      ],
      [[{ path: '(body)', message: 'Expected object' }], 'Expected object'],
      [[{ message: 'Expected object' }], 'Expected object'],
      [[{ path: 7, message: 'Expected object' }], 'Expected object'],
    ];
    for (const [errors, named] of cases) {
      expect(rewritten(invalidParams422, 400, invalid(errors))).toEqual([
        422,
        envelope(`${messages.invalidParams}: ${named}`),
      ]);
    }
  });

  it('keeps a bare Invalid params when no first error has a message, and a message that already says more', () => {
    for (const errors of [[], [{ path: 'limit' }], ['limit'], undefined]) {
      const body = errors === undefined ? envelope(messages.invalidParams) : invalid(errors);
      expect(rewritten(invalidParams422, 400, body)).toEqual([422, envelope(messages.invalidParams)]);
    }
    const json = envelope('Invalid params: the body is not valid JSON', {
      errors: [{ path: 'limit', message: 'Too big' }],
    });
    expect(rewritten(invalidParams422, 400, json)).toEqual([422, envelope(json.message)]);
  });

  it('leaves other 400s, a missing Host, other statuses, RAG answers and bodies that are not error envelopes', () => {
    const left: [number, unknown, AnswerOptions?][] = [
      [400, envelope("Invalid 'from' date format")],
      [400, envelope(messages.missingHost)],
      [404, invalid([{ path: 'limit', message: 'Too big' }])],
      [400, invalid([{ path: 'limit', message: 'Too big' }]), { dialect: 'openai' }],
      [400, { type: SUCCESS, message: messages.invalidParams }],
      [400, messages.invalidParams],
    ];
    for (const [status, body, options] of left) {
      expect(rewritten(invalidParams422, status, body, options)).toEqual([status, body]);
    }
  });
});

describe('other-error-statuses on its own [FAKE-VARIANT, ERR-INVALID-PARAMS-STATUS, AUTH-NOT-MEMBER-STATUS, ERR-METHOD-NOT-ALLOWED]', () => {
  it('leaves every Invalid params 400, however its message goes on; other 400s become 422', () => {
    for (const message of [messages.invalidParams, 'Invalid params: the body is not valid JSON']) {
      expect(rewritten(otherErrorStatuses, 400, envelope(message))[0]).toBe(400);
    }
    expect(rewritten(otherErrorStatuses, 400, envelope("Invalid 'from' date format"))[0]).toBe(422);
  });

  it('moves the undocumented 403s to 400 only when they are 403s', () => {
    expect(rewritten(otherErrorStatuses, 403, envelope(messages.notProjectMember))[0]).toBe(400);
    expect(rewritten(otherErrorStatuses, 401, envelope(messages.notProjectMember))[0]).toBe(401);
  });

  it('drops Allow from a 405 it turns into 404, and from nothing else', () => {
    const allow = { headers: { Allow: 'POST' } };
    const moved = answerOf(405, envelope('Method GET not allowed; use POST'), allow);
    otherErrorStatuses(moved);
    expect([moved.ctx.status, 'allow' in moved.ctx.response.headers]).toEqual([404, false]);
    const kept = answerOf(404, envelope('Route not found'), allow);
    otherErrorStatuses(kept);
    expect([kept.ctx.status, kept.ctx.response.get('Allow')]).toEqual([400, 'POST']);
  });
});

describe('rag-error-envelope on its own [FAKE-VARIANT, RAG-ERROR-SHAPE]', () => {
  const rag = { dialect: 'anthropic' } as const;

  it('wraps a native error object in the envelope, with Error when it has no message', () => {
    const native = { type: 'error', error: { type: 'not_found_error', message: 'Not found' } };
    expect(rewritten(ragErrorEnvelope, 404, native, rag)).toEqual([404, envelope('Not found')]);
    expect(rewritten(ragErrorEnvelope, 500, { type: 'error' }, rag)).toEqual([500, envelope('Error')]);
  });

  it('leaves an envelope as it is (its other fields too), and a body that is not an object', () => {
    const already = envelope('Injected fault: 503', { errors: [] });
    expect(rewritten(ragErrorEnvelope, 503, already, rag)).toEqual([503, already]);
    expect(rewritten(ragErrorEnvelope, 502, 'Bad gateway', rag)).toEqual([502, 'Bad gateway']);
  });
});
