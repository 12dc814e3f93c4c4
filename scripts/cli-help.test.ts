/**
 * Every command a user of this repository runs answers `--help` with its usage and an unknown option with one line
 * and exit 2 [HARNESS-COMMAND-LINE]. The commands are listed from what declares them, so a new one is checked without
 * being added here: the bins of package.json (and of packages/*), the files behind its npm scripts, every script
 * under examples/ and scripts/, and every `node FILE` / `tsx FILE` the docs and READMEs show. Each runs as the docs
 * run it (node, or tsx for TypeScript), from the repository root, with no fake running.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import pLimit from 'p-limit';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');

/** Files under the folders scanned that are not commands, each with why. */
const NOT_COMMANDS: Record<string, string> = {
  'examples/widget/widget.js': 'the chat widget itself: a browser script index.html loads, not run by node',
  'examples/contract-client/client.ts':
    'a typed client module: CI copies it into an empty project and type-checks it (tsc), nothing runs it',
  'examples/fake-target.mjs':
    "a module the SDK examples and the widget's server import (the target file, one-line errors)",
  'scripts/fake-bundle.mjs': 'a module (buildFakeBundle) that scripts/start.mjs imports',
};

/** Commands whose options are not all their own: an option they do not know goes on to another program. */
const PASSES_OPTIONS_ON: Record<string, string> = {
  'scripts/load.mjs':
    'the k6 launcher (npm run load:<script>): options it does not know go to `k6 run` (load/README.md)',
};

/** What package.json's npm scripts run that is not a file of this repository. */
const OTHER_TOOLS = ['vitest', 'biome', 'depcruise', 'tsc', 'spectral', 'npm'];

interface Command {
  /** How a user types it, for the test title. */
  readonly title: string;
  readonly file: string;
  readonly args: readonly string[];
}

const readJson = (path: string) => JSON.parse(readFileSync(join(ROOT, path), 'utf8'));

/** The bins of the package and of each workspace package (packages/NAME/package.json). */
function bins(): Command[] {
  const manifests = [
    'package.json',
    ...(existsSync(join(ROOT, 'packages'))
      ? readdirSync(join(ROOT, 'packages'))
          .map((name) => `packages/${name}/package.json`)
          .filter((path) => existsSync(join(ROOT, path)))
      : []),
  ];
  return manifests.flatMap((manifest) => {
    const { name, bin } = readJson(manifest) as { name: string; bin?: string | Record<string, string> };
    const dir = manifest.replace(/\/?package\.json$/, '');
    const entries = typeof bin === 'string' ? { [name]: bin } : (bin ?? {});
    return Object.entries(entries).map(([command, path]) => ({
      title: command,
      file: join(dir, path).replace(/^\.\//, ''),
      args: [],
    }));
  });
}

/** The words of an npm script's first command; `exec` (the shell replaced by the program, for signals) left out. */
const wordsOf = (line: string) =>
  (line.split('&&')[0] ?? '')
    .trim()
    .replace(/^exec\s+/, '')
    .split(/\s+/);

/** The file (and its fixed arguments) behind each npm script that runs one with node or tsx. */
function npmScripts(): Command[] {
  const { scripts } = readJson('package.json') as { scripts: Record<string, string> };
  return Object.entries(scripts).flatMap(([name, line]) => {
    const [program, file, ...args] = wordsOf(line);
    if (program !== 'node' && program !== 'tsx') return [];
    return [{ title: `npm run ${name}`, file: file!, args }];
  });
}

/** Every script file under a folder (recursively), tests and type declarations left out. */
function scriptsUnder(dir: string): Command[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .map((path) => `${dir}/${path}`)
    .filter((path) => /\.(mjs|cjs|js|ts)$/.test(path) && !/\.(test|test-support|d)\.m?ts$/.test(path))
    .map((file) => ({ title: file, file, args: [] }));
}

/** The README of each folder of `dir` that has one. */
const readmesIn = (dir: string) =>
  existsSync(join(ROOT, dir))
    ? readdirSync(join(ROOT, dir), { withFileTypes: true })
        .filter((e) => e.isDirectory() && e.name !== 'node_modules' && !e.name.startsWith('.'))
        .map((e) => (dir === '.' ? `${e.name}/README.md` : `${dir}/${e.name}/README.md`))
        .filter((path) => existsSync(join(ROOT, path)))
    : [];

/** `node FILE`, `tsx FILE` and `npx tsx FILE` as the docs and READMEs show them. */
function documented(): Command[] {
  const pages = [
    'README.md',
    ...readdirSync(join(ROOT, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
    ...readmesIn('.'),
    ...readmesIn('packages'),
  ];
  return pages.flatMap((page) =>
    [...readFileSync(join(ROOT, page), 'utf8').matchAll(/\b(?:node|tsx)\s+([\w./-]+\.(?:mjs|cjs|js|ts))\b/g)]
      .map((m) => m[1]!)
      .filter((file) => existsSync(join(ROOT, file)))
      .map((file) => ({ title: file, file, args: [] })),
  );
}

/** Each command once (the same file with the same fixed arguments), the exclusions left out. */
function commands(): Command[] {
  const seen = new Map<string, Command>();
  for (const c of [
    ...bins(),
    ...npmScripts(),
    ...scriptsUnder('examples'),
    ...scriptsUnder('scripts'),
    ...documented(),
  ]) {
    const key = [c.file, ...c.args].join(' ');
    if (!(c.file in NOT_COMMANDS) && !seen.has(key)) seen.set(key, c);
  }
  return [...seen.values()];
}

const limit = pLimit(4);

/** Run a command as the docs do, bounded in time (a command that ignores --help and starts its work is cut). */
const run = (c: Command, extra: string) =>
  limit(
    () =>
      new Promise<{ code: number | string; stdout: string; stderr: string }>((done) => {
        const [program, args] = c.file.endsWith('.ts')
          ? [TSX, [c.file, ...c.args, extra]]
          : [process.execPath, [c.file, ...c.args, extra]];
        execFile(
          program,
          args,
          { cwd: ROOT, timeout: 40_000, env: { ...process.env, NODE_OPTIONS: '' } },
          (err, stdout, stderr) => {
            const code = err ? ((err as { code?: number }).code ?? (err.killed ? 'killed' : 1)) : 0;
            done({ code, stdout, stderr });
          },
        );
      }),
  );

const STACK_FRAME = /^\s+at /m;

describe.concurrent('every bin, npm script and example script [HARNESS-COMMAND-LINE]', () => {
  it('[HARNESS-COMMAND-LINE] finds the commands: both bins, the npm scripts, the examples, the documented scripts', () => {
    const all = commands();
    expect(all.map((c) => c.title)).toEqual(expect.arrayContaining(['chatbot-conformance', 'chatbot-fake']));
    const found = all.map((c) => c.file);
    for (const file of [
      'suites/runner/conformance.ts',
      'drift/run.ts',
      'examples/openai-sdk.mjs',
      'examples/widget/serve.mjs',
      'scripts/check-strength.mjs',
      'suites/runner/same-report.ts',
      'fuzz/target/staging-run.ts',
    ])
      expect(found).toContain(file);
    // Each exclusion names a file that exists, so a renamed one is not silently skipped under its old name.
    for (const file of [...Object.keys(NOT_COMMANDS), ...Object.keys(PASSES_OPTIONS_ON)])
      expect(existsSync(join(ROOT, file)), file).toBe(true);
    // An npm script runs node or tsx on a file of this repository, or one of the known tools: a new kind of entry
    // (a shell script, say) must be added to this test.
    const { scripts } = readJson('package.json') as { scripts: Record<string, string> };
    for (const [name, line] of Object.entries(scripts)) {
      const program = wordsOf(line)[0]!;
      expect(['node', 'tsx', ...OTHER_TOOLS], `npm run ${name}: ${line}`).toContain(program);
    }
  });

  it.each(
    commands().map((c) => [`${c.title} (${[relative('.', c.file), ...c.args].join(' ')})`, c] as const),
  )(
    '[HARNESS-COMMAND-LINE] %s: --help prints the usage, exit 0; --no-such-option is one line naming it, exit 2',
    async (_, command) => {
      const [help, unknown] = await Promise.all([run(command, '--help'), run(command, '--no-such-option')]);
      expect(help.code, help.stderr).toBe(0);
      expect(help.stdout).toMatch(/^usage/im);
      expect(help.stderr).not.toMatch(STACK_FRAME);
      if (command.file in PASSES_OPTIONS_ON) {
        // Another program refuses it (k6, or the launcher's own exit 127 when k6 is missing): never a silent run.
        expect(unknown.code).not.toBe(0);
        expect(unknown.stderr).not.toMatch(STACK_FRAME);
        return;
      }
      expect(unknown.code, unknown.stderr).toBe(2);
      expect(unknown.stdout).toBe('');
      const lines = unknown.stderr.trimEnd().split('\n');
      expect(lines, unknown.stderr).toHaveLength(1);
      expect(lines[0]).toMatch(/--no-such-option/);
      expect(lines[0]).toMatch(/--help/);
      expect(unknown.stderr).not.toMatch(STACK_FRAME);
    },
    // Four at a time on a machine shared with the rest of `npm test`: the last commands wait their turn.
    300_000,
  );
});
