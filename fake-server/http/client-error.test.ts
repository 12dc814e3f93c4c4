/**
 * Requests Node's HTTP server would answer itself or drop, before any route: each gets the error envelope and a
 * closed connection (fuzzing found the bare 400 for a missing Host, the bare 417 for an unknown Expect, and no
 * answer at all to CONNECT).
 */

import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeServer } from '../index.js';
import { answerClientErrorsWithEnvelope } from './client-error.js';

const run = promisify(execFile);

let server: Server;
let port: number;
let token: string;

// A server per test, not per file: Stryker attributes coverage per test, and what runs in a beforeAll (here the
// handlers' registration) counts for none of this file's tests, which then never run against its mutants.
beforeEach(async () => {
  const fake = createFakeServer();
  server = createServer(fake.app.callback());
  answerClientErrorsWithEnvelope(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  token = fake.targetConfig(`http://127.0.0.1:${port}`).tokens.owner!;
});
afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Write `bytes`, read until the server closes. */
function exchange(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let data = '';
    socket.on('data', (chunk) => {
      data += chunk.toString('latin1');
    });
    socket.on('close', () => resolve(data));
    socket.on('error', reject);
    setTimeout(() => {
      socket.destroy();
      reject(new Error(`no close within 5 s; read ${JSON.stringify(data)}`));
    }, 5_000).unref();
  });
}

function parse(reply: string) {
  const at = reply.indexOf('\r\n\r\n');
  const head = reply.slice(0, at);
  return {
    status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]),
    head: head.toLowerCase(),
    body: JSON.parse(reply.slice(at + 4)) as unknown,
  };
}

describe('what the HTTP layer refuses gets the envelope and a closed connection [FAKE-HTTP-LAYER-ENVELOPE, ERR-NEVER-5XX]', () => {
  for (const path of ['/api/v1/getMyProjects', '/api/v1/openai/chat/completions', '/nowhere']) {
    it(`an HTTP/1.1 request without Host answers 400 in the envelope (${path})`, async () => {
      const reply = parse(
        await exchange(
          `POST ${path} HTTP/1.1\r\nAuthorization: Bearer ${token}\r\nContent-Length: 2\r\n\r\n{}`,
        ),
      );
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ type: 'RXERROR', message: 'Invalid params: the Host header is missing' });
      expect(reply.head).toContain('connection: close');
      expect(reply.head).toContain('content-type: application/json');
    });
  }

  it('HTTP/1.0 without Host is still answered by the route', async () => {
    const reply = parse(
      await exchange(`POST /api/v1/getMyProjects HTTP/1.0\r\nAuthorization: Bearer ${token}\r\n\r\n`),
    );
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ type: 'RXSUCCESS' });
  });

  it('an Expect other than 100-continue answers 417 in the envelope; 100-continue goes on to the route', async () => {
    const refused = parse(
      await exchange(
        `POST /api/v1/getMyProjects HTTP/1.1\r\nHost: x\r\nExpect: 200-ok\r\nContent-Length: 0\r\n\r\n`,
      ),
    );
    expect(refused.status).toBe(417);
    expect(refused.body).toEqual({
      type: 'RXERROR',
      message: 'Expectation failed: only 100-continue is supported',
    });
    expect(refused.head).toContain('connection: close');
    expect(refused.head).toContain('content-type: application/json; charset=utf-8');
    const reply = await exchange(
      `POST /api/v1/getMyProjects HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nExpect: 100-continue\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
    );
    expect(reply).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 /);
  });

  for (const target of ['127.0.0.1:443', '/api/v1/getMyProjects']) {
    it(`CONNECT ${target} answers 405 in the envelope instead of a dropped connection`, async () => {
      const reply = parse(await exchange(`CONNECT ${target} HTTP/1.1\r\nHost: x\r\n\r\n`));
      expect(reply.status).toBe(405);
      expect(reply.body).toEqual({ type: 'RXERROR', message: 'Method CONNECT not allowed' });
      expect(reply.head).toContain('allow: post');
      expect(reply.head).toContain('connection: close');
    });
  }

  it('a client that resets the connection right after CONNECT does not bring the server down', async () => {
    for (let i = 0; i < 20; i += 1) {
      await new Promise<void>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write('CONNECT 127.0.0.1:443 HTTP/1.1\r\nHost: x\r\n\r\n', () => {
            socket.resetAndDestroy();
            resolve();
          });
        });
        socket.on('error', reject);
      });
    }
    const reply = parse(
      await exchange(`POST /api/v1/getMyProjects HTTP/1.0\r\nAuthorization: Bearer ${token}\r\n\r\n`),
    );
    expect(reply.status).toBe(200);
  });

  it('a malformed request still answers 400, headers too large 431', async () => {
    const malformed = parse(
      await exchange(
        'POST /api/v1/getMyProjects HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n{}',
      ),
    );
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ type: 'RXERROR', message: 'Invalid params: malformed HTTP request' });
    expect(
      parse(await exchange(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`)).status,
    ).toBe(431);
  });

  it('a client still writing a large body behind an oversized header reads the 431, not a reset', async () => {
    // Closing the connection at once reset about half of these while the client was writing (EPIPE, ECONNRESET).
    // The client runs in its own process: in this one, its writes and the server's close take turns too tidily.
    const { stdout } = await run(
      process.execPath,
      ['--input-type=module', '-e', OVERSIZED_CLIENT, String(port)],
      {
        cwd: process.cwd(),
      },
    );
    const outcomes = JSON.parse(stdout) as unknown[];
    expect(outcomes).toEqual(
      Array(32).fill({ status: 431, body: { type: 'RXERROR', message: 'Request header fields too large' } }),
    );
  });
});

/** 32 requests over 4 connections, each a 4 MB body behind a 20 kB header; prints each outcome. */
const OVERSIZED_CLIENT = `
import { Pool } from 'undici';
const pool = new Pool('http://127.0.0.1:' + process.argv[1], { connections: 4 });
const body = Buffer.alloc(4_000_000, 'a');
const outcomes = await Promise.all(Array.from({ length: 32 }, async () => {
  try {
    const res = await pool.request({ method: 'POST', path: '/api/v1/getMyProjects', body,
      headers: { 'content-type': 'application/json', 'x-padding': 'v'.repeat(20_000) } });
    return { status: res.statusCode, body: await res.body.json() };
  } catch (err) {
    return { error: err.code ?? String(err) };
  }
}));
await pool.close();
console.log(JSON.stringify(outcomes));
`;
