/** The other transports (suites/target/raw-http.ts), against local servers that show what arrived on the wire. */
import { createServer, type IncomingMessage } from 'node:http';
import { type AddressInfo, createServer as createNetServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { TargetConfig } from '../../contract/index.js';
import { exactBytes, keptAlive, nodeHttp, parseAnswer, requestBytes } from './raw-http.js';
import type { RequestBudget } from './request-budget.js';
import { createHttpTarget } from './target.js';
import { transportFailureOf } from './transport.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A TCP server that keeps the bytes of each connection and answers with `answer` (none: closes at once). */
async function wire(answer?: string): Promise<{ url: string; received: () => string }> {
  let received = Buffer.alloc(0);
  const server: Server = createNetServer((socket: Socket) => {
    socket.on('data', (part: Buffer) => {
      received = Buffer.concat([received, part]);
      if (!received.includes('\r\n\r\n')) return;
      if (answer === undefined) socket.destroy();
      else socket.end(answer);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closers.push(() => new Promise((r) => server.close(() => r())));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/api/v1`, received: () => received.toString('latin1') };
}

/** A node:http server echoing what it read of each request; counts the sockets it saw. */
async function echo() {
  const sockets = new Set<unknown>();
  const server = createServer((req: IncomingMessage, res) => {
    sockets.add(req.socket);
    const parts: Buffer[] = [];
    req.on('data', (p: Buffer) => parts.push(p));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ headers: req.headers, body: Buffer.concat(parts).toString() }));
    });
  });
  server.keepAliveTimeout = 10_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closers.push(async () => {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  });
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, sockets: () => sockets.size };
}

const BODY = '{"search":"Acme","limit":1}';
const req = (url: string, path = '/getMyProjects') => ({
  method: 'POST',
  url: `${url}${path}`,
  headers: { 'content-type': 'application/json', authorization: 'Bearer api-v1-x' },
  body: BODY,
});

describe('raw HTTP transports [HARNESS-RAW-TRANSPORTS]', () => {
  it('requestBytes writes the request target verbatim and frames the body as asked', () => {
    const text = (framing: Parameters<typeof requestBytes>[1]) =>
      requestBytes(req('http://h:1/api/v1', '/getMyProjects%zz'), framing).toString('latin1');
    const plain = text({});
    expect(plain).toMatch(/^POST \/api\/v1\/getMyProjects%zz HTTP\/1\.1\r\nHost: h:1\r\n/);
    expect(plain).toContain(`Content-Length: ${BODY.length}\r\n`);
    expect(plain).not.toContain('Transfer-Encoding');
    expect(plain.endsWith(`Connection: close\r\n\r\n${BODY}`)).toBe(true);
    const chunked = text({ framing: 'chunked' });
    expect(chunked).toContain('Transfer-Encoding: chunked\r\n');
    expect(chunked).not.toContain('Content-Length');
    const pieces = [BODY.slice(0, 9), BODY.slice(9, 18), BODY.slice(18)];
    expect(chunked.endsWith(`\r\n\r\n${pieces.map((p) => `9\r\n${p}\r\n`).join('')}0\r\n\r\n`)).toBe(true);
    const both = text({ framing: 'length-and-chunked' });
    expect(both).toContain('Content-Length: 27\r\n');
    expect(both).toContain('Transfer-Encoding: chunked\r\n');
    expect(text({ framing: 'bad-chunk-size' })).toMatch(/\r\n\r\nzz\r\n/);
    expect(text({ extraHeaders: [['x-padding', 'aaa']] })).toContain('\r\nx-padding: aaa\r\n');
  });

  it('parseAnswer reads an answer framed by Content-Length, chunked or by the connection closing, and waits for the rest', () => {
    const head = 'HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\n';
    const body = '{"type":"RXERROR","message":"x"}';
    const length = `${head}content-length: ${body.length}\r\n\r\n${body}`;
    expect(parseAnswer(Buffer.from(length), false)).toMatchObject({ status: 400, json: { type: 'RXERROR' } });
    expect(parseAnswer(Buffer.from(length.slice(0, -3)), false)).toBeUndefined();
    const chunked = `${head}transfer-encoding: chunked\r\n\r\n5\r\n{"typ\r\n${(body.length - 5).toString(16)}\r\n${body.slice(5)}\r\n0\r\n\r\n`;
    expect(parseAnswer(Buffer.from(chunked), false)?.text).toBe(body);
    const closed = `${head}\r\n${body}`;
    expect(parseAnswer(Buffer.from(closed), false)).toBeUndefined();
    expect(parseAnswer(Buffer.from(closed), true)?.text).toBe(body);
  });

  it('exactBytes sends its bytes as built and reads the answer; a connection closed with no answer is a connection failure', async () => {
    const answer =
      'HTTP/1.1 404 Not Found\r\ncontent-type: application/json\r\ncontent-length: 17\r\n\r\n{"type":"RXERROR"';
    const server = await wire(answer);
    const res = await exactBytes({ framing: 'length-and-chunked' })(
      req(server.url, '/get%MyProjects'),
      5_000,
    );
    expect(res.status).toBe(404);
    expect(res.text).toBe('{"type":"RXERROR"');
    expect(server.received()).toMatch(/^POST \/api\/v1\/get%MyProjects HTTP\/1\.1\r\n/);
    expect(server.received()).toContain('Content-Length: 27\r\nTransfer-Encoding: chunked\r\n');
    const silent = await wire();
    const err = await exactBytes()(req(silent.url), 5_000).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(transportFailureOf(err)?.connection).toBe(true);
  });

  it('nodeHttp sends a body marked chunked in chunks with no Content-Length, whole; keptAlive keeps one socket', async () => {
    const server = await echo();
    const chunked = await nodeHttp()(
      { ...req(server.url), headers: { ...req(server.url).headers, 'transfer-encoding': 'chunked' } },
      5_000,
    );
    const seen = chunked.json as { headers: Record<string, string>; body: string };
    expect(seen.headers['transfer-encoding']).toBe('chunked');
    expect(seen.headers['content-length']).toBeUndefined();
    expect(seen.body).toBe(BODY);
    const plain = (await nodeHttp()(req(server.url), 5_000)).json as typeof seen;
    expect(plain.headers['content-length']).toBe(String(BODY.length));
    const before = server.sockets();
    const socket = keptAlive();
    for (let i = 0; i < 3; i += 1) await socket.deliver(req(server.url), 5_000);
    socket.close();
    expect([socket.sockets(), socket.reused(), server.sockets() - before]).toEqual([1, 2, 1]);
  });

  it('a request sent through a transport is taken from the credential’s budget like any other', async () => {
    const server = await echo();
    const config = TargetConfig.parse({ base_url: server.url, tokens: { owner: 'api-v1-owner' } });
    const taken: string[] = [];
    const budget = {
      take: (value: string) => taken.push(value) > 0,
      remaining: () => 100,
      pick: (values: readonly string[]) => values[0]!,
      markSpent: () => {},
      save: () => {},
    } as unknown as RequestBudget;
    const target = createHttpTarget(config, undefined, async () => {}, budget);
    const res = await target.call('getMyProjects', { body: { limit: 1 }, transport: nodeHttp() });
    expect(res.status).toBe(200);
    const socket = keptAlive();
    await target.raw('/getMyProjects%zz', { body: {}, transport: socket.deliver });
    socket.close();
    expect(taken).toEqual(['api-v1-owner', 'api-v1-owner']);
  });
});
