/**
 * A report that opens at once (issue 39, item 8): the HTML of a whole run's scale (2,400 tests, the 550 clauses of
 * the catalogue) is at most 1 MB, passing or failing; what is folded is all there, in the page's blob; and the first
 * screen's HTML carries the verdict, the counts and the likely defects before any long section.
 */
import { describe, expect, it } from 'vitest';
import { clauses } from '../../contract/clauses/index.js';
import { toHtml } from './html.js';
import { foldedFragments, renderedPart } from './html.test-support.js';
import { brokenRunOutcomes, reportOf, TESTS, wholeRunOutcomes } from './large-report.test-support.js';

const MB = 1024 * 1024;
const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

describe('the HTML report of a whole run [REPORT-HTML-SIZE]', () => {
  const passing = reportOf(wholeRunOutcomes(), 'fake');
  const failing = reportOf(brokenRunOutcomes(), 'real');

  it('is at most 1 MB passing and failing, at 2,400 tests and 550 clauses', () => {
    expect(passing.matrix.tests).toHaveLength(TESTS);
    expect(passing.matrix.rows.length).toBeGreaterThanOrEqual(550);
    expect(passing.headline.verdict).toBe('PASS');
    expect(failing.headline).toMatchObject({ verdict: 'FAIL', failingTests: 249, failingClauses: 64 });
    expect(failing.headline.serverErrors).toEqual({ count: 27, groups: 1, tests: 27 });
    for (const report of [passing, failing]) expect(bytes(toHtml(report))).toBeLessThanOrEqual(MB);
    // What the browser lays out at once stays small even where a list runs long (600 requests of one test without an
    // answer, 64 failing clauses): the rest waits folded.
    const rendered = renderedPart(toHtml(failing));
    expect(bytes(rendered)).toBeLessThan(320_000);
    expect(
      rendered.match(/POST \/api\/v1\/getSupportedModels\nauthorization: Bearer api-v1-redacted\d{16}/g),
    ).toHaveLength(3);
  });

  it('folds the passing details away, and keeps every one of them in the page', () => {
    const html = toHtml(passing);
    const rendered = renderedPart(html);
    // The page the browser first lays out is small: the passing rows and their tests are not in it.
    expect(bytes(rendered)).toBeLessThan(40_000);
    expect(rendered).not.toContain('(case 1234)');
    const folded = foldedFragments(html).join('');
    for (const clause of clauses)
      expect(folded, clause.id).toContain(
        `<td class="id"><code>${clause.id.replace(/[-/]/g, '$&<wbr>')}</code>`,
      );
    for (const n of [0, 1234, TESTS - 1]) expect(folded).toContain(`(case ${n})`);
  });

  it('the first screen carries the verdict, the counts and the likely defects before any long section', () => {
    const html = toHtml(failing);
    const verdict = html.indexOf('<div class="verdict fail" id="verdict">FAIL');
    const counts = html.indexOf(
      '<div class="figures" id="counts"><span class="figure bad"><b>2</b> likely defects</span><span class="figure bad"><b>64</b> failing clauses</span><span class="figure bad"><b>249</b> failing tests</span>',
    );
    const defects = html.indexOf('<h2>2 likely defects');
    // What the first defect shows unopened: what was expected against what came, the clauses, the tests, the curl line.
    const firstDefect = html.indexOf('<details>', html.indexOf('<li class="defect">', defects));
    const longSections = [
      '<h2>Server errors',
      '<h2>No answer',
      '<h2>Failing clauses',
      '<div class="cards">',
      '<table class="matrix">',
    ].map((s) => html.indexOf(s));
    for (const at of [verdict, counts]) expect(at).toBeGreaterThan(-1);
    expect(defects).toBeGreaterThan(Math.max(verdict, counts));
    expect(firstDefect).toBeGreaterThan(defects);
    for (const at of longSections) expect(at).toBeGreaterThan(firstDefect);
    // All of it within the first few kilobytes after the page's style.
    expect(firstDefect - html.indexOf('</style>')).toBeLessThan(12_000);
  });
});
