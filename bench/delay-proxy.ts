/**
 * A proxy that puts a network's round trip in front of a server on loopback (issue 34, the latency bench): each
 * request waits `delayMs` before it is forwarded, as a staging in another region would answer that much later, then
 * goes through as it is (streams included) over kept-alive connections. Listens on 127.0.0.1 only.
 */
import {
  Agent,
  createServer,
  type IncomingMessage,
  request,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

export interface DelayProxy {
  /** The proxy's origin, e.g. `http://127.0.0.1:40123`. */
  readonly origin: string;
  /** Requests forwarded so far. */
  requests(): number;
  close(): Promise<void>;
}

export async function startDelayProxy(upstreamOrigin: string, delayMs: number): Promise<DelayProxy> {
  const upstream = new URL(upstreamOrigin);
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  let forwarded = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      setTimeout(() => {
        forwarded += 1;
        forward(req, res, Buffer.concat(chunks), true);
      }, delayMs);
    });
  });
  /**
   * A kept-alive socket the server closed just as it was reused fails with ECONNRESET before any answer: that
   * request never reached the server, so it is sent once more on a fresh socket (as Node's documentation advises
   * for `request.reusedSocket`). Any other failure is the proxy's 502.
   */
  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer, mayRetry: boolean) => {
    const out = request(
      {
        agent,
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', (err: NodeJS.ErrnoException) => {
      if (mayRetry && out.reusedSocket && err.code === 'ECONNRESET' && !res.headersSent)
        return forward(req, res, body, false);
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`delay proxy: ${err.message}`);
    });
    out.end(body);
  };
  server.keepAliveTimeout = 10_000;
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests: () => forwarded,
    close: async () => {
      server.closeAllConnections();
      agent.destroy();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}
