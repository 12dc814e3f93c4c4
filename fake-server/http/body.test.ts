/**
 * readBody's translation of what the body parser throws (koa-bodyparser, co-body, raw-body, zlib) into the client's
 * error: the request stream fails with a parser-shaped error (status or statusCode, type, message) and readBody must
 * answer the 4xx that error stands for, never a 5xx. Real requests through the app: http-layer.bodies.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import { gzipSync } from 'node:zlib';
import Koa from 'koa';
import { describe, expect, it } from 'vitest';
import { type BodyEncoding, httpInput } from '../../contract/index.js';
import { DomainError, errors } from '../domain/errors.js';
import { readBody } from './body.js';

const TYPES: Record<BodyEncoding, string> = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
};

/** A Koa context over a request stream with a body of `encoding`'s content type (16 bytes unless `headers` say). */
function bodyRequest(encoding: BodyEncoding, headers: Record<string, string> = {}) {
  const req = Object.assign(new PassThrough(), {
    method: 'POST',
    url: '/api/v1/any',
    headers: { 'content-type': TYPES[encoding], 'content-length': '16', ...headers },
  });
  const ctx = new Koa().createContext(req as unknown as IncomingMessage, {} as ServerResponse);
  return { ctx, req };
}

/** What readBody throws when the body stream fails with `err` while it is read. */
async function failureFor(err: Error, encoding: BodyEncoding = 'json'): Promise<DomainError> {
  const { ctx, req } = bodyRequest(encoding);
  const reading = readBody(ctx, encoding);
  setImmediate(() => req.destroy(err));
  const thrown = await reading.then(
    () => new Error('readBody resolved'),
    (e: unknown) => e,
  );
  expect(thrown).toBeInstanceOf(DomainError);
  return thrown as DomainError;
}

/** A parser-shaped error: an Error with these extra fields. */
const parserError = (fields: Record<string, unknown>, message = 'parser says no') =>
  Object.assign(new Error(message), fields);

const TOO_LARGE = { status: 413, message: 'Request body too large' };
const NOT_JSON = { status: 400, message: 'Invalid params: the body is not valid JSON', details: [] };
const UNDECODABLE = {
  status: 400,
  message: 'Invalid params: the body does not decode under its Content-Encoding',
  details: [],
};

describe('a body over the limit, however the parser says so, is 413 [ERR-BODY-TOO-LARGE, ERR-NEVER-5XX]', () => {
  it.each([
    { says: 'status 413 only', fields: { status: 413 } },
    { says: 'statusCode 413 only', fields: { statusCode: 413 } },
    { says: "type 'entity.too.large' only", fields: { type: 'entity.too.large' } },
  ])('$says', async ({ fields }) => {
    expect(await failureFor(parserError(fields))).toMatchObject(TOO_LARGE);
  });

  it('status wins over statusCode when both are numbers', async () => {
    expect(await failureFor(parserError({ status: 413, statusCode: 400 }))).toMatchObject(TOO_LARGE);
  });
});

describe('an unsupported encoding from the parser is 415 naming it [ERR-CONTENT-ENCODING]', () => {
  const unsupported = (message: unknown) => failureFor(parserError({ status: 415, message }));

  it('a short parser message is appended to the answer', async () => {
    const err = await unsupported('Unsupported Content-Encoding: zstd');
    expect(err).toMatchObject({
      status: 415,
      message: 'Unsupported request body: Unsupported Content-Encoding: zstd',
    });
  });

  it('a message of up to 200 characters is kept, a longer one is left out', async () => {
    const exactly200 = 'e'.repeat(200);
    expect((await unsupported(exactly200)).message).toBe(`Unsupported request body: ${exactly200}`);
    expect((await unsupported('e'.repeat(201))).message).toBe('Unsupported request body');
  });

  it('an error without a message text still answers 415, with no detail', async () => {
    expect(await unsupported(undefined)).toMatchObject({ status: 415, message: 'Unsupported request body' });
  });
});

describe('bytes that do not parse are 400 Invalid params [ERR-MALFORMED-JSON, CONV-FORM-ENCODED]', () => {
  it.each([
    { says: 'status 400 only', err: () => parserError({ status: 400 }) },
    { says: "type 'entity.parse.failed' only", err: () => parserError({ type: 'entity.parse.failed' }) },
    { says: 'a bare SyntaxError', err: () => new SyntaxError('Unexpected token } in JSON') },
  ])('JSON, $says: the body is not valid JSON, no field details', async ({ err }) => {
    expect(await failureFor(err())).toMatchObject(NOT_JSON);
  });

  it('a form body that does not parse says form data, not JSON', async () => {
    expect(await failureFor(parserError({ status: 400 }), 'form')).toMatchObject({
      status: 400,
      message: 'Invalid params: the body is not valid form data',
      details: [],
    });
  });
});

describe('anything else is bytes that do not decode: 400 [ERR-CONTENT-ENCODING, ERR-NEVER-5XX]', () => {
  it('a zlib error (no status, no type) is 400 naming the Content-Encoding, no field details', async () => {
    const zlib = parserError({ code: 'Z_DATA_ERROR', errno: -3 }, 'incorrect header check');
    expect(await failureFor(zlib)).toMatchObject(UNDECODABLE);
  });

  it('non-numeric status fields count as none', async () => {
    expect(await failureFor(parserError({ status: '413', statusCode: '400' }))).toMatchObject(UNDECODABLE);
  });

  it("a DomainError raised while the body is read is the answer as it stands, not re-read as a parser's", async () => {
    const err = await failureFor(errors.unsupportedEncoding('zstd'));
    expect(err).toMatchObject({ status: 415, message: 'Unsupported content encoding: zstd' });
  });
});

describe('the declared Content-Length is checked before reading [ERR-BODY-TOO-LARGE]', () => {
  /** A JSON object of exactly `bytes` bytes. */
  const jsonOf = (bytes: number) => Buffer.from(`{"pad":"${'p'.repeat(bytes - 10)}"}`);

  it('a body of exactly the limit is read', async () => {
    const body = jsonOf(httpInput.maxBodyBytes);
    const { ctx, req } = bodyRequest('json', { 'content-length': String(body.length) });
    req.end(body);
    expect(await readBody(ctx, 'json')).toMatchObject({ pad: expect.any(String) });
  });

  it('a Content-Length over the limit is 413 unread, though its gzip bytes would decode to less', async () => {
    const body = gzipSync(jsonOf(httpInput.maxBodyBytes - 100), { level: 0 });
    expect(body.length).toBeGreaterThan(httpInput.maxBodyBytes);
    const { ctx, req } = bodyRequest('json', {
      'content-length': String(body.length),
      'content-encoding': 'gzip',
    });
    req.end(body);
    await expect(readBody(ctx, 'json')).rejects.toMatchObject(TOO_LARGE);
  });
});

describe('no body to read is {} [ERR-UNSUPPORTED-MEDIA-TYPE]', () => {
  it('a request whose body parsing was switched off (koa-bodyparser ctx.disableBodyParser) reads as {}', async () => {
    const { ctx, req } = bodyRequest('json');
    (ctx as { disableBodyParser?: boolean }).disableBodyParser = true;
    req.end('{"x":1}');
    expect(await readBody(ctx, 'json')).toEqual({});
  });
});
