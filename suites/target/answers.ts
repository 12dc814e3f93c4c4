/**
 * Server errors and silence, each a verdict item of its own (issue 33; DESIGN.md "Server errors fail"):
 *
 * - **a server error**: any 5xx to any request the suites send, or an answer that is not JSON where the spec
 *   documents JSON (a POST to a Platform or Project Integration operation: "Success envelope" / "Error envelope").
 *   The running test keeps the first few, redacted (exchange-note.ts), and the verdict fails on them apart from any
 *   clause, as Schemathesis's not_a_server_error check does.
 * - **no answer**: a request that got no answer: the transport gave up waiting (a timeout), or could not reach the
 *   target at all (refused, reset, DNS, TLS, a socket closed: HARNESS-TRANSPORT-SILENCE), or it was still in flight
 *   when the test timed out. The running test keeps the request, why, when, how many requests were in flight and
 *   how long it waited; the test then ends as "no answer", never as a red on the clause it was about. The same holds
 *   for the official SDKs' requests (watchedFetch) and the provider-state requests that arrange a test.
 */
import { TestRunner } from 'vitest';
import type { NoAnswerNote, ServerErrorNote } from '../reporting/clause-matrix.js';
import { noteOf, requestNoteOf } from './exchange-note.js';
import { countRequest } from './request-count.js';
import { type RawRequest, type RawResponse, type TransportFailure, transportFailureOf } from './transport.js';

// What a test keeps of a server error and of a request with no answer: the report's own shapes.
export type { NoAnswerNote, ServerErrorNote };

declare module '@vitest/runner' {
  interface TaskMeta {
    /** Server errors the test met: the first few in full, the rest counted in serverErrorsMore. */
    serverErrors?: ServerErrorNote[];
    serverErrorsMore?: number;
    /** Requests of the test that got no answer. */
    noAnswers?: NoAnswerNote[];
    /** The test scripted the fake's 5xx answers itself (control API): they are no server errors of the target. */
    scriptsServerErrors?: boolean;
  }
}

/**
 * The running test makes the fake answer 5xx on purpose (a scripted reply through the control API, which only the
 * fake has): its 5xx answers are the harness's doing, not server errors of the target.
 */
export function scriptsServerErrors(): void {
  const test = TestRunner.getCurrentTest();
  if (test) test.meta.scriptsServerErrors = true;
}

/** Server errors kept in full per test (a property may meet hundreds). */
const KEPT = 3;

/**
 * The thrown error of a request that got no answer: the reporter ends its test as "no answer". It carries its note, so
 * that a test that meets it through an answer shared with another test (a list read once per file, a promise kept)
 * is a no-answer item too (noteUnanswered).
 */
export class NoAnswer extends Error {
  override readonly name = 'NoAnswer';
  constructor(
    message: string,
    readonly note: NoAnswerNote,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** The notes of the NoAnswer errors among a test's errors and their causes (as vitest keeps them, serialized). */
export function noAnswersIn(errors: readonly unknown[] | undefined): NoAnswerNote[] {
  const found: NoAnswerNote[] = [];
  const seen = new Set<unknown>();
  const visit = (value: unknown, depth: number): void => {
    if (value === null || typeof value !== 'object' || seen.has(value) || depth > 8) return;
    seen.add(value);
    const { name, note } = value as { name?: unknown; note?: unknown };
    if (name === 'NoAnswer' && typeof (note as NoAnswerNote | undefined)?.request === 'string')
      found.push(note as NoAnswerNote);
    for (const child of Object.values(value)) visit(child, depth + 1);
  };
  for (const err of errors ?? []) visit(err, 0);
  return found;
}

/** Whether `err` is a request that got no answer (a timeout or a connection failure), not a failure of the harness. */
export const isSilence = (err: unknown): boolean => transportFailureOf(err) !== undefined;

/** What a test keeps of a request that got no answer for `failure`. */
const silenceNote = (
  req: RawRequest,
  failure: TransportFailure,
  started: number,
  at: number,
  inFlightNow: number,
): NoAnswerNote => ({
  request: requestNoteOf(req),
  elapsedMs: at - started,
  inFlight: inFlightNow,
  at,
  cause: failure.cause,
  connection: failure.connection,
});

/** The message of the NoAnswer a request given up on throws. */
const silenceMessage = (note: NoAnswerNote): string =>
  `no answer (${note.cause ?? 'timeout'}): ${note.request.split('\n')[0]} after ${note.elapsedMs} ms, ${note.inFlight} request(s) in flight`;

/** Why `res` is a server error, or undefined. `json`: the spec documents a JSON envelope for this request. */
export function serverErrorIn(res: RawResponse, json: boolean): string | undefined {
  if (res.status >= 500) return `${res.status}`;
  if (json && res.json === undefined) return 'not JSON';
  return undefined;
}

/** Keep `res` on the running test when it is a server error. */
export function noteAnswer(req: RawRequest, res: RawResponse, json: boolean): void {
  const why = serverErrorIn(res, json);
  if (why === undefined) return;
  const test = TestRunner.getCurrentTest();
  if (!test || test.meta.scriptsServerErrors) return;
  test.meta.serverErrors ??= [];
  if (test.meta.serverErrors.length >= KEPT) {
    test.meta.serverErrorsMore = (test.meta.serverErrorsMore ?? 0) + 1;
    return;
  }
  test.meta.serverErrors.push({ ...noteOf(req, res), status: res.status, why });
}

/** Requests in flight, run-wide, and per test (for a test that times out while one waits). */
let inFlight = 0;
const pending = new Map<string, Map<RawRequest, number>>();

/** Send through `send`, counting what is in flight and turning silence into NoAnswer. */
export async function answered(
  req: RawRequest,
  send: (req: RawRequest) => Promise<RawResponse>,
  now: () => number = Date.now,
): Promise<RawResponse> {
  const testId = TestRunner.getCurrentTest()?.id;
  const started = now();
  inFlight += 1;
  const mine = testId === undefined ? undefined : (pending.get(testId) ?? new Map<RawRequest, number>());
  if (testId !== undefined && mine) {
    mine.set(req, started);
    pending.set(testId, mine);
  }
  try {
    return await send(req);
  } catch (err) {
    const failure = transportFailureOf(err);
    if (!failure) throw err;
    const note = silenceNote(req, failure, started, now(), inFlight);
    const test = TestRunner.getCurrentTest();
    if (test) {
      test.meta.noAnswers ??= [];
      test.meta.noAnswers.push(note);
    }
    throw new NoAnswer(silenceMessage(note), note, { cause: err });
  } finally {
    inFlight -= 1;
    mine?.delete(req);
    if (testId !== undefined && mine?.size === 0) pending.delete(testId);
  }
}

/**
 * Requests of an official SDK that got no answer, per test, until the test ends: the SDK turns the failure into its
 * own error (APIConnectionError), which the test may expect (a connection cut scripted through the control API).
 */
const sdkSilence = new Map<string, NoAnswerNote[]>();

/**
 * After a test: a request of it still waiting when it ended (vitest's test timeout came first) is a request that got
 * no answer; so is an SDK request that could not reach the target, when the test did not pass (a test that passed
 * expected it), and a NoAnswer the test failed on that another test's request threw (a shared answer). Called from
 * useTarget()'s afterEach.
 */
export function noteUnanswered(
  task: {
    id: string;
    meta: { noAnswers?: NoAnswerNote[] };
    result?: { state?: string; errors?: readonly unknown[] };
  },
  now = Date.now(),
): void {
  const sdk = sdkSilence.get(task.id) ?? [];
  sdkSilence.delete(task.id);
  const state = task.result?.state;
  const failed = state === 'fail' || state === 'skip';
  const kept = task.meta.noAnswers ?? [];
  const shared = noAnswersIn(task.result?.errors).filter(
    (n) => !kept.some((k) => k.request === n.request && k.at === n.at),
  );
  if (failed && sdk.length + shared.length > 0) {
    task.meta.noAnswers ??= [];
    task.meta.noAnswers.push(...sdk, ...shared);
  }
  const mine = pending.get(task.id);
  if (!mine || mine.size === 0) return;
  task.meta.noAnswers ??= [];
  for (const [req, started] of mine)
    task.meta.noAnswers.push({
      request: requestNoteOf(req),
      elapsedMs: now - started,
      inFlight,
      testTimedOut: true,
      at: now,
      cause: 'timeout (the test ran out of time)',
      connection: false,
    });
  pending.delete(task.id);
}

/** A fetch request as the suites' RawRequest (for notes). */
function rawRequestOf(input: Parameters<typeof fetch>[0], init: Parameters<typeof fetch>[1]): RawRequest {
  const request = new Request(input, init);
  const body = typeof init?.body === 'string' ? init.body : undefined;
  return {
    method: request.method,
    url: request.url,
    headers: Object.fromEntries(request.headers),
    ...(body ? { body } : {}),
  };
}

/**
 * A fetch that keeps a server error on the running test as the target does (the official SDKs send through their
 * own fetch, not the target's transport): a 5xx answer is noted with its request and body, read from a clone so the
 * SDK still reads the answer itself; a fetch that could not reach the target (refused, reset, DNS, TLS) is a request
 * with no answer, rethrown for the SDK to wrap (noteUnanswered keeps it when the test does not pass). `beforeSending`
 * runs first (the request budget: it may stop the test).
 */
export function watchedFetch(
  inner: typeof fetch = fetch,
  beforeSending: () => void | Promise<void> = () => {},
  now: () => number = Date.now,
): typeof fetch {
  return async (input, init) => {
    await beforeSending();
    countRequest('rag', 'an official SDK client');
    const started = now();
    let res: Response;
    try {
      res = await inner(input, init);
    } catch (err) {
      const failure = transportFailureOf(err);
      const test = TestRunner.getCurrentTest();
      if (failure && test) {
        const notes = sdkSilence.get(test.id) ?? [];
        notes.push(silenceNote(rawRequestOf(input, init), failure, started, now(), inFlight + 1));
        sdkSilence.set(test.id, notes);
      }
      throw err;
    }
    if (res.status < 500) return res;
    const responseHeaders: Record<string, string> = {};
    res.headers.forEach((value, name) => {
      responseHeaders[name] = value;
    });
    const text = await res.clone().text();
    noteAnswer(
      rawRequestOf(input, init),
      { status: res.status, headers: responseHeaders, text, json: undefined },
      false,
    );
    return res;
  };
}
