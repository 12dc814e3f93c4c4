/**
 * The first screen's failures (issue 39, items 6 and 8; REPORT-LIKELY-DEFECTS): "N likely defects", each with what was
 * expected against what came, the operations and credentials, its clauses (the spec's words a click away), its tests
 * (counted, the first few named), a curl line that sends its request again, and that request and its response; then
 * the server errors grouped by cause, each with a count and one example.
 */
import type { ClauseRow } from './clause-matrix.js';
import type { LazyFragments } from './html-lazy.js';
import type { LikelyDefect } from './likely-defects.js';
import type { ConformanceReport } from './report.js';
import type { ServerErrorGroup } from './server-error-groups.js';
import type { TestRef } from './test-refs.js';
import { escapeMarkup as e, truncate } from './text.js';

/** Defects and groups rendered in the page; the rest are folded (details on demand). */
const SHOWN = 20;
/** Clauses named per defect, with their quotes; the rest are counted. */
const CLAUSES_NAMED = 8;

export const exchangeHtml = (request: string, response: string, label = 'response'): string =>
  `<div class="exchange"><div><div class="muted">request</div><pre>${e(request)}</pre></div><div><div class="muted">${e(label)}</div><pre>${e(response)}</pre></div></div>`;

const curlHtml = (curl: string | undefined): string =>
  curl === undefined
    ? ''
    : `<pre class="curl" title="credentials are environment variables named after the target file's fields">${e(curl)}</pre>`;

const testsLine = (count: number, first: readonly TestRef[]): string =>
  `<div class="defect-tests"><b>${count}</b> ${count === 1 ? 'test' : 'tests'}: ${first
    .map((t) => `<span title="${e(t.file)}">${e(truncate(t.fullName, 160))}</span>`)
    .join(
      ' · ',
    )}${count > first.length ? ` <span class="muted">and ${count - first.length} more</span>` : ''}</div>`;

const clausePills = (ids: readonly string[], rows: ReadonlyMap<string, ClauseRow>): string =>
  ids
    .slice(0, CLAUSES_NAMED)
    .map((id) => {
      const kind = rows.get(id)?.kind ?? 'documented';
      return `<code class="clause ${e(kind)}">${e(id)}</code>`;
    })
    .join(' ') +
  (ids.length > CLAUSES_NAMED
    ? ` <span class="muted">and ${ids.length - CLAUSES_NAMED} more clauses</span>`
    : '');

const quotes = (ids: readonly string[], rows: ReadonlyMap<string, ClauseRow>): string =>
  ids
    .slice(0, CLAUSES_NAMED)
    .map((id) => {
      const row = rows.get(id);
      if (!row) return '';
      const said = row.quote?.length
        ? `<div class="quote"><span class="muted">the spec says:</span>${row.quote.map((q) => `<q>${e(q)}</q>`).join(' … ')}</div>`
        : `<div class="muted">${e(row.kind)} clause: ${e(row.rule)}</div>`;
      return `<div><code>${e(id)}</code>${said}</div>`;
    })
    .join('');

function defectItem(d: LikelyDefect, n: number, rows: ReadonlyMap<string, ClauseRow>): string {
  const ex = d.example;
  const more = [
    quotes(d.clauses, rows),
    `<div class="muted">for example <b>${e(ex.fullName)}</b> ${e(ex.file)}</div><pre class="err">${e(ex.message)}</pre>`,
    ex.request !== undefined ? exchangeHtml(ex.request, ex.response ?? '') : '',
  ].join('');
  const credentials = d.credentials.length > 0 ? ` · ${e(d.credentials.join(', '))}` : '';
  return `<li class="defect"><div class="what"><span class="n">${n}.</span> <b>${e(d.operations.join(', '))}</b>${credentials} · <span class="expect">${e(d.expectation)}</span></div>
<div class="defect-clauses">${d.clauses.length > 0 ? clausePills(d.clauses, rows) : '<span class="muted">tests citing no clause</span>'}</div>${testsLine(d.tests, d.firstTests)}${curlHtml(ex.curl)}<details><summary>the spec's words, the failure, the request and its response</summary>${more}</details></li>`;
}

/** "N likely defects": nothing when the run has none. */
export function likelyDefectsSection(report: ConformanceReport, lazy: LazyFragments): string {
  const defects = report.likelyDefects;
  if (defects.length === 0) return '';
  const rows = new Map(report.matrix.rows.map((r) => [r.id, r]));
  const items = defects.map((d, i) => defectItem(d, i + 1, rows));
  const h = report.headline;
  const rest =
    items.length > SHOWN
      ? lazy.details(
          `${items.length - SHOWN} more likely defects`,
          `<ol class="defects" start="${SHOWN + 1}">${items.slice(SHOWN).join('')}</ol>`,
        )
      : '';
  return `<h2>${defects.length} ${defects.length === 1 ? 'likely defect' : 'likely defects'} <span class="n">(${h.failingTests} failing tests, ${h.failingClauses} failing clauses)</span></h2>
<p class="muted">Failures grouped by the operation, the credential and what was expected against what came (numbers and ids folded); a message, value or schema path that fails alike on several operations is one. Most tests first. Curl lines read credentials from environment variables named after the target file's fields.</p>
<ol class="defects">${items.slice(0, SHOWN).join('')}</ol>${rest}`;
}

function groupItem(g: ServerErrorGroup): string {
  const ex = g.example;
  const ops =
    g.operations.length > 6
      ? `${g.operations.slice(0, 6).join(', ')} and ${g.operations.length - 6} more`
      : g.operations.join(', ');
  return `<li class="defect"><div class="what"><b>${e(g.family)} × ${e(g.status)} × ${e(g.shape)}</b> — <b>${g.count}</b> ${g.count === 1 ? 'server error' : 'server errors'} on ${e(ops)}</div>${testsLine(g.tests, g.firstTests)}${curlHtml(ex.curl)}<details><summary>the request and its response</summary><div class="muted">in <b>${e(ex.fullName)}</b> ${e(ex.file)}</div>${exchangeHtml(ex.request, ex.response, g.status.includes('not JSON') ? 'response (not JSON)' : 'response (server error)')}</details></li>`;
}

/**
 * The "Server errors" section (REPORT-SERVER-ERRORS): every 5xx, or answer that is not JSON where the spec documents
 * its JSON envelope, grouped by cause; they fail the run apart from the clauses.
 */
export function serverErrorGroupsSection(report: ConformanceReport, lazy: LazyFragments): string {
  const { groups, count, tests } = report.serverErrors;
  if (groups.length === 0) return '';
  const items = groups.map(groupItem);
  const rest =
    items.length > SHOWN
      ? lazy.details(
          `${items.length - SHOWN} more groups`,
          `<ul class="defects">${items.slice(SHOWN).join('')}</ul>`,
        )
      : '';
  return `<h2>Server errors <span class="n">(${count} in ${groups.length} ${groups.length === 1 ? 'group' : 'groups'}, ${tests} ${tests === 1 ? 'test' : 'tests'})</span></h2><p class="muted">A 5xx, or an answer that is not JSON where the spec documents its JSON envelope, is a defect whatever the request: it fails the run apart from the clauses. Grouped by family × status × the shape of the request, with one request and response each (credentials redacted).</p><ul class="defects server-errors">${items.slice(0, SHOWN).join('')}</ul>${rest}`;
}
