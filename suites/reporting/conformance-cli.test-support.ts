/** The conformance runner as a user starts it (`tsx suites/runner/conformance.ts ARGS` in `cwd`), for CLI tests. */
import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');
export const TSX = join(REPO_ROOT, 'node_modules', '.bin', 'tsx');

export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the runner with `args` in `cwd`, free of the calling test run's CONFORMANCE_ and VITEST variables. */
export function runConformance(args: readonly string[], cwd: string): Promise<CliResult> {
  const env = { ...process.env };
  for (const k of Object.keys(env)) if (k.startsWith('CONFORMANCE_') || k.startsWith('VITEST')) delete env[k];
  return new Promise((done) =>
    execFile(
      TSX,
      [join(REPO_ROOT, 'suites/runner/conformance.ts'), ...args],
      { cwd, env, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) =>
        done({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    ),
  );
}
