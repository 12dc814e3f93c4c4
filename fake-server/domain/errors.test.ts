/** The domain's error values: what the HTTP layer turns into the envelope. */
import { describe, expect, it } from 'vitest';
import { DomainError, invalidParams, messages } from './errors.js';

describe('domain errors [ERR-ENVELOPE, ERR-INVALID-PARAMS-MESSAGE]', () => {
  it('a DomainError is an Error named DomainError with its status, message and details', () => {
    const err = new DomainError(404, 'Session not found', [{ path: 'x', message: 'y' }]);
    expect(err).toBeInstanceOf(Error);
    expect(err.name).toBe('DomainError');
    expect([err.status, err.message, err.details]).toEqual([
      404,
      'Session not found',
      [{ path: 'x', message: 'y' }],
    ]);
  });

  it('invalidParams: 400 Invalid params, with no details unless given', () => {
    expect(invalidParams()).toMatchObject({ status: 400, message: messages.invalidParams, details: [] });
    expect(invalidParams([{ path: 'limit', message: 'too big' }]).details).toEqual([
      { path: 'limit', message: 'too big' },
    ]);
  });
});
