/** The servers the benchmark compares, each its own child process on a loopback port, stopped by its own pid. */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import type { TargetConfig } from '../contract/index.js';
import type { MemoryAsk, MemorySample } from '../fake-server/memory-sample.js';
import { spawnFakeProcess } from '../fake-server/process.js';

export const HOST = '127.0.0.1';
const root = resolve(import.meta.dirname, '..');

export interface Child {
  name: string;
  child: ChildProcess;
  pid: number;
  origin: string;
  /** Last lines the process printed, for error messages. */
  output(): string;
}

/** A free loopback port (bound, read, released). */
export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const server = createServer();
    server.once('error', rej);
    server.listen(0, HOST, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => res(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Poll `check` every `everyMs` until it holds; throws after `timeoutMs`. */
export async function waitFor(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  everyMs = 5,
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (await check()) return;
    await sleep(everyMs);
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

function launch(name: string, args: string[], env: Record<string, string>, origin: string): Child {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  if (child.pid === undefined) throw new Error(`${name} did not start`);
  return { name, child, pid: child.pid, origin, output: () => tail };
}

/** Whether anything answers HTTP at `origin` (any status). */
async function answers(origin: string): Promise<boolean> {
  try {
    const res = await fetch(`${origin}/`, { method: 'GET', signal: AbortSignal.timeout(500) });
    await res.arrayBuffer();
    return true;
  } catch {
    return false;
  }
}

export interface FakeChild extends Child {
  target: TargetConfig;
  /** Its memory after a forced full GC (settled if asked) and its peak resident set, through the memory probe. */
  memory(ask?: MemoryAsk): Promise<MemorySample | undefined>;
}

/** The fake as a bench child (with its memory probe or not), and a promise of its target config once it listens. */
function fakeChild(port: number, targetFile: string, env: Record<string, string>, memoryProbe: boolean) {
  const fake = spawnFakeProcess({ port, targetFile, env, memoryProbe });
  const child: Child = {
    name: 'fake',
    child: fake.child,
    pid: fake.pid,
    origin: `http://${HOST}:${port}`,
    output: fake.output,
  };
  return { child, ready: () => fake.ready(60_000), memory: fake.memory };
}

/** Spawn the fake as users start it (fake-server/process.ts: `node scripts/start.mjs`) on `port`, writing `targetFile`. */
export function spawnFake(port: number, targetFile: string, env: Record<string, string> = {}): Child {
  return fakeChild(port, targetFile, env, false).child;
}

/**
 * The fake started and ready: its target file written (the first start after a source change rebuilds the bundle),
 * with the memory probe preloaded (--expose-gc and a tiny module; the fake's code is untouched).
 */
export async function startFake(
  port: number,
  targetFile: string,
  env: Record<string, string> = {},
): Promise<FakeChild> {
  const fake = fakeChild(port, targetFile, env, true);
  return { ...fake.child, target: await fake.ready(), memory: fake.memory };
}

/** Whether the file exists and holds complete JSON (it is written in one call, but read it to be sure). */
export function readable(file: string): boolean {
  if (!existsSync(file)) return false;
  try {
    JSON.parse(readFileSync(file, 'utf8'));
    return true;
  } catch {
    return false;
  }
}

/** A Prism mock of the OpenAPI document, with quiet logging (warnings and errors only). */
export async function startPrism(document: string, port: number): Promise<Child> {
  const require = createRequire(import.meta.url);
  const pkgFile = require.resolve('@stoplight/prism-cli/package.json');
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as { bin: Record<string, string> };
  const bin = join(dirname(pkgFile), pkg.bin.prism ?? Object.values(pkg.bin)[0]!);
  const prism = launch(
    'prism',
    [bin, 'mock', document, '-h', HOST, '-p', String(port), '-v', 'warn'],
    {},
    `http://${HOST}:${port}`,
  );
  await waitFor('Prism to listen', () => answers(prism.origin), 60_000, 100).catch((err) => {
    throw new Error(`${(err as Error).message}\n${prism.output()}`);
  });
  return prism;
}

/** bench/minimal-koa.ts answering the given fixed bodies. */
export async function startMinimalKoa(port: number, responsesFile: string): Promise<Child> {
  const koa = launch(
    'minimal-koa',
    ['--import', 'tsx', 'bench/minimal-koa.ts'],
    { PORT: String(port), HOST, BENCH_RESPONSES: responsesFile },
    `http://${HOST}:${port}`,
  );
  await waitFor('the minimal Koa server to listen', () => answers(koa.origin), 30_000, 50).catch((err) => {
    throw new Error(`${(err as Error).message}\n${koa.output()}`);
  });
  return koa;
}

/** SIGTERM to this child's pid, SIGKILL if it has not exited after 5 s. */
export async function stop(c: Child): Promise<void> {
  if (c.child.exitCode !== null || c.child.signalCode !== null) return;
  const exited = new Promise<void>((r) => c.child.once('exit', () => r()));
  c.child.kill('SIGTERM');
  const timer = setTimeout(() => c.child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}
