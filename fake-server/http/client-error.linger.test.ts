/**
 * The linger after a raw refusal (FAKE-HTTP-LAYER-ENVELOPE): the connection stays open for reading until the client
 * closes its side or LINGER_MS pass, and no timer outlives it. The clock is faked; the sockets are real.
 */
import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerClientErrorsWithEnvelope, LINGER_MS } from './client-error.js';

const MALFORMED =
  'POST /api/v1/getMyProjects HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n';

let server: Server;
let port: number;

beforeEach(async () => {
  server = createServer((_req, res) => res.end());
  answerClientErrorsWithEnvelope(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(async () => {
  vi.useRealTimers();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const openConnections = () =>
  new Promise<number>((resolve, reject) =>
    server.getConnections((err, n) => (err ? reject(err) : resolve(n))),
  );

/** The real clock (the tests fake setTimeout), for a deadline on what must come at once. */
const realSetTimeout = setTimeout;
const clearDeadline = clearTimeout;
const ANSWER_DEADLINE_MS = 2_000;

/** Send `request` and read the server's answer up to its end of writing, which must come at once. */
function refused(allowHalfOpen: boolean, request = MALFORMED): Promise<{ socket: Socket; answer: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen }, () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
    });
    const deadline = realSetTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${ANSWER_DEADLINE_MS} ms; read ${JSON.stringify(answer)}`));
    }, ANSWER_DEADLINE_MS);
    socket.on('end', () => {
      clearDeadline(deadline);
      resolve({ socket, answer });
    });
    socket.on('error', reject);
  });
}

/** Wait (on the real clock, at most ANSWER_DEADLINE_MS) until `check` holds. */
async function until(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + ANSWER_DEADLINE_MS;
  while (!(await check()) && Date.now() < deadline) await new Promise((r) => realSetTimeout(r, 10));
  expect(await check()).toBe(true);
}

describe('a refused connection lingers, then closes [FAKE-HTTP-LAYER-ENVELOPE]', () => {
  it('a client that keeps its side open is cut off once LINGER_MS have passed', async () => {
    const { socket, answer } = await refused(true);
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(await openConnections()).toBe(1);
    vi.advanceTimersByTime(LINGER_MS);
    await until(async () => (await openConnections()) === 0);
    socket.destroy();
  });

  it('so does a CONNECT, once answered 405', async () => {
    const { socket, answer } = await refused(true, 'CONNECT 127.0.0.1:443 HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 405 /);
    expect(await openConnections()).toBe(1);
    vi.advanceTimersByTime(LINGER_MS);
    await until(async () => (await openConnections()) === 0);
    socket.destroy();
  });

  it('a client that closes its side ends the connection, and no linger timer is left behind', async () => {
    const { answer } = await refused(false);
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    await until(async () => (await openConnections()) === 0 && vi.getTimerCount() === 0);
  });
});
