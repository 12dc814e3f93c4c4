/**
 * One finished test as the reporter sees it (suites/reporting/clause-reporter.ts), and what a test keeps about its own
 * checks and requests: assumed warnings, bound failures, server errors, requests with no answer, requests sent.
 */
/** `inconclusive`: the test met a spent quota (HARNESS-INCONCLUSIVE-QUOTA) and proves nothing either way. */
export type TestState = 'passed' | 'failed' | 'skipped' | 'inconclusive';

/** An assumed check that failed softly: a warning on its clause, with the evidence. */
export interface AssumedWarning {
  readonly clauseId: string;
  readonly message: string;
}

/** The start of the skip reason of a test that ended without an answer to one of its requests (issue 33). */
export const NO_ANSWER = 'no answer:';

/** The start of the skip reason of a test that failed after a server error: the 5xx is the item, not a red. */
export const SERVER_ERROR_MET = 'server error met:';

/** A server error a test met (suites/target/answers.ts): its request and response, redacted. */
export interface ServerErrorNote {
  readonly request: string;
  readonly response: string;
  readonly status: number;
  readonly why: string;
}

/** A request that got no answer (suites/target/answers.ts). */
export interface NoAnswerNote {
  readonly request: string;
  readonly elapsedMs: number;
  readonly inFlight: number;
  /** Still waiting when its test ran out of time. */
  readonly testTimedOut?: boolean;
  /** Epoch ms the request was given up (suites/reporting/silence.ts). */
  readonly at?: number;
  /** Why there was no answer, in words (`connection refused`, `timeout`). */
  readonly cause?: string;
  /** A connection failure (refused, reset, DNS, TLS, socket closed), not a slow answer. */
  readonly connection?: boolean;
}

/** A failed hard assertion bound to the documented clause(s) it checks (documented() in suites/support/strength.ts). */
export interface BoundFailure {
  readonly clauseIds: string[];
  readonly message: string;
  /** Further failures of the same clauses with the same first line, not kept (a property's many counterexamples). */
  more?: number;
}

/** One finished test, as the reporter saw it. */
export interface TestOutcome {
  /** Describe titles and the test title joined with ` > `. */
  readonly fullName: string;
  /** Test file, relative to the repository root. */
  readonly file: string;
  readonly state: TestState;
  readonly durationMs: number;
  /** Epoch ms the test started (suites/reporting/silence.ts orders the run's tests by it). */
  readonly startedAt?: number;
  /** For failed tests: the error message (and diff, when there is one). */
  readonly errorMessage?: string;
  /** For failed tests: the stack, for the JUnit failure body. */
  readonly errorStack?: string;
  /** For skipped and inconclusive tests: the note given to `ctx.skip(note)`, or how the test was skipped. */
  readonly skipReason?: string;
  /** Assumed clauses the test checked through assumed() (they count as cited). */
  readonly assumedChecks?: readonly string[];
  /**
   * For failed tests: their last exchanges with the target, redacted, each with the name of the credential it went out
   * with (suites/target/exchange-note.ts).
   */
  readonly exchanges?: readonly {
    readonly request: string;
    readonly response: string;
    readonly credential?: string;
  }[];
  /** Assumed checks that failed softly against a target other than the fake. */
  readonly assumedWarnings?: readonly AssumedWarning[];
  /** Documented clauses the test checked through documented() (they count as cited). */
  readonly documentedChecks?: readonly string[];
  /**
   * For a test that failed through documented() checks only: the clauses those checks name. The test fails these
   * clauses and no other (issue 33); without it a failed test fails every clause it cites.
   */
  readonly failedClauses?: readonly string[];
  /** Server errors the test met (5xx, or not JSON where the spec documents JSON): items of their own. */
  readonly serverErrors?: readonly ServerErrorNote[];
  /** Further server errors the test met, not kept. */
  readonly serverErrorsMore?: number;
  /** Requests the test sent, keyed `family|credential` (suites/target/request-count.ts). */
  readonly requests?: Readonly<Record<string, number>>;
  /** Requests of the test that got no answer (it then counts as inconclusive, `no answer: …`). */
  readonly noAnswers?: readonly NoAnswerNote[];
  /**
   * The test stopped after a bound failure (readable() in suites/support/strength.ts): the answer its other clauses
   * rest on could not be read, so they count as not checked by it, neither passed nor failed.
   */
  readonly stopped?: boolean;
  /** Clean-ups of the test that failed (suites/support/arrangement.ts): notes of their own, never a red. */
  readonly cleanupNotes?: readonly string[];
  /** The failed documented() checks: the clauses each names and its message. */
  readonly boundFailures?: readonly {
    readonly clauseIds: readonly string[];
    readonly message: string;
    readonly more?: number;
  }[];
}
