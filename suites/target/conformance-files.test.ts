/**
 * The harness's self-tests stay out of a QA run (HARNESS-SELF-TESTS-APART): a run against a deployment takes only the
 * conformance files, the ones that reach the target through useTarget(); `npm test` still runs the self-tests.
 */
import { relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { conformanceFiles, reachesTarget, suiteTestFiles } from './conformance-files.js';

const ROOT = resolve(import.meta.dirname, '../..');
const SELF_TEST_FOLDERS = /^suites\/(target|support|runner|reporting)\//;

/** The test files vitest takes with the repository's config, with CONFORMANCE_TARGET set (a QA run) or not. */
async function filesOfARun(remote: boolean): Promise<string[]> {
  const before = process.env.CONFORMANCE_TARGET;
  if (remote) process.env.CONFORMANCE_TARGET = resolve(ROOT, 'reports/no-such-target.json');
  else delete process.env.CONFORMANCE_TARGET;
  try {
    const { createVitest } = await import('vitest/node');
    const vitest = await createVitest('test', { root: ROOT, run: true, watch: false, reporters: [] });
    try {
      const specs = await vitest.globTestSpecifications();
      return [...new Set(specs.map((s) => relative(ROOT, s.moduleId).split('\\').join('/')))].sort();
    } finally {
      await vitest.close();
    }
  } finally {
    if (before === undefined) delete process.env.CONFORMANCE_TARGET;
    else process.env.CONFORMANCE_TARGET = before;
  }
}

describe('the conformance files [HARNESS-SELF-TESTS-APART]', () => {
  it('are the suite files that call useTarget(), and no self-test', () => {
    const files = conformanceFiles(ROOT);
    expect(files.length).toBeGreaterThan(80);
    expect(files.filter((f) => SELF_TEST_FOLDERS.test(f))).toEqual([]);
    const others = suiteTestFiles(ROOT).filter((f) => !files.includes(f.file));
    expect(others.filter((f) => reachesTarget(f.text))).toEqual([]);
    // A contract table checked against the spec's reaches no target: a self-test, wherever it lives.
    expect(others.map((f) => f.file)).toContain('suites/platform/access-table-contract.test.ts');
    expect(others.map((f) => f.file)).toContain('suites/target/conformance-files.test.ts');
  });

  it('reachesTarget reads an import of useTarget and its call, not a mention of them', () => {
    const imported = "import { need, useTarget } from '../support/use-target.js';";
    expect(reachesTarget(`${imported}\n\nconst target = useTarget();\n`)).toBe(true);
    expect(reachesTarget(`${imported}\nfineGrainedTable(useTarget(), ['Setting']);\n`)).toBe(true);
    expect(reachesTarget(`${imported}\n`)).toBe(false);
    expect(reachesTarget("expect(reachesTarget('const target = useTarget();'));")).toBe(false);
  });

  it("a QA run's file list holds the conformance files and no self-test; npm test's holds both", async () => {
    const remote = await filesOfARun(true);
    expect(remote).toEqual(conformanceFiles(ROOT));
    expect(remote.filter((f) => SELF_TEST_FOLDERS.test(f) || !f.startsWith('suites/'))).toEqual([]);
    const local = await filesOfARun(false);
    expect(local).toEqual(expect.arrayContaining(remote));
    expect(local).toEqual(
      expect.arrayContaining([
        'suites/target/conformance-files.test.ts',
        'suites/target/quota.test.ts',
        'suites/runner/preflight.test.ts',
        'suites/reporting/silence.test.ts',
        'suites/platform/access-table-contract.test.ts',
      ]),
    );
  }, 60_000);
});
