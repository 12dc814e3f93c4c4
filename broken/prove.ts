/**
 * `tsx broken/prove.ts TARGET_FILE OUT_DIR`: the broken/ tests' proof. The sensitivity check against TARGET_FILE
 * (the fake), each rule running only the tests of its `caughtBy` file that cite its clause; the reports go to
 * OUT_DIR. Exits 0 when the unbroken run passed, 1 otherwise, 2 on bad arguments.
 */
import { loadTargetConfig } from '../suites/reporting/target-info.js';
import { runSensitivity } from './sensitivity.js';

const [targetFile, out] = process.argv.slice(2);
const loaded = targetFile ? loadTargetConfig(targetFile) : undefined;
if (!loaded?.ok || !out) {
  process.stderr.write(
    `prove: usage: tsx broken/prove.ts TARGET_FILE OUT_DIR${loaded && !loaded.ok ? ` (${loaded.error})` : ''}\n`,
  );
  process.exit(2);
}
const { report } = await runSensitivity({
  targetPath: loaded.path,
  config: loaded.config,
  reportsDir: out,
  onlyCaughtBy: true,
});
process.exit(report.verdict.pass ? 0 : 1);
