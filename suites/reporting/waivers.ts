/**
 * Waivers (REPORT-WAIVERS): a file naming failures a release may ship with for a while. Each waiver names a clause or
 * a test, why, where it is tracked, and until when. A failure an active waiver names shows as waived and does not
 * fail the verdict; a waiver past its expiry date no longer applies and is itself an error of the report, so it
 * cannot be forgotten; a waiver whose clause or test passed is flagged stale.
 *
 * {"waivers": [{"clause": "SET-TEMPERATURE-RANGE", "reason": "…", "link": "https://…", "expires": "2026-12-31"},
 *              {"test": "updateProjectSettings > rejects 2.01", "reason": "…", "link": "…", "expires": "2027-01-15"}]}
 */
import { z } from 'zod';
import type { ClauseMatrix, VerdictItem } from './clause-matrix.js';
import { readJsonFile } from './json-file.js';

export const WAIVERS_ENV = 'CONFORMANCE_WAIVERS';

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD');
const Common = {
  reason: z.string().min(1),
  link: z.string().min(1),
  /** The last day the waiver applies (UTC). */
  expires: Day,
};
export const Waiver = z.union([
  z.strictObject({ clause: z.string().min(1), ...Common }),
  z.strictObject({ test: z.string().min(1), ...Common }),
]);
export type Waiver = z.infer<typeof Waiver>;
export const WaiverFile = z.strictObject({ waivers: z.array(Waiver) });

export type LoadedWaivers =
  | { readonly ok: true; readonly path: string; readonly waivers: readonly Waiver[] }
  | { readonly ok: false; readonly path: string; readonly error: string };

export function loadWaivers(file: string): LoadedWaivers {
  const read = readJsonFile(file);
  if (!read.ok) return read;
  const { path } = read;
  const parsed = WaiverFile.safeParse(read.json);
  if (!parsed.success) return { ok: false, path, error: z.prettifyError(parsed.error).replace(/\n/g, '; ') };
  return { ok: true, path, waivers: parsed.data.waivers };
}

export interface WaivedItem {
  readonly item: VerdictItem;
  readonly waiver: Waiver;
}

export interface WaiverOutcome {
  /** Failures an active waiver covers: shown, not fatal. */
  readonly waived: readonly WaivedItem[];
  /** Waivers past their expiry date: report errors. */
  readonly expired: readonly Waiver[];
  /** Active waivers whose clause or test did not fail (passed, or nothing failed under that name). */
  readonly stale: readonly Waiver[];
  /** The failing items no active waiver covers. */
  readonly failing: readonly VerdictItem[];
}

const named = (w: Waiver): string => ('clause' in w ? `clause ${w.clause}` : `test "${w.test}"`);
export const waiverLabel = (w: Waiver): string => `${named(w)} until ${w.expires} (${w.reason}; ${w.link})`;

function covers(w: Waiver, item: VerdictItem): boolean {
  if ('clause' in w) return item.type === 'clause' && item.id === w.clause;
  // A test waiver covers the test's failure and the server errors it met.
  return (item.type === 'test' || item.type === 'server-error') && item.fullName.includes(w.test);
}

/** The failing tests of a clause count as that clause's: a test waiver covers a clause failing only through it. */
function coversClauseByTests(w: Waiver, item: VerdictItem, matrix: ClauseMatrix): boolean {
  if (!('test' in w) || item.type !== 'clause') return false;
  const failed = matrix.rows.find((r) => r.id === item.id)?.tests.filter((t) => t.state === 'failed') ?? [];
  return failed.length > 0 && failed.every((t) => t.fullName.includes(w.test));
}

/** Apply `waivers` as of `today` (YYYY-MM-DD, UTC) to the failing items of a verdict. */
export function applyWaivers(
  failing: readonly VerdictItem[],
  matrix: ClauseMatrix,
  waivers: readonly Waiver[],
  today: string,
): WaiverOutcome {
  const active = waivers.filter((w) => w.expires >= today);
  const expired = waivers.filter((w) => w.expires < today);
  const waived: WaivedItem[] = [];
  const left: VerdictItem[] = [];
  const used = new Set<Waiver>();
  for (const item of failing) {
    const waiver = active.find((w) => covers(w, item) || coversClauseByTests(w, item, matrix));
    if (waiver) {
      waived.push({ item, waiver });
      used.add(waiver);
    } else left.push(item);
  }
  return { waived, expired, stale: active.filter((w) => !used.has(w)), failing: left };
}
