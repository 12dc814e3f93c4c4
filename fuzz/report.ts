/** The run's counts, printed and as reports/fuzz.json. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { FAMILY_WEIGHTS } from './arbitraries/request.js';
import { CHECKS } from './engine/checks.js';
import type { Finding } from './engine/tally.js';
import type { RunOutcome } from './runner.js';

const sorted = (counter: Record<string, number>) => Object.entries(counter).sort((a, b) => b[1] - a[1]);
const line = (counter: Record<string, number>, limit = 1_000) =>
  sorted(counter)
    .slice(0, limit)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');

export function replayCommand(f: Pick<Finding, 'seed' | 'index'>): string {
  return `npm run fuzz -- --seed ${f.seed} --case ${f.index}`;
}

export function summary(o: RunOutcome): string[] {
  const t = o.engine.tally;
  const seconds = o.engine.durationMs / 1000;
  const out: string[] = [];
  out.push(
    `cases: ${t.total} in ${seconds.toFixed(1)} s (${Math.round(t.total / seconds)}/s), seed ${o.settings.seed}, ` +
      `concurrency ${o.settings.concurrency}, ${o.engine.epochs.length} epochs of up to ${o.settings.epoch} cases` +
      (t.notSent ? `; ${t.notSent} NOT SENT (generator bug)` : ''),
  );
  out.push('per operation (cases; statuses):');
  for (const [target, { cases, statuses }] of Object.entries(t.byTarget).sort(
    (a, b) => b[1].cases - a[1].cases,
  )) {
    out.push(`  ${target.padEnd(34)} ${String(cases).padStart(7)}  ${line(statuses)}`);
  }
  out.push(`per status: ${line(t.byStatus)}`);
  out.push(`per kind of input: ${line(t.byKind, 40)}`);
  out.push('per check (per case):');
  for (const c of CHECKS) {
    const { pass, fail } = t.checks[c];
    out.push(`  ${c.padEnd(10)} pass ${String(pass).padStart(7)}  fail ${fail}`);
  }
  out.push('per check (run):');
  for (const c of o.runChecks) out.push(`  ${c.ok ? 'pass' : 'FAIL'}  ${c.name}: ${c.detail}`);
  if (t.findings.length) {
    out.push(`first failed checks (${t.failedCases} cases failed; replay one with the command shown):`);
    for (const f of t.findings) {
      out.push(`  [${f.check}] case ${f.index} (${f.target}, ${f.kind}): ${f.reason}`);
      out.push(`      ${replayCommand(f)}`);
      out.push(`      request: ${f.request.slice(0, 600)}`);
    }
  }
  out.push(`result: ${o.ok ? 'PASS' : 'FAIL'}`);
  return out;
}

export function writeReport(file: string, o: RunOutcome): void {
  const t = o.engine.tally;
  const report = {
    ok: o.ok,
    settings: o.settings,
    durationMs: Math.round(o.engine.durationMs),
    familyWeights: FAMILY_WEIGHTS,
    cases: t.total,
    notSent: t.notSent,
    failedCases: t.failedCases,
    perOperation: t.byTarget,
    perStatus: t.byStatus,
    perKind: t.byKind,
    perTag: t.byTag,
    checks: t.checks,
    failuresByKind: t.failuresByKind,
    runChecks: o.runChecks,
    memory: { ...o.memory, rssSamples: o.rssSamples, heapAfterGcSamples: o.heapSamples },
    epochs: o.engine.epochs.map((e) => ({
      epoch: e.epoch,
      cases: e.cases,
      consistent: e.state.consistency.consistent,
      violations: e.state.consistency.violations,
      checked: e.state.consistency.checked,
      lists: e.state.lists.filter((l) => !l.ok),
    })),
    findings: t.findings.map((f) => ({ ...f, replay: replayCommand(f) })),
  };
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
}
