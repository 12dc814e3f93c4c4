/**
 * The HTML conformance report: one self-contained page (inline CSS, a little inline JS; it works offline from
 * file://). The first screen gives the verdict, the counts of the report's headline (REPORT-ONE-COUNT) and the likely
 * defects (REPORT-LIKELY-DEFECTS); then the server errors by cause, the requests without an answer, the failing
 * clauses, the cards and the clause matrix. What a reader opens rarely is rendered only when opened (html-lazy.ts,
 * REPORT-HTML-SIZE). All text is escaped.
 */
import type { CitingTest, StatusCounts, VerdictItem } from './clause-matrix.js';
import { type Coverage, UNCHECKED_REASONS } from './coverage.js';
import { headlineFigures, verdictText } from './headline.js';
import { likelyDefectsSection, serverErrorGroupsSection } from './html-defects.js';
import { failuresSection, noAnswerSection } from './html-failures.js';
import { LAZY_SCRIPT, LazyFragments } from './html-lazy.js';
import { filters, matrixTable, pill, untestedSection } from './html-matrix.js';
import { CSS, SCRIPT } from './html-style.js';
import type { ConformanceReport } from './report.js';
import { sensitivityHtml } from './sensitivity.js';
import { escapeMarkup as e, truncate } from './text.js';
import { waiverLabel } from './waivers.js';

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

const issueList = (
  title: string,
  cls: string,
  items: readonly VerdictItem[],
  lazy: LazyFragments,
): string => {
  if (items.length === 0) return '';
  const lines = items.map((i) => `<li>${itemText(i)}</li>`);
  const rest =
    lines.length > 20
      ? lazy.details(
          `${lines.length - 20} more`,
          `<ul class="issues ${cls}">${lines.slice(20).join('')}</ul>`,
        )
      : '';
  return `<h2>${e(title)} <span class="n">(${items.length})</span></h2><ul class="issues ${cls}">${lines.slice(0, 20).join('')}</ul>${rest}`;
};

/** Tests citing no clause: the failed ones in the page with their error, the others when opened. */
const uncitedSection = (tests: readonly CitingTest[], lazy: LazyFragments): string => {
  if (tests.length === 0) return '';
  const line = (t: CitingTest) =>
    `<li>${pill(t.state, t.state)} <b>${e(t.fullName)}</b> <span class="muted">${e(t.file)}</span>${
      t.state === 'failed' ? `<pre class="err">${e(truncate(t.errorMessage ?? 'failed', 1500))}</pre>` : ''
    }</li>`;
  const failed = tests.filter((t) => t.state === 'failed');
  const others = tests.filter((t) => t.state !== 'failed');
  return `<h2>Tests citing no clause <span class="n">(${tests.length})</span></h2><p class="muted">These tests count toward no clause; a failure among them still fails the run.</p>${
    failed.length > 0 ? `<ul class="issues">${failed.map(line).join('')}</ul>` : ''
  }${others.length > 0 ? lazy.details(`${others.length} that did not fail`, `<ul class="issues">${others.map(line).join('')}</ul>`) : ''}`;
};

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
  const h = report.headline;
  const cls = h.verdict === 'PASS' ? (h.partial ? 'partial' : 'pass') : h.verdict.toLowerCase();
  const sub =
    h.verdict === 'INCOMPLETE'
      ? `${h.inconclusive} tests inconclusive (quota spent)`
      : h.partial
        ? `partial: ${h.coverage.percent}% of documented clauses checked`
        : '';
  return `<div class="verdict ${cls}" id="verdict">${e(verdictText(h))}${sub ? `<small>${e(sub)}</small>` : ''}</div>`;
};

/** The headline's counts, each a figure and its words; a figure that fails the run shows red. */
const figures = (report: ConformanceReport): string => {
  const items = headlineFigures(report.headline).map(
    (f) =>
      `<span class="figure ${f.n === 0 ? 'zero' : f.fails ? 'bad' : 'note'}"><b>${f.n}</b> ${e(f.words)}</span>`,
  );
  const c = report.headline.coverage;
  return `<div class="figures" id="counts">${items.join('')}</div><div class="meta">${c.checked} of ${c.documented} documented clauses checked (${c.percent}%) · ${
    report.target.kind === 'real'
      ? 'assumed clauses only warn against this target'
      : 'assumed clauses must hold against the fake'
  }</div>`;
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

const cardsOf = (report: ConformanceReport): string => {
  const { counts, coverage, headline } = report;
  const t = counts.tests;
  const c = counts.clauses;
  return [
    coverageCard(coverage),
    card(
      'Inconclusive',
      headline.inconclusive,
      `<div class="muted">tests that proved nothing either way: a spent quota, a request without an answer, a failed arrangement, a server error met</div>`,
    ),
    card(
      'Assumed warnings',
      headline.warnings,
      `<div class="muted">assumed clauses where this target chose differently from the fake</div>`,
    ),
    card(
      'Waived',
      headline.waived,
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
  ].join('');
};

const UNCHECKED_INTRO =
  'Documented clauses of the API that no suite test checked on this target, with the reason its tests give.';

export const toHtml = (report: ConformanceReport): string => {
  const { target, coverage } = report;
  const lazy = new LazyFragments();
  const title = `Conformance: ${target.name} — ${verdictText(report.headline)}`;
  const api = report.matrix.rows.filter((r) => r.scope === 'api');
  const harness = report.matrix.rows.filter((r) => r.scope === 'harness');
  const uncheckedRows = api.filter((r) => coverage.unchecked.some((u) => u.id === r.id));
  // Rendered in the page's order; each section adds its folded parts to `lazy` as it goes.
  const body = [
    report.silence ? `<div class="silence" id="silence">${e(report.silence.line)}</div>` : '',
    `<header><div><h1>Chatbot Platform API conformance</h1>
<div class="meta">Target <b>${e(target.name)}</b> ${pill('kind', target.kind)}
· generated <b>${e(report.generatedAt)}</b>${target.configPath ? ` · config <code>${e(target.configPath)}</code>` : ''}${
      report.filter !== undefined ? ` · <b>partial run</b>, filter <code>${e(report.filter)}</code>` : ''
    }${report.shards ? ` · merged from ${report.shards.length} shards (${e(report.shards.join(', '))})` : ''}</div>
${figures(report)}</div>
${verdictBadge(report)}</header>`,
    likelyDefectsSection(report, lazy),
    serverErrorGroupsSection(report, lazy),
    noAnswerSection(report, lazy),
    failuresSection(report, lazy),
    report.sensitivity ? sensitivityHtml(report.sensitivity) : '',
    `<div class="cards">${cardsOf(report)}</div>`,
    issueList('Report errors', 'errors', report.verdict.errors, lazy),
    waiverSection(report),
    baselineSection(report),
    issueList(
      'Warnings (assumed clauses: this target chose differently)',
      'warnings',
      report.verdict.warnings,
      lazy,
    ),
    filters(),
    matrixTable('Not checked on this target', UNCHECKED_INTRO, uncheckedRows, lazy),
    matrixTable(
      'Clause matrix: the API',
      'Every clause of the spec, with the suite tests that checked it on this target.',
      api,
      lazy,
    ),
    matrixTable(
      "Clause matrix: the harness's own clauses",
      'Rules of the fake, the library, the reports and the tools; not part of the API.',
      harness,
      lazy,
    ),
    untestedSection(report.matrix.rows, lazy),
    unknownSection(report),
    uncitedSection(report.matrix.uncitedTests, lazy),
  ];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(title)}</title><style>${CSS}</style></head>
<body><main>
${body.filter((s) => s !== '').join('\n')}
<footer>Generated by suites/reporting/clause-reporter.ts.</footer>
</main>${lazy.blob()}<script>${LAZY_SCRIPT}</script><script>${SCRIPT}</script></body></html>
`;
};
