/**
 * The `ts` blocks of a docs page type-checked as a client project would: each block a module of its own in a temporary
 * folder (ESM, strict, module nodenext, the repository's compiler options), the official SDKs and the other packages
 * from this repository's node_modules, and the fake's package names mapped by `paths` to the library's sources
 * (`chatbot-platform-fake` to lib/index.ts, `chatbot-platform-fake/<entry>` to lib/<entry>.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** One file to check: its name in the folder, where it comes from (for messages), its text. */
export interface Snippet {
  readonly file: string;
  readonly origin: string;
  readonly code: string;
}

export interface TscResult {
  /** tsc's exit code. */
  readonly status: number | null;
  /** tsc's diagnostics per snippet file (`snippet-01.ts(3,7): error TS2769: …` lines, with their continuation lines). */
  readonly errors: ReadonlyMap<string, string>;
  /** Everything tsc printed. */
  readonly output: string;
}

/** A fresh folder holding the snippets as a client project would (its tsconfig, package.json, node_modules). */
export function snippetProject(snippets: readonly Snippet[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'client-docs-ts-'));
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ type: 'module', private: true })}\n`);
  writeFileSync(
    join(dir, 'tsconfig.json'),
    `${JSON.stringify(
      {
        extends: join(ROOT, 'tsconfig.json'),
        compilerOptions: {
          strict: true,
          module: 'nodenext',
          moduleResolution: 'nodenext',
          noEmit: true,
          paths: {
            'chatbot-platform-fake': [join(ROOT, 'lib/index.ts')],
            'chatbot-platform-fake/*': [join(ROOT, 'lib/*.ts')],
          },
        },
        include: snippets.map((s) => s.file),
        exclude: [],
      },
      null,
      2,
    )}\n`,
  );
  for (const s of snippets) writeFileSync(join(dir, s.file), s.code);
  return dir;
}

/** Runs tsc once over the snippet project `dir` made of `snippets`. */
export function typecheckSnippets(dir: string, snippets: readonly Snippet[]): TscResult {
  const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
  const run = spawnSync(process.execPath, [tsc, '-p', dir, '--pretty', 'false'], {
    cwd: dir,
    encoding: 'utf8',
  });
  const output = `${run.stdout}${run.stderr}`;
  const errors = new Map<string, string>();
  let current: string | undefined;
  for (const line of output.split('\n')) {
    const head = /^(?:.*\/)?([^/(]+\.ts)\(\d+,\d+\): error /.exec(line);
    if (head) current = snippets.some((s) => s.file === head[1]) ? head[1] : undefined;
    else if (!line.startsWith(' ')) current = undefined;
    if (current) errors.set(current, `${errors.get(current) ?? ''}${line}\n`);
  }
  return { status: run.status, errors, output };
}
