/**
 * Baseline mode (REPORT-BASELINE): compare a run with an earlier reports/conformance.json of the same target and gate
 * on new failures only. Failures the baseline already had are listed as known and do not fail the verdict; what
 * failed there and no longer fails is listed as fixed.
 */
import type { VerdictItem } from './clause-matrix.js';
import { readJsonFile } from './json-file.js';

export const BASELINE_ENV = 'CONFORMANCE_BASELINE';

/** A failing item's identity across runs: its clause id, or the test's file and full name. */
export const failureKey = (item: VerdictItem): string => {
  switch (item.type) {
    case 'clause':
      return `clause:${item.id}`;
    case 'test':
      return `test:${item.file}:${item.fullName}`;
    case 'unknown-id':
      return `unknown-id:${item.id}`;
    case 'run-error':
      return `run-error:${item.message}`;
    case 'server-error':
      return `server-error:${item.file}:${item.fullName}`;
    case 'no-answer':
      return `no-answer:${item.file}:${item.fullName}`;
  }
};

export interface Baseline {
  readonly path: string;
  readonly generatedAt: string;
  readonly targetName: string;
  readonly failing: readonly VerdictItem[];
}

export type LoadedBaseline =
  | { readonly ok: true; readonly baseline: Baseline }
  | { readonly ok: false; readonly path: string; readonly error: string };

export function loadBaseline(file: string): LoadedBaseline {
  const read = readJsonFile(file);
  if (!read.ok) return read;
  const { path } = read;
  const json = read.json as {
    generatedAt?: unknown;
    target?: { name?: unknown };
    verdict?: { failing?: unknown };
  } | null;
  const failing = json?.verdict?.failing;
  if (!Array.isArray(failing) || typeof json?.generatedAt !== 'string')
    return {
      ok: false,
      path,
      error: 'not a conformance report (reports/conformance.json): no verdict.failing',
    };
  return {
    ok: true,
    baseline: {
      path,
      generatedAt: json.generatedAt,
      targetName: typeof json.target?.name === 'string' ? json.target.name : 'unknown',
      failing: failing as VerdictItem[],
    },
  };
}

export interface BaselineOutcome {
  readonly path: string;
  readonly generatedAt: string;
  /** Failing now and in the baseline: not fatal in baseline mode. */
  readonly known: readonly VerdictItem[];
  /** Failing now and not in the baseline: these fail the verdict. */
  readonly new: readonly VerdictItem[];
  /** Failing in the baseline and not now. */
  readonly fixed: readonly VerdictItem[];
}

export function compareWithBaseline(failing: readonly VerdictItem[], baseline: Baseline): BaselineOutcome {
  const before = new Set(baseline.failing.map(failureKey));
  const now = new Set(failing.map(failureKey));
  return {
    path: baseline.path,
    generatedAt: baseline.generatedAt,
    known: failing.filter((i) => before.has(failureKey(i))),
    new: failing.filter((i) => !before.has(failureKey(i))),
    fixed: baseline.failing.filter((i) => !now.has(failureKey(i))),
  };
}
