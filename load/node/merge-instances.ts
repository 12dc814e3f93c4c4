/**
 * `npx tsx load/node/merge-instances.ts FILE…` (`-` for stdin): the sum check of a cap run split over k6 instances
 * (LOAD-DISTRIBUTED). The files are the runners' logs (`kubectl logs -l k6_cr=NAME,runner=true --tail=-1`), which
 * carry each instance's report on a marked line, or the instances' JSON reports (SUMMARY_JSON). Prints the merged
 * verdict and writes it to reports/load-<script>-merged.json. Exit status: 0 when the sum passes, 1 when it fails,
 * 2 when the reports are not one whole run (a missing or duplicated instance, different runs) or cannot be read.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { formatMergedReport, MergeError, mergeInstanceReports, reportsIn } from '../lib/merge.ts';
import type { CapReport } from '../lib/summary.ts';

const usage =
  'usage: npx tsx load/node/merge-instances.ts FILE… (runner logs or instance reports; - for stdin)';

function fail(message: string, code: number): never {
  console.error(message);
  process.exit(code);
}

const files = process.argv.slice(2);
if (files.length === 0 || files.includes('--help') || files.includes('-h')) fail(usage, files.length ? 0 : 2);
const reports: CapReport[] = [];
for (const file of files) {
  try {
    reports.push(...reportsIn(readFileSync(file === '-' ? 0 : resolve(file), 'utf8')));
  } catch (e) {
    fail(`cannot read ${file}: ${(e as Error).message}`, 2);
  }
}
try {
  const merged = mergeInstanceReports(reports);
  console.log(formatMergedReport(merged));
  const out = resolve('reports', `load-${merged.script}-merged.json`);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(merged, null, 2)}\n`);
  process.exit(merged.verdict.ok ? 0 : 1);
} catch (e) {
  if (e instanceof MergeError) fail(e.message, 2);
  throw e;
}
