/**
 * The conformance files (HARNESS-SELF-TESTS-APART): the test files under suites/ that reach the target, the only
 * ones a run against a deployment takes. A file reaches the target when it calls useTarget()
 * (suites/support/use-target.ts); every other test file under suites/ is a self-test of the harness (its target
 * client, its runner, its reports, a contract table checked against the spec's), which `npm test` runs and a QA run
 * never counts. One source: vitest.config.ts includes these for a remote run, and the tools that pick suite files by
 * reading them (broken/selection.ts, suites/target/shared-data.test.ts) read the same list.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** useTarget imported from suites/support/use-target.ts (an import statement of its own line), and called. */
const IMPORTS_USE_TARGET = /^import \{[^}]*\buseTarget\b[^}]*\} from '[^']*\/use-target\.js';?$/m;
const CALLS_USE_TARGET = /\buseTarget\(\s*\)/;

/** Whether a test file's text reaches the target: it imports useTarget() and calls it, the one way to get one. */
export const reachesTarget = (text: string): boolean =>
  IMPORTS_USE_TARGET.test(text) && CALLS_USE_TARGET.test(text);

/** Every `*.test.ts` under `root`/suites, relative to `root` with `/`, sorted, with its text. */
export function suiteTestFiles(root: string): { file: string; text: string }[] {
  const out: { file: string; text: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.test.ts'))
        out.push({ file: relative(root, path).split(sep).join('/'), text: readFileSync(path, 'utf8') });
    }
  };
  walk(join(root, 'suites'));
  return out.sort((a, b) => a.file.localeCompare(b.file));
}

/** The conformance files under `root`/suites, relative to `root`, sorted, with their text. */
export const conformanceFilesWithText = (root: string): { file: string; text: string }[] =>
  suiteTestFiles(root).filter((f) => reachesTarget(f.text));

/** The conformance files under `root`/suites, relative to `root`, sorted. */
export const conformanceFiles = (root: string): string[] => conformanceFilesWithText(root).map((f) => f.file);
