/**
 * The fake under test as a child process, exactly as `npm start` runs it (`node scripts/start.mjs`), on
 * 127.0.0.1 and an ephemeral port (PORT=0), its target config written to a temporary file (FAKE_TARGET_FILE).
 * It runs in its own process group (stopped as a group), with the memory probe preloaded (memory-probe.mjs).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { TargetConfig } from '../../contract/index.js';

export interface HeapSample {
  collected: boolean;
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

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
  heap(timeoutMs?: number): Promise<HeapSample | undefined>;
  stop(): Promise<void>;
}

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PROBE = new URL('./memory-probe.mjs', import.meta.url).href;

function readTarget(file: string): TargetConfig | undefined {
  try {
    const text = readFileSync(file, 'utf8');
    return text.trim() ? TargetConfig.parse(JSON.parse(text)) : undefined;
  } catch {
    return undefined;
  }
}

export async function startFakeChild(startTimeoutMs = 90_000): Promise<FakeChild> {
  const dir = mkdtempSync(join(tmpdir(), 'fuzz-fake-'));
  const targetFile = join(dir, 'target.json');
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      FAKE_TARGET_FILE: targetFile,
      NODE_OPTIONS: `--expose-gc --import=${PROBE}`,
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const stderr: string[] = [];
  let unexpected = 0;
  child.stdout?.resume();
  child.stderr?.setEncoding('utf8').on('data', (text: string) => {
    for (const line of text.split('\n')) {
      if (line.includes('[fake] unexpected error')) unexpected += 1;
      if (line.trim()) stderr.push(line);
    }
    if (stderr.length > 400) stderr.splice(0, stderr.length - 200);
  });
  let exited = false;
  let exitStatus: string | undefined;
  child.once('exit', (code, signal) => {
    exited = true;
    exitStatus = signal ? `signal ${signal}` : `code ${code}`;
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('the fake did not start');

  let probeId = 0;
  const stop = async () => {
    if (!exited) {
      try {
        process.kill(-pid, 'SIGTERM');
      } catch {
        // already gone
      }
      for (let i = 0; i < 50 && !exited; i += 1) await sleep(100);
      if (!exited) {
        try {
          process.kill(-pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + startTimeoutMs;
  let target = readTarget(targetFile);
  while (!target && !exited && Date.now() < deadline) {
    await sleep(100);
    target = readTarget(targetFile);
  }
  if (!target) {
    await stop();
    throw new Error(`the fake did not start:\n${stderr.join('\n')}`);
  }

  return {
    pid,
    target,
    alive: () => !exited && child.exitCode === null,
    exitStatus: () => exitStatus,
    unexpectedErrors: () => unexpected,
    stderrTail: () => stderr.slice(-40),
    heap(timeoutMs = 10_000) {
      if (!child.connected) return Promise.resolve(undefined);
      const id = ++probeId;
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          child.off('message', onMessage);
          resolve(undefined);
        }, timeoutMs);
        const onMessage = (m: unknown) => {
          const msg = m as { type?: string; id?: number } & HeapSample;
          if (msg?.type !== 'fuzz-memory' || msg.id !== id) return;
          clearTimeout(timer);
          child.off('message', onMessage);
          resolve({
            collected: msg.collected,
            rss: msg.rss,
            heapUsed: msg.heapUsed,
            external: msg.external,
            arrayBuffers: msg.arrayBuffers,
          });
        };
        child.on('message', onMessage);
        child.send({ type: 'fuzz-memory', id });
      });
    },
    stop,
  };
}
