/** Bad input of every kind gets a clear 4xx in the error envelope: routes, methods, bodies, sizes. */
import { describe, expect, it } from 'vitest';
import { httpInput } from '../../contract/index.js';
import { expectEnvelope, expectError } from '../support/envelope.js';
import { useTarget } from '../support/use-target.js';

const target = useTarget();

describe('bad input', () => {
  it('an unknown path answers 404 in the error envelope [ERR-UNKNOWN-ROUTE]', async () => {
    const res = await target().raw('/noSuchOperation');
    expectError(res, 404, 'Route not found');
  });

  it('GET on a known operation answers 405 with Allow: POST [ERR-METHOD-NOT-ALLOWED]', async () => {
    const res = await target().raw('/getMyProjects', { method: 'GET' });
    expectError(res, 405);
    expect(res.headers.allow).toBe('POST');
  });

  it('malformed JSON answers 400 Invalid params [ERR-MALFORMED-JSON]', async () => {
    const res = await target().call('getMyProjects', { raw: { body: '{"limit": 1', contentType: 'application/json' } });
    expectError(res, 400, /^Invalid params/);
  });

  it('a JSON body that is not an object answers 400 Invalid params [ERR-INVALID-PARAMS-STATUS]', async () => {
    for (const body of ['[]', '42', '"text"', 'null']) {
      const res = await target().call('getMyProjects', { raw: { body, contentType: 'application/json' } });
      expectError(res, 400, /^Invalid params/);
    }
  });

  it('a body in a content type the operation does not take answers 415 [ERR-UNSUPPORTED-MEDIA-TYPE]', async () => {
    const res = await target().call('getMyProjects', { raw: { body: 'limit=1', contentType: 'text/plain' } });
    expectError(res, 415);
  });

  it('JSON sent to a form-urlencoded operation answers 415 [ERR-UNSUPPORTED-MEDIA-TYPE, CONV-FORM-ENCODED]', async () => {
    const res = await target().call('getSessions', {
      raw: { body: JSON.stringify({ project_uid: target().config.project_uid }), contentType: 'application/json' },
    });
    expectError(res, 415);
  });

  it('an empty body with no content type counts as {} [ERR-UNSUPPORTED-MEDIA-TYPE]', async () => {
    const res = await target().call('getMyProjects', { raw: { body: '' } });
    expect(res.status).toBe(200);
  });

  it('a body over the size limit answers 413 in the envelope [ERR-BODY-TOO-LARGE]', async () => {
    const big = JSON.stringify({ search: 'x'.repeat(httpInput.maxBodyBytes + 10) });
    const res = await target().call('getMyProjects', { raw: { body: big, contentType: 'application/json' } });
    expectError(res, 413);
  });

  it('unknown fields are ignored [ERR-UNKNOWN-FIELDS-IGNORED]', async () => {
    const res = await target().call('getMyProjects', { body: { limit: 1, surprise: true, __proto__x: 1 } });
    expect(res.status).toBe(200);
  });

  it('a __proto__ key neither crashes nor pollutes [ERR-NEVER-5XX]', async () => {
    const res = await target().call('getMyProjects', {
      raw: { body: '{"__proto__":{"polluted":true},"limit":1}', contentType: 'application/json' },
    });
    expectEnvelope(res);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
