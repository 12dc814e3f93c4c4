/** The domain's error values: what the HTTP layer turns into the envelope. */
import { describe, expect, it } from 'vitest';
import { clauseById } from '../../contract/clauses/index.js';
import { DomainError, errors, invalidParams, messages } from './errors.js';

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

  it('a DomainError made without clauses names none', () => {
    expect(new DomainError(409, 'Conflict').clauses).toEqual([]);
  });

  it('invalidParams: 400 Invalid params, with no details unless given, stated by the two invalid-params clauses', () => {
    expect(invalidParams()).toMatchObject({ status: 400, message: messages.invalidParams, details: [] });
    expect(invalidParams().clauses).toEqual(['ERR-INVALID-PARAMS-STATUS', 'ERR-INVALID-PARAMS-MESSAGE']);
    for (const id of invalidParams().clauses) expect(clauseById(id), id).toBeDefined();
    expect(invalidParams([{ path: 'limit', message: 'too big' }]).details).toEqual([
      { path: 'limit', message: 'too big' },
    ]);
  });
});

describe('named errors [ERR-ENVELOPE]', () => {
  it('each names clauses of the catalogue and a 4xx status, and the error it makes carries both', () => {
    for (const [name, make] of Object.entries(errors)) {
      expect(make.clauses.length, name).toBeGreaterThan(0);
      for (const id of make.clauses) expect(clauseById(id), `${name}: ${id}`).toBeDefined();
      expect(make.status, name).toBeGreaterThanOrEqual(400);
      expect(make.status, name).toBeLessThan(500);
    }
    const err = errors.tokenNotFound(7);
    expect([err.status, err.message, err.clauses]).toEqual([
      404,
      'Token 7 not found',
      ['FAKE-CONTROL-SEEDING'],
    ]);
    expect(errors.methodNotAllowed('GET').headers).toEqual({ Allow: 'POST' });
    expect(errors.methodNotAllowed('PUT', 'GET, POST')).toMatchObject({
      message: 'Method PUT not allowed; use GET, POST',
      headers: { Allow: 'GET, POST' },
    });
    expect(errors.rateLimited('Too many', { 'retry-after': '3' })).toMatchObject({
      status: 429,
      message: 'Too many',
      headers: { 'retry-after': '3' },
    });
  });

  it('the spec quotes these messages word for word [ERR-401-MESSAGE, ERR-403-MESSAGE, AUTH-UNKNOWN-PROJECT]', () => {
    expect(errors.invalidToken()).toMatchObject({ status: 401, message: 'Invalid or revoked API token' });
    expect(errors.forbidden()).toMatchObject({
      status: 403,
      message: 'You do not have permission to perform this action',
    });
    expect(errors.projectNotFound()).toMatchObject({ status: 404, message: 'Project not found' });
  });
});
