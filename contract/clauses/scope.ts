/**
 * Which clauses are about the API and which about this harness (the fake, the library, the reports, the tools).
 * A clause of the API counts as checked on a target only through tests that reach it through its public interface
 * (suites/); the fake's own unit tests are its own evidence, shown apart. Harness clauses are shown in a section of
 * their own.
 */
import type { Clause } from './clause.js';

export type ClauseScope = 'api' | 'harness';

/** Sections that describe the harness rather than the spec. */
const HARNESS_SECTIONS = ['Harness', 'Library', 'Durable state (fake)', 'Robustness', 'Reporting'];

export function scopeOf(clause: Pick<Clause, 'id' | 'section'>): ClauseScope {
  if (clause.id.startsWith('FAKE-')) return 'harness';
  return HARNESS_SECTIONS.some((s) => clause.section === s || clause.section.startsWith(`${s}/`))
    ? 'harness'
    : 'api';
}

/** Test files that reach a target through its public interface: the only evidence for a clause of the API. */
export const isSuiteFile = (file: string): boolean => file.startsWith('suites/');

/**
 * Clauses about the hourly caps: a test citing one is about rate limits, so a 429 it meets is its subject rather than
 * a spent quota (suites/target/quota.ts).
 */
export function isRateLimitClause(id: string): boolean {
  return (
    id.startsWith('RATE-') ||
    id.startsWith('RAG-RATE-LIMIT-') ||
    id === 'ERR-429-STATUS' ||
    id === 'MODEL-RATE-COUNTERS' ||
    id === 'LOAD-CAP-CHECK' ||
    id === 'FAKE-RATE-WINDOW-CONTROL'
  );
}
