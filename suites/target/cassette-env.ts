/** The environment the conformance runner hands its vitest workers in record and replay modes. */

/** The cassette set's folder. */
export const CASSETTES_ENV = 'CONFORMANCE_CASSETTES';
/** `record` or `replay`. */
export const CASSETTE_MODE_ENV = 'CONFORMANCE_CASSETTE_MODE';
/** The HMAC key for personal values, shared by the run's workers and never written down. */
export const REDACTION_KEY_ENV = 'CONFORMANCE_REDACTION_KEY';
/** The tag in the names the suites create (suites/support/run-tag.ts), the recording's in both modes. */
export const RUN_TAG_ENV = 'CONFORMANCE_RUN_TAG';
/** fast-check's seed (suites/support/property-seed.ts), the recording's in both modes. */
export const FC_SEED_ENV = 'CONFORMANCE_FC_SEED';
