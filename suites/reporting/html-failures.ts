/**
 * The failures of a run by clause, after the likely defects on the report's first screen (REPORT-FAILURES-FIRST): each
 * failing clause with the spec's words, its failing tests with their error, and the last request and response each
 * test exchanged with the target, credentials redacted (suites/target/exchange-note.ts); then the requests that got
 * no answer. What goes past the first few is folded, rendered when opened (html-lazy.ts).
 */
import {
  type CitingTest,
  type ClauseRow,
  failsClause,
  type NoAnswerNote,
  type VerdictItem,
} from './clause-matrix.js';
import { exchangeHtml } from './html-defects.js';
import type { LazyFragments } from './html-lazy.js';
import type { ConformanceReport } from './report.js';
import { escapeMarkup as e, truncate } from './text.js';

/** Failing tests shown per clause, and requests without an answer per test; the rest are counted or folded. */
const TESTS_SHOWN = 3;
/** Failing clauses and no-answer items rendered in the page; the rest folded. */
const ITEMS_SHOWN = 20;

const exchange = (t: CitingTest): string => {
  const last = t.exchanges?.at(-1);
  return last ? exchangeHtml(last.request, last.response) : '';
};

/**
 * A failing test in full (its error, its request and response) the first time it is listed as a clause's first
 * failing test; otherwise its error alone, and a test failing several clauses is shown once, then named. With `id`,
 * the error shown is the test's failure on that clause (its bound check's, issue 33).
 */
const failedTest = (t: CitingTest, shown: Set<CitingTest>, id: string | undefined, full: boolean): string => {
  const name = `<b>${e(t.fullName)}</b> <span class="muted">${e(t.file)}</span>`;
  const bound = id !== undefined ? t.boundFailures?.find((f) => f.clauseIds.includes(id)) : undefined;
  const error = bound
    ? `${bound.message}${bound.more ? `\n(and ${bound.more} more failure(s) of this check)` : ''}`
    : (t.errorMessage ?? 'failed');
  if (shown.has(t))
    return bound
      ? `<li>${name} <span class="muted">(its request and response above)</span><pre class="err">${e(truncate(error, 800))}</pre></li>`
      : `<li>${name} <span class="muted">(its error, request and response above)</span></li>`;
  if (!full) return `<li>${name}<pre class="err">${e(truncate(error, 400))}</pre></li>`;
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
    .map((t, i) => failedTest(t, shown, id, i === 0))
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

/** The first ITEMS_SHOWN of `items` as a list; the rest folded under `more`. */
const bounded = (items: readonly string[], cls: string, lazy: LazyFragments, more: string): string =>
  `<ul class="${cls}">${items.slice(0, ITEMS_SHOWN).join('')}</ul>${
    items.length > ITEMS_SHOWN
      ? lazy.details(
          `${items.length - ITEMS_SHOWN} ${more}`,
          `<ul class="${cls}">${items.slice(ITEMS_SHOWN).join('')}</ul>`,
        )
      : ''
  }`;

const unanswered = (note: NoAnswerNote): string =>
  `<div><span class="muted">${note.testTimedOut ? `still waiting after ${note.elapsedMs} ms when its test ran out of time` : `waited ${note.elapsedMs} ms`}, ${note.inFlight} request(s) of the run in flight</span><pre>${e(note.request)}</pre></div>`;

/**
 * The "No answer" section (issue 33): requests that got no answer within the timeout. Their tests prove nothing either
 * way (counted inconclusive); many of them say the target or the network could not keep up.
 */
export function noAnswerSection(report: ConformanceReport, lazy: LazyFragments): string {
  const items = report.verdict.noAnswer;
  if (items.length === 0) return '';
  const { tests, requests } = report.headline.noAnswer;
  const crowd =
    tests >= 3
      ? `<p><b>${requests} requests in ${tests} tests got no answer: the target or the network could not keep up with this run.</b></p>`
      : '';
  // A test that sent a burst may have hundreds without an answer: its first few shown, the rest when opened.
  const lines = items.map((i) =>
    i.type === 'no-answer'
      ? `<li><div><b>${e(i.fullName)}</b> <span class="muted">${e(i.file)}</span></div>${i.requests
          .slice(0, TESTS_SHOWN)
          .map(unanswered)
          .join('')}${
          i.requests.length > TESTS_SHOWN
            ? lazy.details(
                `${i.requests.length - TESTS_SHOWN} more requests of this test without an answer`,
                i.requests.slice(TESTS_SHOWN).map(unanswered).join(''),
              )
            : ''
        }</li>`
      : '',
  );
  return `<h2>No answer <span class="n">(${tests})</span></h2><p class="muted">Requests that got no answer within the timeout. Silence is no red on the clause a test was about: these tests count as inconclusive.</p>${crowd}${bounded(lines, 'issues no-answer', lazy, 'more tests without an answer')}`;
}

/** The "Failing clauses" section: nothing when the run has no failure. Server errors have a section of their own. */
export function failuresSection(report: ConformanceReport, lazy: LazyFragments): string {
  const items = report.verdict.failing.filter((i) => i.type !== 'server-error');
  if (items.length === 0) return '';
  const rows = new Map(report.matrix.rows.map((r) => [r.id, r]));
  const shown = new Set<CitingTest>();
  const uncited = items.filter((i) => i.type === 'test').length;
  const title = `Failing clauses <span class="n">(${report.headline.failingClauses})</span>${uncited > 0 ? ` and tests citing no clause <span class="n">(${uncited})</span>` : ''}`;
  return `<h2>${title}</h2><p class="muted">Documented behaviour this target broke, clause by clause: the spec's words, the failing tests, and the last request and response of each (credentials redacted).</p>${bounded(
    items.map((i) => failure(i, rows, report, shown)),
    'issues failing',
    lazy,
    'more failing clauses',
  )}`;
}
