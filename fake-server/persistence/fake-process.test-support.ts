/**
 * The real fake as a child process for the kill -9 test and the tests of `npm start` (fake-server/process.ts, the one
 * spawner): `node scripts/start.mjs` with the given arguments on an ephemeral 127.0.0.1 port.
 */
import type { TargetConfig } from '../../contract/index.js';
import { type FakeProcess as Spawned, spawnFakeProcess } from '../process.js';

export interface FakeProcess extends Spawned {
  target: TargetConfig;
}

/** Spawn the fake; `args` after scripts/start.mjs, `env` on top of this process's. */
export function spawnFake(args: string[], env: Record<string, string>): Spawned {
  return spawnFakeProcess({ args, env });
}

/** Start the fake on `stateFile` and wait until it listens (its target file is written by then). */
export async function startFakeProcess(stateFile: string, targetFile: string): Promise<FakeProcess> {
  const started = spawnFakeProcess({ args: ['--state', stateFile], targetFile });
  return { ...started, target: await started.ready(25_000) };
}
