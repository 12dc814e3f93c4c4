/**
 * `npx tsx load/node/merge-instances.ts FILE…` (`-` for stdin): the sum check of a cap run split over k6 instances
 * (LOAD-DISTRIBUTED). The files are the runners' logs (`kubectl logs -l k6_cr=NAME,runner=true --tail=-1`), which
 * carry each instance's report on a marked line, or the instances' JSON reports (SUMMARY_JSON). Prints the merged
 * verdict and writes it to reports/load-<script>-merged.json. Exit status: 0 when the sum passes, 1 when it fails,
 * 2 when the reports are not one whole run (a missing or duplicated instance, different runs) or cannot be read.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { commandLine, usageLine } from '../../bin/command-line.mjs';
import { formatMergedReport, MergeError, mergeInstanceReports, reportsIn } from '../lib/merge.ts';
import type { CapReport } from '../lib/summary.ts';

const usage = `Usage: npx tsx load/node/merge-instances.ts FILE… (runner logs or instance reports; - for stdin)

The sum check of a cap run split over k6 instances: prints the merged verdict and writes it to
reports/load-<script>-merged.json. Exit codes: 0 the sum passes, 1 it fails, 2 the reports are not one whole run (a
missing or duplicated instance, different runs), cannot be read, or a usage error.`;

export interface MergeOutcome {
  code: 0 | 1 | 2;
  /** What goes to stdout (code 0 and 1) or stderr (code 2). */
  text: string;
  /** The merged report's file, when written. */
  written?: string;
}

/** Read, merge and judge; the JSON report goes to `<cwd>/reports/`. */
export function mergeFiles(files: readonly string[], cwd: string): MergeOutcome {
  if (files.length === 0) return { code: 2, text: usageLine('merge-instances', 'no FILE given') };
  const reports: CapReport[] = [];
  for (const file of files) {
    try {
      reports.push(...reportsIn(readFileSync(file === '-' ? 0 : resolve(cwd, file), 'utf8')));
    } catch (e) {
      return { code: 2, text: `cannot read ${file}: ${(e as Error).message}` };
    }
  }
  try {
    const merged = mergeInstanceReports(reports);
    const written = resolve(cwd, 'reports', `load-${merged.script}-merged.json`);
    mkdirSync(dirname(written), { recursive: true });
    writeFileSync(written, `${JSON.stringify(merged, null, 2)}\n`);
    return { code: merged.verdict.ok ? 0 : 1, text: formatMergedReport(merged), written };
  } catch (e) {
    if (e instanceof MergeError) return { code: 2, text: e.message };
    throw e;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { positionals } = commandLine({ name: 'merge-instances', usage, allowPositionals: true });
  const outcome = mergeFiles(positionals, process.cwd());
  (outcome.code === 2 ? console.error : console.log)(outcome.text);
  process.exit(outcome.code);
}
