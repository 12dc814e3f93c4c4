/**
 * The fake as a child process, exactly as `npm start` runs it (`node scripts/start.mjs`, the bundle rebuilt when a
 * source is newer): on 127.0.0.1, port 0 (any free one) unless given, its target config written to a file. The one
 * spawner of the tools that need a real process: the benchmark, the fuzzer's child, the rehearsal and the tests of
 * `npm start` itself. It is ready once its target file is written and `GET /_health` answers. With `memoryProbe`, its memory after a forced GC can be asked for (memory-sample.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { TargetConfig } from '../contract/index.js';
import { HEALTH_PATH } from './http/health.js';
import {
  type MemoryAsk,
  type MemorySample,
  memoryProbeClient,
  memoryProbeNodeOptions,
} from './memory-sample.js';
import { answersReady, fakeNamedIn } from './target-file.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const START_SCRIPT = join(ROOT, 'scripts', 'start.mjs');
/** The start banner's last line (fake-server/main.ts), printed before the target file is written. */
const BANNER_LAST_LINE = '  target config ';

export interface FakeProcessOptions {
  /** Arguments after scripts/start.mjs (`--state FILE`, …). */
  readonly args?: readonly string[];
  /** Environment on top of this process's own. */
  readonly env?: Readonly<Record<string, string>>;
  /** 0 (the default): any free port. */
  readonly port?: number;
  /** Where the target config goes; by default a file in a fresh temporary folder. */
  readonly targetFile?: string;
  /**
   * No target file given: the fake chooses its own as `npm start` does (reports/fake-target.json under `cwd`, or
   * reports/fake-target-PORT.json while another running fake owns that), and `targetFile` is the one its banner
   * names, once ready. Nothing is removed beforehand.
   */
  readonly defaultTargetFile?: boolean;
  /** Its working directory (default the repository root). */
  readonly cwd?: string;
  /** Node's own flags before the script, for those NODE_OPTIONS does not take (`--cpu-prof`, `--cpu-prof-dir=DIR`). */
  readonly execArgv?: readonly string[];
  /** NODE_OPTIONS of the child, after the probe's when `memoryProbe` is set. */
  readonly nodeOptions?: string;
  /**
   * Run as `npm start -- ARGS` (npm, then the shell npm runs, then node): `pid` and `stop()` are npm's; the node
   * process's pid is in the target file (`fake_process.pid`). Not with `execArgv`.
   */
  readonly viaNpm?: boolean;
  /** Its own process group, stopped as a group. */
  readonly detached?: boolean;
  /**
   * The memory probe preloaded (memory-probe.mjs, with --expose-gc) and an IPC channel to it, for `memory()`; the
   * fake then also exits when this process goes away.
   */
  readonly memoryProbe?: boolean;
}

export interface FakeProcess {
  readonly child: ChildProcess;
  readonly pid: number;
  readonly targetFile: string;
  /** The last 8,000 characters it printed, stdout and stderr together. */
  output(): string;
  /** Resolves with the exit code, or the signal's name, once it is gone. */
  readonly exited: Promise<number | string>;
  /** Whether it has exited. */
  gone(): boolean;
  /** Its target config once written, polling until `timeoutMs`; throws with its output if it exits or times out. */
  ready(timeoutMs?: number): Promise<TargetConfig>;
  /**
   * Its memory after a forced full GC (settled if asked), and its peak resident set, through the probe; undefined
   * without `memoryProbe`, once the channel is closed, or if the probe does not answer in time (10 s by default).
   */
  memory(ask?: MemoryAsk): Promise<MemorySample | undefined>;
  /** SIGTERM (its group when detached), then SIGKILL after `graceMs`; resolves once it is gone. */
  stop(graceMs?: number): Promise<void>;
}

/** Whether the fake of this target file answers its readiness probe (on this machine: not an advertised URL). */
const healthy = (file: string, target: TargetConfig): Promise<boolean> =>
  answersReady(fakeNamedIn(file)?.health ?? new URL(HEALTH_PATH, target.base_url), 2_000);

/** The base_url the banner gives (`  base_url      URL`, fake-server/main.ts). */
const bannerBaseUrl = (banner: string): string | undefined => /^ {2}base_url {6}(\S+)$/m.exec(banner)?.[1];

/** The target file the banner names (`  target config FILE (rewritten ...)`, fake-server/main.ts). */
const bannerTargetFile = (banner: string): string | undefined =>
  new RegExp(`^${BANNER_LAST_LINE}(.+?) \\(rewritten`, 'm').exec(banner)?.[1];

/** `npm start -- ARGS`: the npm running this process (`npm test`) when there is one, else npm from PATH. */
function npmStart(args: readonly string[]): [string, string[]] {
  const npmCli = process.env.npm_execpath;
  const run = ['start', '--', ...args];
  return npmCli && /npm-cli\.js$/.test(npmCli) ? [process.execPath, [npmCli, ...run]] : ['npm', run];
}

/** The target file's config, once it holds a complete one. */
export function readTargetFile(file: string): TargetConfig | undefined {
  try {
    const text = readFileSync(file, 'utf8');
    return text.trim() ? TargetConfig.parse(JSON.parse(text)) : undefined;
  } catch {
    return undefined;
  }
}

export function spawnFakeProcess(options: FakeProcessOptions = {}): FakeProcess {
  let targetFile = options.defaultTargetFile
    ? ''
    : (options.targetFile ?? join(mkdtempSync(join(tmpdir(), 'fake-process-')), 'target.json'));
  if (targetFile) rmSync(targetFile, { force: true }); // an earlier run's file must not pass for this one's
  const nodeOptions = [options.memoryProbe ? memoryProbeNodeOptions : '', options.nodeOptions ?? '']
    .filter(Boolean)
    .join(' ');
  if (options.viaNpm && options.execArgv) throw new Error('spawnFakeProcess: viaNpm takes no execArgv');
  const [command, args] = options.viaNpm
    ? npmStart(options.args ?? [])
    : [process.execPath, [...(options.execArgv ?? []), START_SCRIPT, ...(options.args ?? [])]];
  const child = spawn(command, args, {
    cwd: options.cwd ?? ROOT,
    env: {
      ...process.env,
      PORT: String(options.port ?? 0),
      HOST: '127.0.0.1',
      FAKE_TARGET_FILE: targetFile, // blank (the default file) with `defaultTargetFile`
      ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}),
      ...options.env,
    },
    detached: options.detached ?? false,
    stdio: ['ignore', 'pipe', 'pipe', ...(options.memoryProbe ? (['ipc'] as const) : [])],
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('the fake did not start');
  let text = '';
  const keep = (chunk: Buffer) => {
    text = (text + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let isGone = false;
  const exited = new Promise<number | string>((done) =>
    child.once('exit', (code, signal) => {
      isGone = true;
      done(code ?? signal ?? 'unknown');
    }),
  );
  const signal = (name: NodeJS.Signals) => {
    try {
      if (options.detached) process.kill(-pid, name);
      else child.kill(name);
    } catch {
      // already gone
    }
  };
  const memory = options.memoryProbe ? memoryProbeClient(child) : async () => undefined;
  return {
    child,
    pid,
    get targetFile() {
      return targetFile;
    },
    output: () => text,
    memory,
    exited,
    gone: () => isGone,
    async ready(timeoutMs = 60_000) {
      const deadline = performance.now() + timeoutMs;
      for (;;) {
        // The banner is printed before the target file is written; both are awaited, so output() holds it.
        // The target file says where it listens; `GET /_health` says it answers (FAKE-HEALTH), as an orchestrator
        // would ask.
        if (options.defaultTargetFile) {
          const named = bannerTargetFile(text);
          targetFile = named ? resolve(options.cwd ?? ROOT, named) : '';
        }
        const target = targetFile ? readTargetFile(targetFile) : undefined;
        // The file of this fake, not the one it found there (a given file naming another fake is written after).
        const ours = target !== undefined && bannerBaseUrl(text) === target.base_url;
        if (ours && text.includes(BANNER_LAST_LINE) && (await healthy(targetFile, target))) return target;
        if (isGone) throw new Error(`the fake exited (${await exited}) before listening:\n${text}`);
        if (performance.now() > deadline) {
          signal('SIGKILL');
          throw new Error(`the fake did not listen within ${timeoutMs} ms:\n${text}`);
        }
        await sleep(20);
      }
    },
    async stop(graceMs = 5000) {
      if (isGone) return;
      signal('SIGTERM');
      const killed = setTimeout(() => signal('SIGKILL'), graceMs);
      await exited;
      clearTimeout(killed);
    },
  };
}
