/**
 * The sum check of a distributed cap run (LOAD-DISTRIBUTED): the instances' reports, added up, must show exactly
 * cap 2xx and extra 429s, as one instance's run would. Each instance prints its report on one marked line of its
 * output (k6-operator keeps it in the runner pod's log), so the logs of all runners are enough to merge. A missing or
 * duplicated instance, or reports of different runs, make the merge refuse: never a verdict on part of a run.
 */
import { capPlan } from './caps.ts';
import { type CapReport, freshHint } from './summary.ts';
import { type CapTally, combine, judgeCap, round, type Verdict } from './verdict.ts';

export const instanceReportMarker = 'load-instance-report ';

/** The line an instance prints (after its text summary) for the merge to find in its log. */
export const instanceReportLine = (r: CapReport): string => `${instanceReportMarker}${JSON.stringify(r)}`;

/** The cap reports in a text: one JSON report (SUMMARY_JSON), or logs holding marked lines (kubectl logs). */
export function reportsIn(text: string): CapReport[] {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    const parsed = JSON.parse(trimmed) as CapReport;
    return parsed.kind === 'cap' ? [parsed] : [];
  }
  return text.split('\n').flatMap((line) => {
    const at = line.indexOf(instanceReportMarker);
    return at < 0 ? [] : [JSON.parse(line.slice(at + instanceReportMarker.length)) as CapReport];
  });
}

export class MergeError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`cannot merge:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'MergeError';
  }
}

export interface MergedCapReport {
  kind: 'cap-merged';
  script: string;
  target: string;
  cap: number;
  sent: number;
  instances: number;
  tally: CapTally;
  /** Each instance's own counts, by its first request index. */
  perInstance: { firstIndex: number; sent: number; successes: number; rateLimited: number; ok: boolean }[];
  /** The largest of the instances' p95s: not the run's p95 (no samples are merged), but each was held to the bound. */
  maxP95Ms: number | null;
  verdict: Verdict;
}

/** Fields every instance of one run shares. */
const sameRun = ['script', 'target', 'family', 'cap', 'sent', 'concurrency', 'expectedMessage'] as const;

function problemsOf(reports: readonly CapReport[]): string[] {
  if (reports.length === 0) return ['no instance report found'];
  const p: string[] = [];
  const single = reports.filter((r) => !r.instance).length;
  if (single)
    p.push(`${single} of the reports are of a single-instance run (INSTANCE_COUNT unset), not instances`);
  for (const field of sameRun) {
    const values = [...new Set(reports.map((r) => JSON.stringify(r[field])))];
    if (values.length > 1) p.push(`the reports are of different runs: ${field} is ${values.join(' or ')}`);
  }
  const of = [...new Set(reports.map((r) => r.instance?.of))];
  if (of.length > 1) p.push(`the reports disagree on the number of instances: ${of.join(' or ')}`);
  const firsts = reports.map((r) => r.instance?.firstIndex);
  if (firsts.some((f) => f === null || f === undefined)) p.push('an instance report sent no request');
  const twice = firsts.filter((f, i) => f !== null && f !== undefined && firsts.indexOf(f) !== i);
  for (const f of new Set(twice))
    p.push(`the instance whose first request was #${f} is given more than once`);
  if (of.length === 1 && of[0] !== undefined && reports.length !== of[0] && twice.length === 0) {
    p.push(`${reports.length} instance reports of ${of[0]}: the run is judged only with all of them`);
  }
  return p;
}

function sumTallies(tallies: readonly CapTally[]): CapTally {
  const firsts = tallies.map((t) => t.firstRateLimitedIndex).filter((i): i is number => i !== null);
  const otherStatuses: Record<string, number> = {};
  for (const t of tallies) {
    for (const [s, n] of Object.entries(t.otherStatuses)) otherStatuses[s] = (otherStatuses[s] ?? 0) + n;
  }
  const sum = (f: (t: CapTally) => number) => tallies.reduce((a, t) => a + f(t), 0);
  return {
    sent: sum((t) => t.sent),
    successes: sum((t) => t.successes),
    rateLimited: sum((t) => t.rateLimited),
    other: sum((t) => t.other),
    wrongMessage: sum((t) => t.wrongMessage),
    outOfOrder: sum((t) => t.outOfOrder),
    firstRateLimitedIndex: firsts.length ? Math.min(...firsts) : null,
    otherStatuses,
  };
}

/** The run's verdict from all its instances' reports; throws MergeError when they are not one whole run. */
export function mergeInstanceReports(reports: readonly CapReport[]): MergedCapReport {
  const problems = problemsOf(reports);
  if (problems.length) throw new MergeError(problems);
  const first = reports[0]!;
  const sorted = [...reports].sort((a, b) => a.instance!.firstIndex! - b.instance!.firstIndex!);
  const tally = sumTallies(sorted.map((r) => r.tally));
  const plan = capPlan(first.family, first.cap, {
    extra: first.sent - first.cap,
    concurrency: first.concurrency,
  });
  const p95s = sorted.map((r) => r.p95Ms).filter((v): v is number => v !== null);
  return {
    kind: 'cap-merged',
    script: first.script,
    target: first.target,
    cap: first.cap,
    sent: first.sent,
    instances: first.instance!.of,
    tally,
    perInstance: sorted.map((r) => ({
      firstIndex: r.instance!.firstIndex!,
      sent: r.tally.sent,
      successes: r.tally.successes,
      rateLimited: r.tally.rateLimited,
      ok: r.verdict.ok,
    })),
    maxP95Ms: p95s.length ? Math.max(...p95s) : null,
    verdict: combine(
      judgeCap(plan, tally, freshHint),
      ...sorted.map((r) => ({
        ok: r.verdict.ok,
        failures: r.verdict.failures.map((f) => `instance from #${r.instance!.firstIndex}: ${f}`),
      })),
    ),
  };
}

export function formatMergedReport(m: MergedCapReport): string {
  const t = m.tally;
  const rows = m.perInstance.map(
    (i) =>
      `  from #${String(i.firstIndex).padEnd(4)} sent ${String(i.sent).padStart(5)}  2xx ${String(i.successes).padStart(5)}  429 ${String(i.rateLimited).padStart(5)}  ${i.ok ? 'ok' : 'FAIL'}`,
  );
  return [
    `== ${m.script} over ${m.instances} k6 instances against ${m.target}`,
    ...rows,
    `sum:        sent ${t.sent} of ${m.sent}, 2xx ${t.successes} (expected ${m.cap}), 429 ${t.rateLimited} (expected ${m.sent - m.cap}), other ${t.other}, 429 with another message ${t.wrongMessage}`,
    `p95:        ${m.maxP95Ms === null ? 'n/a' : `${round(m.maxP95Ms)} ms`} at most, per instance (each instance checked its own bound)`,
    `verdict:    ${m.verdict.ok ? 'PASS' : ['FAIL', ...m.verdict.failures.map((f) => `  - ${f}`)].join('\n')}`,
  ].join('\n');
}
