/** Bad input of every kind gets a clear 4xx in the error envelope: routes, methods, bodies, sizes. */
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { httpInput } from '../../contract/index.js';
import { expectEnvelope, expectError, expectRefused, expectSuccess } from '../support/envelope.js';
import { INVALID_PARAMS } from '../support/messages.js';
import { assumed } from '../support/strength.js';
import { need, useTarget } from '../support/use-target.js';

const target = useTarget();

describe('bad input', () => {
  it('an unknown path answers 404 in the error envelope [ERR-UNKNOWN-ROUTE]', async () => {
    const res = await target().raw('/noSuchOperation');
    expectError(res, 404, 'Route not found');
  });

  it('GET on a known operation answers 405 with Allow: POST [ERR-METHOD-NOT-ALLOWED]', async () => {
    const res = await target().raw('/getMyProjects', { method: 'GET' });
    expectError(res, 405);
    assumed('ERR-METHOD-NOT-ALLOWED', () => expect(res.headers.allow).toBe('POST'));
  });

  it('malformed JSON answers 400 Invalid params [ERR-MALFORMED-JSON]', async () => {
    const res = await target().call('getMyProjects', {
      raw: { body: '{"limit": 1', contentType: 'application/json' },
    });
    expectError(res, 400, /^Invalid params/);
  });

  it('a JSON body that is not an object answers 400 Invalid params [ERR-BODY-NOT-OBJECT, ERR-INVALID-PARAMS-STATUS]', async () => {
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
      raw: {
        body: JSON.stringify({ project_uid: target().config.project_uid }),
        contentType: 'application/json',
      },
    });
    expectError(res, 415);
  });

  it('an empty body with no content type counts as {} [ERR-UNSUPPORTED-MEDIA-TYPE]', async () => {
    const res = await target().call('getMyProjects', { raw: { body: '' } });
    assumed('ERR-UNSUPPORTED-MEDIA-TYPE', () => expect(res.status).toBe(200));
  });

  it('a body over the size limit answers 413 in the envelope [ERR-BODY-TOO-LARGE]', async () => {
    const big = JSON.stringify({ search: 'x'.repeat(httpInput.maxBodyBytes + 10) });
    const res = await target().call('getMyProjects', { raw: { body: big, contentType: 'application/json' } });
    expectError(res, 413);
  });

  it('unknown fields are ignored [ERR-UNKNOWN-FIELDS-IGNORED]', async () => {
    const res = await target().call('getMyProjects', { body: { limit: 1, surprise: true, __proto__x: 1 } });
    assumed('ERR-UNKNOWN-FIELDS-IGNORED', () => expect(res.status).toBe(200));
  });

  it('a __proto__ key neither crashes nor pollutes [ERR-NEVER-5XX]', async () => {
    const res = await target().call('getMyProjects', {
      raw: { body: '{"__proto__":{"polluted":true},"limit":1}', contentType: 'application/json' },
    });
    expectEnvelope(res);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a __proto__ key is an ignored field: the rest of the body still applies [ERR-UNKNOWN-FIELDS-IGNORED]', async () => {
    const res = await target().call('getMyProjects', {
      raw: {
        body: '{"__proto__":{"limit":"not a number"},"constructor":{"prototype":{"x":1}},"limit":1}',
        contentType: 'application/json',
      },
    });
    assumed('ERR-UNKNOWN-FIELDS-IGNORED', () => {
      const { data } = expectSuccess<unknown[]>(res, 'getMyProjects');
      expect(data.length).toBeLessThanOrEqual(1);
    });
  });

  it('a string outside the enum of orderBy answers Invalid params [ERR-INVALID-PARAMS-MESSAGE, ERR-INVALID-PARAMS-STATUS]', async () => {
    // orderBy is `ASC`/`DESC`: another string is a bad body under any reading of the spec.
    for (const orderBy of ['RANDOM', 'createdAt']) {
      const res = await target().call('getMyProjects', { body: { orderBy } });
      expectError(res, 400, INVALID_PARAMS);
    }
  });

  it('JSON fields are not coerced: numeric strings, booleans and numbers in string fields answer 400 [ERR-JSON-NO-COERCION, ERR-INVALID-PARAMS-MESSAGE]', async () => {
    // Another JSON type than the field's: a server may read `"10"` as 10 or `true` as 1; refusing is the fake's choice.
    for (const body of [{ limit: '10' }, { page: '1' }, { search: 5 }, { orderBy: 1 }, { limit: true }]) {
      const res = await target().call('getMyProjects', { body });
      // Whatever a server chooses, a refusal of a bad body says `Invalid params`.
      if (res.status >= 400) expectRefused(res, /^Invalid params/);
      assumed('ERR-JSON-NO-COERCION', () => expectError(res, 400, INVALID_PARAMS));
    }
  });

  it('each failing field is listed in `errors` with its path [ERR-INVALID-PARAMS-STATUS]', async () => {
    const res = await target().call('getMyProjects', { body: { limit: 0, orderBy: 'UP', page: 1 } });
    expectError(res, 400, INVALID_PARAMS);
    assumed('ERR-INVALID-PARAMS-STATUS', () => {
      const errors = (res.json as { errors?: { path: string; message: string }[] }).errors ?? [];
      expect(errors.map((e) => e.path).sort()).toEqual(['limit', 'orderBy']);
      for (const e of errors) expect(typeof e.message).toBe('string');
    });
  });

  it('form text sent to a JSON operation answers 415 [ERR-UNSUPPORTED-MEDIA-TYPE, CONV-JSON-BODY]', async () => {
    const res = await target().call('getMyProjects', {
      raw: { body: 'limit=1', contentType: 'application/x-www-form-urlencoded' },
    });
    expectError(res, 415);
  });

  it('a non-empty body with no content type answers 415 [ERR-UNSUPPORTED-MEDIA-TYPE]', async () => {
    const res = await target().call('getMyProjects', { raw: { body: '{"limit":1}' } });
    expectError(res, 415);
  });

  it('an empty body counts as {} whatever its content type [ERR-UNSUPPORTED-MEDIA-TYPE, CONV-EMPTY-BODY-OBJECT]', async () => {
    // What the spec documents: the operation without parameters succeeds with the JSON body `{}`.
    expectSuccess(await target().call('getOrganizationDetail', { body: {} }), 'getOrganizationDetail');
    // No bytes at all, whatever the content type, read as `{}`: the fake's choice.
    for (const contentType of ['application/json', 'text/plain']) {
      const res = await target().call('getOrganizationDetail', { raw: { body: '', contentType } });
      assumed('ERR-UNSUPPORTED-MEDIA-TYPE', () => {
        expectSuccess(res, 'getOrganizationDetail');
      });
    }
  });

  it('media-type parameters and case are ignored [CONV-CONTENT-TYPE-PARAMS]', async (ctx) => {
    need(ctx, target(), { projectUid: true });
    for (const contentType of [
      'application/json; charset=utf-8',
      'Application/JSON',
      'application/json;charset=UTF-8',
    ]) {
      const res = await target().call('getMyProjects', { raw: { body: '{"limit":1}', contentType } });
      assumed('CONV-CONTENT-TYPE-PARAMS', () => {
        expectSuccess(res, 'getMyProjects');
      });
    }
    const form = `project_uid=${encodeURIComponent(target().config.project_uid!)}&limit=1`;
    for (const contentType of [
      'application/x-www-form-urlencoded; charset=UTF-8',
      'APPLICATION/X-WWW-FORM-URLENCODED',
    ]) {
      const res = await target().call('getSessions', { raw: { body: form, contentType } });
      assumed('CONV-CONTENT-TYPE-PARAMS', () => {
        expectSuccess(res, 'getSessions');
      });
    }
  });

  it('a form body over the size limit answers 413 too [ERR-BODY-TOO-LARGE, CONV-FORM-ENCODED]', async (ctx) => {
    need(ctx, target(), { projectUid: true });
    const form = `project_uid=${target().config.project_uid}&x=${'z'.repeat(httpInput.maxBodyBytes)}`;
    const res = await target().call('getSessions', {
      raw: { body: form, contentType: 'application/x-www-form-urlencoded' },
    });
    expectError(res, 413);
  });

  it('a gzip body is decoded; bytes that are not gzip answer 400; an unknown encoding answers 415 [ERR-CONTENT-ENCODING, ERR-NEVER-5XX]', async () => {
    const ok = await target().call('getMyProjects', {
      raw: { body: gzipSync('{"limit":1}'), contentType: 'application/json' },
      headers: { 'content-encoding': 'gzip' },
    });
    assumed('ERR-CONTENT-ENCODING', () => {
      expectSuccess(ok, 'getMyProjects');
    });
    const notGzip = await target().call('getMyProjects', {
      raw: { body: '{"limit":1}', contentType: 'application/json' },
      headers: { 'content-encoding': 'gzip' },
    });
    // That bytes which do not decode are a bad body (`Invalid params`) is the fake's reading of Content-Encoding.
    assumed('ERR-CONTENT-ENCODING', () => expectError(notGzip, 400, /^Invalid params/));
    const unknown = await target().call('getMyProjects', {
      raw: { body: '{"limit":1}', contentType: 'application/json' },
      headers: { 'content-encoding': 'x-squash' },
    });
    expectError(unknown, 415);
    for (const res of [ok, notGzip, unknown])
      assumed('ERR-NEVER-5XX', () => expect(res.status, res.text.slice(0, 200)).toBeLessThan(500));
  });

  it('another method on a known path with a trailing slash is still 405 [ERR-METHOD-NOT-ALLOWED, CONV-PATH-MATCHING]', async () => {
    const res = await target().raw('/getMyProjects/', { method: 'GET' });
    // The trailing slash routes to the known path (CONV-PATH-MATCHING), so the method decides: 405 with Allow.
    assumed('CONV-PATH-MATCHING', () => {
      expectError(res, 405);
      assumed('ERR-METHOD-NOT-ALLOWED', () => expect(res.headers.allow).toBe('POST'));
    });
  });
});
