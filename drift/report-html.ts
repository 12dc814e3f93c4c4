/**
 * drift.html: one self-contained page (the conformance report's inline CSS, no script, no external asset) rendered
 * from the drift.json content. Every text is escaped.
 */
import { clauseById } from '../contract/clauses/index.js';
import { CSS } from '../suites/reporting/html-style.js';
import { escapeMarkup as e } from '../suites/reporting/text.js';
import { COMPARISON_KINDS } from './difference.js';
import type { DriftCounts } from './findings.js';
import type { DriftReportJson, FindingJson } from './report-json.js';
import type { Difference } from './types.js';

const EXTRA_CSS = `
.nodrift { background: var(--pass-bg); color: var(--pass); border: 1px solid var(--line); border-radius: 10px;
  padding: 14px 18px; font-weight: 600; }
.finding { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 12px 16px; margin: 10px 0; }
.finding h3 { margin: 0 0 6px; font-size: 14px; }
.finding table { margin-top: 8px; }
blockquote { margin: 6px 0; padding: 4px 12px; border-left: 4px solid #6b3fa0; background: #f1e9fb; }
td.val { font: 12.5px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
td.num { text-align: right; }
`;

const pill = (cls: string, text: string | number): string =>
  `<span class="pill ${cls}">${e(String(text))}</span>`;

const card = (title: string, big: string | number, body: string): string =>
  `<div class="card"><h3>${e(title)}</h3><div class="big">${e(String(big))}</div>${body}</div>`;

const kindPills = (c: DriftCounts): string =>
  `<div class="row">${COMPARISON_KINDS.map((k) => pill(c.differences[k] > 0 ? 'warn' : 'untested', `${c.differences[k]} ${k}`)).join('')}</div>`;

const differenceCount = (c: DriftCounts): number =>
  COMPARISON_KINDS.reduce((n, k) => n + c.differences[k], 0);

const where = (f: FindingJson): string =>
  `<code>${e(f.cassette)}</code> #${f.index} · ${e(f.method)} <code>${e(f.path)}</code>` +
  ` · real ${f.real.status}${f.fake ? `, fake ${f.fake.status}` : ''}` +
  (f.test ? `<div class="muted">test: ${e(f.test)}</div>` : '');

const cell = (text: string | undefined): string =>
  text === undefined ? '<td class="muted">—</td>' : `<td class="val">${e(text)}</td>`;

const differenceTable = (list: readonly Difference[], withFake: boolean): string =>
  `<table><thead><tr><th style="width:9%">Kind</th><th style="width:9%">Strength</th><th style="width:20%">Path</th><th>Real</th>${
    withFake ? '<th>Fake</th>' : ''
  }<th>Detail</th></tr></thead><tbody>${list
    .map(
      (d) =>
        `<tr><td>${pill(d.kind === 'schema' ? 'fail' : 'warn', d.kind)}</td><td>${pill(
          d.strength === 'assumed' ? 'kind assumed' : 'fail',
          d.strength ?? 'documented',
        )}</td><td><code>${e(d.path)}</code></td>${cell(d.real)}${
          withFake ? cell(d.fake) : ''
        }<td>${e(d.detail)}</td></tr>`,
    )
    .join('')}</tbody></table>`;

const clauseQuotes = (ids: readonly string[]): string =>
  ids
    .map((id) => {
      const clause = clauseById(id);
      const rule = clause ? `<blockquote>${e(clause.rule)}</blockquote>` : '';
      return `<div><code>${e(id)}</code> ${pill(`kind ${clause?.kind ?? 'unknown'}`, clause?.kind ?? 'unknown')}${rule}</div>`;
    })
    .join('');

const section = (title: string, intro: string, items: readonly string[]): string =>
  items.length === 0
    ? ''
    : `<h2>${e(title)} <span class="n">(${items.length})</span></h2><p class="muted">${e(intro)}</p>${items.join('')}`;

const violationItem = (f: FindingJson): string =>
  `<div class="finding"><h3>${e(f.operation)} ${
    f.onAssumedClauses ? pill('kind assumed', 'on assumed clauses') : ''
  }${f.scripted ? pill('skip', 'scripted through the control API: not counted as drift') : ''}</h3>${where(f)}${differenceTable(f.violations, false)}</div>`;

const candidateItem = (f: FindingJson): string =>
  `<div class="finding"><h3>${e(f.operation)}</h3>${where(f)}<div>Cited clauses:</div>${clauseQuotes(f.clauses)}${differenceTable(f.differences, true)}</div>`;

const fakeErrorNote = (f: FindingJson): string =>
  f.fakeError === null ? '' : `<pre class="err">${e(f.fakeError)}</pre>`;

const operationItem = (operation: string, findings: readonly FindingJson[]): string =>
  `<div class="finding"><h3>${e(operation)}</h3>${findings
    .map((f) => `<div>${where(f)}</div>${fakeErrorNote(f)}${differenceTable(f.differences, true)}`)
    .join('')}</div>`;

function differencesByOperation(findings: readonly FindingJson[]): string[] {
  const byOperation = new Map<string, FindingJson[]>();
  for (const f of findings) {
    if (f.differences.length === 0 || f.onAssumedClauses) continue;
    byOperation.set(f.operation, [...(byOperation.get(f.operation) ?? []), f]);
  }
  return [...byOperation].map(([operation, list]) => operationItem(operation, list));
}

function summaryTable(report: DriftReportJson): string {
  const head = [
    'Operation',
    'Interactions',
    'Clean',
    'Violations',
    ...COMPARISON_KINDS,
    'On assumed clauses',
    'Candidates',
  ];
  const rows = report.operations.map((o) => {
    const nums = [
      o.interactions,
      o.clean,
      o.violations,
      ...COMPARISON_KINDS.map((k) => o.differences[k]),
      o.onAssumedClauses,
      o.candidates,
    ];
    const bad = o.clean < o.interactions ? ' class="status-fail"' : ' class="status-pass"';
    return `<tr${bad}><td><code>${e(o.operation)}</code></td>${nums.map((n) => `<td class="num">${n}</td>`).join('')}</tr>`;
  });
  return `<h2>Per operation <span class="n">(${report.operations.length})</span></h2><table><thead><tr>${head
    .map((h) => `<th>${e(h)}</th>`)
    .join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

export function driftHtml(report: DriftReportJson): string {
  const t = report.totals;
  const drift = report.drift > 0;
  const verdict = drift ? 'DRIFT' : 'NO DRIFT';
  const cards = [
    card('Interactions', t.interactions, `<div class="row">${pill('pass', `${t.clean} clean`)}</div>`),
    card(
      'Violations of the real deployment',
      t.violations,
      `<div class="row">${pill(t.violations ? 'fail' : 'pass', `in ${t.withViolations} interactions`)}</div>`,
    ),
    card('Differences real vs fake', differenceCount(t), kindPills(t)),
    card(
      'By strength',
      t.documented,
      `<div class="row">${pill(t.documented ? 'fail' : 'pass', `${t.documented} documented`)}${pill('kind assumed', `${t.assumed} assumed`)}</div><div class="muted">documented: contradicts the spec; assumed: differs where the spec is silent</div>`,
    ),
    card(
      'Candidates (assumed clauses)',
      t.candidates,
      `<div class="row">${pill('kind assumed', `${t.onAssumedClauses} on assumed clauses`)}</div>`,
    ),
  ].join('');
  const findings = report.findings;
  const noDrift = drift
    ? ''
    : `<p class="nodrift">No drift: ${t.interactions === 0 ? 'no interaction was recorded' : `${t.violations === 0 ? `all ${t.interactions} recorded answers match the contract` : `the recorded answers match the contract except ${t.withViolations} that tests scripted through the control API told to break`}, and the fake answered every request like the real deployment`}.</p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(`Drift: real deployment vs fake — ${verdict}`)}</title><style>${CSS}${EXTRA_CSS}</style></head>
<body><main>
<header><div><h1>Chatbot Platform API drift: real deployment vs fake</h1>
<div class="meta">Cassettes <b>${e(report.meta.cassettes)}</b> · fake <b>${e(report.meta.fake)}</b> · generated <b>${e(report.meta.generatedAt)}</b></div>
<div class="meta">Values are redacted in the recordings, so only statuses, envelopes, field presence, JSON types and messages are compared.</div></div>
<div class="verdict ${drift ? 'fail' : 'pass'}">${verdict}</div></header>
<div class="cards">${cards}</div>
${noDrift}
${summaryTable(report)}
${section('Violations of the real deployment', 'Recorded real answers that break the contract schemas (contract/).', findings.filter((f) => f.violations.length > 0).map(violationItem))}
${section('Candidates to correct our assumptions', 'Differences in interactions whose tests cite only assumed clauses: the real deployment may be right and our assumption wrong.', findings.filter((f) => f.onAssumedClauses && f.differences.length > 0).map(candidateItem))}
${section('Differences by operation', 'Where the fake answered otherwise than the real deployment (interactions on assumed clauses are listed above).', differencesByOperation(findings))}
<footer>Generated by drift/report.ts (format ${e(report.format)}).</footer>
</main></body></html>
`;
}
