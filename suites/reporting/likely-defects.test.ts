/** Failures grouped by likely defect, from realistic failed tests (issue 39, item 6). */
import { describe, expect, it } from 'vitest';
import type { CitingTest } from './clause-matrix.js';
import { type FailingSet, likelyDefectsOf, TESTS_NAMED } from './likely-defects.js';
import {
  accessCell,
  failed,
  request,
  response,
  reworded401,
  sessionStateOpen,
} from './outcomes.test-support.js';

const everything: FailingSet = { clause: () => true, uncitedTest: () => true };
const ROLES = ['owner', 'editor', 'viewer', 'trainer', 'operator', 'billing'];

/** 30 cells of the whole access table: five token roles for each of six creator roles. */
const thirtyCells = (): CitingTest[] =>
  ROLES.flatMap((creator, i) =>
    ['viewer', 'trainer', 'operator', 'billing', 'fine-grained'].map((role, j) =>
      accessCell(creator, role, i * 5 + j),
    ),
  );

describe('likely defects [REPORT-LIKELY-DEFECTS]', () => {
  it('30 failing cells of one access-table row, one swapped permission, are one likely defect', () => {
    const defects = likelyDefectsOf(thirtyCells(), everything);
    expect(defects).toHaveLength(1);
    const [d] = defects;
    expect(d).toMatchObject({
      expectation: 'status: expected 403, got 200',
      operations: ['updateProjectSettings'],
      credentials: ['a test-made credential'],
      clauses: ['AUTH-ACCESS-UPDATEPROJECTSETTINGS', 'AUTH-ROLE-OR-PERMISSION'],
      tests: 30,
      assertions: 30,
    });
    expect(d?.firstTests).toHaveLength(TESTS_NAMED);
    expect(d?.firstTests[0]?.fullName).toContain('owner-made viewer token → updateProjectSettings');
    // One request and its response, and a curl line that sends it again with the credential as a variable.
    expect(d?.example.request).toMatch(/^POST \/api\/v1\/updateProjectSettings\n/);
    expect(d?.example.response).toMatch(/^200\n/);
    expect(d?.example.curl).toBe(
      `curl -sS -i -X POST "$BASE_URL/updateProjectSettings" -H "Authorization: Bearer $TEST_MADE_CREDENTIAL" -H 'Content-Type: application/json' --data-raw '{"project_uid":"h9vdap64uql8mmb0"}'`,
    );
  });

  it('a reworded 401 message failing in 5 tests, on four operations with three credentials, is one likely defect', () => {
    const tests = [
      reworded401('getMyProjects', 'a test-made credential', 'suites/platform/authentication.test.ts', 1),
      reworded401('getMyProjects', 'the project key', 'suites/platform/authentication.test.ts', 2),
      reworded401(
        'getSupportedModels',
        'a test-made credential',
        'suites/platform/tokens-deactivate.test.ts',
        3,
      ),
      reworded401(
        'getOrganizationDetail',
        'a test-made credential',
        'suites/platform/tokens-revoke.test.ts',
        4,
      ),
      reworded401('getStats', 'the owner token', 'suites/conventions/envelope.test.ts', 5),
    ];
    const defects = likelyDefectsOf(tests, everything);
    expect(defects).toHaveLength(1);
    expect(defects[0]).toMatchObject({
      expectation: "expected 'Invalid or revoked API token', got 'Unauthorized'",
      clauses: ['ERR-401-MESSAGE'],
      tests: 5,
    });
    expect([...(defects[0]?.operations ?? [])].sort()).toEqual([
      'getMyProjects',
      'getOrganizationDetail',
      'getStats',
      'getSupportedModels',
    ]);
    expect(defects[0]?.credentials).toEqual(['a test-made credential', 'the project key', 'the owner token']);
  });

  it('two unrelated failures are two likely defects, the one with more tests first', () => {
    const defects = likelyDefectsOf([sessionStateOpen(), ...thirtyCells().slice(0, 2)], everything);
    expect(defects.map((d) => [d.operations[0], d.expectation, d.tests])).toEqual([
      ['updateProjectSettings', 'status: expected 403, got 200', 2],
      ['createSession', "expected 'pending', got 'open'", 1],
    ]);
    // An unbound failure names every failing clause its test cites.
    expect(defects[1]?.clauses).toEqual(['CREATE-SESSION-INITIAL-STATE', 'SESSION-NEW-STATE-PENDING']);
    expect(defects[1]?.example.curl).toContain('-H "api-key: $PROJECT_KEY"');
  });

  it('the same status on the same operation with two kinds of credential is two defects (a role and a scope are two rules)', () => {
    const viewer = { ...accessCell('owner', 'viewer', 1) };
    const cell = (credential: string): CitingTest => ({
      ...viewer,
      fullName: `${viewer.fullName} (${credential})`,
      exchanges: viewer.exchanges?.map((x) => ({ ...x, credential })),
    });
    const defects = likelyDefectsOf([cell('the viewer token'), cell('the selected token')], everything);
    expect(defects.map((d) => d.credentials)).toEqual([['the viewer token'], ['the selected token']]);
    expect(defects[1]?.example.curl).toContain('Bearer $TOKENS_SELECTED');
  });

  it('a property that broke its rule in 40 cases is one defect of 40 assertions; a schema failure keeps its path', () => {
    const issues = `[\n  {\n    "expected": "number",\n    "code": "invalid_type",\n    "path": [\n      "total"\n    ],\n    "message": "Invalid input: expected number, received string"\n  }\n]`;
    const whole = `Error: getOrganizationMembers: response does not match the documented contract: ${issues}\n{"type":"RXSUCCESS","total":"3"}`;
    const property = failed({
      fullName:
        'paging: every page of getOrganizationMembers [MEMBERS-LIMIT-DEFAULT, CONV-SUCCESS-TOTAL-INTEGER]',
      file: 'suites/properties/paging.property.test.ts',
      errorMessage: `${whole}\n\nAssertionError: something else`,
      // documented() keeps the first six lines of a message: the path is cut off there.
      boundFailures: [
        {
          clauseIds: ['CONV-SUCCESS-TOTAL-INTEGER'],
          message: whole.split('\n').slice(0, 6).join('\n'),
          more: 39,
        },
      ],
      failedClauses: ['CONV-SUCCESS-TOTAL-INTEGER'],
      exchanges: [
        {
          request: request(
            'getOrganizationMembers',
            ['authorization: Bearer api-v1-redacted0011223344556677'],
            '{"limit":7,"page":2}',
          ),
          response: response(200, '{"type":"RXSUCCESS","message":"ok","total":"3","data":{}}'),
          credential: 'the owner token',
        },
      ],
    });
    const [d, ...rest] = likelyDefectsOf([property], everything);
    expect(rest).toEqual([]);
    expect(d).toMatchObject({
      expectation: 'response schema: total: expected number, received string',
      clauses: ['CONV-SUCCESS-TOTAL-INTEGER'],
      tests: 1,
      assertions: 40,
    });
  });

  it('a waived clause and a passing test make no defect; a failing test citing no clause does', () => {
    const uncited = failed({
      fullName: 'a helper test with no citation',
      file: 'suites/platform/helpers.test.ts',
      errorMessage: "TypeError: Cannot read properties of undefined (reading 'id')",
    });
    const waivedOnly: FailingSet = { clause: (id) => id !== 'ERR-401-MESSAGE', uncitedTest: () => true };
    const defects = likelyDefectsOf(
      [
        reworded401('getMyProjects', 'the owner token', 'suites/x.test.ts', 1),
        { ...accessCell('owner', 'viewer', 0), state: 'passed' },
        uncited,
      ],
      waivedOnly,
    );
    expect(defects).toHaveLength(1);
    expect(defects[0]).toMatchObject({
      expectation: "TypeError: Cannot read properties of undefined (reading 'id')",
      operations: ['no request kept'],
      credentials: [],
      clauses: [],
    });
    expect(defects[0]?.example.curl).toBeUndefined();
  });

  it('never carries a credential: the notes are redacted and the curl line reads variables', () => {
    const text = JSON.stringify(likelyDefectsOf(thirtyCells(), everything));
    expect(text).not.toMatch(/api-v1-(?!redacted)[a-z0-9]{8,}/);
    expect(text).toContain('$TEST_MADE_CREDENTIAL');
  });
});
