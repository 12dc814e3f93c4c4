/**
 * Test support: the fake in this process on a port of 127.0.0.1, served exactly as `npm start` serves it, with an
 * optional plant (a handler that answers some requests wrongly, or spoils the state, before the fake sees them)
 * so that tests can show each check of the engine fail.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TargetConfig } from '../contract/index.js';
import { answerClientErrorsWithEnvelope, createFakeServer, type FakeServer } from '../fake-server/index.js';
import type { FuzzTarget } from './engine/engine.js';

/** Answers the request itself (returns true), or leaves it to the fake (false). */
export type Plant = (req: IncomingMessage, res: ServerResponse, fake: FakeServer) => boolean;

export interface FakeOnPort {
  target: FuzzTarget;
  config: TargetConfig;
  fake: FakeServer;
  /** Errors that escaped the fake's rules (its onUnexpectedError hook). */
  unexpected: unknown[];
  close(): Promise<void>;
}

export async function fakeOnPort(plant?: Plant): Promise<FakeOnPort> {
  const unexpected: unknown[] = [];
  const fake = createFakeServer({ onUnexpectedError: (err) => unexpected.push(err) });
  const handle = fake.app.callback();
  const server = createServer((req, res) => {
    if (!plant?.(req, res, fake)) void handle(req, res);
  });
  answerClientErrorsWithEnvelope(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = fake.targetConfig(origin);
  return {
    target: { origin, control: config.control! },
    config,
    fake,
    unexpected,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An answer written by hand. */
export function answer(res: ServerResponse, status: number, body: string, type = 'application/json'): true {
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
  res.end(body);
  return true;
}
