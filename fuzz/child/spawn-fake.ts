/**
 * The fake under test as a child process, exactly as `npm start` runs it (fake-server/process.ts), on 127.0.0.1 and
 * an ephemeral port, its target config written to a temporary file. It runs in its own process group (stopped as a
 * group), with the memory probe preloaded (fake-server/memory-probe.mjs, `memoryProbe` of the spawner).
 */
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import type { TargetConfig } from '../../contract/index.js';
import type { MemorySample } from '../../fake-server/memory-sample.js';
import { spawnFakeProcess } from '../../fake-server/process.js';

export interface FakeChild {
  pid: number;
  target: TargetConfig;
  /** Whether the process is still running. */
  alive(): boolean;
  /** How it ended (`code 1`, `signal SIGKILL`), once it has. */
  exitStatus(): string | undefined;
  /** Lines the fake wrote to stderr that report an error escaping every rule (`[fake] unexpected error`). */
  unexpectedErrors(): number;
  /** The last lines of its stderr. */
  stderrTail(): string[];
  /** Memory after a full GC, through the probe; undefined if the probe does not answer. */
  heap(timeoutMs?: number): Promise<MemorySample | undefined>;
  stop(): Promise<void>;
}

export async function startFakeChild(startTimeoutMs = 90_000): Promise<FakeChild> {
  const fake = spawnFakeProcess({ memoryProbe: true, detached: true });
  const { child, pid } = fake;
  const stderr: string[] = [];
  let unexpected = 0;
  child.stderr?.setEncoding('utf8').on('data', (text: string) => {
    for (const line of text.split('\n')) {
      if (line.includes('[fake] unexpected error')) unexpected += 1;
      if (line.trim()) stderr.push(line);
    }
    if (stderr.length > 400) stderr.splice(0, stderr.length - 200);
  });
  let exitStatus: string | undefined;
  child.once('exit', (code: number | null, signal: NodeJS.Signals | null) => {
    exitStatus = signal ? `signal ${signal}` : `code ${code}`;
  });
  const stop = async () => {
    await fake.stop(5000);
    rmSync(dirname(fake.targetFile), { recursive: true, force: true });
  };
  let target: TargetConfig;
  try {
    target = await fake.ready(startTimeoutMs);
  } catch {
    await stop();
    throw new Error(`the fake did not start:\n${stderr.join('\n')}`);
  }

  return {
    pid,
    target,
    alive: () => !fake.gone() && child.exitCode === null,
    exitStatus: () => exitStatus,
    unexpectedErrors: () => unexpected,
    stderrTail: () => stderr.slice(-40),
    heap: (timeoutMs) => fake.memory(timeoutMs === undefined ? {} : { timeoutMs }),
    stop,
  };
}
