/**
 * The last exchanges of the running test, for the report of a failure (REPORT-FAILURE-EXCHANGE): every request the
 * target sends is kept by reference (the last two per test, nothing copied); when a test fails, they are redacted
 * (credentials and personal values: recording/redaction.ts) and cut to an excerpt into the test's meta, which the
 * reporter shows beside the failure.
 */
import { TestRunner } from 'vitest';
import { Redactor } from '../../recording/redaction.js';
import type { RawRequest, RawResponse } from './transport.js';

/** One exchange as a report shows it: start line, headers and body of each side, redacted and cut. */
export interface ExchangeNote {
  readonly request: string;
  readonly response: string;
  /** The credential the request went out with, by the target config's name for it (`the viewer token`), never its value. */
  readonly credential?: string;
}

declare module '@vitest/runner' {
  interface TaskMeta {
    /** The last exchanges of a failed test, redacted (set when it failed). */
    exchanges?: ExchangeNote[];
  }
}

const KEEP = 2;
const BODY_CHARS = 800;
/** Headers worth reading in a failure; credentials among them are redacted. */
const SHOWN = /^(content-type|authorization|api-key|x-api-key|retry-after|x-ratelimit-.*|location)$/i;

let lastTestId: string | undefined;
let last: { req: RawRequest; res: RawResponse; credential: string | undefined }[] = [];
const redactor = new Redactor();

/** Credentials to redact wherever they appear (the target config's tokens and keys). */
export const learnSecrets = (values: readonly (string | undefined)[]): void => {
  for (const v of values) if (v) redactor.learnSecret(v);
};

/** Keep `req` and `res` as the running test's latest exchange (by reference), with the name of its credential. */
export function keepExchange(req: RawRequest, res: RawResponse, credential?: string): void {
  const id = TestRunner.getCurrentTest()?.id;
  if (id !== lastTestId) {
    lastTestId = id;
    last = [];
  }
  last.push({ req, res, credential });
  if (last.length > KEEP) last.shift();
}

const cut = (text: string): string =>
  text.length > BODY_CHARS ? `${text.slice(0, BODY_CHARS)}… (${text.length} characters)` : text;

const headerLines = (headers: Record<string, string>): string[] =>
  Object.entries(headers)
    .filter(([name]) => SHOWN.test(name))
    .map(([name, value]) => `${name.toLowerCase()}: ${value}`);

/** The request side of an exchange as a report shows it, redacted and cut. */
export function requestNoteOf(req: RawRequest): string {
  const body = req.body === undefined ? undefined : Buffer.isBuffer(req.body) ? '(binary body)' : req.body;
  const sent = redactor.request(req.headers, body);
  const path = new URL(req.url).pathname;
  return [`${req.method} ${path}`, ...headerLines(sent.headers), '', cut(sent.body ?? '')].join('\n');
}

/** One exchange as a report shows it, redacted and cut. */
export function noteOf(req: RawRequest, res: RawResponse): ExchangeNote {
  const got = redactor.response(res.headers, res.text);
  return {
    request: requestNoteOf(req),
    response: [`${res.status}`, ...headerLines(got.headers), '', cut(got.body)].join('\n'),
  };
}

/** The kept exchanges of test `id`, redacted and cut (none when it sent nothing). */
export function exchangesOf(id: string): ExchangeNote[] {
  if (id !== lastTestId) return [];
  return last.map(({ req, res, credential }) => ({
    ...noteOf(req, res),
    ...(credential !== undefined ? { credential } : {}),
  }));
}
