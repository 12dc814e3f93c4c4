/**
 * Requests a server's HTTP layer meets before any operation does (issue 40, item 2): a malformed percent-escape in
 * the path, header fields larger than a server takes, Content-Length beside Transfer-Encoding, a chunk size that is
 * no number. Each is written byte for byte on its own connection (suites/target/raw-http.ts exactBytes, through
 * Target.raw, so it is budgeted and counted and a 5xx is a server error of the run as any other).
 *
 * Strength, from the spec's words: "Error envelope: `type` = `RXERROR`, `message` (string)." is a convention of the
 * operations' answers, and "HTTP status codes of errors other than 401, 403, 429: not shown."; a request that names no
 * operation, or that the HTTP layer refuses before an operation reads it, is not clearly covered, so its 4xx in the
 * envelope is assumed (ERR-BEFORE-OPERATION-ENVELOPE: a warning on a staging). What is documented is checked hard:
 * a Content-Length beside Transfer-Encoding that a server reads is read by its chunked coding (RFC 9112), so it
 * answers as the chunked request does (CONV-HTTP-FRAMING). The fake's exact answers are FAKE-HTTP-LAYER-ENVELOPE and
 * ERR-UNKNOWN-ROUTE.
 */
import { describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '../../contract/index.js';
import { expectSuccess } from '../support/envelope.js';
import { assumed, documented } from '../support/strength.js';
import { need, useTarget } from '../support/use-target.js';
import { exactBytes, type Framing } from '../target/raw-http.js';
import type { Auth } from '../target/target.js';
import type { RawResponse } from '../target/transport.js';
import { fixed } from './transports.test-support.js';

const target = useTarget();

/** A body a server that reads nothing of it answers otherwise (every project, not the first alone). */
const BODY = { limit: 1, orderBy: 'ASC' };

/** A 4xx in the error envelope, never a 5xx (ERR-BEFORE-OPERATION-ENVELOPE; a 5xx is a server error besides). */
function expectRefusedInEnvelope(res: RawResponse): void {
  assumed('ERR-NEVER-5XX', () => expect(res.status, 'no 5xx').toBeLessThan(500));
  assumed('ERR-BEFORE-OPERATION-ENVELOPE', () => {
    expect(res.status, `a 4xx; body: ${res.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
    expect(res.status, `a 4xx; body: ${res.text.slice(0, 200)}`).toBeLessThan(500);
    expect(
      ErrorEnvelope.safeParse(res.json).success,
      `the error envelope; body: ${res.text.slice(0, 200)}`,
    ).toBe(true);
  });
}

/** The fake's own answer to what its HTTP layer refuses (FAKE-HTTP-LAYER-ENVELOPE). */
function expectFakeRefusal(res: RawResponse, status: number, message: string): void {
  assumed('FAKE-HTTP-LAYER-ENVELOPE', () => {
    expect(res.status, 'status').toBe(status);
    expect((res.json as { message?: unknown } | undefined)?.message, 'message').toBe(message);
    expect(res.headers.connection ?? '', 'Connection').toMatch(/close/i);
  });
}

describe('a malformed percent-escape in the path', () => {
  const owner: Auth = { token: 'owner' };
  it.for([
    ['/getMyProjects%zz', 'a Platform path, %zz'],
    ['/getMyProjects%E0%A4%A', 'a Platform path, an escape cut short'],
    ['/get%MyProjects', 'a Platform path, a lone %'],
    ['/createSession%zz', 'a Project Integration path, %zz'],
  ] as const)(
    '%s (%s) gets a 4xx in the error envelope, never a 5xx [ERR-BEFORE-OPERATION-ENVELOPE, ERR-NEVER-5XX, ERR-UNKNOWN-ROUTE]',
    async ([path], ctx) => {
      const integration = path.startsWith('/createSession');
      need(ctx, target(), integration ? { projectKey: true } : { tokens: ['owner'] });
      const auth: Auth = integration ? { headers: { 'api-key': target().config.project_key! } } : owner;
      const res = await target().raw(path, { body: {}, auth, transport: exactBytes() });
      expectRefusedInEnvelope(res);
      // No operation has such a path: the fake answers as to any unknown path.
      assumed('ERR-UNKNOWN-ROUTE', () => {
        expect(res.status).toBe(404);
        expect((res.json as { message?: unknown } | undefined)?.message).toBe('Route not found');
      });
    },
  );
});

describe('header fields larger than a server takes', () => {
  it.for([20, 40])(
    'a %i KiB header field on getMyProjects is refused with a 4xx in the error envelope, or read as the request without it [ERR-BEFORE-OPERATION-ENVELOPE, FAKE-HTTP-LAYER-ENVELOPE, ERR-NEVER-5XX]',
    async (kib, ctx) => {
      need(ctx, target(), { tokens: ['owner'] });
      const plain = await target().call('getMyProjects', { body: BODY });
      expectSuccess(plain, 'getMyProjects');
      const padding = [['x-padding', 'a'.repeat(kib * 1024)]] as const;
      const res = await target().raw('/getMyProjects', {
        body: BODY,
        transport: exactBytes({ extraHeaders: padding }),
      });
      if (res.status < 400)
        assumed('ERR-BEFORE-OPERATION-ENVELOPE', () => expect(fixed(res)).toEqual(fixed(plain)));
      else expectRefusedInEnvelope(res);
      // Node's default limit is 16 KiB of header fields: the fake refuses both sizes with 431.
      expectFakeRefusal(res, 431, 'Request header fields too large');
    },
  );
});

describe('bodies framed two ways or not at all', () => {
  it('Content-Length beside Transfer-Encoding: chunked is refused with a 4xx in the error envelope, or read by its chunked coding as the chunked request is [CONV-HTTP-FRAMING, ERR-BEFORE-OPERATION-ENVELOPE, FAKE-HTTP-LAYER-ENVELOPE, ERR-NEVER-5XX]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    const send = (framing: Framing) =>
      target().raw('/getMyProjects', { body: BODY, transport: exactBytes({ framing }) });
    const chunked = await send('chunked');
    expectSuccess(chunked, 'getMyProjects');
    const both = await send('length-and-chunked');
    // RFC 9112 §6.3: a server may refuse such a request; one that reads it reads the chunked coding.
    if (both.status < 400) documented('CONV-HTTP-FRAMING', () => expect(fixed(both)).toEqual(fixed(chunked)));
    else expectRefusedInEnvelope(both);
    expectFakeRefusal(both, 400, 'Invalid params: malformed HTTP request');
  });

  it('a chunk size that is no hexadecimal number is refused with a 4xx in the error envelope [ERR-BEFORE-OPERATION-ENVELOPE, FAKE-HTTP-LAYER-ENVELOPE, ERR-NEVER-5XX]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    const res = await target().raw('/getMyProjects', {
      body: BODY,
      transport: exactBytes({ framing: 'bad-chunk-size' }),
    });
    expectRefusedInEnvelope(res);
    expectFakeRefusal(res, 400, 'Invalid params: malformed HTTP request');
  });
});
