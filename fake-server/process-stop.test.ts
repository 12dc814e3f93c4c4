/**
 * `npm start` stops whoever gets the signal (issue 41): npm itself (which hands SIGTERM and SIGINT to its child: the
 * `start` script `exec`s node, so that child is the fake), the node process, a shell wrapper, or a wrapper killed
 * outright (the fake notices its parent gone). Each time the port is free within 2 s and the node process is gone,
 * and a request in flight still gets its answer.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { TargetConfig } from '../contract/index.js';
import { type FakeProcess, readTargetFile, spawnFakeProcess } from './process.js';
import {
  fakePidOf,
  killIfAlive,
  msUntil,
  portFree,
  portOf,
  stoppedWithin,
} from './stop-checks.test-support.js';

const LIMIT_MS = 2_000;
const START_SCRIPT = fileURLToPath(new URL('../scripts/start.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'process-stop-'));
let count = 0;
const started: number[] = [];
afterEach(() => {
  for (const pid of started.splice(0)) killIfAlive(pid);
});

/** `npm start -- --port 0` with its target file in a temporary folder; the node process's pid from that file. */
async function underNpm(
  detached = false,
): Promise<{ fake: FakeProcess; target: TargetConfig; pid: number; port: number }> {
  const fake = spawnFakeProcess({ viaNpm: true, detached, targetFile: join(dir, `npm-${++count}.json`) });
  started.push(fake.pid);
  const target = await fake.ready(45_000);
  const pid = fakePidOf(fake.targetFile);
  started.push(pid);
  expect(pid).not.toBe(fake.pid); // npm, then node (the script execs it): a signal to npm reaches node through npm
  return { fake, target, pid, port: portOf(target.base_url) };
}

describe('npm start stops on a signal to its wrapper [FAKE-PROCESS-STOP]', () => {
  it.each([
    ['SIGTERM', 'SIGTERM to the npm process'],
    ['SIGINT', 'SIGINT to the npm process alone (not its group)'],
  ] as const)(
    '[FAKE-PROCESS-STOP] %s: %s: the port is free and the fake gone within 2 s',
    async (signal, what) => {
      const { fake, pid, port } = await underNpm();
      expect(await portFree(port)).toBe(false);
      process.kill(fake.pid, signal);
      const { portFreeMs, goneMs } = await stoppedWithin(port, pid, LIMIT_MS);
      expect(portFreeMs, `port ${port} still taken ${LIMIT_MS} ms after ${what}`).toBeDefined();
      expect(goneMs, `node pid ${pid} still running ${LIMIT_MS} ms after ${what}`).toBeDefined();
      await fake.exited;
    },
    60_000,
  );

  it("[FAKE-PROCESS-STOP] SIGINT to npm's process group (Ctrl-C in its terminal): stopped within 2 s, npm exits", async () => {
    const { fake, pid, port } = await underNpm(true);
    process.kill(-fake.pid, 'SIGINT');
    const { portFreeMs, goneMs } = await stoppedWithin(port, pid, LIMIT_MS);
    expect(portFreeMs, `port ${port} still taken ${LIMIT_MS} ms after SIGINT to the group`).toBeDefined();
    expect(goneMs, `node pid ${pid} still running ${LIMIT_MS} ms after SIGINT to the group`).toBeDefined();
    await fake.exited;
  }, 60_000);

  it('[FAKE-PROCESS-STOP] SIGTERM to the node process under npm: it exits 0, and so does npm', async () => {
    const { fake, pid, port } = await underNpm();
    process.kill(pid, 'SIGTERM');
    const { portFreeMs, goneMs } = await stoppedWithin(port, pid, LIMIT_MS);
    expect(portFreeMs).toBeDefined();
    expect(goneMs).toBeDefined();
    expect(await fake.exited).toBe(0);
  }, 60_000);

  it('[FAKE-PROCESS-STOP] a request in flight when npm gets SIGTERM is answered; the port is free meanwhile', async () => {
    const { fake, target, pid, port } = await underNpm();
    // Every API request waits 1.5 s before it is handled (FAKE-FAULT-INJECTION).
    const fault = await fetch(`${target.control?.url}/faults`, {
      method: 'POST',
      headers: { 'x-control-secret': target.control?.secret as string, 'content-type': 'application/json' },
      body: JSON.stringify({ latency_ms: 1_500 }),
    });
    expect(fault.status).toBe(200);
    const sentAt = performance.now();
    const inFlight = fetch(`${target.base_url}/getSupportedModels`, {
      method: 'POST',
      headers: { authorization: `Bearer ${target.tokens.owner}`, 'content-type': 'application/json' },
      body: '{}',
    });
    await new Promise((r) => setTimeout(r, 300));
    process.kill(fake.pid, 'SIGTERM');
    const { portFreeMs } = await stoppedWithin(port, pid, LIMIT_MS);
    expect(portFreeMs).toBeDefined();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(((await res.json()) as { type?: string }).type).toBe('RXSUCCESS');
    expect(performance.now() - sentAt).toBeGreaterThanOrEqual(1_400); // it waited out its latency, not cut short
    expect((await stoppedWithin(port, pid, LIMIT_MS)).goneMs).toBeDefined();
  }, 60_000);
});

describe('a shell wrapper [FAKE-PROCESS-STOP]', () => {
  it.each(['SIGTERM', 'SIGKILL'] as const)(
    '[FAKE-PROCESS-STOP] %s to `sh -c "node scripts/start.mjs; …"`: the fake stops within 2 s',
    async (signal) => {
      const targetFile = join(dir, `shell-${signal}.json`);
      // Two commands, so the shell cannot exec node: it stays node's parent, as npm's shell does.
      const shell = spawn('sh', ['-c', `node ${START_SCRIPT}; echo "node exited $?"`], {
        env: { ...process.env, PORT: '0', HOST: '127.0.0.1', FAKE_TARGET_FILE: targetFile },
        stdio: 'ignore',
      });
      started.push(shell.pid as number);
      expect(await msUntil(() => readTargetFile(targetFile) !== undefined, 45_000)).toBeDefined();
      const pid = fakePidOf(targetFile);
      started.push(pid);
      const port = portOf((readTargetFile(targetFile) as TargetConfig).base_url);
      expect(await portFree(port)).toBe(false);
      shell.kill(signal);
      const { portFreeMs, goneMs } = await stoppedWithin(port, pid, LIMIT_MS);
      expect(
        portFreeMs,
        `port ${port} still taken ${LIMIT_MS} ms after ${signal} to the shell`,
      ).toBeDefined();
      expect(
        goneMs,
        `node pid ${pid} still running ${LIMIT_MS} ms after ${signal} to the shell`,
      ).toBeDefined();
    },
    60_000,
  );
});
