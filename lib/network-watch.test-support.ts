/**
 * Proof that no port was opened and no connection made: counts every net.Server listen() and every net.Socket
 * connect() of the process while a test runs (nock's mock sockets never connect; a real server or a real client
 * connection would), and the TCP servers alive at the end.
 */
import net from 'node:net';
import { afterEach, beforeEach, vi } from 'vitest';

export interface NetworkWatch {
  listens(): number;
  connects(): number;
  /** TCP servers alive in the process now. */
  servers(): number;
}

export function watchNetwork(): NetworkWatch {
  let listen: ReturnType<typeof vi.spyOn> | undefined;
  let connect: ReturnType<typeof vi.spyOn> | undefined;
  beforeEach(() => {
    listen = vi.spyOn(net.Server.prototype, 'listen');
    connect = vi.spyOn(net.Socket.prototype, 'connect');
  });
  afterEach(() => {
    listen?.mockRestore();
    connect?.mockRestore();
  });
  return {
    listens: () => listen?.mock.calls.length ?? 0,
    connects: () => connect?.mock.calls.length ?? 0,
    servers: () => process.getActiveResourcesInfo().filter((r) => r === 'TCPServerWrap').length,
  };
}
