/**
 * The real fake as a child process (`node scripts/start.mjs --state FILE`, as `npm start -- --state FILE` runs it)
 * on an ephemeral 127.0.0.1 port, for the kill -9 test: started, awaited, killed by its own pid.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { TargetConfig } from '../../contract/index.js';

const root = resolve(import.meta.dirname, '../..');

export interface FakeProcess {
  child: ChildProcess;
  pid: number;
  target: TargetConfig;
  /** Everything it printed so far. */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once it is gone. */
  exited: Promise<number | string>;
}

/** Spawn the fake; `args` after scripts/start.mjs. */
export function spawnFake(args: string[], env: Record<string, string>): Omit<FakeProcess, 'target'> {
  const child = spawn(process.execPath, ['scripts/start.mjs', ...args], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  if (child.pid === undefined) throw new Error('the fake did not start');
  const exited = new Promise<number | string>((done) =>
    child.once('exit', (code, signal) => done(code ?? signal ?? 'unknown')),
  );
  return { child, pid: child.pid, output: () => text, exited };
}

/** Start the fake on `stateFile` and wait until it listens (its target file is written by then). */
export async function startFakeProcess(stateFile: string, targetFile: string): Promise<FakeProcess> {
  const started = spawnFake(['--state', stateFile], { FAKE_TARGET_FILE: targetFile });
  const deadline = performance.now() + 25_000;
  let gone: number | string | undefined;
  void started.exited.then((code) => {
    gone = code;
  });
  while (!/listening on http:\/\/127\.0\.0\.1:\d+/.test(started.output())) {
    if (gone !== undefined)
      throw new Error(`the fake exited (${gone}) before listening:\n${started.output()}`);
    if (performance.now() > deadline) {
      started.child.kill('SIGKILL');
      throw new Error(`the fake did not listen within 25 s:\n${started.output()}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const target = JSON.parse(readFileSync(targetFile, 'utf8')) as TargetConfig;
  return { ...started, target };
}
