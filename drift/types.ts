/**
 * The drift report's input and output: each recorded real interaction, paired with what the fake answered to the
 * same request (drift/run.ts builds the pairs from cassettes; drift/compare.ts and drift/report.ts consume them).
 */

/** One HTTP answer as the drift report sees it. */
export interface DriftAnswer {
  status: number;
  /** Lower-case header names. */
  headers: Record<string, string>;
  /** The body as text (SSE streams: the whole stream). */
  body: string;
}

/** A recorded real interaction and the fake's answer to the same request. */
export interface DriftPair {
  /** Cassette name (e.g. `suites/platform/projects.test.ts`) and the interaction's index in it. */
  cassette: string;
  index: number;
  /** The contract operation id (contract/operations.ts), or undefined for paths outside the table. */
  operationId: string | undefined;
  method: string;
  /** Path relative to the deployment's {base_url} (or {org_base_url}), e.g. `/getMyProjects`. */
  path: string;
  /** Which root the request went to: {org_base_url} when `org` (what is served there is not shown). */
  base?: 'base' | 'org' | 'other';
  /** The vitest full name of the test that sent the request, when known. */
  test: string | undefined;
  /** Clause ids that test cites (from its name). */
  clauses: string[];
  /** The request body as recorded (redacted), for display. */
  requestBody: string | undefined;
  real: DriftAnswer;
  /** Undefined when the fake could not be asked (then `fakeError` says why). */
  fake: DriftAnswer | undefined;
  fakeError?: string;
}

export type DifferenceKind =
  /** The real answer breaks the contract schema (status/operation specific). */
  | 'schema'
  | 'status'
  /** Envelope type (RXSUCCESS / RXERROR / message-only) or, for RAG, native success vs native error shape. */
  | 'envelope'
  /** A field present on one side only. */
  | 'presence'
  /** A field present on both sides with different JSON types. */
  | 'type'
  /** The envelope `message` (or the native error's message) differs. */
  | 'message';

export interface Difference {
  kind: DifferenceKind;
  /** JSON path where it applies (`$.data[].name`), or `$` for the whole answer. */
  path: string;
  /** What the real deployment answered (shortened for display). */
  real?: string;
  /** What the fake answered. */
  fake?: string;
  detail: string;
  /**
   * `documented` when it contradicts what the spec documents, `assumed` when only a choice the spec leaves open
   * differs (DRIFT-STRENGTH, drift/strength.ts); set on every violation and difference of a finding.
   */
  strength?: 'documented' | 'assumed';
}

export interface DriftFinding {
  pair: DriftPair;
  /** Schema violations of the real answer. */
  violations: Difference[];
  /** Real vs fake differences. */
  differences: Difference[];
  /**
   * True when every clause the test cites is `assumed` in the catalogue (and there is at least one): the difference
   * is a candidate to correct our assumption rather than a bug of the deployment.
   */
  onAssumedClauses: boolean;
}
