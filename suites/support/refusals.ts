/**
 * The refusals the suites expect, each split into its two strengths (HARNESS-TWO-STRENGTHS). The spec documents
 * three error statuses (401, 403, 429) and a few messages; every other status, and most messages, are the fake's
 * choices. For each refusal this table says what a conforming server must do (documented), and which assumed clauses
 * carry the fake's exact status and message. expectError() (envelope.ts) looks refusals up here, so a test that
 * expects `400 Invalid params` checks hard only that the body was refused in the envelope with the documented
 * message, and checks the 400 softly.
 */
import escapeStringRegexp from 'escape-string-regexp';
import { rateLimitMessages } from '../../contract/rate-limit-messages.js';
import {
  CREATOR_LEFT,
  CREATOR_LEFT_GIST,
  FORBIDDEN,
  INVALID_KEY,
  INVALID_PARAMS,
  INVALID_TOKEN,
  NOT_MEMBER,
  NOT_MEMBER_GIST,
  PLAN_REQUIRED,
} from './messages.js';

export interface Refusal {
  /** The status the fake answers. */
  readonly status: number;
  /** The fake's message: exact text, or a pattern for messages with a variable part. */
  readonly message?: string | RegExp;
  /**
   * What the spec documents, checked hard: `status` (the status, and the message as it is, or only as far as
   * `documentedMessage` describes it when that is given), `refused` (some 4xx in the error envelope, whose message
   * matches `documentedMessage` when given), or `nothing` (the whole refusal is the fake's choice).
   */
  readonly documented: 'status' | 'refused' | 'nothing';
  readonly documentedMessage?: RegExp;
  /**
   * The documented clause the message rests on (ERR-401-MESSAGE, ERR-INVALID-PARAMS-MESSAGE, …): a wrong message reds
   * that clause alone, not the clause of every test that met the refusal (issue 39, "one defect, one red").
   */
  readonly messageClause?: string;
  /** Assumed clauses that state the fake's status and message; the first one the running test cites is used. */
  readonly clauses: readonly string[];
}

const exactly = (text: string) => new RegExp(`^${escapeStringRegexp(text)}$`);

export const REFUSALS: readonly Refusal[] = [
  // Documented statuses and messages (Errors table).
  {
    status: 401,
    message: INVALID_TOKEN,
    documented: 'status',
    messageClause: 'ERR-401-MESSAGE',
    clauses: [],
  },
  { status: 403, message: FORBIDDEN, documented: 'status', messageClause: 'ERR-403-MESSAGE', clauses: [] },
  {
    status: 429,
    message: rateLimitMessages.default,
    documented: 'status',
    messageClause: 'RATE-429-MESSAGE',
    clauses: [],
  },
  {
    status: 429,
    message: rateLimitMessages.projectKeySearch,
    documented: 'status',
    messageClause: 'RATE-SEARCH-KEY-100',
    clauses: [],
  },
  // A 401 or 403 whose message the test checks itself: the statuses are documented.
  { status: 401, documented: 'status', clauses: [] },
  { status: 403, documented: 'status', clauses: [] },
  // A token whose creator left: 401 with a message "naming that the creator is no longer a member" (described, not
  // quoted: only what any faithful wording contains is hard).
  {
    status: 401,
    message: CREATOR_LEFT,
    documented: 'status',
    documentedMessage: CREATOR_LEFT_GIST,
    messageClause: 'TOKEN-CREATOR-REMOVED-MESSAGE-GIST',
    clauses: ['TOKEN-CREATOR-REMOVED-MESSAGE'],
  },
  // `Invalid params` (bad request body): the message is documented, its status is not.
  {
    status: 400,
    message: INVALID_PARAMS,
    documented: 'refused',
    documentedMessage: /^Invalid params/,
    messageClause: 'ERR-INVALID-PARAMS-MESSAGE',
    clauses: ['ERR-INVALID-PARAMS-STATUS'],
  },
  // A 400 whose message the test checks itself (a model's predicted refusal): some refusal is documented.
  { status: 400, documented: 'refused', clauses: ['ERR-INVALID-PARAMS-STATUS'] },
  {
    status: 400,
    message: /^Invalid params/,
    documented: 'refused',
    documentedMessage: /^Invalid params/,
    messageClause: 'ERR-INVALID-PARAMS-MESSAGE',
    clauses: ['ERR-MALFORMED-JSON', 'ERR-BODY-NOT-OBJECT', 'ERR-INVALID-PARAMS-STATUS'],
  },
  {
    status: 400,
    message: /^Invalid model '.*'\. Model not found in available models list\.$/,
    documented: 'refused',
    documentedMessage: /^Invalid model '.*'\. Model not found in available models list\.$/,
    messageClause: 'SET-MODEL-IN-LIST',
    clauses: ['SET-MODEL-INVALID-STATUS', 'PLAYGROUND-AGENT-SETTING-MODEL-IN-LIST'],
  },
  {
    status: 400,
    message: "Invalid 'from' date format",
    documented: 'refused',
    documentedMessage: exactly("Invalid 'from' date format"),
    messageClause: 'STATS-FROM-FORMAT-MESSAGE',
    clauses: ['STATS-DATE-STATUS'],
  },
  {
    status: 400,
    message: "Invalid 'to' date format",
    documented: 'refused',
    clauses: ['STATS-TO-FORMAT-MESSAGE', 'STATS-DATE-STATUS'],
  },
  // The creator is not a member of the project: documented as an error that says so (described, not quoted: only
  // what any faithful wording contains is hard), status not shown.
  {
    status: 403,
    message: NOT_MEMBER,
    documented: 'refused',
    documentedMessage: NOT_MEMBER_GIST,
    messageClause: 'AUTH-CREATOR-MEMBER-OF-PROJECT',
    clauses: ['AUTH-NOT-MEMBER-STATUS'],
  },
  // The project-key search below Professional: the message is described (any faithful wording names the Query
  // Knowledgebase API and the Professional plan, SEARCH-KEY-PLAN-MESSAGE), the status is not.
  {
    status: 403,
    message: 'The Query Knowledgebase API requires the Professional plan or above',
    documented: 'refused',
    documentedMessage: /^(?=[\s\S]*query\s*knowledge\s*base)(?=[\s\S]*professional)/i,
    messageClause: 'SEARCH-KEY-PLAN-MESSAGE',
    clauses: ['SEARCH-KEY-PLAN-STATUS'],
  },
  // The fake's choices, status and message alike.
  { status: 403, message: PLAN_REQUIRED, documented: 'nothing', clauses: ['AUTH-PLATFORM-PLAN-STATUS'] },
  {
    status: 403,
    message: 'The Project Integration API requires the Professional plan or above',
    documented: 'nothing',
    clauses: ['INTEGRATION-PLAN-STATUS'],
  },
  {
    status: 403,
    message: 'The RAG chat completion API requires the Professional plan or above',
    documented: 'nothing',
    clauses: ['RAG-PLAN-PROFESSIONAL'],
  },
  { status: 401, message: INVALID_KEY, documented: 'nothing', clauses: ['INTEGRATION-INVALID-KEY-401'] },
  { status: 404, message: 'Project not found', documented: 'nothing', clauses: ['AUTH-UNKNOWN-PROJECT'] },
  {
    status: 404,
    message: 'Widget not found',
    documented: 'nothing',
    clauses: ['INTEGRATION-WIDGET-MISMATCH'],
  },
  {
    status: 404,
    message: 'Session not found',
    documented: 'nothing',
    clauses: [
      'SEND-MESSAGE-UNKNOWN-SESSION',
      'SESSION-MESSAGES-UNKNOWN-SESSION',
      'PLAYGROUND-UNKNOWN-SESSION',
    ],
  },
  {
    status: 404,
    message: 'Route not found',
    documented: 'nothing',
    clauses: ['ERR-UNKNOWN-ROUTE', 'VERSION-ONLY-V1'],
  },
  { status: 404, documented: 'nothing', clauses: ['ERR-UNKNOWN-ROUTE', 'VERSION-ONLY-V1'] },
  { status: 402, message: 'Insufficient credits', documented: 'nothing', clauses: ['CREDITS-EXHAUSTED'] },
  { status: 405, documented: 'nothing', clauses: ['ERR-METHOD-NOT-ALLOWED'] },
  { status: 413, documented: 'nothing', clauses: ['ERR-BODY-TOO-LARGE'] },
  { status: 415, documented: 'nothing', clauses: ['ERR-UNSUPPORTED-MEDIA-TYPE'] },
  {
    status: 400,
    message: /^Limit for \w+ exceeds the plan allocation$/,
    documented: 'nothing',
    clauses: ['USAGE-LIMIT-ABOVE-PLAN-STATUS'],
  },
  {
    status: 400,
    message: /^Limit for \w+ cannot be below current usage$/,
    documented: 'nothing',
    clauses: ['USAGE-LIMIT-BELOW-USAGE-STATUS'],
  },
  {
    status: 400,
    message: 'An invitation is already pending for this email',
    documented: 'nothing',
    clauses: ['INVITE-DUPLICATE-PENDING'],
  },
  {
    status: 400,
    message: 'User is already a member of the organization',
    documented: 'nothing',
    clauses: ['INVITE-ALREADY-MEMBER'],
  },
];

const matches = (expected: string | RegExp | undefined, given: string | RegExp | undefined): boolean => {
  if (expected === undefined) return given === undefined;
  if (given === undefined) return false;
  if (typeof given !== 'string') return typeof expected !== 'string' && expected.source === given.source;
  return typeof expected === 'string' ? expected === given : expected.test(given);
};

/** The refusal a test expects with this status and message (a message pattern must be one of the table's own). */
export function refusalFor(status: number, message: string | RegExp | undefined): Refusal | undefined {
  return REFUSALS.find((r) => r.status === status && matches(r.message, message));
}

/**
 * Whether `text` is the documented message of another refusal of the spec than the one expected (`expected`): the
 * server refused for another documented reason (a creator not a member where the scope was meant to refuse), which
 * is a wrong decision, not a wrong message.
 */
export function anotherRefusalsMessage(text: unknown, expected: string | RegExp, status: number): boolean {
  // Only among the access rules' 403s does the message say which rule refused (the permission or scope, the creator's
  // membership): a 401 or 429 with another documented message is the same decision worded wrong.
  if (typeof text !== 'string' || status !== 403) return false;
  const matches = (m: string | RegExp | undefined) =>
    m !== undefined && (typeof m === 'string' ? m === text : m.test(text));
  if (matches(expected)) return false;
  return REFUSALS.some(
    (r) =>
      r.status === 403 &&
      r.documented !== 'nothing' &&
      r.messageClause !== undefined &&
      (matches(r.documentedMessage) || (r.documentedMessage === undefined && matches(r.message))),
  );
}
