/**
 * The two strengths in the drift report (DRIFT-STRENGTH): each violation and difference of a recorded answer is
 * `documented` when it contradicts what the spec documents, `assumed` when only a choice the spec leaves open
 * differs. A deployment that differs from the fake only where the spec allows it (the variant fake) must show
 * assumed differences only.
 *
 * - schema: a violation of the documented shape (the operation's documentedResponse, or its response where the spec
 *   shows all of it; the error envelope; JSON) is documented; one of the fake's fuller shape only is assumed. The RAG
 *   error body and streams are not in the spec: assumed. Of a RAG answer, only the `sources` items are not shown.
 * - status: each side falls in a class the spec documents: success, 401, 403 with the spec's message, 429, another
 *   refusal (its 4xx is not shown), server error. Two answers of one class differ in an assumed way; of two classes,
 *   documented, except where the spec leaves the class itself open (then assumed):
 *   - a 429 where the fake has none: a cap the spec does not give, or quota;
 *   - access not shown: on an operation whose access rule is assumed (`accessClause` in contract/operations.ts), the
 *     spec's 403 for a missing permission against a success or another refusal (which permission it needs is not
 *     shown, so the token may be refused, or go on to the answer or to a later refusal);
 *   - a field not shown: when the request body carries a field the spec does not show (one the operation's request
 *     schema does not hold, or one of its `assumedRequestFields`) and the body without such fields passes the
 *     request schema, a success against a refusal (neither 401, 403 with the spec's message, 429 nor 5xx) may come
 *     from that field alone;
 *   - the fake's refusal not documented: when the fake refuses with a status and message the spec does not document
 *     (REFUSALS in suites/support/refusals.ts: documented `nothing`), whether to refuse at all is the fake's choice;
 *     a server error on the real side stays documented.
 * - envelope: the success and error envelopes of the Platform and Integration families are documented; RAG shapes
 *   (native error or not, stream or not) are assumed, at the RAG operations and at any path under /openai/ or
 *   /anthropic/ (Error body of the RAG endpoints: not shown). An error envelope where the other side succeeded
 *   follows from the status and weighs what the status difference does.
 * - presence, type: assumed (a field the spec documents that is missing or of another type is a schema violation).
 * - message: documented when the fake's message is one the spec quotes and the real one does not match it, unless
 *   the two answers stand under one of the open choices above (access not shown, a field not shown).
 */
import escapeStringRegexp from 'escape-string-regexp';
import { ErrorEnvelope, MessageOnlyEnvelope, successEnvelope } from '../contract/envelope.js';
import { REFUSALS } from '../suites/support/refusals.js';
import { operationOf } from './envelope-kind.js';
import { parseJson } from './json-shape.js';
import { unshownRequestFields } from './request-fields.js';
import type { Difference, DriftAnswer, DriftPair } from './types.js';
import { schemaDifferences } from './zod-differences.js';

export type Strength = 'documented' | 'assumed';

const isSuccess = (status: number): boolean => status >= 200 && status < 300;

const exactPattern = (text: string) => new RegExp(`^${escapeStringRegexp(text)}$`);

/**
 * Messages the spec gives with the 403 status (a missing permission, role or scope), as patterns a conforming message
 * matches: what makes a 403 the spec's own. (The 401 messages are not read here: a 401 is its class whatever it says,
 * and the loose gist of one, "no longer a member", must not claim other 403s.)
 */
const STATUS_MESSAGES: readonly RegExp[] = REFUSALS.flatMap((r) => {
  if (r.status !== 403 || r.documented !== 'status' || r.message === undefined) return [];
  if (r.documentedMessage) return [r.documentedMessage];
  return [typeof r.message === 'string' ? exactPattern(r.message) : r.message];
});

/** Messages the spec quotes, as patterns a conforming message matches. */
const DOCUMENTED_MESSAGES: readonly RegExp[] = REFUSALS.flatMap((r) => {
  if (r.documented === 'status' && r.message !== undefined && !r.documentedMessage)
    return [typeof r.message === 'string' ? new RegExp(`^${escapeStringRegexp(r.message)}$`) : r.message];
  return r.documentedMessage ? [r.documentedMessage] : [];
});

/** The documented pattern the fake's message falls under, if the spec quotes it. */
const documentedPatternOf = (message: string | undefined): RegExp | undefined =>
  message === undefined ? undefined : DOCUMENTED_MESSAGES.find((p) => p.test(message));

/** A RAG operation, or any other path under the RAG dialects (their error body is not shown). */
const isRag = (pair: DriftPair): boolean => {
  const op = operationOf(pair.operationId);
  return op ? op.family === 'rag' : /^\/(openai|anthropic)(\/|$)/.test(pair.path);
};

/** The paths at which the real answer breaks the documented shape (Platform and Integration families). */
function documentedViolationPaths(pair: DriftPair): Set<string> | undefined {
  const op = operationOf(pair.operationId);
  if (isRag(pair)) return undefined;
  const parsed = parseJson(pair.real.body);
  if (!parsed.ok) return new Set(['$']);
  const data = op?.documentedResponse ?? op?.response;
  const envelope = data ? successEnvelope(data) : undefined;
  // `total` is documented where the operation carries it (getMyProjects, getOrganizationMembers).
  const success = !envelope
    ? MessageOnlyEnvelope
    : op?.hasTotal
      ? envelope.extend({ total: envelope.shape.total.unwrap() })
      : envelope;
  const schema = isSuccess(pair.real.status) ? success : ErrorEnvelope;
  return new Set(schemaDifferences(schema, parsed.value).map((d) => d.path));
}

function violationStrength(
  v: Difference,
  pair: DriftPair,
  documentedPaths: Set<string> | undefined,
): Strength {
  if (pair.base === 'org') return 'assumed';
  if (isRag(pair)) {
    if (!isSuccess(pair.real.status) || pair.real.headers['content-type']?.includes('text/event-stream'))
      return 'assumed';
    return v.path.includes('sources') ? 'assumed' : 'documented';
  }
  if (v.path === '$' && /content type/.test(v.detail)) return 'assumed';
  return documentedPaths?.has(v.path) ? 'documented' : 'assumed';
}

/** The class of a status the spec documents: success, 401, 403, 429, or a refusal of a status not shown. */
type StatusClass = 'success' | 'server error' | '401' | '403' | '429' | 'refused';

function statusClass(status: number, message: string | undefined): StatusClass {
  if (isSuccess(status)) return 'success';
  if (status >= 500) return 'server error';
  if (status === 401) return '401';
  if (status === 429) return '429';
  if (status === 403 && message !== undefined && STATUS_MESSAGES.some((p) => p.test(message))) return '403';
  return 'refused';
}

function messageOf(body: string): string | undefined {
  const parsed = parseJson(body);
  if (!parsed.ok || parsed.value === null || typeof parsed.value !== 'object') return undefined;
  const v = parsed.value as { message?: unknown; error?: { message?: unknown } };
  if (typeof v.message === 'string') return v.message;
  return typeof v.error?.message === 'string' ? v.error.message : undefined;
}

/** The fake's refusal is one whose status and message the spec does not document (REFUSALS: `nothing`). */
function undocumentedRefusal(answer: DriftAnswer): boolean {
  if (isSuccess(answer.status)) return false;
  const message = messageOf(answer.body);
  const sameStatus = REFUSALS.filter((r) => r.status === answer.status);
  const refusal =
    sameStatus.find(
      (r) =>
        r.message !== undefined &&
        message !== undefined &&
        (typeof r.message === 'string' ? r.message === message : r.message.test(message)),
    ) ?? sameStatus.find((r) => r.message === undefined);
  return refusal?.documented === 'nothing';
}

const ANSWERED = new Set<StatusClass>(['success', 'refused']);

/**
 * Whether the classes of the two answers differ only where the spec leaves the choice open (header comment: access
 * not shown, a field not shown).
 */
function openChoice(pair: DriftPair, real: StatusClass, fake: StatusClass): boolean {
  const op = operationOf(pair.operationId);
  // Access not shown: the spec's 403 for a missing permission against an answer or another refusal.
  if (op?.accessClause && (real === '403' ? ANSWERED.has(fake) : fake === '403' && ANSWERED.has(real)))
    return true;
  // A field not shown: success against refusal may come from that field alone.
  if (op && ANSWERED.has(real) && ANSWERED.has(fake)) {
    const unshown = unshownRequestFields(op, pair.requestBody);
    if (unshown.paths.length > 0 && unshown.restValid) return true;
  }
  return false;
}

const classesOf = (pair: DriftPair, fake: DriftAnswer) => ({
  real: statusClass(pair.real.status, messageOf(pair.real.body)),
  fake: statusClass(fake.status, messageOf(fake.body)),
});

function differenceStrength(d: Difference, pair: DriftPair): Strength {
  // Which operations {org_base_url} serves is not shown (ORG-BASE-URL-OPERATIONS).
  if (pair.base === 'org') return 'assumed';
  switch (d.kind) {
    case 'status': {
      if (!pair.fake) return 'documented';
      const { real, fake } = classesOf(pair, pair.fake);
      // A 429 where the fake has none: a cap the spec does not show (RATE-INTEGRATION-OTHERS-UNCAPPED), or quota.
      if (real === '429' && fake !== '429') return 'assumed';
      if (real === fake) return 'assumed';
      // The fake's refusal is its own choice, status, message and whether to refuse at all.
      if (real !== 'server error' && undocumentedRefusal(pair.fake)) return 'assumed';
      return openChoice(pair, real, fake) ? 'assumed' : 'documented';
    }
    case 'envelope':
      if (isRag(pair)) return 'assumed';
      // An error envelope where the other side succeeded follows from the status: it weighs what the status does.
      if (pair.fake && isSuccess(pair.real.status) !== isSuccess(pair.fake.status))
        return differenceStrength({ ...d, kind: 'status' }, pair);
      return 'documented';
    case 'message': {
      const pattern = documentedPatternOf(d.fake);
      if (!pattern || pattern.test(messageOf(pair.real.body) ?? '')) return 'assumed';
      if (!pair.fake) return 'documented';
      const { real, fake } = classesOf(pair, pair.fake);
      return openChoice(pair, real, fake) ? 'assumed' : 'documented';
    }
    default:
      return 'assumed';
  }
}

/** Each violation and difference of a finding, with its strength. */
export function strengthsOf(
  pair: DriftPair,
  violations: readonly Difference[],
  differences: readonly Difference[],
): { violations: Strength[]; differences: Strength[] } {
  const documentedPaths = violations.length > 0 ? documentedViolationPaths(pair) : undefined;
  return {
    violations: violations.map((v) => violationStrength(v, pair, documentedPaths)),
    differences: differences.map((d) => differenceStrength(d, pair)),
  };
}
