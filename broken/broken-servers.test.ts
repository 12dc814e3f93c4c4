/**
 * Each hand-made broken server turns a conformance run red (exit 1, the broken clause failing), while the same run
 * against the unbroken fake is green: a red result means the server is wrong.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { breakages } from './breakages.js';
import { type Breakage, startBrokenServer } from './broken-server.js';

const ROOT = resolve(import.meta.dirname, '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const work = mkdtempSync(join(tmpdir(), 'broken-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Run {
  code: number;
  failing: string[];
  filter: string | null;
  byReason: Record<string, number>;
  passed: number;
}

/** `npm run conformance` against the server, in a folder of its own (its reports go there). */
async function conformance(
  b: Partial<Breakage>,
  files: string[],
  filter: string,
  name: string,
): Promise<Run> {
  const server = await startBrokenServer(b);
  const dir = join(work, name);
  try {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const target = join(work, `${name}.json`);
    writeFileSync(target, JSON.stringify(server.config));
    const env = { ...process.env };
    for (const k of Object.keys(env))
      if (k.startsWith('CONFORMANCE_') || k.startsWith('VITEST')) delete env[k];
    const code = await new Promise<number>((done) => {
      execFile(
        TSX,
        [join(ROOT, 'suites/runner/conformance.ts'), '--target', target, '--filter', filter, ...files],
        {
          cwd: dir,
          env,
          timeout: 120_000,
        },
        (err) => done(err ? ((err as { code?: number }).code ?? 1) : 0),
      );
    });
    const report = JSON.parse(readFileSync(join(dir, 'reports', 'conformance.json'), 'utf8')) as {
      verdict: { failing: { id?: string }[] };
      counts: { tests: { passed: number } };
      filter: string | null;
      coverage: { byReason: Record<string, number> };
    };
    return {
      code,
      failing: report.verdict.failing.map((f) => f.id ?? ''),
      passed: report.counts.tests.passed,
      filter: report.filter,
      byReason: report.coverage.byReason,
    };
  } finally {
    await server.close();
  }
}

describe('hand-made broken servers turn the conformance run red [HARNESS-BROKEN-SERVERS]', () => {
  it('the unbroken fake passes every run the broken servers fail, a partial run that says so [REPORT-COVERAGE]', async () => {
    const run = await conformance(
      {},
      [...new Set(breakages.flatMap((b) => b.files))],
      breakages.map((b) => `(${b.filter})`).join('|'),
      'unbroken',
    );
    expect(run.failing).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.passed).toBeGreaterThanOrEqual(breakages.length);
    // A run of some files with a name filter is partial, and says so: its unrun clauses are not "uncited".
    expect(run.filter).toContain('files: ');
    expect(run.byReason['no citing test']).toBe(0);
    expect(run.byReason['not in this run']).toBeGreaterThan(0);
  }, 180_000);

  for (const [n, b] of breakages.entries()) {
    it(`${b.name}: the run fails on ${b.catches}`, async () => {
      const run = await conformance(b, b.files, b.filter, `broken-${n}`);
      expect(run.failing).toContain(b.catches);
      expect(run.code).toBe(1);
    }, 180_000);
  }
});
