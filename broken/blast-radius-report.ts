/**
 * What the blast-radius check (blast-radius.ts) makes of its runs: for each breaking rule, the documented clauses its
 * run turned red (failing there, not failing in the unbroken run), whether they are within the rule's declared ones
 * (its clause and its `alsoRed` list) and whether the rule was caught (its own clause red); the median and the largest
 * count over the rules against the goal (one defect, one red: median 1, at most 3); one line per offence; the printed
 * table. Pure: it reads the conformance reports of the runs.
 */
import { failsClause, oneLine } from '../suites/reporting/clause-matrix.js';
import type { ConformanceReport } from '../suites/reporting/report.js';
import { type AlsoRed, type BreakingRule, declaredClauses } from './rule.js';

/** The name of the error a FILES argument gets when a whole run does not take it (a bad argument: exit 2). */
export const NOT_A_RUN_FILE = 'NotARunFile';

/** The issue's goal for one defect: red documented clauses per rule. */
export const GOAL = { median: 1, largest: 3 } as const;

/** A failing test named in the report, for each red clause (at most this many per clause). */
const TESTS_PER_CLAUSE = 3;

export interface BlastRow {
  readonly rule: string;
  readonly name: string;
  readonly section: string;
  readonly clause: string;
  readonly alsoRed: readonly AlsoRed[];
  /** The test files the rule changed something in during the unbroken run; its run took every test of them. */
  readonly touchedFiles: readonly string[];
  /** Red documented clauses of its run, sorted. */
  readonly red: readonly string[];
  /** Those of `red` outside its declared clauses. */
  readonly outside: readonly string[];
  /** Its own clause is red. */
  readonly caught: boolean;
  readonly within: boolean;
  /** Failing tests of its run, and for each red clause the first few that failed it. */
  readonly failedTests: number;
  readonly redBy: Readonly<Record<string, readonly string[]>>;
  /**
   * `--whole` only: red clauses of the whole run that failed only in files the rule touched nothing in during the
   * observed unbroken run (what running the touched files alone would miss; empty when the shortcut is exact).
   */
  readonly untouchedRed?: readonly string[];
  /** Requests its files sent with it on, and how long their run (its round) took. */
  readonly requests: number;
  readonly durationMs: number;
}

export interface BaselineSummary {
  readonly status: string;
  readonly tests: number;
  readonly failedTests: number;
  /** Documented clauses failing without any rule (they cannot be read as a rule's red). */
  readonly failing: readonly string[];
  /** What else made its verdict FAIL: report errors (a file that did not load, an unknown id), server errors. */
  readonly problems: readonly string[];
  readonly requests: number;
  readonly durationMs: number;
}

export interface BlastRadiusReport {
  readonly format: 'chatbot-platform-blast-radius';
  readonly version: 1;
  readonly generatedAt: string;
  /** `touched files`: each rule ran the files it touched; `whole run`: each rule ran every file (--whole). */
  readonly mode: 'touched tests' | 'touched files' | 'whole run';
  readonly target: string;
  /** Fakes (each behind its own proxy) the test files ran on side by side, one file per lane at a time. */
  readonly lanes: number;
  /** The fast-check seed and run tag every run of the check shared. */
  readonly seed: number;
  /** The test files a whole run takes (or those given). */
  readonly files: number;
  readonly baseline: BaselineSummary;
  readonly rows: readonly BlastRow[];
  readonly median: number;
  readonly largest: number;
  readonly goal: typeof GOAL;
  readonly offences: readonly string[];
  readonly pass: boolean;
  readonly rounds: number;
  readonly requests: number;
  readonly durationMs: number;
}

/** The items of `report`'s verdict other than failing clauses: report errors (a file that did not load), tests. */
export const problemsOf = (report: ConformanceReport): string[] =>
  [...report.verdict.failing.filter((i) => i.type !== 'clause'), ...report.verdict.errors].map((i) =>
    oneLine(`${i.type}${'file' in i ? ` in ${i.file}` : ''}: ${i.message}`).slice(0, 300),
  );

/** Documented clauses failing in `report`. */
export const failingDocumented = (report: ConformanceReport): string[] =>
  report.matrix.rows.filter((r) => r.kind === 'documented' && r.status === 'fail').map((r) => r.id);

/** What one rule's run did, read in its own files only (a round holds other rules' files too). */
export interface RuleRun {
  readonly rule: BreakingRule;
  readonly touchedFiles: readonly string[];
  readonly run: ConformanceReport | undefined;
  /** The files of the run that were this rule's (relative to the root). */
  readonly files: ReadonlySet<string>;
  readonly requests: number;
  readonly durationMs: number;
}

export function blastRow(r: RuleRun, baseline: ConformanceReport): BlastRow {
  const before = new Set(failingDocumented(baseline));
  const redBy: Record<string, string[]> = {};
  for (const row of r.run?.matrix.rows ?? []) {
    if (row.kind !== 'documented' || before.has(row.id)) continue;
    const failed = row.tests.filter((t) => r.files.has(t.file) && failsClause(t, row.id));
    if (failed.length > 0) redBy[row.id] = failed.slice(0, TESTS_PER_CLAUSE).map((t) => t.fullName);
  }
  const red = Object.keys(redBy).sort();
  const declared = declaredClauses(r.rule);
  const outside = red.filter((id) => !declared.includes(id));
  const failedTests = (r.run?.matrix.tests ?? []).filter(
    (t) => r.files.has(t.file) && t.state === 'failed',
  ).length;
  return {
    rule: r.rule.id,
    name: r.rule.name,
    section: r.rule.section,
    clause: r.rule.clause,
    alsoRed: r.rule.alsoRed ?? [],
    touchedFiles: r.touchedFiles,
    red,
    outside,
    caught: red.includes(r.rule.clause),
    within: outside.length === 0,
    failedTests,
    redBy,
    requests: r.requests,
    durationMs: r.durationMs,
  };
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** One line per offence: a rule red outside its declared clauses, a rule not caught, an unbroken run not green, the goal missed. */
export function offencesOf(
  rows: readonly BlastRow[],
  baseline: BaselineSummary,
  totals: { median: number; largest: number },
): string[] {
  const lines: string[] = [];
  if (baseline.failing.length > 0)
    lines.push(
      `the unbroken run fails ${plural(baseline.failing.length, 'documented clause')} (${baseline.failing.join(', ')}): no rule can be read against them; fix that first`,
    );
  if (baseline.problems.length > 0)
    lines.push(
      `the unbroken run is not green: ${plural(baseline.problems.length, 'problem')} besides failing clauses, the first: ${baseline.problems[0]}`,
    );
  for (const row of rows) {
    if (!row.within)
      lines.push(
        `${row.rule} reds ${plural(row.outside.length, 'documented clause')} outside its declared ${declaredText(row)}: ${row.outside.join(', ')}`,
      );
    if (row.untouchedRed && row.untouchedRed.length > 0)
      lines.push(
        `${row.rule} reds ${row.untouchedRed.join(', ')} only in test files it changed nothing in during the unbroken run: running the files it touched would miss them`,
      );
    if (!row.caught)
      lines.push(
        row.touchedFiles.length === 0
          ? `${row.rule} is not caught: it changed nothing in the unbroken run (no test reaches what it breaks), so ${row.clause} cannot turn red`
          : `${row.rule} is not caught: ${row.clause} is not red in its run of the ${plural(row.touchedFiles.length, 'test file')} it touched`,
      );
  }
  if (rows.length > 0 && totals.median > GOAL.median)
    lines.push(
      `the median is ${totals.median} red documented clauses per rule, above the goal of ${GOAL.median}`,
    );
  const worst = rows.filter((r) => r.red.length === totals.largest && totals.largest > GOAL.largest);
  if (worst.length > 0)
    lines.push(
      `the largest is ${totals.largest} red documented clauses (${worst.map((r) => r.rule).join(', ')}), above the goal of at most ${GOAL.largest}`,
    );
  return lines;
}

const declaredText = (row: Pick<BlastRow, 'clause' | 'alsoRed'>) =>
  [row.clause, ...row.alsoRed.map((a) => a.clause)].join(', ');

/** How wide a line of red ids gets. */
const RED_WIDTH = 110;

const pad = (text: string, n: number) => (text.length >= n ? text : text + ' '.repeat(n - text.length));

/** `ids` as lines of at most `width` characters. */
function wrapIds(ids: readonly string[], width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const id of ids) {
    const next = line === '' ? id : `${line}, ${id}`;
    if (next.length > width && line !== '') {
      lines.push(`${line},`);
      line = id;
    } else line = next;
  }
  if (line !== '') lines.push(line);
  return lines.length > 0 ? lines : ['(none)'];
}

/** The printed table: a line per rule (count, within, caught, declared clauses), then its red clauses' ids. */
export function blastTable(report: Pick<BlastRadiusReport, 'rows' | 'median' | 'largest' | 'mode'>): string {
  const ruleWidth = Math.max(4, ...report.rows.map((r) => r.rule.length));
  const lines = [`  ${pad('rule', ruleWidth)}  red  within  caught  declared clauses`];
  for (const row of report.rows) {
    lines.push(
      `  ${pad(row.rule, ruleWidth)}  ${String(row.red.length).padStart(3)}  ${pad(row.within ? 'yes' : 'NO', 6)}  ${pad(row.caught ? 'yes' : 'NO', 6)}  ${declaredText(row)}`,
    );
    const [first, ...rest] = wrapIds(row.red, RED_WIDTH);
    lines.push(`      red: ${first}`, ...rest.map((l) => `           ${l}`));
  }
  lines.push(
    `median ${report.median}, largest ${report.largest} red documented clauses per rule over ${plural(report.rows.length, 'rule')} (goal: median ${GOAL.median}, largest at most ${GOAL.largest}; each rule ran ${report.mode === 'whole run' ? 'every test file' : report.mode === 'touched files' ? 'every test of the files it touched' : 'the tests of each file it touched, from the first it touched on'})`,
  );
  return lines.join('\n');
}
