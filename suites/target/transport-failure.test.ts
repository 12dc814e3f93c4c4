/**
 * A transport failure is silence, never a failure of the harness (HARNESS-TRANSPORT-SILENCE): the error codes undici
 * and fetch give for a target that is not there (refused, reset, DNS, TLS, a socket closed) and for a slow one, read
 * wherever they put them; anything else is not a transport failure.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { isSilence } from './answers.js';
import { transportFailureOf } from './transport.js';

const coded = (code: string, message = code) => Object.assign(new Error(message), { code });

describe('transportFailureOf [HARNESS-TRANSPORT-SILENCE]', () => {
  it.each([
    ['ECONNREFUSED', 'connection refused', true],
    ['ECONNRESET', 'connection reset', true],
    ['EPIPE', 'connection broken (EPIPE)', true],
    ['UND_ERR_SOCKET', 'connection closed by the other side', true],
    ['ENOTFOUND', 'host name not found (DNS)', true],
    ['EAI_AGAIN', 'host name lookup failed (DNS, EAI_AGAIN)', true],
    ['ETIMEDOUT', 'connection timed out', true],
    ['UND_ERR_CONNECT_TIMEOUT', 'connection timed out', true],
    ['CERT_HAS_EXPIRED', 'TLS failure (CERT_HAS_EXPIRED)', true],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'TLS failure (DEPTH_ZERO_SELF_SIGNED_CERT)', true],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'TLS failure (ERR_TLS_CERT_ALTNAME_INVALID)', true],
    ['ERR_SSL_WRONG_VERSION_NUMBER', 'TLS failure (ERR_SSL_WRONG_VERSION_NUMBER)', true],
    ['UND_ERR_HEADERS_TIMEOUT', 'timeout', false],
    ['UND_ERR_BODY_TIMEOUT', 'timeout', false],
  ])('%s is "%s" (a connection failure: %s)', (code, cause, connection) => {
    expect(transportFailureOf(coded(code))).toEqual({ cause, connection, code });
    expect(isSilence(coded(code))).toBe(true);
  });

  it("reads the code on fetch's cause and on an AggregateError's members", () => {
    const fetchFailed = new TypeError('fetch failed', { cause: coded('ECONNRESET') });
    expect(transportFailureOf(fetchFailed)?.cause).toBe('connection reset');
    const aggregate = new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')], 'connect failed');
    expect(transportFailureOf(aggregate)?.cause).toBe('connection refused');
  });

  it('anything else is not a transport failure: an assertion, a TypeError, an abort, an unknown code', () => {
    for (const err of [
      new Error('expected 200 to be 401'),
      new TypeError("Cannot read properties of undefined (reading 'data')"),
      new TypeError('fetch failed', { cause: new Error('bad port') }),
      Object.assign(new Error('This operation was aborted'), { name: 'AbortError', code: 20 }),
      coded('ERR_INVALID_ARG_TYPE'),
      undefined,
      'ECONNREFUSED',
    ]) {
      expect(transportFailureOf(err)).toBeUndefined();
      expect(isSilence(err)).toBe(false);
    }
  });

  it('what undici really throws: a port where nothing listens, a socket closed, a host that does not resolve', async () => {
    const server = createServer((req) => req.socket.destroy());
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const { port } = server.address() as AddressInfo;
    const thrown = (url: string) =>
      request(url, { method: 'POST', body: '{}' }).then(
        () => undefined,
        (err: unknown) => transportFailureOf(err)?.cause,
      );
    try {
      expect(await thrown(`http://127.0.0.1:${port}/api/v1/getMyProjects`)).toBe(
        'connection closed by the other side',
      );
    } finally {
      await new Promise<void>((done) => server.close(() => done()));
    }
    expect(await thrown(`http://127.0.0.1:${port}/api/v1/getMyProjects`)).toBe('connection refused');
    expect(await thrown('http://staging.invalid/api/v1/getMyProjects')).toBe('host name not found (DNS)');
  });
});
