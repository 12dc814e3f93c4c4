/**
 * Unit tests of the fake's HTTP layer through its test seam, `supertest(createFakeServer().app.callback())`: what
 * the black-box suites cannot see (an unexpected error inside a resolver, the journal, the control secret, body
 * decoding limits, prototype keys).
 */
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../contract/control-journal.js';
import { ErrorEnvelope, httpInput } from '../../contract/index.js';
import { createFakeServer, DEFAULT_ADMIN_SECRET, type FakeServer } from '../index.js';
import { JOURNAL_CAPACITY } from '../runtime.js';
import { translate } from './error-middleware.js';
import { STACK_TRACE } from './http.test-support.js';
import { platformHandlers, type Resolver } from './platform-handlers.js';

const SECRET = DEFAULT_ADMIN_SECRET;

let fake: FakeServer;
let unexpected: unknown[];
let owner: string;
let projectUid: string;

beforeEach(() => {
  unexpected = [];
  fake = createFakeServer({ onUnexpectedError: (err) => unexpected.push(err) });
  const config = fake.targetConfig('http://127.0.0.1:4010');
  owner = config.tokens.owner!;
  projectUid = config.project_uid!;
});

const app = () => fake.app.callback();
const post = (path: string) => request(app()).post(path).set('authorization', `Bearer ${owner}`);
/** Send these bytes as they are (superagent would JSON-serialize a Buffer under a JSON content type). */
const asIs = (body: unknown) => body as string;

/** Replace one resolver for the duration of a test. */
function breakResolver(id: string, fn: Resolver): () => void {
  const original = platformHandlers[id]!;
  platformHandlers[id] = fn;
  return () => {
    platformHandlers[id] = original;
  };
}

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

describe('the request journal [FAKE-REQUEST-JOURNAL]', () => {
  const journal = async () =>
    (await request(app()).get('/_control/journal').set('x-control-secret', SECRET)).body
      .data as JournalEntry[];

  it('records method, path, operation, status and message of public requests, not control requests', async () => {
    await post('/api/v1/getMyProjects').send({ limit: 1 });
    await request(app()).post('/api/v1/getMyProjects').send({});
    await request(app()).get('/api/v1/getMyProjects');
    await request(app()).post('/api/v1/nothingHere').send({});
    await request(app()).post('/_control/clock/advance').set('x-control-secret', SECRET).send({ hours: 1 });
    await post('/org/api/v1/getOrganizationDetail').send({});

    const entries = await journal();
    expect(entries.map(({ at: _at, ...e }) => e)).toEqual([
      {
        method: 'POST',
        path: '/api/v1/getMyProjects',
        operation: 'getMyProjects',
        status: 200,
        message: 'Projects fetched successfully',
      },
      {
        method: 'POST',
        path: '/api/v1/getMyProjects',
        operation: 'getMyProjects',
        status: 401,
        message: 'Invalid or revoked API token',
      },
      {
        method: 'GET',
        path: '/api/v1/getMyProjects',
        operation: null,
        status: 405,
        message: 'Method GET not allowed; use POST',
      },
      {
        method: 'POST',
        path: '/api/v1/nothingHere',
        operation: null,
        status: 404,
        message: 'Route not found',
      },
      {
        method: 'POST',
        path: '/org/api/v1/getOrganizationDetail',
        operation: 'getOrganizationDetail',
        status: 200,
        message: 'Organization fetched successfully',
      },
    ]);
    // Times come from the virtual clock: the last request came after the one-hour advance.
    const [first, , , , last] = entries;
    expect(Date.parse(last!.at) - Date.parse(first!.at)).toBe(3_600_000);
  });

  it('records unexpected failures too, with their 500', async () => {
    const restore = breakResolver('getSupportedModels', () => {
      throw new Error('boom');
    });
    try {
      await post('/api/v1/getSupportedModels').send({});
    } finally {
      restore();
    }
    expect((await journal()).at(-1)).toMatchObject({ operation: 'getSupportedModels', status: 500 });
  });

  it('only the control prefix itself is excluded: /_controlled is a public path and is recorded', async () => {
    await request(app()).post('/_controlled').send({});
    expect((await journal()).map((e) => e.path)).toEqual(['/_controlled']);
  });

  it('is cleared through the control API, and keeps only the latest entries', async () => {
    await request(app()).post('/api/v1/nothingHere').send({});
    const cleared = await request(app()).delete('/_control/journal').set('x-control-secret', SECRET);
    expect(cleared.status).toBe(200);
    expect(await journal()).toEqual([]);

    for (let i = 0; i < JOURNAL_CAPACITY + 5; i += 1) {
      fake.runtime.record({
        at: '',
        method: 'POST',
        path: `/n${i}`,
        operation: null,
        status: 404,
        message: null,
      });
    }
    const entries = await journal();
    expect(entries).toHaveLength(JOURNAL_CAPACITY);
    expect(entries[0]!.path).toBe('/n5');
  });
});

describe('the control API refuses a wrong secret [FAKE-CONTROL-SECRET, ERR-ENVELOPE]', () => {
  for (const [label, headers] of [
    ['no secret', {}],
    ['a wrong secret', { 'x-control-secret': 'guess' }],
    ['the secret in another header', { authorization: `Bearer ${SECRET}` }],
  ] as const) {
    it(`${label}: 401 in the envelope, and nothing changes`, async () => {
      const clockBefore = (await request(app()).get('/_control/clock').set('x-control-secret', SECRET)).body
        .data.now;
      await post('/api/v1/getMyProjects').send({});

      const advance = await request(app()).post('/_control/clock/advance').set(headers).send({ days: 3 });
      expect(advance.status).toBe(401);
      expect(advance.body).toEqual({ type: 'RXERROR', message: 'Invalid control secret' });
      const reset = await request(app()).post('/_control/reset').set(headers).send({});
      expect(reset.status).toBe(401);
      const read = await request(app()).get('/_control/journal').set(headers);
      expect(read.status).toBe(401);
      expect(read.body.data).toBeUndefined();

      const clockAfter = (await request(app()).get('/_control/clock').set('x-control-secret', SECRET)).body
        .data.now;
      expect(clockAfter).toBe(clockBefore);
      // The journal survived the refused reset.
      const journal = (await request(app()).get('/_control/journal').set('x-control-secret', SECRET)).body
        .data;
      expect(journal.some((e: { path: string }) => e.path === '/api/v1/getMyProjects')).toBe(true);
    });
  }

  it('another capitalisation of the prefix reaches no control route without the secret', async () => {
    for (const path of ['/_CONTROL/target', '/_Control/clock', '/_control/TARGET']) {
      const res = await request(app()).get(path);
      expect(res.status, path).not.toBe(200);
      expect(res.body.data, path).toBeUndefined();
    }
    const advance = await request(app()).post('/_CONTROL/clock/advance').send({ days: 3 });
    expect(advance.status).not.toBe(200);
  });
});

describe('body decoding [ERR-NEVER-5XX]', () => {
  it('a chunked body with no Content-Length over the limit answers 413 [ERR-BODY-TOO-LARGE]', async () => {
    const server = createServer(app());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/v1/getMyProjects',
            headers: {
              authorization: `Bearer ${owner}`,
              'content-type': 'application/json',
              'transfer-encoding': 'chunked',
            },
          },
          (r) => {
            let body = '';
            r.on('data', (c) => {
              body += c;
            });
            r.on('end', () => resolve({ status: r.statusCode ?? 0, body }));
          },
        );
        req.on('error', reject);
        const chunk = 'x'.repeat(64 * 1024);
        req.write('{"search":"');
        for (let sent = 0; sent <= httpInput.maxBodyBytes; sent += chunk.length) req.write(chunk);
        req.end('"}');
      });
      expect(res.status).toBe(413);
      expect(ErrorEnvelope.safeParse(JSON.parse(res.body)).success).toBe(true);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('a small gzip body that inflates past the limit answers 413 [ERR-BODY-TOO-LARGE, ERR-CONTENT-ENCODING]', async () => {
    const bomb = gzipSync(`{"search":"${'0'.repeat(httpInput.maxBodyBytes * 2)}"}`);
    expect(bomb.length).toBeLessThan(10_000);
    const res = await post('/api/v1/getMyProjects')
      .set('content-type', 'application/json')
      .set('content-encoding', 'gzip')
      .serialize(asIs)
      .send(bomb);
    expect(res.status).toBe(413);
    expect(res.body.type).toBe('RXERROR');
  });

  for (const [encoding, compress] of [
    ['gzip', gzipSync],
    ['deflate', deflateSync],
    ['br', brotliCompressSync],
  ] as const) {
    it(`${encoding} bodies are decoded; bytes that do not decode answer 400 [ERR-CONTENT-ENCODING]`, async () => {
      const ok = await post('/api/v1/getMyProjects')
        .set('content-type', 'application/json')
        .set('content-encoding', encoding)
        .serialize(asIs)
        .send(compress(Buffer.from('{"limit":1}')));
      expect(ok.status).toBe(200);
      expect(ok.body.data).toHaveLength(1);
      const bad = await post('/api/v1/getMyProjects')
        .set('content-type', 'application/json')
        .set('content-encoding', encoding)
        .serialize(asIs)
        .send(Buffer.from('{"limit":1} not compressed at all'));
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/^Invalid params/);
      expect(unexpected).toEqual([]);
    });
  }

  it('form bodies under a broken gzip answer 400 as well [ERR-CONTENT-ENCODING, CONV-FORM-ENCODED]', async () => {
    const res = await post('/api/v1/getSessions')
      .set('content-type', 'application/x-www-form-urlencoded')
      .set('content-encoding', 'gzip')
      .send(`project_uid=${projectUid}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Invalid params/);
  });

  it('a malformed percent-escape in a path or a control parameter is a 404, not a crash [ERR-UNKNOWN-ROUTE]', async () => {
    const res = await post('/api/v1/%E0%A4%A').send({});
    expect(res.status).toBe(404);
    const ctl = await request(app()).get('/_control/projects/%E0%A4%A').set('x-control-secret', SECRET);
    expect(ctl.status).toBeLessThan(500);
    expect(ctl.body.type).toBe('RXERROR');
    expect(unexpected).toEqual([]);
  });
});

describe('prototype keys are dropped, never applied [ERR-UNKNOWN-FIELDS-IGNORED]', () => {
  afterEach(() => {
    delete (Object.prototype as Record<string, unknown>).polluted;
  });

  it('JSON __proto__ and constructor.prototype neither pollute nor reach the handler', async () => {
    const res = await post('/api/v1/updateProjectSettings')
      .set('content-type', 'application/json')
      .send(
        `{"project_uid":"${projectUid}","__proto__":{"polluted":1,"temperature":99},"constructor":{"prototype":{"polluted":2}}}`,
      );
    expect(res.status).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const project = [...fake.runtime.domain.state.projects.values()].find(
      (p) => p.project_uid === projectUid,
    )!;
    expect(project.settings.temperature).toBeLessThanOrEqual(2);
  });

  it('form __proto__[x] and constructor[prototype][x] neither pollute nor fail', async () => {
    const res = await post('/api/v1/getSessions')
      .set('content-type', 'application/x-www-form-urlencoded')
      .send(`project_uid=${projectUid}&__proto__[polluted]=1&constructor[prototype][polluted]=2&limit=1`);
    expect(res.status).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('requests the HTTP parser rejects', () => {
  async function rawExchange(bytes: string): Promise<string> {
    const { createServer } = await import('node:http');
    const { connect } = await import('node:net');
    const { answerClientErrorsWithEnvelope, createFakeServer } = await import('../index.js');
    const server = createServer(createFakeServer().app.callback());
    answerClientErrorsWithEnvelope(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      return await new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
        let data = '';
        socket.on('data', (chunk) => {
          data += chunk.toString();
        });
        socket.on('end', () => resolve(data));
        socket.on('error', reject);
      });
    } finally {
      server.close();
    }
  }

  it('a malformed Content-Length answers 400 in the envelope [CONV-RESPONSE-JSON, ERR-NEVER-5XX]', async () => {
    const reply = await rawExchange(
      'POST /api/v1/getMyProjects HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n{}',
    );
    expect(reply).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4))).toMatchObject({ type: 'RXERROR' });
  });

  it('oversized headers answer 431 in the envelope [CONV-RESPONSE-JSON, ERR-NEVER-5XX]', async () => {
    const reply = await rawExchange(
      `POST /api/v1/getMyProjects HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(reply).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4))).toMatchObject({ type: 'RXERROR' });
  });
});
