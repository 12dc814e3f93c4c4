/** scripts/check-strength.mjs: the strength rule in CI, against a baseline that may only shrink. */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const SCRIPT = resolve(import.meta.dirname, '../../scripts/check-strength.mjs');
const run = promisify(execFile);

interface Violation {
  file: string;
  fullName: string;
  unbound: string[];
}

const violation = (file: string, fullName: string): Violation => ({
  file,
  fullName,
  unbound: ['SET-INVALID-MESSAGE'],
});

async function check(
  report: unknown,
  baseline: unknown,
  extra: string[] = [],
): Promise<{ code: number; out: string; err: string; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'check-strength-'));
  writeFileSync(join(dir, 'report.json'), JSON.stringify(report));
  if (baseline !== undefined) writeFileSync(join(dir, 'baseline.json'), JSON.stringify(baseline));
  const args = [
    SCRIPT,
    '--report',
    join(dir, 'report.json'),
    '--baseline',
    join(dir, 'baseline.json'),
    ...extra,
  ];
  try {
    const { stdout, stderr } = await run(process.execPath, args);
    return { code: 0, out: stdout, err: stderr, dir };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, out: err.stdout, err: err.stderr, dir };
  }
}

const fakeRun = (violations: Violation[]) => ({
  target: { name: 'in-process fake', kind: 'fake' },
  filter: null,
  strengthViolations: violations,
});

const known = violation('suites/platform/a.test.ts', 'old [SET-X]');

describe('check-strength (the strength rule in CI) [HARNESS-TWO-STRENGTHS]', () => {
  it('passes when every violation is in the baseline', async () => {
    const r = await check(fakeRun([known]), { violations: [known] });
    expect(r.code).toBe(0);
    expect(r.out).toContain('0 new');
  });

  it('fails on a new violation in a hand-written suite test, naming it', async () => {
    const added = violation('suites/platform/b.test.ts', 'new one [SET-Y]');
    const r = await check(fakeRun([known, added]), { violations: [known] });
    expect(r.code).toBe(1);
    expect(r.out).toContain('NEW   suites/platform/b.test.ts: "new one [SET-Y]" checks SET-INVALID-MESSAGE');
  });

  it('reports a violation of a generated (model or property) test as VARIES without failing', async () => {
    const generated = violation('suites/model/tokens.model.test.ts', 'random sequences');
    const r = await check(fakeRun([generated]), { violations: [] });
    expect(r.code).toBe(0);
    expect(r.out).toContain('VARIES suites/model/tokens.model.test.ts');
  });

  it('lists baseline entries that no longer violate, and --prune removes them', async () => {
    const r = await check(fakeRun([]), { violations: [known] });
    expect(r.code).toBe(0);
    expect(r.out).toContain('GONE  suites/platform/a.test.ts');
    const pruned = await check(fakeRun([]), { violations: [known] }, ['--prune']);
    expect(pruned.code).toBe(0);
    const left = JSON.parse(readFileSync(join(pruned.dir, 'baseline.json'), 'utf8'));
    expect(left.violations).toEqual([]);
  });

  it('refuses a report of another target, a partial run, or a missing file with exit 2 and one line', async () => {
    const real = await check(
      { ...fakeRun([]), target: { name: 'staging', kind: 'real' } },
      { violations: [] },
    );
    expect(real.code).toBe(2);
    expect(real.err).toMatch(/^check-strength: .*must be a whole run against the in-process fake/);
    const partial = await check({ ...fakeRun([]), filter: 'SET-' }, { violations: [] });
    expect(partial.code).toBe(2);
    const missing = await check(fakeRun([]), undefined);
    expect(missing.code).toBe(2);
    expect(missing.err.trim().split('\n')).toHaveLength(1);
    expect(missing.err).toContain('file not found');
  });
});

describe('the arrangement rule (issue 32: arranging a test never fails it) [HARNESS-TWO-STRENGTHS]', () => {
  const suitesWith = (source: string): string => {
    const dir = mkdtempSync(join(tmpdir(), 'arrange-'));
    writeFileSync(join(dir, 'x.test.ts'), source);
    return dir;
  };

  it('fails on a precondition on the target data thrown or asserted, naming the file and line', async () => {
    for (const line of [
      "    expect(all.length, 'the project needs more than 10 sessions for this test').toBeGreaterThan(10);",
      "    if (!first) throw new Error('the configured project has no session');",
      '    throw new Error(`not enough chunks match the query`);',
    ]) {
      const r = await check(fakeRun([]), { violations: [] }, [
        '--suites',
        suitesWith(`it('x', () => {\n${line}\n});\n`),
      ]);
      expect(r.code, line).toBe(1);
      expect(r.out).toMatch(/ARRANGE .*x\.test\.ts:2: a precondition on the target's data fails the test/);
    }
  });

  it('passes arranged() and ordinary assertions', async () => {
    const source = [
      "it('x', (ctx) => {",
      "  arranged(ctx, all.length > 10, 'the project needs more than 10 sessions');",
      "  expect(page.length, 'a page holds at most its limit').toBeLessThanOrEqual(10);",
      "  if (res.status >= 500) throw new Error('server error');",
      '});',
    ].join('\n');
    const r = await check(fakeRun([]), { violations: [] }, ['--suites', suitesWith(source)]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('0 arrangement failures in 1 test files');
  });
});
