/**
 * The drift report files (DRIFT-REPORT-FILES): `drift.json` and `drift.html` in one directory.
 *
 * drift.json (`format: "chatbot-platform-drift/1"`):
 * - `meta`: { cassettes, fake, generatedAt } as given;
 * - `totals`: DriftCounts over every interaction (interactions, clean, withViolations, violations,
 *   withDifferences, differences by kind {status, envelope, presence, type, message}, onAssumedClauses, candidates);
 * - `operations`: one OperationSummary per operation (the same counts plus `operation`, `operationId`), sorted;
 * - `findings`: every interaction with at least one violation or difference (clean ones are only counted),
 *   sorted by operation, cassette, index: { operation, operationId, cassette, index, method, path, test, clauses,
 *   onAssumedClauses, real: {status, contentType}, fake: {status, contentType} | null, fakeError, violations,
 *   differences }, each violation/difference being { kind, path, real?, fake?, detail }.
 * Missing values are `null`, never absent, so the shape is the same for every finding.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type DriftCounts,
  isClean,
  isDrift,
  isScripted,
  type OperationSummary,
  operationKey,
  summarize,
  totalsOf,
} from './findings.js';
import { driftHtml } from './report-html.js';
import type { Difference, DriftAnswer, DriftFinding } from './types.js';

export const DRIFT_FORMAT = 'chatbot-platform-drift/1';

export interface DriftMeta {
  /** Where the cassettes came from (a directory or a list). */
  cassettes: string;
  /** What answered as the fake (e.g. `in-process fake, seed 42`). */
  fake: string;
  generatedAt: string;
}

export interface AnswerJson {
  status: number;
  contentType: string | null;
}

export interface FindingJson {
  operation: string;
  operationId: string | null;
  cassette: string;
  index: number;
  method: string;
  path: string;
  test: string | null;
  clauses: string[];
  onAssumedClauses: boolean;
  /** The citing test drives the fake through its control API (a `FAKE-…` clause): its violations are not drift. */
  scripted: boolean;
  real: AnswerJson;
  fake: AnswerJson | null;
  fakeError: string | null;
  violations: Difference[];
  differences: Difference[];
}

export interface DriftReportJson {
  format: typeof DRIFT_FORMAT;
  meta: DriftMeta;
  totals: DriftCounts;
  /** Interactions that are drift: a difference, or a violation outside the scripted tests (`--fail-on-drift`). */
  drift: number;
  operations: OperationSummary[];
  findings: FindingJson[];
}

const answerJson = (a: DriftAnswer): AnswerJson => ({
  status: a.status,
  contentType: a.headers['content-type'] ?? null,
});

const findingJson = (f: DriftFinding): FindingJson => ({
  operation: operationKey(f.pair),
  operationId: f.pair.operationId ?? null,
  cassette: f.pair.cassette,
  index: f.pair.index,
  method: f.pair.method,
  path: f.pair.path,
  test: f.pair.test ?? null,
  clauses: [...f.pair.clauses],
  onAssumedClauses: f.onAssumedClauses,
  scripted: isScripted(f),
  real: answerJson(f.pair.real),
  fake: f.pair.fake ? answerJson(f.pair.fake) : null,
  fakeError: f.pair.fake ? null : (f.pair.fakeError ?? null),
  violations: f.violations,
  differences: f.differences,
});

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const byPlace = (a: FindingJson, b: FindingJson): number =>
  compareText(a.operation, b.operation) || compareText(a.cassette, b.cassette) || a.index - b.index;

/** The content of drift.json. */
export function driftReport(findings: readonly DriftFinding[], meta: DriftMeta): DriftReportJson {
  return {
    format: DRIFT_FORMAT,
    meta: { cassettes: meta.cassettes, fake: meta.fake, generatedAt: meta.generatedAt },
    totals: totalsOf(findings),
    drift: findings.filter(isDrift).length,
    operations: summarize(findings),
    findings: findings
      .filter((f) => !isClean(f))
      .map(findingJson)
      .sort(byPlace),
  };
}

/** Writes `drift.json` and `drift.html` into `dir` (created if needed); returns their paths. */
export function writeDriftReport(
  dir: string,
  findings: DriftFinding[],
  meta: DriftMeta,
): { json: string; html: string } {
  const report = driftReport(findings, meta);
  mkdirSync(dir, { recursive: true });
  const json = join(dir, 'drift.json');
  const html = join(dir, 'drift.html');
  writeFileSync(json, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(html, driftHtml(report));
  return { json, html };
}
