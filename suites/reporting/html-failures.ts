/**
 * The failures of a run, first on the report's first screen (REPORT-FAILURES-FIRST): each failing clause with the
 * spec's words, its failing tests with their error, and the last request and response each test exchanged with the
 * target, credentials redacted (suites/target/exchange-note.ts).
 */
import {
  type CitingTest,
  type ClauseRow,
  failsClause,
  type NoAnswerNote,
  type ServerErrorNote,
  type VerdictItem,
} from './clause-matrix.js';
import type { ConformanceReport } from './report.js';
import { escapeMarkup as e, truncate } from './text.js';

/** Failing tests shown per clause; the rest are counted. */
const TESTS_SHOWN = 3;

const exchange = (t: CitingTest): string => {
  const last = t.exchanges?.at(-1);
  if (!last) return '';
  return `<div class="exchange"><div><div class="muted">request</div><pre>${e(last.request)}</pre></div><div><div class="muted">response</div><pre>${e(last.response)}</pre></div></div>`;
};

/**
 * A failing test in full the first time it is listed; a test failing several clauses is shown once, then named. With
 * `id`, the error shown is the test's failure on that clause (its bound check's, issue 33).
 */
const failedTest = (t: CitingTest, shown: Set<CitingTest>, id?: string): string => {
  const name = `<b>${e(t.fullName)}</b> <span class="muted">${e(t.file)}</span>`;
  const bound = id !== undefined ? t.boundFailures?.find((f) => f.clauseIds.includes(id)) : undefined;
  const error = bound
    ? `${bound.message}${bound.more ? `\n(and ${bound.more} more failure(s) of this check)` : ''}`
    : (t.errorMessage ?? 'failed');
  if (shown.has(t))
    return bound
      ? `<li>${name} <span class="muted">(its request and response above)</span><pre class="err">${e(truncate(error, 800))}</pre></li>`
      : `<li>${name} <span class="muted">(its error, request and response above)</span></li>`;
  shown.add(t);
  return `<li>${name}<pre class="err">${e(truncate(error, 800))}</pre>${exchange(t)}</li>`;
};

/** The spec's own words a documented clause rests on (REPORT-CLAUSE-QUOTES). */
const quotesOf = (row: ClauseRow | undefined): string =>
  row?.quote && row.quote.length > 0
    ? `<div class="quote"><span class="muted">the spec says:</span>${row.quote.map((q) => `<q>${e(q)}</q>`).join(' … ')}</div>`
    : '';

const testsOf = (tests: readonly CitingTest[], shown: Set<CitingTest>, id?: string): string => {
  const failed = tests.filter((t) => (id === undefined ? t.state === 'failed' : failsClause(t, id)));
  const more = failed.length - TESTS_SHOWN;
  return `<ul class="failed-tests">${failed
    .slice(0, TESTS_SHOWN)
    .map((t) => failedTest(t, shown, id))
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
    return `<li class="failure"><div><code>${e(item.id)}</code> <span class="pill kind ${e(item.kind)}">${e(item.kind)}</span> <span class="muted">${e(row?.section ?? '')}</span></div>${quotesOf(row)}<blockquote>${e(row?.rule ?? '')}</blockquote>${row ? testsOf(row.tests, shown, item.id) : ''}</li>`;
  }
  if (item.type === 'test') {
    const test = report.matrix.uncitedTests.find((t) => t.fullName === item.fullName && t.file === item.file);
    return `<li class="failure"><div>a test citing no clause</div>${test ? testsOf([test], shown) : `<pre class="err">${e(item.message)}</pre>`}</li>`;
  }
  return '';
};

const serverError = (note: ServerErrorNote): string =>
  `<div class="exchange"><div><div class="muted">request</div><pre>${e(note.request)}</pre></div><div><div class="muted">response (${e(note.why === 'not JSON' ? 'not JSON' : 'server error')})</div><pre>${e(note.response)}</pre></div></div>`;

/**
 * The "Server errors" section (issue 33): every test that met a 5xx, or an answer that is not JSON where the spec
 * documents JSON, with the request and response; these fail the run apart from any clause.
 */
export function serverErrorsSection(report: ConformanceReport): string {
  const items = report.verdict.failing.filter((i) => i.type === 'server-error');
  if (items.length === 0) return '';
  return `<h2>Server errors <span class="n">(${items.length})</span></h2><p class="muted">A 5xx, or an answer that is not JSON where the spec documents its JSON envelope, is a defect whatever the request: it fails the run apart from the clauses, with what was sent and what came back (credentials redacted).</p><ul class="issues failing server-errors">${items
    .map((i) =>
      i.type === 'server-error'
        ? `<li class="failure"><div><b>${e(i.fullName)}</b> <span class="muted">${e(i.file)}</span></div><div>${e(i.message)}</div>${i.exchanges.map(serverError).join('')}</li>`
        : '',
    )
    .join('')}</ul>`;
}

const unanswered = (note: NoAnswerNote): string =>
  `<div><span class="muted">${note.testTimedOut ? `still waiting after ${note.elapsedMs} ms when its test ran out of time` : `waited ${note.elapsedMs} ms`}, ${note.inFlight} request(s) of the run in flight</span><pre>${e(note.request)}</pre></div>`;

/**
 * The "No answer" section (issue 33): requests that got no answer within the timeout. Their tests prove nothing either
 * way (counted inconclusive); many of them say the target or the network could not keep up.
 */
export function noAnswerSection(report: ConformanceReport): string {
  const items = report.verdict.noAnswer;
  if (items.length === 0) return '';
  const requests = items.reduce((n, i) => n + (i.type === 'no-answer' ? i.requests.length : 0), 0);
  const crowd =
    items.length >= 3
      ? `<p><b>${requests} requests in ${items.length} tests got no answer: the target or the network could not keep up with this run.</b></p>`
      : '';
  return `<h2>No answer <span class="n">(${items.length})</span></h2><p class="muted">Requests that got no answer within the timeout. Silence is no red on the clause a test was about: these tests count as inconclusive.</p>${crowd}<ul class="issues no-answer">${items
    .map((i) =>
      i.type === 'no-answer'
        ? `<li><div><b>${e(i.fullName)}</b> <span class="muted">${e(i.file)}</span></div>${i.requests.map(unanswered).join('')}</li>`
        : '',
    )
    .join('')}</ul>`;
}

/** The "Failing" section: nothing when the run has no failure. Server errors have a section of their own. */
export function failuresSection(report: ConformanceReport): string {
  const items = report.verdict.failing.filter((i) => i.type !== 'server-error');
  if (items.length === 0) return '';
  const rows = new Map(report.matrix.rows.map((r) => [r.id, r]));
  const shown = new Set<CitingTest>();
  return `<h2>Failing <span class="n">(${items.length})</span></h2><p class="muted">Documented behaviour this target broke: the spec's words, the failing tests, and the last request and response of each (credentials redacted).</p><ul class="issues failing">${items
    .map((i) => failure(i, rows, report, shown))
    .join('')}</ul>`;
}
