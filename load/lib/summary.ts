/**
 * Reports of the load runs: one JSON-ready object per run and its text form, the same for k6 (handleSummary) and
 * the Node-side check.
 */
import type { CapFamily, RagPlan } from './caps.ts';
import { type InstanceBounds, instanceBounds, judgeInstance } from './distributed.ts';
import { type CapRun, familyLabel, modeNote, type RunMode } from './scripts.ts';
import {
  type CapTally,
  combine,
  judgeAllSuccessful,
  judgeCap,
  judgeLatency,
  round,
  type Verdict,
} from './verdict.ts';

export type Runner = 'k6' | 'node';

export interface Recovery {
  /** `not-checked` without the control API (it would take the real hour). */
  status: 'ok' | 'failed' | 'not-checked';
  detail: string;
}

export interface CapReport {
  kind: 'cap';
  script: string;
  runner: Runner;
  target: string;
  mode: RunMode;
  modeNote: string;
  family: CapFamily;
  operation: string;
  ragPlan?: RagPlan;
  cap: number;
  sent: number;
  concurrency: number;
  expectedMessage: string;
  tally: CapTally;
  p95Ms: number | null;
  p95BoundMs: number;
  /** Wall time of the cap phase (Node) or of the whole k6 run, ms; null when unknown. */
  elapsedMs: number | null;
  recovery: Recovery;
  /** Thresholds k6 marked failed (k6 runs only). */
  failedThresholds?: string[];
  /**
   * One instance of a distributed run (LOAD-DISTRIBUTED): its verdict judges only what one instance can see; the
   * exact counts are judged over the sum of the instances' reports (merge.ts).
   */
  instance?: {
    of: number;
    /** Its lowest request index: the instances' indices are disjoint, so this tells them apart. */
    firstIndex: number | null;
    bounds: InstanceBounds;
  };
  verdict: Verdict;
}

export const freshHint = 'were these credentials used in the past hour? the run needs a counter at zero';

export function capReport(input: {
  run: CapRun;
  runner: Runner;
  target: string;
  tally: CapTally;
  p95Ms: number | null;
  p95BoundMs: number;
  elapsedMs: number | null;
  recovery: Recovery;
  failedThresholds?: string[];
  /** Lowest request index this k6 instance sent (distributed runs). */
  firstIndex?: number | null;
}): CapReport {
  const { run, tally } = input;
  const d = run.distribution;
  const recovery: Verdict = {
    ok: input.recovery.status !== 'failed',
    failures: input.recovery.status === 'failed' ? [`recovery: ${input.recovery.detail}`] : [],
  };
  const thresholds: Verdict = {
    ok: !input.failedThresholds?.length,
    failures: (input.failedThresholds ?? []).map((t) => `k6 threshold failed: ${t}`),
  };
  return {
    kind: 'cap',
    script: run.script,
    runner: input.runner,
    target: input.target,
    mode: run.mode,
    modeNote: modeNote[run.mode],
    family: run.family,
    operation: familyLabel[run.family],
    ...(run.ragPlan ? { ragPlan: run.ragPlan } : {}),
    cap: run.plan.cap,
    sent: run.plan.sent,
    concurrency: run.plan.concurrency,
    expectedMessage: run.plan.expectedMessage,
    tally,
    p95Ms: input.p95Ms,
    p95BoundMs: input.p95BoundMs,
    elapsedMs: input.elapsedMs,
    recovery: input.recovery,
    ...(input.failedThresholds ? { failedThresholds: input.failedThresholds } : {}),
    ...(d
      ? {
          instance: {
            of: d.instances,
            firstIndex: input.firstIndex ?? null,
            bounds: instanceBounds(run.plan, d),
          },
        }
      : {}),
    verdict: combine(
      d
        ? judgeInstance(run.plan, d, tally)
        : judgeCap(run.plan, tally, run.mode === 'given' ? freshHint : undefined),
      judgeLatency(input.p95Ms, input.p95BoundMs),
      recovery,
      thresholds,
    ),
  };
}

const ms = (v: number | null): string => (v === null ? 'n/a' : `${round(v)} ms`);
const verdictLines = (v: Verdict): string[] =>
  v.ok ? ['PASS'] : ['FAIL', ...v.failures.map((f) => `  - ${f}`)];

const span = ([lo, hi]: readonly [number, number]): string => (lo === hi ? `${lo}` : `${lo}–${hi}`);

/** The lines an instance of a distributed run adds: what it could check, and where the exact check is made. */
function instanceLines(r: CapReport): string[] {
  if (!r.instance) return [];
  const { of, firstIndex, bounds } = r.instance;
  return [
    `instance:   one of ${of} k6 instances${firstIndex === null ? '' : ` (its first request #${firstIndex})`}; alone it can only check sent ${span(bounds.sent)}, 2xx ${span(bounds.successes)}, 429 ${span(bounds.rateLimited)}`,
    `            exactly ${r.cap} 2xx then ${r.sent - r.cap} 429s is judged over the sum: npx tsx load/node/merge-instances.ts <the instances' logs or reports>`,
  ];
}

export function formatCapReport(r: CapReport): string {
  const t = r.tally;
  const planText = r.ragPlan ? `, plan ${r.ragPlan}` : '';
  const all = r.instance ? ' over all instances' : '';
  return [
    `== ${r.script} (${r.runner}) against ${r.target}`,
    ...instanceLines(r),
    `cap:        ${r.cap} requests per hour, ${r.operation}${planText}`,
    `mode:       ${r.modeNote}`,
    `sent:       ${t.sent} of ${r.sent} planned, ${r.concurrency} at a time${all}`,
    `successes:  ${t.successes} (expected ${r.cap}${all})`,
    `429s:       ${t.rateLimited} (expected ${r.sent - r.cap}${all}); with another message: ${t.wrongMessage}`,
    `other:      ${t.other}${Object.keys(t.otherStatuses).length ? ` ${JSON.stringify(t.otherStatuses)}` : ''}`,
    `first 429:  ${t.firstRateLimitedIndex === null ? 'none' : `request #${t.firstRateLimitedIndex} (0-based, issue order)`}`,
    `p95:        ${ms(r.p95Ms)} (bound ${r.p95BoundMs} ms)`,
    `time:       ${r.elapsedMs === null ? 'n/a' : `${Math.round(r.elapsedMs)} ms, ${Math.round((t.sent * 1000) / Math.max(1, r.elapsedMs))} requests/s`}`,
    `recovery:   ${r.recovery.status}: ${r.recovery.detail}`,
    `verdict:    ${verdictLines(r.verdict).join('\n')}`,
  ].join('\n');
}

export interface FamilyLoad {
  family: CapFamily;
  sent: number;
  successes: number;
  p95Ms: number | null;
  p95BoundMs: number;
}

export interface MixedReport {
  kind: 'soak' | 'smoke';
  runner: Runner;
  target: string;
  durationS?: number;
  families: FamilyLoad[];
  failedThresholds: string[];
  verdict: Verdict;
}

/** Soak and smoke: every request a 2xx, each family's p95 within its bound. */
export function mixedReport(input: Omit<MixedReport, 'verdict'>): MixedReport {
  const verdict = combine(
    ...input.families.map((f) => judgeAllSuccessful(f.family, f)),
    ...input.families.map((f) => judgeLatency(f.p95Ms, f.p95BoundMs, `${f.family} p95`)),
    {
      ok: input.failedThresholds.length === 0,
      failures: input.failedThresholds.map((t) => `k6 threshold failed: ${t}`),
    },
  );
  return { ...input, verdict };
}

export function formatMixedReport(r: MixedReport): string {
  const head = `== ${r.kind} (${r.runner}) against ${r.target}${r.durationS ? `, ${r.durationS} s` : ''}`;
  const rows = r.families.map(
    (f) =>
      `${f.family.padEnd(9)} ${String(f.successes).padStart(5)} of ${String(f.sent).padEnd(5)} 2xx   p95 ${ms(f.p95Ms)} (bound ${f.p95BoundMs} ms)`,
  );
  return [head, ...rows, `verdict:  ${verdictLines(r.verdict).join('\n')}`].join('\n');
}
