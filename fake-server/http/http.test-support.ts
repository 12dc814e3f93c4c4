/** Test support (imported by tests only) for the fake's HTTP layer: what its tests look for, and a real socket. */
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach } from 'vitest';

/** A stack frame or a source location: what no answer may carry. */
export const STACK_TRACE = /\n\s+at .+:\d+:\d+|\.(?:ts|js|mjs):\d+:\d+|node_modules/;

/**
 * Serve `listener()` on a free 127.0.0.1 port around each test of the enclosing describe (for what needs a real
 * socket: connection resets, the official SDKs). Returns the origin of the current server, `http://127.0.0.1:<port>`.
 */
export function serveOnLoopback(listener: () => RequestListener): () => string {
  let server: Server;
  let origin = '';
  beforeEach(async () => {
    server = createServer(listener());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return () => origin;
}
