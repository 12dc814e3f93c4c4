/**
 * Coverage per target (REPORT-COVERAGE): how many documented clauses of the API this run checked on this target, and
 * why the others were not checked. A clause is checked when a citing suite test passed or failed; unchecked ones
 * are grouped by the reason their citing tests give.
 */
import { type ClauseRow, SERVER_ERROR_MET, stoppedBefore, UNREADABLE_ANSWER } from './clause-matrix.js';

export const UNCHECKED_REASONS = [
  'no citing test',
  'not in this run',
  'planned out (budget)',
  'control API only',
  'provider state not offered',
  'missing credential',
  'writes not allowed',
  'quota not allowed',
  'credits not allowed',
  'quota spent',
  'no answer',
  'server error',
  'arrangement failed',
  'answer unreadable',
  'not checkable here',
  'other',
] as const;
export type UncheckedReason = (typeof UNCHECKED_REASONS)[number];

/** The reason class of one skip note (the text a test gave to ctx.skip). */
export function reasonClass(note: string): UncheckedReason {
  if (note.startsWith('planned out (budget)')) return 'planned out (budget)';
  if (note.startsWith('inconclusive')) return 'quota spent';
  if (note.startsWith('no answer')) return 'no answer';
  if (note.startsWith(SERVER_ERROR_MET)) return 'server error';
  if (note.startsWith('arrangement failed')) return 'arrangement failed';
  if (note.startsWith(UNREADABLE_ANSWER)) return 'answer unreadable';
  if (/provider state|provider_states/.test(note)) return 'provider state not offered';
  if (/no control API/.test(note)) return 'control API only';
  if (/allow\.writes/.test(note)) return 'writes not allowed';
  if (/allow\.quota/.test(note)) return 'quota not allowed';
  if (/allow\.credits/.test(note)) return 'credits not allowed';
  // The target's own choice where the spec leaves one hides what the test reads (e.g. per-token playground prices).
  if (note.startsWith('not checkable here') || note.startsWith('not checked on this target'))
    return 'not checkable here';
  if (/target config has no|target has no .* token|-family model|rag_models/.test(note))
    return 'missing credential';
  return 'other';
}

export interface UncheckedClause {
  readonly id: string;
  /** The reason it is counted under: the one most of its tests give. */
  readonly reason: UncheckedReason;
  /** Every reason its citing tests gave. */
  readonly reasons: readonly UncheckedReason[];
}

export interface Coverage {
  /** Documented clauses of the API. */
  readonly documented: number;
  /** Of those, checked on this target (a citing suite test passed or failed). */
  readonly checked: number;
  /** checked / documented, 0 to 100, one decimal. */
  readonly percent: number;
  readonly unchecked: readonly UncheckedClause[];
  /** Unchecked clauses per reason, every reason listed (0 where none). */
  readonly byReason: Readonly<Record<UncheckedReason, number>>;
}

const isChecked = (row: ClauseRow) => row.status === 'pass' || row.status === 'fail' || row.status === 'warn';

function classify(row: ClauseRow, partial: boolean): UncheckedClause {
  // A partial run (a name or file filter) sees only the tests it selected: the citing tests may be elsewhere.
  if (row.tests.length === 0) {
    const reason: UncheckedReason = partial ? 'not in this run' : 'no citing test';
    return { id: row.id, reason, reasons: [reason] };
  }
  const tally = new Map<UncheckedReason, number>();
  for (const t of row.tests) {
    const note = stoppedBefore(t, row.id) ? UNREADABLE_ANSWER : (t.skipReason ?? '');
    const cls =
      t.state === 'inconclusive' && !/^(no answer|arrangement failed|server error met)/.test(note)
        ? 'quota spent'
        : reasonClass(note);
    tally.set(cls, (tally.get(cls) ?? 0) + 1);
  }
  const reasons = UNCHECKED_REASONS.filter((r) => tally.has(r));
  let reason = reasons[0] as UncheckedReason;
  for (const r of reasons) if ((tally.get(r) ?? 0) > (tally.get(reason) ?? 0)) reason = r;
  return { id: row.id, reason, reasons };
}

export function coverageOf(rows: readonly ClauseRow[], partial = false): Coverage {
  const documented = rows.filter((r) => r.scope === 'api' && r.kind === 'documented');
  const checked = documented.filter(isChecked).length;
  const unchecked = documented.filter((r) => !isChecked(r)).map((row) => classify(row, partial));
  const byReason = Object.fromEntries(UNCHECKED_REASONS.map((r) => [r, 0])) as Record<
    UncheckedReason,
    number
  >;
  for (const u of unchecked) byReason[u.reason] += 1;
  const percent = documented.length === 0 ? 100 : Math.floor((checked / documented.length) * 1000) / 10;
  return { documented: documented.length, checked, percent, unchecked, byReason };
}

/** `222 of 233 documented clauses checked (95.2%)` */
export const coverageLine = (c: Coverage): string =>
  `${c.checked} of ${c.documented} documented clauses checked (${c.percent}%)`;
