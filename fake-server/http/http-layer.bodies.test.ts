/**
 * Body decoding in the HTTP layer, through the fake's test seam: size limits of chunked and compressed bodies,
 * broken encodings, malformed escapes, and prototype keys dropped from JSON and form bodies.
 */
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorEnvelope, httpInput } from '../../contract/index.js';
import {
  app,
  asIs,
  fake,
  owner,
  post,
  projectUid,
  SECRET,
  unexpected,
  useHttpLayerFake,
} from './http-layer.test-support.js';

useHttpLayerFake();

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

  it('a body that is not JSON answers the bare envelope: no errors array when no field is named [ERR-MALFORMED-JSON, ERR-ENVELOPE]', async () => {
    const res = await post('/api/v1/getMyProjects')
      .set('content-type', 'application/json')
      .send('{"limit": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ type: 'RXERROR', message: 'Invalid params: the body is not valid JSON' });
  });

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
