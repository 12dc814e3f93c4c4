/** The counts of a run: cases per operation and per kind of input, answers per status, passes and failures per check. */
import type { FuzzCase } from '../case.js';
import { CHECKS, type CheckName, type CheckResult } from './checks.js';
import type { Exchange } from './exchange.js';

/** One failed check of one case, with what it takes to replay it. */
export interface Finding {
  seed: number;
  /** The case's index in the run: `--seed S --case I` replays it. */
  index: number;
  check: CheckName;
  reason: string;
  target: string;
  kind: string;
  tags: Readonly<Record<string, string>>;
  statuses: number[];
  /** The request's start, as text. */
  request: string;
}

type Counter = Record<string, number>;
const bump = (c: Counter, key: string, by = 1) => {
  c[key] = (c[key] ?? 0) + by;
};

/** The entry of `record` at `key`, created by `make` when absent. */
function slot<T>(record: Record<string, T>, key: string, make: () => T): T {
  const found = record[key];
  if (found !== undefined) return found;
  const made = make();
  record[key] = made;
  return made;
}

/** Labels with their numbers folded, so sizes and counts do not make every label unique. */
const fold = (label: string) => label.replace(/\d+/g, 'N').slice(0, 80);

export function requestPreview(c: FuzzCase, max = 400): string {
  if (c.transport === 'raw') return JSON.stringify(c.bytes.subarray(0, max).toString('latin1'));
  const head = `${c.method} ${c.path.slice(0, 200)} ${JSON.stringify(c.headers.map(([k, v]) => `${k}: ${v.slice(0, 80)}`))}`;
  const body = c.body
    ? ` body(${c.body.length} bytes) ${JSON.stringify(c.body.subarray(0, max).toString('latin1'))}`
    : '';
  return `${head}${body}`;
}

export class Tally {
  total = 0;
  /** Cases the client refused to send (a generator bug; must stay 0). */
  notSent = 0;
  readonly byTarget: Record<string, { cases: number; statuses: Counter }> = {};
  readonly byKind: Counter = {};
  readonly byStatus: Counter = {};
  readonly byTag: Record<string, Counter> = {};
  readonly checks = Object.fromEntries(CHECKS.map((c) => [c, { pass: 0, fail: 0 }])) as Record<
    CheckName,
    { pass: number; fail: number }
  >;
  /** Failures per check, per kind of input. */
  readonly failuresByKind: Record<string, Counter> = {};
  readonly findings: Finding[] = [];
  failedCases = 0;

  constructor(
    private readonly seed: number,
    private readonly keepFindings = 20,
  ) {}

  add(index: number, c: FuzzCase, ex: Exchange, results: readonly CheckResult[]): void {
    this.total += 1;
    if (ex.notSent) {
      this.notSent += 1;
      this.keep({ index, c, ex, check: 'answered', reason: `not sent: ${ex.error}` });
      return;
    }
    const target = slot(this.byTarget, c.target, () => ({ cases: 0, statuses: {} as Counter }));
    target.cases += 1;
    bump(this.byKind, c.kind);
    for (const [dimension, label] of Object.entries(c.tags))
      bump(
        slot(this.byTag, dimension, () => ({})),
        fold(label),
      );
    const statuses = ex.responses.length ? ex.responses.map((r) => String(r.status)) : ['no answer'];
    for (const s of statuses) {
      bump(this.byStatus, s);
      bump(target.statuses, s);
    }
    let failed = false;
    for (const r of results) {
      if (r.ok) this.checks[r.check].pass += 1;
      else {
        this.checks[r.check].fail += 1;
        bump(
          slot(this.failuresByKind, r.check, () => ({})),
          c.kind,
        );
        failed = true;
        this.keep({ index, c, ex, check: r.check, reason: r.reason ?? '' });
      }
    }
    if (failed) this.failedCases += 1;
  }

  private keep(f: { index: number; c: FuzzCase; ex: Exchange; check: CheckName; reason: string }): void {
    if (this.findings.length >= this.keepFindings) return;
    this.findings.push({
      seed: this.seed,
      index: f.index,
      check: f.check,
      reason: f.reason.slice(0, 500),
      target: f.c.target,
      kind: f.c.kind,
      tags: f.c.tags,
      statuses: f.ex.responses.map((r) => r.status),
      request: requestPreview(f.c),
    });
  }

  /** Whether every per-case check passed and every case was sent. */
  get clean(): boolean {
    return this.notSent === 0 && CHECKS.every((c) => this.checks[c].fail === 0);
  }
}
