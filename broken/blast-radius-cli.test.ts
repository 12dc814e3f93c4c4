/**
 * `npm run blast-radius`: a bad argument is one line and exit 2, nothing run and an earlier report kept; a run of two
 * rules over one test file prints the table, writes blast-radius.json, names each offence on a line of its own and
 * exits 1 (one of the two rules reaches nothing in that file, so it is not caught).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { BlastRadiusReport } from './blast-radius-report.js';

const ROOT = resolve(import.meta.dirname, '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const work = mkdtempSync(join(tmpdir(), 'blast-radius-cli-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const earlier = '{"earlier":true}\n';

function blastRadius(
  args: string[],
  timeout: number,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of Object.keys(env)) if (k.startsWith('CONFORMANCE_') || k.startsWith('VITEST')) delete env[k];
  return new Promise((done) => {
    execFile(
      TSX,
      [join(ROOT, 'broken/blast-radius.ts'), ...args],
      { cwd: ROOT, env, timeout, maxBuffer: 16 * 1024 * 1024 },
      (err, stdout, stderr) =>
        done({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('npm run blast-radius [HARNESS-BLAST-RADIUS]', () => {
  const notADir = join(work, 'a-file');
  writeFileSync(notADir, 'x');
  it.each([
    [['--rule', 'no-such-rule'], /^blast-radius: unknown --rule no-such-rule \(known: total-as-string, /],
    [['--seed', '1.5'], /^blast-radius: --seed takes a whole number from 0 to 2147483647, not "1\.5"$/],
    [['--seed', '-3'], /^blast-radius: Option '--seed' argument is ambiguous\. Did you forget/],
    [['--lanes', '0'], /^blast-radius: --lanes takes a whole number from 1 to 8, not "0"$/],
    [['--out', notADir], /^blast-radius: --out .*a-file: not a directory$/],
    [
      ['suites/platform/nothing.test.ts'],
      /^blast-radius: no such test file: suites\/platform\/nothing\.test\.ts$/,
    ],
    [
      ['broken/proxy.test.ts'],
      /^blast-radius: not a suite test file \(suites\/\*\*\/\*\.test\.ts\): broken\/proxy\.test\.ts$/,
    ],
    [['--whatever'], /^blast-radius: Unknown option '--whatever'/],
    // Found once the session lists the files a whole conformance run takes (suites/reporting/ is the harness's own).
    [
      ['suites/reporting/gate.test.ts'],
      /^blast-radius: not a test file a whole conformance run takes: suites\/reporting\/gate\.test\.ts$/,
    ],
  ])(
    '%j: exit 2, one line, no stack, the earlier report kept',
    async (args, message) => {
      const out = mkdtempSync(join(work, 'out-'));
      writeFileSync(join(out, 'blast-radius.json'), earlier);
      const res = await blastRadius(['--out', out, ...args], 60_000);
      expect(res.code, res.stderr).toBe(2);
      expect(res.stderr.trim().split('\n')).toHaveLength(1);
      expect(res.stderr.trim()).toMatch(message);
      expect(res.stderr).not.toMatch(/\n\s+at /);
      expect(readFileSync(join(out, 'blast-radius.json'), 'utf8')).toBe(earlier);
    },
    90_000,
  );

  it('--help: the usage and the exit codes, exit 0', async () => {
    const res = await blastRadius(['--help'], 30_000);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/^Usage: npm run blast-radius -- \[--rule ID\]\.\.\. \[--out DIR\]/);
    expect(res.stdout).toMatch(/Exit codes: 0 .*; 1 an offence/);
  });

  it('two rules over one file: the table, blast-radius.json, one line per offence, exit 1', async () => {
    const out = join(work, 'run');
    const file = 'suites/platform/projects.test.ts';
    const res = await blastRadius(
      ['--rule', 'total-as-string', '--rule', 'tool-result-refused', '--seed', '7', '--out', out, file],
      240_000,
    );
    const report = JSON.parse(readFileSync(join(out, 'blast-radius.json'), 'utf8')) as BlastRadiusReport;
    expect(report).toMatchObject({ mode: 'touched tests', seed: 7, files: 1, rounds: 1, lanes: 2 });
    expect(report.baseline.status, res.stdout.slice(-2000)).toBe('PASS');
    const [total, tool] = report.rows;
    // total-as-string changes getMyProjects' total, which this file reads: caught, its red read in that file.
    expect(total).toMatchObject({ rule: 'total-as-string', caught: true, touchedFiles: [file] });
    expect(total!.red).toContain('CONV-SUCCESS-TOTAL-INTEGER');
    expect(total!.outside).toEqual(total!.red.filter((id) => id !== 'CONV-SUCCESS-TOTAL-INTEGER'));
    // No request of this file carries a tool result: the rule changes nothing, reds nothing, is not caught.
    expect(tool).toMatchObject({ rule: 'tool-result-refused', caught: false, touchedFiles: [], red: [] });
    expect(res.stderr).toContain(
      'blast-radius: tool-result-refused is not caught: it changed nothing in the unbroken run (no test reaches what it breaks), so RAG-TOOL-RESULT-CONTINUES cannot turn red',
    );
    expect(res.stdout).toMatch(/^ {2}total-as-string +\d+ {2}(yes|NO) +yes {5}CONV-SUCCESS-TOTAL-INTEGER$/m);
    expect(res.stdout).toMatch(/^ {6}red: .*CONV-SUCCESS-TOTAL-INTEGER/m);
    expect(res.stdout).toMatch(/^median [\d.]+, largest \d+ red documented clauses per rule over 2 rules/m);
    expect(res.code).toBe(1);
  }, 300_000);
});
