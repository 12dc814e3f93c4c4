/**
 * The sensitivity section of a conformance report (`--sensitivity`): for each breaking rule put in front of this
 * target, whether the tests citing the clause it breaks caught it, missed it, or could not check it here, and why.
 * Pure data and text; broken/sensitivity.ts runs the rules and fills it in.
 */
import { escapeMarkup as e, truncate } from './text.js';

export type SensitivityOutcome = 'caught' | 'missed' | 'not checkable';

export interface SensitivityRow {
  readonly rule: string;
  readonly name: string;
  /** The documented clause the rule breaks. */
  readonly clause: string;
  readonly section: string;
  readonly outcome: SensitivityOutcome;
  /** Why: the failing test that caught it, what the tests did instead, or why nothing could run. */
  readonly why: string;
  /** Tests citing the clause in this rule's run, by state (all zero when it did not run). */
  readonly tests: {
    readonly passed: number;
    readonly failed: number;
    readonly skipped: number;
    readonly inconclusive: number;
  };
  /** Requests the proxy sent on to the target while the rule's tests ran. */
  readonly requests: number;
  /** How long the run of its round took (rules with no test file in common share one). */
  readonly durationMs: number;
}

export interface SensitivityReport {
  /** The unbroken run of every rule's tests through the proxy, which the rules' runs are read against. */
  readonly baseline: { readonly status: string; readonly requests: number; readonly durationMs: number };
  readonly rows: readonly SensitivityRow[];
  readonly counts: Readonly<Record<SensitivityOutcome, number>>;
  readonly requests: number;
  readonly durationMs: number;
}

export const countOutcomes = (rows: readonly SensitivityRow[]): Record<SensitivityOutcome, number> => ({
  caught: rows.filter((r) => r.outcome === 'caught').length,
  missed: rows.filter((r) => r.outcome === 'missed').length,
  'not checkable': rows.filter((r) => r.outcome === 'not checkable').length,
});

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const pad = (text: string, n: number) => (text.length >= n ? text : text + ' '.repeat(n - text.length));

/** The printed table: one line per rule, then the totals. */
export function sensitivityTable(report: SensitivityReport): string {
  const width = Math.max(...report.rows.map((r) => r.rule.length), 4);
  const lines = report.rows.map(
    (r) =>
      `  ${pad(r.outcome.toUpperCase(), 13)} ${pad(r.rule, width)}  ${pad(r.clause, 36)} ${pad(`${r.requests} req`, 9)} ${truncate(r.why.split('\n')[0] ?? '', 140)}`,
  );
  const c = report.counts;
  return [
    `sensitivity: ${report.rows.length} breaking rules in front of this target (baseline ${report.baseline.status}, ${report.baseline.requests} requests, ${seconds(report.baseline.durationMs)})`,
    ...lines,
    `sensitivity: ${c.caught} caught, ${c.missed} missed, ${c['not checkable']} not checkable here; ${report.requests} requests in ${seconds(report.durationMs)}`,
  ].join('\n');
}

const CLASS: Record<SensitivityOutcome, string> = { caught: 'pass', missed: 'fail', 'not checkable': 'skip' };

/** The HTML section. */
export function sensitivityHtml(report: SensitivityReport): string {
  const c = report.counts;
  const rows = report.rows
    .map(
      (r) =>
        `<tr><td><span class="pill ${CLASS[r.outcome]}">${e(r.outcome)}</span></td><td><code>${e(r.rule)}</code><div>${e(r.name)}</div></td><td><code>${e(r.clause)}</code><div class="muted">${e(r.section)}</div></td><td>${r.tests.failed} failed · ${r.tests.passed} passed · ${r.tests.skipped} skipped · ${r.tests.inconclusive} inconclusive</td><td>${r.requests}</td><td>${e(truncate(r.why, 600))}</td></tr>`,
    )
    .join('');
  return `<h2>Sensitivity: what this run would catch <span class="n">(${c.caught} caught, ${c.missed} missed, ${c['not checkable']} not checkable)</span></h2>
<p class="muted">Each breaking rule of broken/rules/ was put in front of this target by the breaking proxy, and only the tests citing the clause it breaks were run, with this target's credentials, allow-list and provider states. Baseline (no rule): ${e(report.baseline.status)}, ${report.baseline.requests} requests. ${report.requests} requests in ${seconds(report.durationMs)} in all.</p>
<table class="matrix"><thead><tr><th>Outcome</th><th>Rule</th><th>Clause</th><th>Citing tests</th><th>Requests</th><th>Why</th></tr></thead><tbody>${rows}</tbody></table>`;
}
