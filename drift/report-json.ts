/** The shape of drift.json (DRIFT-REPORT-FILES; the fields are described in report.ts), read by report-html.ts. */
import type { DriftCounts, OperationSummary } from './findings.js';
import type { Difference } from './types.js';

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
