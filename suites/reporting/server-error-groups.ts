/**
 * Server errors grouped by cause (issue 39, item 6): the family of the operation, the status (or "not JSON") and the
 * shape of the request (request-shape.ts), so that twenty operations answering 500 to the same deeply nested body are
 * one group of twenty, with one request, its response and a curl line that sends it again. Every server error the run
 * met is counted: those a test did not keep (answers.ts keeps the first three of a test) are counted with the cause of
 * the last one it kept. Pure: reads the report's tests.
 */
import type { ServerErrorNote, TestOutcome } from './clause-matrix.js';
import { commonBasePath, credentialOf } from './credential-of.js';
import { curlLine } from './curl.js';
import { familyName, operationName, type RequestOperation, requestOperation } from './request-operation.js';
import { requestShape } from './request-shape.js';
import { distinctTests, type TestRef } from './test-refs.js';

/** Tests named per group; the rest are counted. */
export const GROUP_TESTS_NAMED = 3;

export interface ServerErrorGroup {
  /** Platform, Project Integration, RAG openai, RAG anthropic, or outside the operation table. */
  readonly family: string;
  /** `500`, or `200, not JSON` for an answer that is not JSON where the spec documents its JSON envelope. */
  readonly status: string;
  /** The shape of the request, in words. */
  readonly shape: string;
  /** Server errors of this cause the run met. */
  readonly count: number;
  /** The operations they were answered on. */
  readonly operations: readonly string[];
  /** Distinct tests that met them. */
  readonly tests: number;
  readonly firstTests: readonly TestRef[];
  readonly example: {
    readonly fullName: string;
    readonly file: string;
    readonly request: string;
    readonly response: string;
    readonly curl: string;
  };
}

export interface ServerErrorSummary {
  /** Every server error the run met (kept or counted). */
  readonly count: number;
  /** Tests that met one. */
  readonly tests: number;
  readonly groups: readonly ServerErrorGroup[];
}

const statusText = (note: ServerErrorNote): string =>
  note.why === 'not JSON' ? `${note.status}, not JSON` : String(note.status);

export function serverErrorGroupsOf(tests: readonly TestOutcome[]): ServerErrorSummary {
  type Member = { test: TestOutcome; note: ServerErrorNote; found: RequestOperation; count: number };
  const groups = new Map<string, { family: string; status: string; shape: string; members: Member[] }>();
  let count = 0;
  let testCount = 0;
  for (const test of tests) {
    const notes = test.serverErrors ?? [];
    if (notes.length === 0) continue;
    testCount += 1;
    notes.forEach((note, i) => {
      const found = requestOperation(note.request);
      const family = familyName(found);
      const status = statusText(note);
      const shape = requestShape(found.parts);
      const key = `${family}\u0000${status}\u0000${shape}`;
      const group = groups.get(key) ?? { family, status, shape, members: [] };
      const unkept = i === notes.length - 1 ? (test.serverErrorsMore ?? 0) : 0;
      group.members.push({ test, note, found, count: 1 + unkept });
      groups.set(key, group);
      count += 1 + unkept;
    });
  }
  const basePath = commonBasePath([...groups.values()].flatMap((g) => g.members.map((m) => m.found)));
  const list = [...groups.values()].map(({ family, status, shape, members }): ServerErrorGroup => {
    const first = members[0] as Member;
    const named = distinctTests(
      members.map((m) => m.test),
      GROUP_TESTS_NAMED,
    );
    return {
      family,
      status,
      shape,
      count: members.reduce((n, m) => n + m.count, 0),
      operations: [...new Set(members.map((m) => operationName(m.found)))],
      tests: named.count,
      firstTests: named.first,
      example: {
        fullName: first.test.fullName,
        file: first.test.file,
        request: first.note.request,
        response: first.note.response,
        curl: curlLine(first.note.request, {
          credential: credentialOf(first.found, undefined, first.test.requests),
          ...(basePath !== undefined ? { basePath } : {}),
        }),
      },
    };
  });
  list.sort(
    (a, b) =>
      b.count - a.count ||
      a.family.localeCompare(b.family) ||
      a.status.localeCompare(b.status) ||
      a.shape.localeCompare(b.shape),
  );
  return { count, tests: testCount, groups: list };
}
