/**
 * `npm run mutation -- --report` end to end, in a temporary tree of two sources (one per layer): it runs nothing,
 * merges the chunks' reports as they stand (each kept to the files its chunk mutates), prints each layer's score and
 * strict score, names a chunk never run (exit 1) or run on earlier inputs, and holds a layer under 85% against the run.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inputsHash } from '../mutation/chunks.mjs';

const repo = resolve(import.meta.dirname, '..');
const DOMAIN = 'fake-server/domain/a.ts';
const HTTP = 'fake-server/http/b.ts';

let root: string;
const write = (path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};

/** A chunk's Stryker report, holding `files` with one mutant per status. */
function chunkReport(files: Record<string, string[]>) {
  const mutants = (statuses: string[]) =>
    statuses.map((status, i) => ({
      id: String(i),
      mutatorName: 'ConditionalExpression',
      replacement: 'true',
      status,
      location: { start: { line: 1, column: 1 }, end: { line: 1, column: 5 } },
    }));
  return {
    schemaVersion: '2',
    thresholds: { high: 80, low: 60 },
    files: Object.fromEntries(
      Object.entries(files).map(([f, s]) => [
        f,
        { language: 'typescript', source: 'a || b', mutants: mutants(s) },
      ]),
    ),
  };
}

/** Writes chunk `name`'s report, stamped with the tree's inputs now (or with other inputs when `stale`). */
function chunk(name: string, files: string[], report: Record<string, string[]>, stale = false) {
  write(`reports/mutation/chunks/${name}.json`, JSON.stringify(chunkReport(report)));
  const hash = stale ? 'an earlier hash' : inputsHash(root);
  write(`reports/mutation/chunks/${name}.inputs`, `${hash}\n${files.join('\n')}\n`);
}

async function report(): Promise<{ code: number; stdout: string; stderr: string }> {
  const args = [join(root, 'scripts', 'mutation.mjs'), '--report'];
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, args, { cwd: root });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'mutation-report-'));
  for (const f of [
    'scripts/mutation.mjs',
    'bin/command-line.mjs',
    'mutation/chunks.mjs',
    'mutation/merge-reports.mjs',
  ])
    cpSync(join(repo, f), join(root, f), { recursive: true });
  symlinkSync(join(repo, 'node_modules'), join(root, 'node_modules'), 'dir');
  write('package-lock.json', '{}');
  for (const dir of ['contract', 'suites', 'fixtures']) mkdirSync(join(root, dir));
  write(DOMAIN, 'export const a = (x: boolean, y: boolean) => x || y;\n');
  write(HTTP, 'export const b = (x: boolean, y: boolean) => x && y;\n');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('npm run mutation -- --report [HARNESS-MUTATION]', () => {
  it('merges current chunks, each kept to its own files, and prints both layers with their strict scores', async () => {
    chunk('domain-1', [DOMAIN], {
      [DOMAIN]: ['Killed', 'Killed', 'Killed', 'Timeout', 'Survived', 'Ignored'],
    });
    // http-1 (merged after domain-1) still carries a.ts from an earlier cut: it must not replace domain-1's a.ts.
    chunk('http-1', [HTTP], {
      [HTTP]: ['Killed', 'Killed', 'Killed', 'Killed', 'Killed', 'Killed', 'Timeout'],
      [DOMAIN]: ['Killed', 'Killed'],
    });
    const { code, stdout } = await report();
    expect(stdout).toMatch(
      /domain\s+80\.00% {2}6 mutants: killed 3, timed out 1, survived 1, no coverage 0, ignored 1\n/,
    );
    expect(stdout).toMatch(/strict 60\.00% \(timeouts counted as survivors\)/);
    expect(stdout).toMatch(/http\s+100\.00% {2}7 mutants: killed 6, timed out 1, survived 0/);
    expect(stdout).toMatch(/strict 85\.71%/);
    expect(stdout).toMatch(/domain .*\n.*\n.*under the 85% target/);
    expect(stdout).not.toMatch(/never run|earlier inputs/);
    expect(code).toBe(1);
    const merged = JSON.parse(readFileSync(join(root, 'reports/mutation/mutation.json'), 'utf8'));
    expect(Object.keys(merged.files).sort()).toEqual([DOMAIN, HTTP]);
    expect(merged.files[DOMAIN].mutants).toHaveLength(6);
  });

  it('both layers at or over 85%: exit 0; a chunk on earlier inputs is named but still counted', async () => {
    chunk('domain-1', [DOMAIN], { [DOMAIN]: ['Killed', 'Killed', 'Killed', 'Killed', 'Killed', 'Killed'] });
    chunk('http-1', [HTTP], { [HTTP]: ['Killed', 'Killed', 'Killed', 'Killed', 'Killed', 'Survived'] }, true);
    const { code, stdout } = await report();
    expect(stdout).toMatch(/domain\s+100\.00%/);
    expect(stdout).toMatch(/http\s+83\.33%/);
    expect(stdout).toMatch(/from earlier inputs: http-1 \(run again to refresh\)/);
    expect(code).toBe(1);

    chunk('http-1', [HTTP], { [HTTP]: ['Killed', 'Killed', 'Killed', 'Killed', 'Killed', 'Killed'] }, true);
    const again = await report();
    expect(again.stdout).toMatch(/http\s+100\.00%/);
    expect(again.stdout).toMatch(/from earlier inputs: http-1/);
    expect(again.code).toBe(0);
  });

  it('a layer none of whose chunks ran: "not run", exit 1; no chunk at all: one line, exit 1', async () => {
    chunk('domain-1', [DOMAIN], { [DOMAIN]: ['Killed'] });
    const { code, stdout } = await report();
    expect(stdout).toMatch(/http\s+not run \(chunks http-1\)/);
    expect(code).toBe(1);

    rmSync(join(root, 'reports'), { recursive: true });
    const none = await report();
    expect(none.code).toBe(1);
    expect(none.stdout).toBe('');
    expect(none.stderr).toBe('no chunk has a report yet\n');
  });

  it('a layer with one chunk of two never run: "incomplete", exit 1, though the chunk that ran scores 100%', async () => {
    for (const n of [2, 3, 4, 5, 6, 7]) write(`fake-server/http/c${n}.ts`, `export const c${n} = 1;\n`);
    chunk('domain-1', [DOMAIN], { [DOMAIN]: ['Killed'] });
    chunk('http-1', [HTTP], { [HTTP]: ['Killed'] });
    const { code, stdout } = await report();
    expect(stdout).toMatch(/http\s+100\.00%/);
    expect(stdout).toMatch(/incomplete: chunks never run: http-2/);
    expect(code).toBe(1);
  });
});
