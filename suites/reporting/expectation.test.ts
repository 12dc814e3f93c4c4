/** What a failed assertion expected against what came, folded so that the same defect reads alike (issue 39, item 6). */
import { describe, expect, it } from 'vitest';
import { expectationOf } from './expectation.js';

describe('expectations of failed assertions [REPORT-LIKELY-DEFECTS]', () => {
  it('a status: the label kept, the body and the diff dropped, the statuses never folded', () => {
    const e = expectationOf(
      'AssertionError: status; body: {"type":"RXSUCCESS","message":"Project settings updated successfully"}: expected 200 to be 403 // Object.is equality\n\n- Expected\n+ Received\n\n- 403\n+ 200',
    );
    expect(e).toEqual({
      text: 'status: expected 403, got 200',
      key: 'status: expected 403, got 200',
      specific: false,
    });
    expect(expectationOf('AssertionError: status; body: {}: expected 200 to be 404').key).not.toBe(e.key);
    // The same refusal checked under another label reads alike.
    const bound = expectationOf(
      'AssertionError: updateProjectSettings is refused 403; body: {}: expected 200 to be 403',
    );
    expect(bound).toEqual({
      text: 'updateProjectSettings is refused 403: expected 403, got 200',
      key: e.key,
      specific: false,
    });
  });

  it('a refusal that should have been a success: the bound and the status that came', () => {
    expect(
      expectationOf(
        'AssertionError: a 2xx success; body: {"type":"RXERROR","message":"Invalid params"}: expected 400 to be less than 300',
      ),
    ).toEqual({
      text: 'a 2xx success: expected < 300, got 400',
      key: 'status: expected < 300, got 400',
      specific: false,
    });
  });

  it('a message: specific, and the same whether compared with toBe or matched against a pattern that spells it', () => {
    const be = expectationOf(
      'AssertionError: expected \'Unauthorized\' to be \'Invalid or revoked API token\' // Object.is equality\n\nExpected: "Invalid or revoked API token"\nReceived: "Unauthorized"',
    );
    const match = expectationOf(
      "AssertionError: expected 'Unauthorized' to match /Invalid or revoked API token/",
    );
    expect(be.text).toBe("expected 'Invalid or revoked API token', got 'Unauthorized'");
    expect(be.specific).toBe(true);
    expect(match.text).toBe("expected to match /Invalid or revoked API token/, got 'Unauthorized'");
    expect(match.key).toBe(be.key);
  });

  it('a contract schema failure: the path of the first issue, array indexes folded, and what was expected', () => {
    const message = `Error: getOrganizationMembers: response does not match the documented contract: [\n  {\n    "expected": "number",\n    "code": "invalid_type",\n    "path": [\n      "data",\n      "organizationMember",\n      3,\n      "id"\n    ],\n    "message": "Invalid input: expected number, received string"\n  }\n]\n{"type":"RXSUCCESS"}`;
    expect(expectationOf(message)).toEqual({
      text: 'response schema: data.organizationMember[].id: expected number, received string',
      key: 'response schema: data.organizationMember[].id: expected number, received string',
      specific: true,
    });
  });

  it('what differs from case to case is folded: counterexamples, ids, long numbers, dates', () => {
    const a = expectationOf(
      'AssertionError: n=37, session 1700681034 at 2026-12-02T03:01:50.640Z: expected 36 to be 37',
    );
    const b = expectationOf(
      'AssertionError: n=12, session 1700689999 at 2026-12-03T11:00:00.000Z: expected 11 to be 12',
    );
    expect(a.key).toBe(b.key);
    expect(a.key).toBe('n=#, session # at DATE: expected #, got #');
    expect(a.text).toBe('n=37, session 1700681034 at 2026-12-02T03:01:50.640Z: expected 37, got 36');
    expect(expectationOf('Error: project h9vdap64uql8mmb2 vanished').key).toBe(
      expectationOf('Error: project zwcsjthls3jdlyee1 vanished').key,
    );
  });

  it('anything else reads as its first line, its error name kept', () => {
    expect(
      expectationOf("TypeError: Cannot read properties of undefined (reading 'id')\n    at x (a.ts:1:2)"),
    ).toEqual({
      text: "TypeError: Cannot read properties of undefined (reading 'id')",
      key: "TypeError: Cannot read properties of undefined (reading 'id')",
      specific: false,
    });
  });
});
