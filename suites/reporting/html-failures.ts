/**
 * The failures of a run, first on the report's first screen (REPORT-FAILURES-FIRST): each failing clause with the
 * spec's words, its failing tests with their error, and the last request and response each test exchanged with the
 * target, credentials redacted (suites/target/exchange-note.ts).
 */
import type { CitingTest, ClauseRow, VerdictItem } from './clause-matrix.js';
import type { ConformanceReport } from './report.js';
import { escapeMarkup as e, truncate } from './text.js';

/** Failing tests shown per clause; the rest are counted. */
const TESTS_SHOWN = 3;

const exchange = (t: CitingTest): string => {
  const last = t.exchanges?.at(-1);
  if (!last) return '';
  return `<div class="exchange"><div><div class="muted">request</div><pre>${e(last.request)}</pre></div><div><div class="muted">response</div><pre>${e(last.response)}</pre></div></div>`;
};

/** A failing test in full the first time it is listed; a test failing several clauses is shown once, then named. */
const failedTest = (t: CitingTest, shown: Set<CitingTest>): string => {
  const name = `<b>${e(t.fullName)}</b> <span class="muted">${e(t.file)}</span>`;
  if (shown.has(t))
    return `<li>${name} <span class="muted">(its error, request and response above)</span></li>`;
  shown.add(t);
  return `<li>${name}<pre class="err">${e(truncate(t.errorMessage ?? 'failed', 800))}</pre>${exchange(t)}</li>`;
};

const testsOf = (tests: readonly CitingTest[], shown: Set<CitingTest>): string => {
  const failed = tests.filter((t) => t.state === 'failed');
  const more = failed.length - TESTS_SHOWN;
  return `<ul class="failed-tests">${failed
    .slice(0, TESTS_SHOWN)
    .map((t) => failedTest(t, shown))
    .join('')}${
    more > 0 ? `<li class="muted">and ${more} more failing test(s): see the clause in the matrix</li>` : ''
  }</ul>`;
};

const failure = (
  item: VerdictItem,
  rows: ReadonlyMap<string, ClauseRow>,
  report: ConformanceReport,
  shown: Set<CitingTest>,
): string => {
  if (item.type === 'clause') {
    const row = rows.get(item.id);
    return `<li class="failure"><div><code>${e(item.id)}</code> <span class="pill kind ${e(item.kind)}">${e(item.kind)}</span> <span class="muted">${e(row?.section ?? '')}</span></div><blockquote>${e(row?.rule ?? '')}</blockquote>${row ? testsOf(row.tests, shown) : ''}</li>`;
  }
  if (item.type === 'test') {
    const test = report.matrix.uncitedTests.find((t) => t.fullName === item.fullName && t.file === item.file);
    return `<li class="failure"><div>a test citing no clause</div>${test ? testsOf([test], shown) : `<pre class="err">${e(item.message)}</pre>`}</li>`;
  }
  return '';
};

/** The "Failing" section: nothing when the run has no failure. */
export function failuresSection(report: ConformanceReport): string {
  const items = report.verdict.failing;
  if (items.length === 0) return '';
  const rows = new Map(report.matrix.rows.map((r) => [r.id, r]));
  const shown = new Set<CitingTest>();
  return `<h2>Failing <span class="n">(${items.length})</span></h2><p class="muted">Documented behaviour this target broke: the spec's words, the failing tests, and the last request and response of each (credentials redacted).</p><ul class="issues failing">${items
    .map((i) => failure(i, rows, report, shown))
    .join('')}</ul>`;
}
