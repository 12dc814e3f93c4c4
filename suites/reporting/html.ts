/**
 * The HTML conformance report: one self-contained page (inline CSS, a few lines of inline JS for
 * filtering the matrix; everything is readable without it). All text is escaped.
 */
import {
  type CitingTest,
  type ClauseRow,
  failsClause,
  failureOn,
  type StatusCounts,
  type VerdictItem,
} from './clause-matrix.js';
import { type Coverage, UNCHECKED_REASONS } from './coverage.js';
import { failuresSection, noAnswerSection, serverErrorsSection } from './html-failures.js';
import { CSS, SCRIPT } from './html-style.js';
import type { ConformanceReport } from './report.js';
import { sensitivityHtml } from './sensitivity.js';
import { escapeMarkup as e, truncate } from './text.js';
import { waiverLabel } from './waivers.js';

const MARK: Record<CitingTest['state'], string> = {
  passed: '✓',
  failed: '✗',
  skipped: '○',
  inconclusive: '?',
};
const STATUSES = ['fail', 'warn', 'inconclusive', 'skip', 'pass', 'untested'] as const;

const pill = (cls: string, text: string | number): string =>
  `<span class="pill ${cls}">${e(String(text))}</span>`;

const statusPills = (c: StatusCounts): string =>
  `<div class="row">${pill('pass', `${c.pass} pass`)}${pill('fail', `${c.fail} fail`)}${
    c.warn > 0 ? pill('warn', `${c.warn} warn`) : ''
  }${c.inconclusive > 0 ? pill('inconclusive', `${c.inconclusive} inconclusive`) : ''}${pill('skip', `${c.skip} skip`)}${pill('untested', `${c.untested} untested`)}</div>`;

const card = (title: string, big: string | number, body: string): string =>
  `<div class="card"><h3>${e(title)}</h3><div class="big">${e(String(big))}</div>${body}</div>`;

const itemText = (i: VerdictItem): string => {
  switch (i.type) {
    case 'clause':
      return `<code>${e(i.id)}</code> ${pill(`kind ${i.kind}`, i.kind)} ${e(truncate(i.message, 300))}`;
    case 'test':
      return `test citing no clause: <b>${e(i.fullName)}</b> <span class="muted">${e(i.file)}</span> — ${e(truncate(i.message, 300))}`;
    case 'unknown-id':
      return `unknown clause id <code>${e(i.id)}</code>: ${e(i.message)}`;
    case 'run-error':
      return `run error: <pre class="err">${e(truncate(i.message, 2000))}</pre>`;
    case 'server-error':
      return `server error in <b>${e(i.fullName)}</b> <span class="muted">${e(i.file)}</span>: ${e(truncate(i.message, 300))}`;
    case 'no-answer':
      return `no answer in <b>${e(i.fullName)}</b> <span class="muted">${e(i.file)}</span>: ${e(truncate(i.message, 300))}`;
  }
};

const issueList = (title: string, cls: string, items: readonly VerdictItem[]): string =>
  items.length === 0
    ? ''
    : `<h2>${e(title)} <span class="n">(${items.length})</span></h2><ul class="issues ${cls}">${items
        .map((i) => `<li>${itemText(i)}</li>`)
        .join('')}</ul>`;

/** Escaped text with line-break opportunities after `-` and `/` (long ids and section paths). */
const breakable = (text: string): string => e(text).replace(/[-/]/g, '$&<wbr>');

const baseName = (file: string): string => file.slice(file.lastIndexOf('/') + 1);

const testItem = (t: CitingTest): string =>
  `<li title="${e(t.file)}"><span class="mark ${t.state}">${MARK[t.state]}</span>${e(t.fullName)} <span class="file">${e(baseName(t.file))}</span></li>`;

/** The fake's own unit tests citing an API clause: shown folded, never counted as its evidence. */
const fakeEvidence = (row: ClauseRow): string =>
  row.fakeEvidence.length === 0
    ? ''
    : `<details><summary>fake's own evidence: ${row.fakeEvidence.length} unit test(s), not counted</summary><ul>${row.fakeEvidence.map(testItem).join('')}</ul></details>`;

/** Failed and skipped citing tests in full; passed ones folded away when there are many. */
const citingTests = (tests: readonly CitingTest[]): string => {
  if (tests.length === 0) return '<span class="muted">no suite test</span>';
  const passed = tests.filter((t) => t.state === 'passed');
  const others = tests.filter((t) => t.state !== 'passed');
  const list = (ts: readonly CitingTest[]) =>
    ts.length === 0 ? '' : `<ul>${ts.map(testItem).join('')}</ul>`;
  if (passed.length <= 3) return list([...others, ...passed]);
  return `${list(others)}<details><summary><span class="mark passed">✓</span>${passed.length} passing tests</summary>${list(passed)}</details>`;
};

const details = (row: ClauseRow): string => {
  const errors = row.tests
    .filter((t) => failsClause(t, row.id))
    .map((t) => `<pre class="err">${e(truncate(failureOn(t, row.id) ?? 'failed', 1500))}</pre>`);
  const warned = row.warnings.map(
    (w) => `<pre class="err warn">${e(truncate(`warned by "${w.fullName}": ${w.message}`, 1500))}</pre>`,
  );
  const reasons = row.skipReasons.map((r) => `<div class="reason">skipped: ${e(r)}</div>`);
  return [...errors, ...warned, ...reasons].join('');
};

const matrixRow = (row: ClauseRow): string =>
  `<tr class="status-${row.status}" data-status="${row.status}">` +
  `<td class="id"><code>${breakable(row.id)}</code></td>` +
  `<td>${breakable(row.section)}</td>` +
  `<td>${pill(`kind ${row.kind}`, row.kind)}</td>` +
  `<td>${pill(row.status, row.status)}</td>` +
  `<td class="rule">${e(row.rule)}${row.quote?.length ? `<div class="quote">${row.quote.map((q) => `<q>${e(q)}</q>`).join(' … ')}</div>` : ''}</td>` +
  `<td class="tests">${citingTests(row.tests)}${fakeEvidence(row)}</td>` +
  `<td>${details(row)}</td></tr>`;

const filters = (): string => {
  const boxes = STATUSES.map(
    (s) => `<label><input type="checkbox" data-status="${s}" checked> ${pill(s, s)}</label>`,
  ).join('');
  return `<div class="filters"><input id="q" type="search" placeholder="Filter by id, section, rule or test…" aria-label="filter">${boxes}<span id="shown" class="muted"></span></div>`;
};

const table = (rows: readonly ClauseRow[]): string =>
  `<table class="matrix"><colgroup><col style="width:15%"><col style="width:10%"><col style="width:8%"><col style="width:7%"><col style="width:26%"><col style="width:19%"><col style="width:15%"></colgroup><thead><tr><th>Id</th><th>Section</th><th>Kind</th><th>Status</th><th>Rule</th><th>Citing tests</th><th>Errors / skip reasons</th></tr></thead>
<tbody>${rows.map(matrixRow).join('\n')}</tbody></table>`;

/** A matrix with its passing clauses folded away under the others (they are the bulk of a good run). */
const matrixTable = (title: string, intro: string, rows: readonly ClauseRow[]): string => {
  if (rows.length === 0) return '';
  const passing = rows.filter((r) => r.status === 'pass');
  const others = rows.filter((r) => r.status !== 'pass');
  const folded =
    passing.length === 0
      ? ''
      : `<details class="passing"><summary>${passing.length} passing clause(s)</summary>${table(passing)}</details>`;
  return `<h2>${e(title)} <span class="n">(${rows.length})</span></h2><p class="muted">${e(intro)}</p>
${others.length > 0 ? table(others) : ''}${folded}`;
};

const untestedSection = (rows: readonly ClauseRow[]): string => {
  const untested = rows.filter((r) => r.status === 'untested');
  if (untested.length === 0) return '';
  const items = untested.map(
    (r) =>
      `<li><code>${e(r.id)}</code> ${pill(`kind ${r.kind}`, r.kind)} <span class="muted">${e(r.section)}</span> — ${e(r.rule)}</li>`,
  );
  return `<h2>Untested clauses <span class="n">(${untested.length})</span></h2><ul class="issues">${items.join('')}</ul>`;
};

const testsSection = (title: string, intro: string, tests: readonly CitingTest[]): string =>
  tests.length === 0
    ? ''
    : `<h2>${e(title)} <span class="n">(${tests.length})</span></h2><p class="muted">${e(intro)}</p><ul class="issues">${tests
        .map(
          (t) =>
            `<li>${pill(t.state, t.state)} <b>${e(t.fullName)}</b> <span class="muted">${e(t.file)}</span>${
              t.state === 'failed'
                ? `<pre class="err">${e(truncate(t.errorMessage ?? 'failed', 1500))}</pre>`
                : ''
            }</li>`,
        )
        .join('')}</ul>`;

const unknownSection = (report: ConformanceReport): string => {
  const unknown = report.matrix.unknownIds;
  if (unknown.length === 0) return '';
  const items = unknown.map(
    (u) =>
      `<li><code>${e(u.id)}</code> — cited by: <ul>${u.tests.map((t) => `<li>${e(t.fullName)} <span class="muted">${e(t.file)}</span></li>`).join('')}</ul></li>`,
  );
  return `<h2>Unknown clause ids <span class="n">(${unknown.length})</span></h2><p class="muted">Cited by tests but missing from the clause catalogue: a typo in a test title or a clause still to be written.</p><ul class="issues">${items.join('')}</ul>`;
};

/** The coverage card: documented clauses of the API checked on this target, and why the rest were not. */
const coverageCard = (cov: Coverage): string => {
  const reasons = UNCHECKED_REASONS.filter((r) => cov.byReason[r] > 0)
    .map((r) => `<li><b>${cov.byReason[r]}</b>${e(r)}</li>`)
    .join('');
  return `<div class="card coverage"><h3>Documented clauses checked on this target</h3>
<div class="big">${cov.checked} / ${cov.documented} <span class="muted">(${cov.percent}%)</span></div>
<div class="bar" role="img" aria-label="${cov.percent}% checked"><span style="width:${cov.percent}%"></span></div>
${cov.unchecked.length === 0 ? '<div class="muted">every documented clause was checked</div>' : `<div class="muted">${cov.unchecked.length} not checked, by reason:</div><ul class="reasons">${reasons}</ul>`}</div>`;
};

/** The verdict badge: FAIL, INCOMPLETE (quota spent), PASS, or PASS marked partial when coverage is not whole. */
const verdictBadge = (report: ConformanceReport): string => {
  const { verdict, coverage } = report;
  const partial = verdict.status === 'PASS' && coverage.checked < coverage.documented;
  const cls = verdict.status === 'PASS' ? (partial ? 'partial' : 'pass') : verdict.status.toLowerCase();
  const sub =
    verdict.status === 'INCOMPLETE'
      ? `${verdict.inconclusive} tests inconclusive (quota spent)`
      : partial
        ? `partial: ${coverage.percent}% of documented clauses checked`
        : '';
  return `<div class="verdict ${cls}">${verdict.status}${sub ? `<small>${e(sub)}</small>` : ''}</div>`;
};

/** What the run cost: requests per family and per credential, and the slowest files (issue 34). */
const costsCard = (report: ConformanceReport): string => {
  const c = report.costs;
  const rows = (counts: Readonly<Record<string, number>>) =>
    Object.entries(counts)
      .sort((a, b) => b[1] - a[1])
      .map(([name, n]) => `<li><b>${n}</b> ${e(name)}</li>`)
      .join('');
  const slowest = c.slowestFiles
    .map(
      (f) =>
        `<li><b>${(f.durationMs / 1000).toFixed(1)} s</b> ${e(f.file)} <span class="muted">${f.requests} requests</span></li>`,
    )
    .join('');
  return `<div class="card costs"><h3>Requests sent</h3><div class="big">${c.requests}</div><div class="muted">by family</div><ul class="costs-list">${rows(c.byFamily)}</ul><div class="muted">by credential</div><ul class="costs-list">${rows(c.byCredential)}</ul><div class="muted">slowest files</div><ul class="costs-list">${slowest}</ul></div>`;
};

const waiverSection = (report: ConformanceReport): string => {
  const g = report.gate;
  const waived = g.waived.map(
    (w) =>
      `<li>${pill('warn', 'waived')} ${itemText(w.item)}<div class="muted">${e(waiverLabel(w.waiver))}</div></li>`,
  );
  const stale = g.staleWaivers.map(
    (w) => `<li>${pill('warn', 'stale')} ${e(waiverLabel(w))} — nothing it names failed; remove it</li>`,
  );
  const expired = g.expiredWaivers.map((w) => `<li>${pill('fail', 'expired')} ${e(waiverLabel(w))}</li>`);
  const all = [...expired, ...waived, ...stale];
  return all.length === 0
    ? ''
    : `<h2>Waivers <span class="n">(${all.length})</span></h2><ul class="issues">${all.join('')}</ul>`;
};

const baselineSection = (report: ConformanceReport): string => {
  const b = report.gate.baseline;
  if (!b) return '';
  const list = (label: string, cls: string, items: readonly VerdictItem[]) =>
    items.map((i) => `<li>${pill(cls, label)} ${itemText(i)}</li>`).join('');
  return `<h2>Against the baseline <span class="n">(${e(b.path)}, ${e(b.generatedAt)})</span></h2><p class="muted">Only new failures fail the run in baseline mode.</p><ul class="issues">${list('new', 'fail', b.new)}${list('known', 'skip', b.known)}${list('fixed', 'pass', b.fixed)}</ul>`;
};

const UNCHECKED_INTRO =
  'Documented clauses of the API that no suite test checked on this target, with the reason its tests give.';

export const toHtml = (report: ConformanceReport): string => {
  const { counts, verdict, target, coverage } = report;
  const t = counts.tests;
  const c = counts.clauses;
  const warned = report.matrix.rows.filter((r) => r.status === 'warn');
  const cards = [
    coverageCard(coverage),
    card(
      'Inconclusive (quota spent)',
      t.inconclusive,
      `<div class="muted">tests that met a spent hourly quota: they prove nothing either way</div>`,
    ),
    card(
      'Assumed warnings',
      warned.length,
      `<div class="muted">assumed clauses where this target chose differently from the fake</div>`,
    ),
    card(
      'Waived',
      report.gate.waived.length,
      `<div class="row">${pill('warn', `${report.gate.staleWaivers.length} stale`)}${pill('fail', `${report.gate.expiredWaivers.length} expired`)}</div>`,
    ),
    ...(report.gate.baseline
      ? [
          card(
            'Against the baseline',
            report.gate.baseline.new.length,
            `<div class="muted">new failures; ${report.gate.baseline.known.length} known, ${report.gate.baseline.fixed.length} fixed since ${e(report.gate.baseline.generatedAt)}</div>`,
          ),
        ]
      : []),
    card(
      'Tests',
      t.total,
      `<div class="row">${pill('passed', `${t.passed} passed`)}${pill('failed', `${t.failed} failed`)}${pill('skipped', `${t.skipped} skipped`)}${pill('inconclusive', `${t.inconclusive} inconclusive`)}</div>`,
    ),
    costsCard(report),
    card('Documented clauses (API)', c.documented.total, statusPills(c.documented)),
    card('Assumed clauses (API)', c.assumed.total, statusPills(c.assumed)),
    card('Harness clauses', c.harness.total, statusPills(c.harness)),
    card(
      'Verdict items',
      verdict.failing.length + verdict.errors.length + verdict.warnings.length,
      `<div class="row">${pill('fail', `${verdict.failing.length} failing`)}${pill('fail', `${verdict.errors.length} report errors`)}${pill('warn', `${verdict.warnings.length} warnings`)}</div>`,
    ),
  ].join('');
  const title = `Conformance: ${target.name} — ${verdict.status}`;
  const api = report.matrix.rows.filter((r) => r.scope === 'api');
  const harness = report.matrix.rows.filter((r) => r.scope === 'harness');
  const uncheckedRows = api.filter((r) => coverage.unchecked.some((u) => u.id === r.id));
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(title)}</title><style>${CSS}</style></head>
<body><main>
<header><div><h1>Chatbot Platform API conformance</h1>
<div class="meta">Target <b>${e(target.name)}</b> ${pill('kind', target.kind)}
· generated <b>${e(report.generatedAt)}</b>${target.configPath ? ` · config <code>${e(target.configPath)}</code>` : ''}${
    report.filter !== undefined ? ` · <b>partial run</b>, filter <code>${e(report.filter)}</code>` : ''
  }${report.shards ? ` · merged from ${report.shards.length} shards (${e(report.shards.join(', '))})` : ''}</div>
<div class="meta">${coverage.checked} of ${coverage.documented} documented clauses checked · ${c.fail} clauses fail · ${warned.length} assumed warnings · ${t.inconclusive} tests inconclusive · ${
    target.kind === 'real'
      ? 'assumed clauses that fail are warnings against this target'
      : 'assumed clauses must hold against the fake'
  }</div></div>
${verdictBadge(report)}</header>
${failuresSection(report)}
${serverErrorsSection(report)}
${noAnswerSection(report)}
${report.sensitivity ? sensitivityHtml(report.sensitivity) : ''}
<div class="cards">${cards}</div>
${issueList('Report errors', 'errors', verdict.errors)}
${waiverSection(report)}
${baselineSection(report)}
${issueList('Warnings (assumed clauses: this target chose differently)', 'warnings', verdict.warnings)}
${filters()}
${matrixTable('Not checked on this target', UNCHECKED_INTRO, uncheckedRows)}
${matrixTable('Clause matrix: the API', 'Every clause of the spec, with the suite tests that checked it on this target.', api)}
${matrixTable("Clause matrix: the harness's own clauses", 'Rules of the fake, the library, the reports and the tools; not part of the API.', harness)}
${untestedSection(report.matrix.rows)}
${unknownSection(report)}
${testsSection('Tests citing no clause', 'These tests count toward no clause; a failure among them still fails the run.', report.matrix.uncitedTests)}
<footer>Generated by suites/reporting/clause-reporter.ts.</footer>
</main><script>${SCRIPT}</script></body></html>
`;
};
