/**
 * The target file of a started fake (FAKE-TARGET-FILE): which file it writes, and writing it.
 *
 * The file holds the target config (contract/target-config.ts) plus `fake_process`: the pid of the fake that wrote it
 * and a URL of its `/_health` that answers from this machine. A file "names a running fake" when that pid is alive
 * (a zombie is not) and that health URL answers ready within a second; a file without `fake_process` (saved from
 * `GET /_control/target`, or written by hand) when its base_url's origin answers so. The default file is never taken
 * from a running fake: the second fake writes the same name with `-PORT` before `.json` instead and says so. A file
 * given with --target-file is written whoever it named, and the line says whom it named. Writes are atomic (a reader
 * sees the old file or the new one), and the process rewrites its file after each reset or state import only while
 * the file still names it.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import type { TargetConfig } from '../contract/index.js';
import { HEALTH_PATH } from './http/health.js';
import { writeFileAtomic } from './persistence/state-file.js';

/** The key of the target file that says which process wrote it (not part of TargetConfig: loaders drop it). */
export const FAKE_PROCESS_KEY = 'fake_process';

/** What the target file records of the fake that wrote it. */
export interface FakeProcessRecord {
  readonly pid: number;
  /** `GET /_health` of that fake, on an address this machine reaches (loopback for a wildcard bind). */
  readonly health_url: string;
}

/** Whether `url` (a `/_health` URL) answers `{status: "ready"}` within `timeoutMs`. */
export async function answersReady(url: string | URL, timeoutMs = 1_000): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    return res.ok && ((await res.json()) as { status?: unknown }).status === 'ready';
  } catch {
    return false;
  }
}

const hasProc = existsSync('/proc/self/stat');

/** Whether process `pid` runs: it exists and, where /proc tells, is not a zombie (dead, not yet reaped). */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (!hasProc) return true;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (command) S ...": the state letter follows the command's closing parenthesis.
    return stat.charAt(stat.lastIndexOf(')') + 2) !== 'Z';
  } catch {
    return false;
  }
}

/** The JSON object in `file`, or undefined when there is no file or it is not one. */
function readJsonObject(file: string): Record<string, unknown> | undefined {
  try {
    const json: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return json !== null && typeof json === 'object' && !Array.isArray(json)
      ? (json as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function recordOf(json: Record<string, unknown>): Partial<FakeProcessRecord> {
  const record = json[FAKE_PROCESS_KEY] as Partial<Record<keyof FakeProcessRecord, unknown>> | undefined;
  return {
    ...(typeof record?.pid === 'number' ? { pid: record.pid } : {}),
    ...(typeof record?.health_url === 'string' ? { health_url: record.health_url } : {}),
  };
}

/** The fake `file` names: its base_url, the pid recorded (if any) and where its `/_health` is; undefined if none. */
export function fakeNamedIn(file: string): { url: string; pid?: number; health: URL } | undefined {
  const json = readJsonObject(file);
  if (!json || typeof json.base_url !== 'string') return undefined;
  const { pid, health_url } = recordOf(json);
  try {
    const health = new URL(health_url ?? new URL(HEALTH_PATH, json.base_url));
    return { url: json.base_url, health, ...(pid !== undefined ? { pid } : {}) };
  } catch {
    return undefined;
  }
}

/** The running fake `file` names, if it runs (see the module's comment); its base_url and pid. */
export async function runningFakeOf(file: string): Promise<{ url: string; pid?: number } | undefined> {
  const named = fakeNamedIn(file);
  if (!named) return undefined;
  const { url, pid, health } = named;
  if (pid !== undefined && (pid === process.pid || !pidAlive(pid))) return undefined;
  if (!(await answersReady(health))) return undefined;
  return { url, ...(pid !== undefined ? { pid } : {}) };
}

/** `reports/fake-target.json` for port 4011: `reports/fake-target-4011.json`. */
export function perPortFile(file: string, port: number): string {
  const ext = extname(file);
  return join(dirname(file), `${basename(file, ext)}-${port}${ext}`);
}

export interface TargetFileChoice {
  readonly file: string;
  /** One line saying why the file is not the one asked for, or whom it named; absent when nothing is to be said. */
  readonly note?: string;
}

/** The file a fake listening on `port` writes, `requested` being given (true) or the default (false). */
export async function chooseTargetFile(
  requested: string,
  given: boolean,
  port: number,
): Promise<TargetFileChoice> {
  const running = await runningFakeOf(requested);
  if (!running) return { file: requested };
  const whom = `the fake still running at ${running.url}${running.pid !== undefined ? ` (pid ${running.pid})` : ''}`;
  if (given) {
    return {
      file: requested,
      note: `${requested} named ${whom}; it was given (--target-file or FAKE_TARGET_FILE), so it now names this fake`,
    };
  }
  const file = perPortFile(requested, port);
  return { file, note: `${requested} belongs to ${whom}, so this fake's target config is in ${file}` };
}

const fileText = (target: TargetConfig, record: FakeProcessRecord): string =>
  `${JSON.stringify({ ...target, [FAKE_PROCESS_KEY]: record }, null, 2)}\n`;

/**
 * Write `target` and this process's record into `file` (its folder made if missing), atomically: a temporary file
 * renamed over it. Not synced to disk: the file is written again at every start, and a reset must stay cheap.
 */
export function writeTargetFile(file: string, target: TargetConfig, record: FakeProcessRecord): void {
  mkdirSync(dirname(resolve(file)), { recursive: true });
  writeFileAtomic().sync(file, fileText(target, record), { encoding: 'utf8', fsync: false });
}

/** Whether this process may rewrite `file`: it is gone (written anew), or it still names this process. */
export function stillNamesThisProcess(file: string): boolean {
  if (!existsSync(file)) return true;
  const json = readJsonObject(file);
  return json !== undefined && recordOf(json).pid === process.pid;
}

/**
 * After a reset or an import: `file` rewritten with `target` while it still names this process, and left alone when
 * it already says exactly that (a reset to the same seed) or names another fake.
 */
export function rewriteTargetFile(
  file: string,
  target: TargetConfig,
  record: FakeProcessRecord,
): 'rewritten' | 'unchanged' | 'not ours' {
  if (!stillNamesThisProcess(file)) return 'not ours';
  const text = fileText(target, record);
  let current: string | undefined;
  try {
    current = readFileSync(file, 'utf8');
  } catch {
    current = undefined; // gone: written anew
  }
  if (current === text) return 'unchanged';
  writeTargetFile(file, target, record);
  return 'rewritten';
}
