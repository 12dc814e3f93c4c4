/**
 * The bash blocks of a docs page run as one shell session, in page order, as a reader pasting them into one terminal
 * would (`bash -euo pipefail`). Every `curl` runs as written through a recording wrapper (its exit status, HTTP status
 * and body kept per call, the body still printed where the line sends it); a non-2xx answer stops the session on that
 * line. `npm` and `npx` never run here, nor a `node` command that is listed: each must be listed with why it is not
 * run (the test's own fake stands for `npm start`), and an unlisted `npm` or `npx` command stops the session.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FencedBlock } from './client-docs-blocks.test-support.js';

/** A documented command the test does not run, with why. */
export interface NotRun {
  /** The command as the shell sees it (`npm start -- --state reports/fake-state.json`), no environment prefix. */
  readonly command: string;
  readonly why: string;
}

/** One curl the page ran. */
export interface CurlCall {
  /** The page line of the bash block it is in. */
  readonly blockLine: number;
  readonly args: readonly string[];
  readonly status: number;
  readonly body: string;
}

export interface PageRun {
  readonly exitCode: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** The page line of the block that ran last (where a failure happened). */
  readonly lastBlockLine: number;
  readonly calls: readonly CurlCall[];
  /** The listed commands the page reached, in order. */
  readonly notRun: readonly string[];
}

/** Wrappers defined before the page's blocks: the recording curl, and the commands the test does not run. */
const PREAMBLE = String.raw`
__rec="$1"
echo 0 > "$__rec/count"
__block=0
curl() {
  local n status
  n=$(( $(cat "$__rec/count") + 1 )); echo "$n" > "$__rec/count"
  echo "$__block" > "$__rec/$n.block"
  printf '%s\0' "$@" > "$__rec/$n.args"
  command curl "$@" -o "$__rec/$n.body" -w '%{http_code}' > "$__rec/$n.status" || {
    status=$?; echo "curl exited $status: curl $*" >&2; return "$status"; }
  cat "$__rec/$n.body"
  case "$(cat "$__rec/$n.status")" in
    2??) ;;
    *) echo "curl answered HTTP $(cat "$__rec/$n.status"): curl $*" >&2; return 1 ;;
  esac
}
__not_run() {
  if grep -Fxq -- "$*" "$__rec/not-run-list"; then echo "$*" >> "$__rec/not-run"; return 0; fi
  echo "a command this test does not run and does not list (lib/client-docs.test.ts): $*" >&2
  return 97
}
npm() { __not_run npm "$@"; }
npx() { __not_run npx "$@"; }
node() { if grep -Fxq -- "node $*" "$__rec/not-run-list"; then __not_run node "$@"; else command node "$@"; fi; }
`;

/** The page's bash blocks as one script, each block preceded by the line it starts on. */
export const pageScript = (blocks: readonly FencedBlock[]): string =>
  [
    PREAMBLE,
    ...blocks
      .filter((b) => b.lang === 'bash')
      .map((b) => `__block=${b.line}; echo ${b.line} > "$__rec/block"\n${b.code}`),
  ].join('\n');

const read = (file: string): string => readFileSync(file, 'utf8');

/** Runs the page's bash blocks in `cwd` with `env`; resolves when the shell exits (or is killed at `timeoutMs`). */
export async function runPage(
  blocks: readonly FencedBlock[],
  notRun: readonly NotRun[],
  options: { cwd: string; recordDir: string; env: NodeJS.ProcessEnv; timeoutMs: number },
): Promise<PageRun> {
  const rec = options.recordDir;
  mkdirSync(rec, { recursive: true });
  writeFileSync(join(rec, 'not-run-list'), `${notRun.map((n) => n.command).join('\n')}\n`);
  writeFileSync(join(rec, 'not-run'), '');
  const script = join(rec, 'page.sh');
  writeFileSync(script, pageScript(blocks));
  const child = spawn('bash', ['-euo', 'pipefail', script, rec], {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: options.timeoutMs,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => {
    stdout += c.toString();
  });
  child.stderr.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  const exitCode = await new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const count = Number(read(join(rec, 'count')).trim());
  const calls = Array.from({ length: count }, (_, i): CurlCall => {
    const at = (ext: string) => join(rec, `${i + 1}.${ext}`);
    const safe = (ext: string) => {
      try {
        return read(at(ext));
      } catch {
        return '';
      }
    };
    return {
      blockLine: Number(safe('block').trim()),
      args: safe('args').split('\0').slice(0, -1),
      status: Number(safe('status').trim() || 0),
      body: safe('body'),
    };
  });
  let lastBlockLine = 0;
  try {
    lastBlockLine = Number(read(join(rec, 'block')).trim());
  } catch {}
  return {
    exitCode,
    stdout,
    stderr,
    lastBlockLine,
    calls,
    notRun: read(join(rec, 'not-run')).split('\n').filter(Boolean),
  };
}
