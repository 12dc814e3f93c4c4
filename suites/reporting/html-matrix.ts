/**
 * The clause matrix of the HTML report (REPORT-MATRIX): a row per clause with its status, the rule and the spec's
 * words, its citing tests and its errors. Passing, skipped and untested clauses are folded away under the others, and
 * what a row holds past
 * its first few items (passing citing tests, further errors, the fake's own evidence) is rendered only when opened
 * (html-lazy.ts, REPORT-HTML-SIZE), so a whole run's page stays small.
 */
import { type CitingTest, type ClauseRow, failsClause, failureOn } from './clause-matrix.js';
import type { LazyFragments } from './html-lazy.js';
import { escapeMarkup as e, truncate } from './text.js';

const MARK: Record<CitingTest['state'], string> = {
  passed: '✓',
  failed: '✗',
  skipped: '○',
  inconclusive: '?',
};
const STATUSES = ['fail', 'warn', 'inconclusive', 'skip', 'pass', 'untested'] as const;
/** Items of a row's lists rendered in the page; the rest on demand. */
const SHOWN = 3;

export const pill = (cls: string, text: string | number): string =>
  `<span class="pill ${cls}">${e(String(text))}</span>`;

/** Escaped text with line-break opportunities after `-` and `/` (long ids and section paths). */
const breakable = (text: string): string => e(text).replace(/[-/]/g, '$&<wbr>');

const baseName = (file: string): string => file.slice(file.lastIndexOf('/') + 1);

const testItem = (t: CitingTest): string =>
  `<li title="${e(t.file)}"><span class="mark ${t.state}">${MARK[t.state]}</span>${e(t.fullName)} <span class="file">${e(baseName(t.file))}</span></li>`;

const list = (tests: readonly CitingTest[]): string =>
  tests.length === 0 ? '' : `<ul>${tests.map(testItem).join('')}</ul>`;

/** `✓ 12 passing · ○ 2 skipped`: what a folded list of tests holds. */
const tally = (tests: readonly CitingTest[]): string =>
  (['passed', 'failed', 'skipped', 'inconclusive'] as const)
    .map((s) => [s, tests.filter((t) => t.state === s).length] as const)
    .filter(([, n]) => n > 0)
    .map(([s, n]) => `<span class="mark ${s}">${MARK[s]}</span>${n} ${s === 'passed' ? 'passing' : s}`)
    .join(' · ');

/** Up to SHOWN tests that did not pass in the page; the others, passing ones included, when opened. */
const citingTests = (tests: readonly CitingTest[], lazy: LazyFragments): string => {
  if (tests.length === 0) return '<span class="muted">no suite test</span>';
  const others = tests.filter((t) => t.state !== 'passed');
  const shown = others.slice(0, SHOWN);
  const folded = [...others.slice(SHOWN), ...tests.filter((t) => t.state === 'passed')];
  return `${list(shown)}${folded.length === 0 ? '' : lazy.details(`${shown.length > 0 ? 'and ' : ''}${tally(folded)}`, list(folded))}`;
};

/** The fake's own unit tests citing an API clause: shown folded, never counted as its evidence. */
const fakeEvidence = (row: ClauseRow, lazy: LazyFragments): string =>
  row.fakeEvidence.length === 0
    ? ''
    : lazy.details(
        `fake's own evidence: ${row.fakeEvidence.length} unit test(s), not counted`,
        list(row.fakeEvidence),
      );

/** The first `n` of `items` in the page, the rest when opened. */
const firstFew = (items: readonly string[], n: number, lazy: LazyFragments, what: string): string =>
  items.slice(0, n).join('') +
  (items.length > n ? lazy.details(`${items.length - n} more ${what}`, items.slice(n).join('')) : '');

/** A row's errors, warnings and skip reasons: the first error and warning in the page (cut), the rest when opened. */
const details = (row: ClauseRow, lazy: LazyFragments): string => {
  const pre = (cls: string, text: string, i: number) =>
    `<pre class="${cls}">${e(truncate(text, i === 0 ? 800 : 1500))}</pre>`;
  const errors = row.tests
    .filter((t) => failsClause(t, row.id))
    .map((t, i) => pre('err', failureOn(t, row.id) ?? 'failed', i));
  const warned = row.warnings.map((w, i) => pre('err warn', `warned by "${w.fullName}": ${w.message}`, i));
  const reasons = row.skipReasons.map((r) => `<div class="reason">skipped: ${e(r)}</div>`);
  return [
    firstFew(errors, 1, lazy, 'errors'),
    firstFew(warned, 1, lazy, 'warnings'),
    firstFew(reasons, SHOWN, lazy, 'skip reasons'),
  ].join('');
};

const matrixRow = (row: ClauseRow, lazy: LazyFragments): string =>
  `<tr class="status-${row.status}" data-status="${row.status}">` +
  `<td class="id"><code>${breakable(row.id)}</code></td>` +
  `<td>${breakable(row.section)}</td>` +
  `<td>${pill(`kind ${row.kind}`, row.kind)}</td>` +
  `<td>${pill(row.status, row.status)}</td>` +
  `<td class="rule">${e(row.rule)}${row.quote?.length ? `<div class="quote">${row.quote.map((q) => `<q>${e(q)}</q>`).join(' … ')}</div>` : ''}</td>` +
  `<td class="tests">${citingTests(row.tests, lazy)}${fakeEvidence(row, lazy)}</td>` +
  `<td>${details(row, lazy)}</td></tr>`;

export const filters = (): string => {
  const boxes = STATUSES.map(
    (s) => `<label><input type="checkbox" data-status="${s}" checked> ${pill(s, s)}</label>`,
  ).join('');
  return `<div class="filters"><input id="q" type="search" placeholder="Filter by id, section, rule or test…" aria-label="filter">${boxes}<span id="shown" class="muted"></span></div>`;
};

const table = (rows: readonly ClauseRow[], lazy: LazyFragments): string =>
  `<table class="matrix"><colgroup><col style="width:15%"><col style="width:10%"><col style="width:8%"><col style="width:7%"><col style="width:26%"><col style="width:19%"><col style="width:15%"></colgroup><thead><tr><th>Id</th><th>Section</th><th>Kind</th><th>Status</th><th>Rule</th><th>Citing tests</th><th>Errors / skip reasons</th></tr></thead>
<tbody>${rows.map((r) => matrixRow(r, lazy)).join('\n')}</tbody></table>`;

/** Statuses whose rows a matrix shows at once; the others are folded, a fold per status, rendered when opened. */
const SHOWN_STATUSES: readonly ClauseRow['status'][] = ['fail', 'warn', 'inconclusive'];
const FOLDS = [
  ['pass', 'passing clause(s)', 'rows passing'],
  ['skip', 'skipped clause(s)', 'rows'],
  ['untested', 'untested clause(s)', 'rows'],
] as const;

/**
 * A matrix with its failing, warned and inconclusive clauses shown and the others folded away under them (passing
 * clauses are the bulk of a good run, skipped and untested ones of a partial run), on demand.
 */
export const matrixTable = (
  title: string,
  intro: string,
  rows: readonly ClauseRow[],
  lazy: LazyFragments,
): string => {
  if (rows.length === 0) return '';
  const shown = rows.filter((r) => SHOWN_STATUSES.includes(r.status));
  const folded = FOLDS.map(([status, words, cls]) => {
    const these = rows.filter((r) => r.status === status);
    return these.length === 0 ? '' : lazy.details(`${these.length} ${words}`, table(these, lazy), cls);
  }).join('');
  return `<h2>${e(title)} <span class="n">(${rows.length})</span></h2><p class="muted">${e(intro)}</p>
${shown.length > 0 ? table(shown, lazy) : ''}${folded}`;
};

/** Clauses no test cites: counted, and listed when opened. */
export const untestedSection = (rows: readonly ClauseRow[], lazy: LazyFragments): string => {
  const untested = rows.filter((r) => r.status === 'untested');
  if (untested.length === 0) return '';
  const items = untested.map(
    (r) =>
      `<li><code>${e(r.id)}</code> ${pill(`kind ${r.kind}`, r.kind)} <span class="muted">${e(r.section)}</span> — ${e(r.rule)}</li>`,
  );
  return `<h2>Untested clauses <span class="n">(${untested.length})</span></h2>${lazy.details(
    `${untested.length} clause(s) no test cites, or none this run selected`,
    `<ul class="issues">${items.join('')}</ul>`,
  )}`;
};
