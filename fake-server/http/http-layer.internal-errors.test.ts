/**
 * The HTTP layer's answer to an unexpected error inside a resolver (the 500 envelope, no detail, reported), through
 * the fake's test seam; and the status kept for other libraries' client errors.
 */
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeServer } from '../index.js';
import { translate } from './error-middleware.js';
import { STACK_TRACE } from './http.test-support.js';
import { breakResolver, post, unexpected, useHttpLayerFake } from './http-layer.test-support.js';

useHttpLayerFake();

describe('an unexpected error inside a resolver [ERR-INTERNAL-ENVELOPE, ERR-ENVELOPE]', () => {
  let restore: (() => void) | undefined;
  afterEach(() => {
    restore?.();
    restore = undefined;
  });

  it('answers 500 Internal server error in the envelope, with no stack, path or error text, and reports it', async () => {
    const boom = new Error('secret detail at /work/main/fake-server/domain/models.ts:12:34');
    restore = breakResolver('getSupportedModels', () => {
      throw boom;
    });
    const res = await post('/api/v1/getSupportedModels').send({});
    expect(res.status).toBe(500);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({ type: 'RXERROR', message: 'Internal server error' });
    expect(res.text).not.toMatch(STACK_TRACE);
    expect(res.text).not.toContain('secret detail');
    expect(unexpected).toEqual([boom]);
  });

  for (const [label, thrown] of [
    ['a string', 'plain string'],
    ['null', null],
    ['an object whose status is a string', { status: '400', message: 'odd' }],
    [
      'an http error with a 5xx status',
      Object.assign(new Error('upstream down'), { status: 503, expose: true }),
    ],
  ] as const) {
    it(`throwing ${label} also answers the 500 envelope`, async () => {
      restore = breakResolver('getOrganizationDetail', () => {
        throw thrown;
      });
      const res = await post('/api/v1/getOrganizationDetail').send({});
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ type: 'RXERROR', message: 'Internal server error' });
      expect(unexpected).toHaveLength(1);
    });
  }

  it('a failing onUnexpectedError hook does not change the answer', async () => {
    const noisy = createFakeServer({
      onUnexpectedError: () => {
        throw new Error('logger down');
      },
    });
    const token = noisy.targetConfig('http://x').tokens.owner!;
    restore = breakResolver('getSupportedModels', () => {
      throw new Error('boom');
    });
    const res = await request(noisy.app.callback())
      .post('/api/v1/getSupportedModels')
      .set('authorization', `Bearer ${token}`)
      .send({});
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ type: 'RXERROR', message: 'Internal server error' });
  });

  it('client errors of other libraries keep their 4xx; only exposed messages are shown [ERR-NEVER-5XX]', () => {
    expect(translate(Object.assign(new Error('Not Found'), { status: 404, expose: true }))).toEqual({
      status: 404,
      message: 'Not Found',
    });
    expect(translate(Object.assign(new Error('internal detail'), { status: 400, expose: false }))).toEqual({
      status: 400,
      message: 'Bad request',
    });
    expect(translate(new URIError('URI malformed')).status).toBe(400);
    expect(translate(Object.assign(new SyntaxError('Unexpected token'), { status: 400 }))).toEqual({
      status: 400,
      message: 'Invalid params: the body is not valid JSON',
    });
    expect(translate(undefined)).toEqual({ status: 500, message: 'Internal server error' });
  });
});
