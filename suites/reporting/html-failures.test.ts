/** The report's first screen with failures present: the failing clauses first, each with its evidence. */
import { describe, expect, it } from 'vitest';
import type { Clause } from '../../contract/clauses/clause.js';
import type { TestOutcome } from './clause-matrix.js';
import { toHtml } from './html.js';
import { fragmentUnder, renderedPart } from './html.test-support.js';
import { toJUnitXml } from './junit.js';
import { buildReport } from './report.js';

const catalogue: readonly Clause[] = [
  { id: 'DOC-A', section: 'Limits', kind: 'documented', rule: 'A viewer gets 403 on updateProjectSettings.' },
  { id: 'DOC-B', section: 'Limits', kind: 'documented', rule: 'rule b' },
  { id: 'DOC-C', section: 'Errors', kind: 'documented', rule: 'rule c' },
];
const failed: TestOutcome = {
  fullName: 'viewer → updateProjectSettings: 403 [DOC-A, DOC-B]',
  file: 'suites/x.test.ts',
  state: 'failed',
  durationMs: 1,
  errorMessage: 'expected 200 to be 403',
  exchanges: [
    { request: 'POST /api/v1/getMyProjects\n\n{}', response: '200\n\n{}' },
    {
      request: 'POST /api/v1/updateProjectSettings\nauthorization: Bearer api-v1-redacted0123\n\n{}',
      response: '200\n\n{"type":"RXSUCCESS"}',
    },
  ],
};
const passed: TestOutcome = {
  fullName: 'ok [DOC-C]',
  file: 'suites/x.test.ts',
  state: 'passed',
  durationMs: 1,
};
const report = (outcomes: TestOutcome[]) =>
  buildReport({
    catalogue,
    outcomes,
    target: { name: 'staging', kind: 'real' },
    generatedAt: '2026-11-25T00:00:00.000Z',
  });
const html = (outcomes: TestOutcome[]) => toHtml(report(outcomes));

describe('failures first [REPORT-FAILURES-FIRST, REPORT-FAILURE-EXCHANGE]', () => {
  it('puts the failing clauses before the cards, each with the spec’s words, the test, its error and its last exchange', () => {
    const page = html([failed, passed]);
    const failing = page.indexOf('<h2>Failing');
    expect(failing).toBeGreaterThan(page.indexOf('</header>'));
    expect(failing).toBeLessThan(page.indexOf('<div class="cards">'));
    const section = page.slice(failing, page.indexOf('<div class="cards">'));
    expect(section).toContain('A viewer gets 403 on updateProjectSettings.');
    expect(section).toContain('expected 200 to be 403');
    expect(section).toContain('POST /api/v1/updateProjectSettings');
    expect(section).toContain('api-v1-redacted0123');
    expect(section).not.toContain('POST /api/v1/getMyProjects'); // the last exchange only
    // The test fails two clauses: shown in full once, named the second time.
    expect(section.split('expected 200 to be 403')).toHaveLength(2);
    expect(section).toContain('(its error, request and response above)');
  });

  it('has no failing section without failures, and folds passing clauses away, rendered when opened [REPORT-HTML-SIZE]', () => {
    const page = html([passed]);
    expect(page).not.toContain('<h2>Failing');
    expect(page).toMatch(
      /<details class="rows passing" data-lazy="\d+"><summary>1 passing clause\(s\)<\/summary><\/details>/,
    );
    expect(renderedPart(page)).not.toContain('<code>DOC-<wbr>C</code>');
    const folded = fragmentUnder(page, '1 passing clause(s)');
    expect(folded).toMatch(/^<table class="matrix">[\s\S]*<code>DOC-<wbr>C<\/code>/);
  });

  it('a run whose target stopped answering says so before anything else [HARNESS-TRANSPORT-SILENCE]', () => {
    const line =
      'the target stopped answering at 03:12:41 UTC: 212 tests after that got no answer (connection refused); the verdict below covers what ran before';
    const page = toHtml({
      ...report([failed, passed]),
      silence: { since: '2026-11-25T03:12:41.000Z', tests: 212, cause: 'connection refused', line },
    });
    const said = page.indexOf(`<div class="silence" id="silence">${line}</div>`);
    expect(said).toBeGreaterThan(page.indexOf('<main>'));
    expect(said).toBeLessThan(page.indexOf('<header>'));
    expect(toHtml(report([failed, passed]))).not.toContain('class="silence"');
  });

  it('JUnit: the failure body carries the last exchange after the error', () => {
    const xml = toJUnitXml(report([failed]));
    expect(xml).toMatch(/expected 200 to be 403\s+last request:\nPOST \/api\/v1\/updateProjectSettings/);
    expect(xml).toContain('its response:\n200');
  });
});
