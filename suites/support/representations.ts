/**
 * How the suites check a value sent in another JSON type than the field's (issue 32, input strictness in two
 * strengths): refusing it is the fake's reading, checked softly, since a lenient server may coerce or ignore it.
 */
import type { RawResponse } from '../target/transport.js';
import { expectError } from './envelope.js';
import { INVALID_PARAMS } from './messages.js';
import { assumed } from './strength.js';

/**
 * A value of another JSON type for a Project Integration field, refused under its assumed clause: a number for a
 * string field is ERR-JSON-NO-COERCION; null is ERR-NULL-NOT-ABSENT; any other type (a boolean, an array, an object)
 * INTEGRATION-WRONG-JSON-TYPE.
 */
export function expectNotCoerced(res: RawResponse, value: unknown): void {
  const clause =
    value === null
      ? 'ERR-NULL-NOT-ABSENT'
      : typeof value === 'number'
        ? 'ERR-JSON-NO-COERCION'
        : 'INTEGRATION-WRONG-JSON-TYPE';
  assumed(clause, () => expectError(res, 400, INVALID_PARAMS));
}
