/**
 * Realistic failed tests for the reporting tests, shaped as the clause reporter records them from a run against a
 * broken deployment (the breaking proxy of broken/ in front of the fake): the exchange notes of
 * suites/target/exchange-note.ts (redacted credentials, a rate-limit header that changes from request to request, the
 * credential's name), vitest's assertion messages, documented() bound failures.
 */
import { operationById } from '../../contract/operations.js';
import type { CitingTest, TestOutcome } from './clause-matrix.js';
import { extractClauseIds } from './clause-matrix.js';

/** What a redacted token looks like in a note: `api-v1-redacted` and 16 hex digits of its hash. */
export const redacted = (seed: number): string => {
  const hex = (n: number) => (Math.imul(n + 1, 2654435761) >>> 0).toString(16).padStart(8, '0');
  return `api-v1-redacted${hex(seed)}${hex(seed + 7919)}`;
};

export const request = (op: string, headers: readonly string[], body: string, base = '/api/v1'): string =>
  [`POST ${base}/${op}`, ...headers, 'content-type: application/json', '', body].join('\n');

export const response = (status: number, body: string, remaining?: number): string =>
  [
    `${status}`,
    ...(remaining !== undefined
      ? [`x-ratelimit-limit: 1000`, `x-ratelimit-remaining: ${remaining}`, 'x-ratelimit-reset: 1767607249']
      : []),
    'content-type: application/json; charset=utf-8',
    '',
    body,
  ].join('\n');

/** A failed test as the matrix holds it (its cited ids from its title and checks). */
export function failed(o: Partial<TestOutcome> & Pick<TestOutcome, 'fullName'>): CitingTest {
  const titleIds = extractClauseIds(o.fullName);
  return {
    file: 'suites/platform/access-table-whole-roles.test.ts',
    state: 'failed',
    durationMs: 12,
    ...o,
    titleIds,
    clauseIds: [...new Set([...titleIds, ...(o.documentedChecks ?? [])])],
  };
}

const STATUS_403 = (got: string) =>
  `AssertionError: status; body: ${got}: expected 200 to be 403 // Object.is equality\n\n- Expected\n+ Received\n\n- 403\n+ 200`;

/**
 * One cell of the whole access table that a swapped permission broke: a token of `role` made by a `creator`, which
 * updateProjectSettings should refuse with 403, answered 200; the cell's failure is bound to its row and the rule
 * that decided it.
 */
export function accessCell(creator: string, role: string, n: number): CitingTest {
  const got = '{"type":"RXSUCCESS","message":"Project settings updated successfully"}';
  const message = STATUS_403(got);
  return failed({
    fullName: `the whole access table: every row × each token role, for each creator role > ${creator}-made ${role} token → updateProjectSettings: 403 [AUTH-ACCESS-UPDATEPROJECTSETTINGS, AUTH-ROLE-OR-PERMISSION, AUTH-EFFECTIVE-ACCESS-FOLLOWS-CREATOR, ERR-403-MESSAGE]`,
    errorMessage: message,
    boundFailures: [{ clauseIds: ['AUTH-ACCESS-UPDATEPROJECTSETTINGS', 'AUTH-ROLE-OR-PERMISSION'], message }],
    failedClauses: ['AUTH-ACCESS-UPDATEPROJECTSETTINGS', 'AUTH-ROLE-OR-PERMISSION'],
    exchanges: [
      {
        request: request(
          'updateProjectSettings',
          [`authorization: Bearer ${redacted(n)}`],
          `{"project_uid":"h9vdap64uql8mmb${n % 10}"}`,
        ),
        response: response(200, got, 995 - n),
        credential: 'a test-made credential',
      },
    ],
    requests: { 'platform|a test-made credential': 1 },
  });
}

/** The spec's 401 message reworded to `Unauthorized`: one test of `op` with `credential`. */
export function reworded401(op: string, credential: string, file: string, n: number): CitingTest {
  const message =
    'AssertionError: expected \'Unauthorized\' to be \'Invalid or revoked API token\' // Object.is equality\n\nExpected: "Invalid or revoked API token"\nReceived: "Unauthorized"';
  const header =
    credential === 'the project key'
      ? `authorization: Bearer apk-redacted6f466b079f7c6dd${n}`
      : `authorization: Bearer ${redacted(100 + n)}`;
  return failed({
    fullName: `${op} with ${credential} that names no token gets 401 Invalid or revoked API token [TOKEN-INVALID-401, ERR-401-MESSAGE]`,
    file,
    errorMessage: message,
    boundFailures: [{ clauseIds: ['ERR-401-MESSAGE'], message }],
    failedClauses: ['ERR-401-MESSAGE'],
    exchanges: [
      {
        request: request(op, [header], '{}'),
        response: response(401, '{"type":"RXERROR","message":"Unauthorized"}'),
        credential,
      },
    ],
    requests: { [`platform|${credential}`]: 1 + n },
  });
}

/** createSession answers state `open` where the spec says a new session is `pending` (unbound: every cited clause). */
export function sessionStateOpen(): CitingTest {
  return failed({
    fullName:
      'createSession > with the widget_uid, returns state pending and status open [CREATE-SESSION-INITIAL-STATE, SESSION-NEW-STATE-PENDING]',
    file: 'suites/integration/create-session.test.ts',
    errorMessage: "AssertionError: expected 'open' to be 'pending' // Object.is equality",
    exchanges: [
      {
        request: [
          'POST /api/v1/createSession',
          'api-key: apk-redacted6f466b079f7c6dd0',
          'content-type: application/json',
          '',
          '{"widget_uid":"vgr9lfd482aqmo0oi866"}',
        ].join('\n'),
        response: response(
          200,
          '{"type":"RXSUCCESS","message":"Session created successfully","data":{"session_uid":"1700681034","state":"open","status":"open"}}',
        ),
        credential: 'the project key',
      },
    ],
    requests: { 'integration|the project key': 2 },
  });
}

/** `{"a":{"a":…1…}}`, `depth` objects deep, as the server-error probes send it; the note keeps 800 characters. */
export function deepNestingServerError(
  op: string,
  n: number,
  family: 'platform' | 'integration' = 'platform',
): TestOutcome {
  const body = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
  const header =
    family === 'platform' ? `authorization: Bearer ${redacted(0)}` : 'api-key: apk-redacted6f466b079f7c6dd0';
  return {
    fullName: `Platform and Project Integration operations: no server error on odd bodies [ERR-NEVER-5XX] > ${op}: JSON nested 5000 deep`,
    file: 'suites/conventions/server-error-probes.test.ts',
    state: 'inconclusive',
    durationMs: 3,
    skipReason: 'server error met',
    serverErrors: [
      {
        request: [
          `POST /api/v1${operationById(op).path}`,
          header,
          'content-type: application/json',
          '',
          `${body.slice(0, 800)}… (${body.length} characters)`,
        ].join('\n'),
        response: `500\ncontent-type: text/html\n\n<html><body>Internal Server Error: RangeError: Maximum call stack size exceeded (${n})</body></html>`,
        status: 500,
        why: '500',
      },
    ],
    requests: { [`${family}|${family === 'platform' ? 'the owner token' : 'the project key'}`]: 1 },
  };
}
