/** Assertions about the spec's envelopes, shared by every suite. */
import { expect } from 'vitest';
import type { z } from 'zod';
import { clauseById } from '../../contract/clauses/index.js';
import { ErrorEnvelope, MessageOnlyEnvelope, operationById, successEnvelope } from '../../contract/index.js';
import { IsoDateTimeProfile } from '../../contract/resources/datetime.js';
import { clauseAt, ERROR_ENVELOPE_CLAUSE, responseClauses } from '../../contract/response-clauses.js';
import { extractClauseIds } from '../reporting/clause-matrix.js';
import type { RawResponse } from '../target/transport.js';
import { bindingNow, documentedBinding, withinAssumed } from './arrangement-context.js';
import { anotherRefusalsMessage, type Refusal, refusalFor } from './refusals.js';
import {
  assumed,
  continueIfAssumedHeld,
  currentTestTitle,
  documented,
  isStop,
  readable,
  StrengthRuleError,
  stopAfter,
} from './strength.js';

/** The error envelope, bound to the clause that documents it: an answer that is not one stops the test there. */
function expectErrorEnvelope(res: RawResponse): void {
  readable(ERROR_ENVELOPE_CLAUSE, () => {
    const parsed = ErrorEnvelope.safeParse(res.json);
    expect(parsed.success, `error envelope; body: ${res.text.slice(0, 300)}`).toBe(true);
  });
}

/** The refusal's message, bound to the clause it rests on when the refusal table names one. */
function expectMessage(res: RawResponse, message: string | RegExp, clause: string | undefined): void {
  const check = () => {
    const text = (res.json as { message: unknown }).message;
    if (typeof message === 'string') expect(text, 'the message').toBe(message);
    else expect(text, 'the message').toMatch(message);
  };
  const text = (res.json as { message?: unknown } | undefined)?.message;
  // Another refusal's own documented message: the server refused for another reason, which is the test's subject
  // (the rule it checks decided otherwise), not a wrong wording.
  if (clause && anotherRefusalsMessage(text, message, res.status)) subjectCheck(clause, check);
  else if (clause) documented(clause, check);
  else check();
}

/**
 * Exactly this status and envelope (and message, when given): the hard check of a documented refusal. The status is
 * the test's own subject (a plain expect: its clauses); the envelope and the message each red their own clause.
 */
function expectExactError(
  res: RawResponse,
  status: number,
  message?: string | RegExp,
  messageClause?: string,
): void {
  subjectCheck(messageClause, () =>
    expect(res.status, `status; body: ${res.text.slice(0, 300)}`).toBe(status),
  );
  expectErrorEnvelope(res);
  if (message !== undefined) expectMessage(res, message, messageClause);
}

/** The clauses the answer's envelope and messages rest on: never the subject of a wrong status. */
const ANSWER_CLAUSES: ReadonlySet<string> = new Set([
  ERROR_ENVELOPE_CLAUSE,
  'ERR-ENVELOPE',
  'CONV-SUCCESS-ENVELOPE',
  'CONV-SUCCESS-TOTAL-INTEGER',
]);

/**
 * Whether the request was refused (or answered) as the test expects is the test's own subject: its title's documented
 * clauses, less those of the answer's envelope and of the refusal's message (`messageClause`), which are checked on
 * their own (a server that lets a Viewer through reds the Viewer's rule, not ERR-403-MESSAGE as well). A wrong status
 * stops the test: nothing after it can be read. With no such clause in the title, a plain check (every clause it
 * cites).
 */
export function subjectCheck(
  messageClause: string | undefined,
  check: () => void,
  answerClauses: ReadonlySet<string> = ANSWER_CLAUSES,
): void {
  const cited = extractClauseIds(currentTestTitle() ?? '').filter(
    (id) => id !== messageClause && !answerClauses.has(id),
  );
  const subject = cited.filter((id) => clauseById(id)?.kind === 'documented');
  // Inside a check already bound to its clauses (a cell of an access table, a command of a model test), the status is
  // that check's subject: the title's clauses are only the fallback for a test that bound nothing.
  if (documentedBinding() !== undefined) check();
  else if (subject.length > 0) readable(subject, check);
  else {
    const assumedIds = assumedSubjectOf(messageClause);
    if (assumedIds) assumedSubject(assumedIds, check);
    else check();
  }
}

/**
 * The assumed clauses the running test cites, when it cites no documented one as its subject (a refusal of `"10"` as a
 * limit): whether the input is refused at all is then the fake's choice, and so is all of the refusal. Undefined
 * where the test has a documented subject, binds nothing now, or runs inside a bound check.
 */
function assumedSubjectOf(messageClause: string | undefined): string[] | undefined {
  if (documentedBinding() !== undefined || !bindingNow()) return undefined;
  const cited = extractClauseIds(currentTestTitle() ?? '').filter(
    (id) => id !== messageClause && !ANSWER_CLAUSES.has(id),
  );
  if (cited.some((id) => clauseById(id)?.kind === 'documented')) return undefined;
  const ids = cited.filter((id) => clauseById(id)?.kind === 'assumed');
  return ids.length > 0 ? ids : undefined;
}

/**
 * A test whose title cites only assumed clauses asks whether the target made the fake's choice (`"10"` as a limit
 * refused): a wrong status there warns on each of them, and the test stops "not checked on this target", since
 * nothing after it (the envelope of a refusal that did not come) can be read. Against the fake it fails as before.
 */
function assumedSubject(ids: readonly string[], check: () => void): void {
  let failure: unknown;
  try {
    // As the check of these assumed clauses: a documented check inside binds nothing of its own.
    withinAssumed(ids[0] as string, check);
  } catch (err) {
    if (isStop(err)) throw err;
    failure = err;
  }
  for (const id of ids)
    assumed(id, () => {
      if (failure !== undefined) throw failure;
    });
  continueIfAssumedHeld(failure === undefined, ids.join(', '), 'the rest of this test');
}

/** Some 4xx in the error envelope, its message matching `message` when given: a refusal the spec documents loosely. */
export function expectRefused(res: RawResponse, message?: RegExp, messageClause?: string): void {
  subjectCheck(messageClause, () => {
    expect(res.status, `a 4xx refusal; body: ${res.text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
    expect(res.status, `a 4xx refusal; body: ${res.text.slice(0, 300)}`).toBeLessThan(500);
  });
  expectErrorEnvelope(res);
  if (message !== undefined) expectMessage(res, message, messageClause);
}

/** Of a refusal's assumed clauses, the one the running test cites (the first when it cites none). */
function clauseFor(refusal: Refusal): string {
  const cited = extractClauseIds(currentTestTitle() ?? '');
  return refusal.clauses.find((id) => cited.includes(id)) ?? (refusal.clauses[0] as string);
}

/**
 * The response is the error envelope with this status (and message, when given), in two strengths
 * (HARNESS-TWO-STRENGTHS): what the spec documents of this refusal is checked hard, the fake's exact status and
 * message softly under their assumed clause (suites/support/refusals.ts). A refusal missing from that table is
 * refused, so no test can assert an undocumented status hard by accident.
 */
export function expectError(res: RawResponse, status: number, message?: string | RegExp): void {
  // A refusal of what only the fake refuses (the test cites assumed clauses alone): its status, envelope and message
  // are all the fake's reading (a server that coerced `"10"` and then refused it for its own reason is no message
  // defect); a miss warns on the cited clauses and stops the test.
  // A status the spec fixes with its message (401, 403, 429) keeps them hard: any such answer must carry it.
  const refusal = refusalFor(status, message);
  const assumedIds =
    refusal && refusal.documented !== 'status' ? assumedSubjectOf(refusal.messageClause) : undefined;
  if (assumedIds) {
    // Whatever the reason for refusing, an operation's error answer is in the error envelope (documented).
    if (res.status >= 400) expectErrorEnvelope(res);
    assumedSubject(assumedIds, () => expectErrorChecked(res, status, message));
    return;
  }
  expectErrorChecked(res, status, message);
}

function expectErrorChecked(res: RawResponse, status: number, message?: string | RegExp): void {
  const refusal = refusalFor(status, message);
  if (!refusal)
    throw new StrengthRuleError(
      `expectError(…, ${status}, ${String(message)}): no such refusal in suites/support/refusals.ts; add it there with what the spec documents of it and the assumed clauses of the rest`,
    );
  if (refusal.documented === 'status') {
    // Fully documented: nothing of it is the fake's own choice.
    if (!refusal.documentedMessage) {
      expectExactError(res, status, message, refusal.messageClause);
      return;
    }
    expectExactError(res, status, refusal.documentedMessage, refusal.messageClause);
  } else if (refusal.documented === 'refused')
    expectRefused(res, refusal.documentedMessage, refusal.messageClause);
  const primary = clauseFor(refusal);
  // The exact refusal is part of every assumed clause the test cites that states this status: a server that chose
  // another warns on each of them, not only on the refusal's own clause.
  for (const id of [primary, ...statingClauses(status).filter((c) => c !== primary)])
    assumed(id, () => expectExactError(res, status, message));
}

/** The assumed clauses a test title cites whose rule names `status` (e.g. "gets 400 Invalid params"). */
export const statingClauses = (status: number, title?: string): string[] =>
  citedAssumedMatching(new RegExp(`\\b${status}\\b`), title);

/** The assumed clauses a test title (the running test's by default) cites whose rule matches `pattern`. */
export function citedAssumedMatching(pattern: RegExp, title: string = currentTestTitle() ?? ''): string[] {
  return extractClauseIds(title).filter((id) => {
    const clause = clauseById(id);
    return clause?.kind === 'assumed' && pattern.test(clause.rule);
  });
}

function conform(res: RawResponse, operationId: string, data: z.ZodType | undefined, which: string): void {
  const schema = data ? successEnvelope(data) : MessageOnlyEnvelope;
  const parsed = schema.safeParse(res.json);
  if (!parsed.success) {
    throw new Error(
      `${operationId}: response does not match the ${which}: ${parsed.error.message}\n${res.text.slice(0, 500)}`,
    );
  }
}

/**
 * The documented shape of a success answer, each misfit bound to the clause of the place it lies in
 * (contract/response-clauses.ts): a `total` given as a string reds CONV-SUCCESS-TOTAL-INTEGER, a project without its
 * id RES-PROJECT-SHAPE. After any misfit the test stops (readable): what it would check next rests on that answer.
 */
function conformDocumented(res: RawResponse, operationId: string, data: z.ZodType | undefined): void {
  const misfits = documentedMisfits(res, operationId, data);
  const failed = [...misfits].filter(
    ([clause, found]) =>
      !documented(clause, () => {
        throw new Error(
          `${operationId}: the answer does not match the documented contract: ${found.slice(0, 5).join('; ')}\n${res.text.slice(0, 500)}`,
        );
      }),
  );
  stopAfter(failed.map(([clause]) => clause));
}

/**
 * Where a success answer of `operationId` misfits its documented contract (`data`: the documented schema of its
 * data; the operation's own when absent): each misfit under the clause of the place it lies in
 * (contract/response-clauses.ts). Empty when it fits.
 */
export function documentedMisfits(
  res: RawResponse,
  operationId: string,
  data: z.ZodType | undefined = documentedData(operationId),
): Map<string, string[]> {
  const schema = data ? successEnvelope(data) : MessageOnlyEnvelope;
  const parsed = schema.safeParse(res.json);
  const misfits = new Map<string, string[]>();
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const clause = clauseAt(operationId, issue.path);
      const where = issue.path.length > 0 ? issue.path.join('.') : 'the body';
      misfits.set(clause, [...(misfits.get(clause) ?? []), `${where}: ${issue.message}`]);
    }
  const { totalPresent } = responseClauses[operationId as keyof typeof responseClauses] ?? {};
  const body = res.json as { total?: unknown } | undefined;
  if (totalPresent && parsed.success && body?.total === undefined)
    misfits.set(totalPresent, [...(misfits.get(totalPresent) ?? []), 'total: missing']);
  return misfits;
}

/** The documented schema of an operation's success data (undefined for a message-only answer). */
function documentedData(operationId: string): z.ZodType | undefined {
  // '' (an answer read without its operation, expectEnvelope): the envelope alone.
  if (operationId === '') return undefined;
  const op = operationById(operationId);
  return op.documentedResponse ?? op.response;
}

/**
 * Operations whose success envelope the spec does not show ("Supported model list: the exact shape of the response
 * envelope and of a request: not shown beyond the list entries and the empty-object call"): a success of theirs is
 * documented only as a 2xx with a JSON body; the envelope the fake gives is checked under the operation's shape
 * clause (MODELS-RESPONSE-SHAPE).
 */
export const ENVELOPE_NOT_SHOWN: ReadonlySet<string> = new Set(['getSupportedModels']);

/**
 * The response is a success envelope whose data has the shape the spec documents for the operation (hard: a 2xx,
 * `type` RXSUCCESS, a message, the documented data shape with unknown fields allowed, `total` where documented); the
 * fake's own choices on top (HTTP 200, CONV-SUCCESS-200; the fake's full data shape where the spec shows less, under
 * the operation's shape clause) are checked softly. For an operation of ENVELOPE_NOT_SHOWN, only the 2xx and a JSON
 * body are hard.
 */
export function expectSuccess<T = unknown>(
  res: RawResponse,
  operationId: string,
): { data: T; total?: number; message: string } {
  subjectCheck(undefined, () => {
    expect(res.status, `a 2xx success; body: ${res.text.slice(0, 300)}`).toBeGreaterThanOrEqual(200);
    expect(res.status, `a 2xx success; body: ${res.text.slice(0, 300)}`).toBeLessThan(300);
  });
  assumed('CONV-SUCCESS-200', () => expect(res.status, 'status').toBe(200));
  const op = operationById(operationId);
  if (ENVELOPE_NOT_SHOWN.has(operationId)) {
    expect(res.json, `a JSON body; body: ${res.text.slice(0, 300)}`).toBeDefined();
    if (op.shapeClause)
      assumed(op.shapeClause, () => conform(res, operationId, op.response, "fake's contract"));
    return res.json as { data: T; total?: number; message: string };
  }
  conformDocumented(res, operationId, documentedData(operationId));
  if (op.documentedResponse && op.response && op.shapeClause) {
    assumed(op.shapeClause, () => conform(res, operationId, op.response, "fake's contract"));
  }
  const body = res.json as { data: T; total?: number; message: string };
  // Any ISO 8601 date-time is documented (the schemas above); the fake's one profile of it is its choice.
  const stamps = datetimesIn(body.data);
  if (stamps.length > 0)
    assumed('CONV-DATETIME-PROFILE', () => {
      for (const [path, value] of stamps)
        expect(IsoDateTimeProfile.safeParse(value).success, `${path}: ${value}`).toBe(true);
    });
  return body;
}

/** The datetime fields of a resource (createdAt, updated_at, last_message_time, …), with their paths. */
function datetimesIn(value: unknown, path = 'data', found: [string, string][] = []): [string, string][] {
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) datetimesIn(v, `${path}[${i}]`, found);
  } else if (value !== null && typeof value === 'object')
    for (const [key, v] of Object.entries(value)) {
      if (typeof v === 'string' && /(?:At|_at|_time)$/.test(key)) found.push([`${path}.${key}`, v]);
      else datetimesIn(v, `${path}.${key}`, found);
    }
  return found;
}

/**
 * Either envelope, never a 5xx (a server error is a defect whatever the spec says, and an item of its own), always
 * JSON: an error answer in the error envelope (CONV-ERROR-ENVELOPE), a success in the success envelope, with the
 * documented data of `operationId` when given, else its envelope alone (each misfit bound to the clause of where it
 * lies: CONV-SUCCESS-ENVELOPE, CONV-SUCCESS-TOTAL-INTEGER, the resource's shape); an answer that is neither stops the
 * test there (readable). The content type
 * (CONV-RESPONSE-JSON) and the absence of a stack trace in a body (ERR-NEVER-5XX) are the fake's choices.
 */
export function expectEnvelope(res: RawResponse, operationId?: string): void {
  expect(res.status, `no 5xx; body: ${res.text.slice(0, 200)}`).toBeLessThan(500);
  assumed('CONV-RESPONSE-JSON', () => expect(res.headers['content-type'] ?? '').toMatch(/application\/json/));
  if (res.status >= 400)
    readable(ERROR_ENVELOPE_CLAUSE, () =>
      expect(
        ErrorEnvelope.safeParse(res.json).success,
        `error envelope; body: ${res.text.slice(0, 200)}`,
      ).toBe(true),
    );
  else if (operationId === undefined) conformDocumented(res, '', undefined);
  else if (!ENVELOPE_NOT_SHOWN.has(operationId))
    conformDocumented(res, operationId, documentedData(operationId));
  assumed('ERR-NEVER-5XX', () => expect(res.text).not.toMatch(/\n\s+at .+:\d+:\d+/));
}

/** The status of `res` is `status` (a 2xx for `'ok'`), bound to `clause`: else it reds that clause and stops. */
export function statusBy(clause: string | readonly string[], res: RawResponse, status: number | 'ok'): void {
  readable(clause, () => {
    if (status === 'ok')
      expect(res.status >= 200 && res.status < 300, `a success; body: ${res.text.slice(0, 200)}`).toBe(true);
    else expect(res.status, `status; body: ${res.text.slice(0, 200)}`).toBe(status);
  });
}
