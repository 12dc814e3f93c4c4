/**
 * Findings (one per recorded interaction: schema violations of the real answer, real-vs-fake differences, whether
 * the citing test rests on assumed clauses only) and their summary per operation (DRIFT-ASSUMED-CANDIDATES).
 */
import { clauseById } from '../contract/clauses/index.js';
import { compareAnswers } from './compare.js';
import { type ComparisonKind, zeroByKind } from './difference.js';
import { checkAgainstContract } from './schema-check.js';
import { strengthsOf } from './strength.js';
import type { DriftFinding, DriftPair } from './types.js';

/** True when there is at least one clause id and every one is `assumed` in the catalogue (unknown ids are not). */
export const onlyAssumed = (clauseIds: readonly string[]): boolean =>
  clauseIds.length > 0 && clauseIds.every((id) => clauseById(id)?.kind === 'assumed');

export function findingOf(pair: DriftPair): DriftFinding {
  const violations = checkAgainstContract(pair);
  const differences = compareAnswers(pair);
  const strengths = strengthsOf(pair, violations, differences);
  return {
    pair,
    violations: violations.map((v, i) => ({ ...v, strength: strengths.violations[i] ?? 'documented' })),
    differences: differences.map((d, i) => ({ ...d, strength: strengths.differences[i] ?? 'documented' })),
    onAssumedClauses: onlyAssumed(pair.clauses),
  };
}

/** Violations and differences that contradict what the spec documents (outside the fake's scripted tests). */
export const documentedFindings = (f: DriftFinding): number =>
  isScripted(f) ? 0 : [...f.violations, ...f.differences].filter((d) => d.strength === 'documented').length;

export const findingsOf = (pairs: readonly DriftPair[]): DriftFinding[] => pairs.map(findingOf);

/** The operation id, or `METHOD /path` for a path outside the operation table. */
export const operationKey = (pair: DriftPair): string =>
  pair.operationId ?? `${pair.method.toUpperCase()} ${pair.path}`;

/** A difference on assumed clauses: a candidate to correct our assumption rather than a bug of the deployment. */
export const isCandidate = (f: DriftFinding): boolean => f.onAssumedClauses && f.differences.length > 0;

export const isClean = (f: DriftFinding): boolean => f.violations.length === 0 && f.differences.length === 0;

/**
 * A test that cites a `FAKE-…` clause drives the fake through its control API (scripted replies, cut streams) or its
 * own HTTP layer (byte-exact malformed framing, oversized headers): what it was told to break is no violation of the
 * deployment, and what it sent the drift's client cannot send again as it was sent.
 */
export const isScripted = (f: DriftFinding): boolean => f.pair.clauses.some((id) => id.startsWith('FAKE-'));

/**
 * What fails `npm run drift -- --fail-on-drift`: a difference or a violation outside the fake's scripted tests (those
 * are reported, never drift).
 */
export const isDrift = (f: DriftFinding): boolean =>
  !isScripted(f) && (f.differences.length > 0 || f.violations.length > 0);

export interface DriftCounts {
  interactions: number;
  /** Interactions with no violation and no difference. */
  clean: number;
  /** Interactions whose real answer breaks the contract, and the violations in all. */
  withViolations: number;
  violations: number;
  /** Interactions where real and fake differ, and the differences by kind. */
  withDifferences: number;
  differences: Record<ComparisonKind, number>;
  /** Interactions whose test cites only assumed clauses, and those of them with differences (candidates). */
  onAssumedClauses: number;
  candidates: number;
  /** Violations and differences that contradict the spec (DRIFT-STRENGTH); the rest differ only where it is silent. */
  documented: number;
  assumed: number;
}

export interface OperationSummary extends DriftCounts {
  /** operationKey: the operation id or `METHOD /path`. */
  operation: string;
  /** Null for a path outside the operation table. */
  operationId: string | null;
}

const zeroCounts = (): DriftCounts => ({
  interactions: 0,
  clean: 0,
  withViolations: 0,
  violations: 0,
  withDifferences: 0,
  differences: zeroByKind(),
  onAssumedClauses: 0,
  candidates: 0,
  documented: 0,
  assumed: 0,
});

function add(counts: DriftCounts, f: DriftFinding): void {
  counts.interactions++;
  if (isClean(f)) counts.clean++;
  if (f.violations.length > 0) counts.withViolations++;
  counts.violations += f.violations.length;
  if (f.differences.length > 0) counts.withDifferences++;
  for (const d of f.differences) if (d.kind !== 'schema') counts.differences[d.kind]++;
  if (f.onAssumedClauses) counts.onAssumedClauses++;
  if (isCandidate(f)) counts.candidates++;
  const all = [...f.violations, ...f.differences].length;
  const documented = documentedFindings(f);
  counts.documented += documented;
  counts.assumed += all - documented;
}

/** One summary per operation, sorted by operation key. */
export function summarize(findings: readonly DriftFinding[]): OperationSummary[] {
  const byKey = new Map<string, OperationSummary>();
  for (const f of findings) {
    const key = operationKey(f.pair);
    let summary = byKey.get(key);
    if (!summary) {
      summary = { operation: key, operationId: f.pair.operationId ?? null, ...zeroCounts() };
      byKey.set(key, summary);
    }
    add(summary, f);
  }
  return [...byKey.values()].sort((a, b) =>
    a.operation < b.operation ? -1 : a.operation > b.operation ? 1 : 0,
  );
}

/** The counts over every finding. */
export function totalsOf(findings: readonly DriftFinding[]): DriftCounts {
  const counts = zeroCounts();
  for (const f of findings) add(counts, f);
  return counts;
}
