/**
 * `startFake(options)`: the fake on an ephemeral port of 127.0.0.1 in this process (LIB-START-FAKE), for clients
 * that need a real URL (a browser, another process, a tool that is not Node). For Node clients in the same
 * process, interceptChatbotApi serves the fake with no port at all.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TargetConfig } from '../contract/index.js';
import { answerClientErrorsWithEnvelope } from '../fake-server/index.js';
import { buildFake } from './build-fake.js';
import type { FakeControl } from './fake-control.js';
import type { FakeOptions } from './fake-options.js';

export interface StartFakeOptions extends FakeOptions {
  /** Port on 127.0.0.1; default 0 (any free port). */
  port?: number;
}

export interface RunningFake {
  /** `http://127.0.0.1:PORT`. */
  url: string;
  /** Its target config (base_url, org_base_url, tokens, project key, control); current after a control reset. */
  readonly target: TargetConfig;
  control: FakeControl;
  /** Stop listening and drop open connections (with a state file, its clock's time saved first); again: harmless. */
  close(): Promise<void>;
}

export async function startFake(options: StartFakeOptions = {}): Promise<RunningFake> {
  const { port = 0, ...fakeOptions } = options;
  // Ticking by default, like `npm start`: a fake on a port stands in for a running deployment.
  const { server: fake, control } = buildFake(fakeOptions, 'ticking');
  const server = createServer(fake.app.callback());
  answerClientErrorsWithEnvelope(server);
  // Long enough that clients keep connections alive between requests (undici drops hints under 2 s).
  server.keepAliveTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.targetConfig(url);
  let closing: Promise<void> | undefined;
  return {
    url,
    get target() {
      return fake.targetConfig(url);
    },
    control,
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        // With a state file, the clock's time of the stop is kept too (a ticking clock is saved at writes only).
        let saveError: unknown;
        try {
          fake.persistence?.save();
        } catch (err) {
          saveError = err;
        }
        server.close(() => (saveError === undefined ? resolve() : reject(saveError)));
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
