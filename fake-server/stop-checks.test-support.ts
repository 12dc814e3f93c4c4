/** What the process tests of a stopping fake look at: the port, the process, the time it took. */
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { FAKE_PROCESS_KEY, pidAlive } from './target-file.js';

/** Whether nothing accepts a connection on 127.0.0.1:`port` (the connection is refused). */
export function portFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      done(false);
    });
    socket.once('error', () => done(true));
  });
}

/** Milliseconds until `check` holds, polling every 25 ms; undefined when it still does not after `limitMs`. */
export async function msUntil(
  check: () => boolean | Promise<boolean>,
  limitMs: number,
): Promise<number | undefined> {
  const start = performance.now();
  for (;;) {
    if (await check()) return Math.round(performance.now() - start);
    if (performance.now() - start > limitMs) return undefined;
    await sleep(25);
  }
}

/** The pid of the node process that wrote `targetFile` (its `fake_process` record). */
export function fakePidOf(targetFile: string): number {
  const pid = JSON.parse(readFileSync(targetFile, 'utf8'))[FAKE_PROCESS_KEY]?.pid;
  if (typeof pid !== 'number') throw new Error(`${targetFile} has no ${FAKE_PROCESS_KEY}.pid`);
  return pid;
}

/** The port of a base URL. */
export const portOf = (baseUrl: string): number => Number(new URL(baseUrl).port);

/** How long after `since` (performance.now()) the port was free and the process gone: both within `limitMs`. */
export async function stoppedWithin(
  port: number,
  pid: number,
  limitMs: number,
): Promise<{ portFreeMs?: number; goneMs?: number }> {
  const [portFreeMs, goneMs] = await Promise.all([
    msUntil(() => portFree(port), limitMs),
    msUntil(() => !pidAlive(pid), limitMs),
  ]);
  return { ...(portFreeMs !== undefined ? { portFreeMs } : {}), ...(goneMs !== undefined ? { goneMs } : {}) };
}

/** Kill `pid` with SIGKILL if it still runs (a test that failed must not leave a fake behind). */
export function killIfAlive(pid: number | undefined): void {
  if (pid === undefined || !pidAlive(pid)) return;
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // gone meanwhile
  }
}
