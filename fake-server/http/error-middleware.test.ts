/**
 * translate(): what an error that is not a DomainError answers (status and message, never the error's own text unless
 * it is a client error meant to be exposed), and reportUnexpected(): only 5xx answers reach the hook, and a hook that
 * throws changes nothing.
 */
import { describe, expect, it, vi } from 'vitest';
import { reportUnexpected, translate } from './error-middleware.js';

const INTERNAL = { status: 500, message: 'Internal server error' };
const JSON_400 = { status: 400, message: 'Invalid params: the body is not valid JSON' };
const parseError = Object.assign(new SyntaxError('Unexpected token'), { status: 400 });

describe('translate: errors the fake did not name [FAKE-HTTP-LAYER-ENVELOPE, ERR-BODY-TOO-LARGE, ERR-MALFORMED-JSON]', () => {
  it.each<[string, unknown, { status: number; message: string }]>([
    [
      'a malformed URL',
      new URIError('URI malformed'),
      { status: 400, message: 'Bad request: malformed URL encoding' },
    ],
    ['a thrown string', 'boom', INTERNAL],
    ['null', null, INTERNAL],
    ['an error with no status', new Error('secret detail'), INTERNAL],
    ['status 413', { status: 413 }, { status: 413, message: 'Request body too large' }],
    ['statusCode 413', { statusCode: 413 }, { status: 413, message: 'Request body too large' }],
    [
      'status not a number, statusCode 413',
      { status: '413', statusCode: 413 },
      { status: 413, message: 'Request body too large' },
    ],
    [
      'status 413, statusCode 400',
      { status: 413, statusCode: 400 },
      { status: 413, message: 'Request body too large' },
    ],
    ['a fractional status', { status: 404.5 }, INTERNAL],
    [
      '415 with its message',
      { status: 415, message: 'Unsupported charset "x"' },
      { status: 415, message: 'Unsupported charset "x"' },
    ],
    ['415 without one', { status: 415 }, { status: 415, message: 'Unsupported content type' }],
    [
      '415 with a message not a string',
      { status: 415, message: 5 },
      { status: 415, message: 'Unsupported content type' },
    ],
    ['400 entity.parse.failed', { status: 400, type: 'entity.parse.failed', message: 'at 3' }, JSON_400],
    ['400 SyntaxError', parseError, JSON_400],
    [
      '400 of another kind',
      { status: 400, type: 'charset.unsupported', expose: true, message: 'Bad charset' },
      { status: 400, message: 'Bad charset' },
    ],
    [
      '401 entity.parse.failed',
      { status: 401, type: 'entity.parse.failed' },
      { status: 401, message: 'Bad request' },
    ],
    ['404 exposed', { status: 404, expose: true, message: 'Nope' }, { status: 404, message: 'Nope' }],
    [
      '404 not exposed',
      { status: 404, expose: false, message: 'Nope' },
      { status: 404, message: 'Bad request' },
    ],
    [
      '404 exposed with an empty message',
      { status: 404, expose: true, message: '' },
      { status: 404, message: 'Bad request' },
    ],
    ['499', { status: 499 }, { status: 499, message: 'Bad request' }],
    ['399', { status: 399, expose: true, message: 'odd' }, INTERNAL],
    ['500 exposed', { status: 500, expose: true, message: 'db down' }, INTERNAL],
  ])('%s', (_name, err, answer) => {
    expect(translate(err)).toEqual(answer);
  });
});

describe('reportUnexpected [FAKE-HTTP-LAYER-ENVELOPE]', () => {
  it('hands only a 5xx answer’s error to the hook', () => {
    const hook = vi.fn();
    const err = new Error('bug');
    reportUnexpected(hook, err, 499);
    expect(hook).not.toHaveBeenCalled();
    reportUnexpected(hook, err, 500);
    expect(hook).toHaveBeenCalledWith(err);
  });

  it('a hook that throws changes nothing', () => {
    expect(() =>
      reportUnexpected(
        () => {
          throw new Error('hook broke');
        },
        new Error('bug'),
        503,
      ),
    ).not.toThrow();
  });
});
