/**
 * What the terminal says of a finished run (REPORT-ONE-COUNT, REPORT-LIKELY-DEFECTS): the likely defects and the
 * server errors by cause, each with a curl line, then the closing lines, from the report's headline. The clause
 * reporter (the end of `npm test`) and suites/runner/verdict-output.ts (the end of a conformance run and of a merge)
 * print these same lines, so the two never disagree.
 */
import { costsLine, type RunCosts } from './costs.js';
import type { Coverage } from './coverage.js';
import { type Headline, headlineLine } from './headline.js';
import type { LikelyDefect } from './likely-defects.js';
import type { ServerErrorGroup } from './server-error-groups.js';
import { truncate } from './text.js';

/** A curl line longer than this is left to the HTML report (a terminal cuts it, and a cut line sends something else). */
const CURL_MAX = 400;
/** Defects and groups listed; the rest are counted. */
const LISTED = 10;

const curl = (line: string | undefined): string[] =>
  line === undefined
    ? []
    : [
        line.length <= CURL_MAX
          ? `       ${line}`
          : '       (its curl line is in the HTML report: the body is long)',
      ];

const more = (n: number, what: string): string[] =>
  n > LISTED ? [`  … and ${n - LISTED} more ${what} in the HTML report`] : [];

export function defectLines(
  defects: readonly LikelyDefect[],
  groups: readonly ServerErrorGroup[],
  serverErrors: number,
): string[] {
  const lines: string[] = [];
  if (defects.length > 0) {
    lines.push(`${defects.length} ${defects.length === 1 ? 'likely defect' : 'likely defects'}:`);
    defects.slice(0, LISTED).forEach((d, i) => {
      const clauses = d.clauses.length > 0 ? `; ${truncate(d.clauses.join(', '), 160)}` : '';
      lines.push(
        `  ${i + 1}. ${[d.operations.join(', '), ...(d.credentials.length > 0 ? [d.credentials.join(', ')] : []), d.expectation].join(' · ')} — ${d.tests} ${d.tests === 1 ? 'test' : 'tests'}${clauses}`,
        ...curl(d.example.curl),
      );
    });
    lines.push(...more(defects.length, 'likely defects'));
  }
  if (groups.length > 0) {
    lines.push(
      `${serverErrors} server errors in ${groups.length} ${groups.length === 1 ? 'group' : 'groups'}:`,
    );
    for (const g of groups.slice(0, LISTED))
      lines.push(
        `  ${g.count} × ${g.family} × ${g.status} × ${g.shape} (${g.tests} ${g.tests === 1 ? 'test' : 'tests'}, ${g.operations.length} ${g.operations.length === 1 ? 'operation' : 'operations'})`,
        ...curl(g.example.curl),
      );
    lines.push(...more(groups.length, 'groups'));
  }
  return lines;
}

/** The closing lines: the verdict with the headline's counts, what was not checked and why, the tests, the cost. */
export function closingLines(report: {
  readonly headline: Headline;
  readonly coverage: Coverage;
  readonly counts: {
    readonly tests: { passed: number; failed: number; skipped: number; inconclusive: number };
  };
  readonly costs?: RunCosts;
  readonly filter?: string | null;
}): string[] {
  const reasons = Object.entries(report.coverage.byReason).filter(([, n]) => n > 0);
  const t = report.counts.tests;
  return [
    `${headlineLine(report.headline)}${report.filter ? ' — partial run' : ''}`,
    ...(reasons.length > 0 ? [`  not checked: ${reasons.map(([r, n]) => `${n} ${r}`).join(', ')}`] : []),
    `tests: ${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped, ${t.inconclusive} inconclusive`,
    // A report from before the costs were counted has none.
    ...(report.costs ? [costsLine(report.costs)] : []),
  ];
}
