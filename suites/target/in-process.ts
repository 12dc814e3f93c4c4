/**
 * The ONE in-process target adapter: the only file in suites/ that imports the fake. It starts the fake in this
 * process on an ephemeral 127.0.0.1 port and hands back an ordinary HTTP target for it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  answerClientErrorsWithEnvelope,
  createFakeServer,
  type FakeServerOptions,
} from '../../fake-server/index.js';
import { createControlClient } from './control-client.js';
import { createProviderStatesClient } from './provider-states-client.js';
import { createHttpTarget, type Target } from './target.js';

export async function startInProcessTarget(options: FakeServerOptions = {}): Promise<Target> {
  const fake = createFakeServer({ onUnexpectedError: () => {}, ...options });
  const server = createServer(fake.app.callback());
  answerClientErrorsWithEnvelope(server);
  // Long enough that undici keeps connections alive between requests (it drops hints under 2 s).
  server.keepAliveTimeout = 10_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const config = { ...fake.targetConfig(`http://127.0.0.1:${port}`), name: 'in-process fake' };
  const control = createControlClient(config.control!);
  const providerStates = createProviderStatesClient(config.provider_states!);
  const close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return createHttpTarget(config, control, close, undefined, providerStates);
}
