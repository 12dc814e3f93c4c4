/**
 * A broken server: the fake with one rule broken on purpose, to prove the conformance suites turn red when a
 * deployment breaks the spec. Requests pass through `rewriteRequest`, the fake answers in memory (light-my-request),
 * and the answer passes through `rewriteResponse`; `breakRuntime` may bend the fake's domain itself.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import inject from 'light-my-request';
import type { TargetConfig } from '../contract/target-config.js';
import { createFakeServer, type FakeServer } from '../fake-server/index.js';

export interface Exchange {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: Buffer;
}

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export interface Breakage {
  /** What is broken, in the spec's words. */
  name: string;
  /** The test files (path fragments) and test-name pattern of the conformance run that must turn red. */
  files: string[];
  filter: string;
  /** A clause that run must report failing. */
  catches: string;
  rewriteRequest?(req: Exchange, fake: FakeServer, config: TargetConfig): Exchange;
  rewriteResponse?(res: Answer, req: Exchange, fake: FakeServer): Answer;
  breakRuntime?(fake: FakeServer): void;
}

export interface RunningBrokenServer {
  config: TargetConfig;
  close(): Promise<void>;
}

const read = (req: NodeJS.ReadableStream): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

/** Start the fake with `breakage` applied on an ephemeral 127.0.0.1 port (no breakage: the fake as it is). */
export async function startBrokenServer(breakage: Partial<Breakage> = {}): Promise<RunningBrokenServer> {
  const fake = createFakeServer({ onUnexpectedError: () => {} });
  breakage.breakRuntime?.(fake);
  const app = fake.app.callback();
  let config: TargetConfig | undefined;
  const server: Server = createServer(async (req, res) => {
    let exchange: Exchange = {
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
      body: await read(req),
    };
    if (config && breakage.rewriteRequest) exchange = breakage.rewriteRequest(exchange, fake, config);
    const { 'content-length': _length, ...headers } = exchange.headers;
    const r = await inject(app, {
      method: exchange.method as NonNullable<inject.InjectOptions['method']>,
      url: exchange.url,
      headers,
      ...(exchange.body.length > 0 ? { payload: exchange.body } : {}),
    });
    let answer: Answer = {
      status: r.statusCode,
      headers: Object.fromEntries(Object.entries(r.headers).map(([k, v]) => [k, String(v)])),
      body: r.rawPayload,
    };
    if (breakage.rewriteResponse) answer = breakage.rewriteResponse(answer, exchange, fake);
    const { 'content-length': _l, 'transfer-encoding': _t, connection: _c, ...out } = answer.headers;
    res.writeHead(answer.status, { ...out, 'content-length': String(answer.body.length) });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  config = fake.targetConfig(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return {
    config,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
