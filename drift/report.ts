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
import { isClean, isDrift, isScripted, operationKey, summarize, totalsOf } from './findings.js';
import { driftHtml } from './report-html.js';
import {
  type AnswerJson,
  DRIFT_FORMAT,
  type DriftMeta,
  type DriftReportJson,
  type FindingJson,
} from './report-json.js';
import type { DriftAnswer, DriftFinding } from './types.js';

export type { AnswerJson, DriftMeta, DriftReportJson, FindingJson } from './report-json.js';
export { DRIFT_FORMAT } from './report-json.js';

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
