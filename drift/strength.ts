/**
 * The two strengths in the drift report (DRIFT-STRENGTH): each violation and difference of a recorded answer is
 * `documented` when it contradicts what the spec documents, `assumed` when only a choice the spec leaves open
 * differs. A deployment that differs from the fake only where the spec allows it (the variant fake) must show
 * assumed differences only.
 *
 * - schema: a violation of the documented shape (the operation's documentedResponse, or its response where the spec
 *   shows all of it; the error envelope; JSON) is documented; one of the fake's fuller shape only is assumed. The RAG
 *   error body and streams are not in the spec: assumed. Of a RAG answer, only the `sources` items are not shown.
 * - status: a success against a refusal, or a documented status (401, 403 with the spec's message, 429) against
 *   another, is documented; which 4xx a refusal gets is assumed (HTTP status codes of other errors: not shown).
 * - envelope: the success and error envelopes of the Platform and Integration families are documented; RAG shapes
 *   (native error or not, stream or not) are assumed.
 * - presence, type: assumed (a field the spec documents that is missing or of another type is a schema violation).
 * - message: documented when the fake's message is one the spec quotes and the real one does not match it.
 */
import { ErrorEnvelope, MessageOnlyEnvelope, successEnvelope } from '../contract/envelope.js';
import { REFUSALS } from '../suites/support/refusals.js';
import { operationOf } from './envelope-kind.js';
import { parseJson } from './json-shape.js';
import type { Difference, DriftPair } from './types.js';
import { schemaDifferences } from './zod-differences.js';

export type Strength = 'documented' | 'assumed';

const isSuccess = (status: number): boolean => status >= 200 && status < 300;

const exactPattern = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** Messages the spec gives with their status (401, 403, 429), as patterns a conforming message matches. */
const STATUS_MESSAGES: readonly RegExp[] = REFUSALS.flatMap((r) => {
  if (r.documented !== 'status' || r.message === undefined) return [];
  if (r.documentedMessage) return [r.documentedMessage];
  return [typeof r.message === 'string' ? exactPattern(r.message) : r.message];
});

/** Messages the spec quotes, as patterns a conforming message matches. */
const DOCUMENTED_MESSAGES: readonly RegExp[] = REFUSALS.flatMap((r) => {
  if (r.documented === 'status' && r.message !== undefined && !r.documentedMessage)
    return [
      typeof r.message === 'string'
        ? new RegExp(`^${r.message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)
        : r.message,
    ];
  return r.documentedMessage ? [r.documentedMessage] : [];
});

/** The documented pattern the fake's message falls under, if the spec quotes it. */
const documentedPatternOf = (message: string | undefined): RegExp | undefined =>
  message === undefined ? undefined : DOCUMENTED_MESSAGES.find((p) => p.test(message));

/** The paths at which the real answer breaks the documented shape (Platform and Integration families). */
function documentedViolationPaths(pair: DriftPair): Set<string> | undefined {
  const op = operationOf(pair.operationId);
  if (op?.family === 'rag') return undefined;
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
  const op = operationOf(pair.operationId);
  if (op?.family === 'rag' || (!op && /^\/(openai|anthropic)\//.test(pair.path))) {
    if (!isSuccess(pair.real.status) || pair.real.headers['content-type']?.includes('text/event-stream'))
      return 'assumed';
    return v.path.includes('sources') ? 'assumed' : 'documented';
  }
  if (v.path === '$' && /content type/.test(v.detail)) return 'assumed';
  return documentedPaths?.has(v.path) ? 'documented' : 'assumed';
}

/** The class of a status the spec documents: success, 401, 403, 429, or a refusal of a status not shown. */
function statusClass(status: number, message: string | undefined): string {
  if (isSuccess(status)) return 'success';
  if (status >= 500) return 'server error';
  if (status === 401 || status === 429) return String(status);
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

function differenceStrength(d: Difference, pair: DriftPair): Strength {
  // Which operations {org_base_url} serves is not shown (ORG-BASE-URL-OPERATIONS).
  if (pair.base === 'org') return 'assumed';
  const rag = operationOf(pair.operationId)?.family === 'rag';
  switch (d.kind) {
    case 'status': {
      if (!pair.fake) return 'documented';
      const real = statusClass(pair.real.status, messageOf(pair.real.body));
      const fake = statusClass(pair.fake.status, messageOf(pair.fake.body));
      // A 429 where the fake has none: a cap the spec does not show (RATE-INTEGRATION-OTHERS-UNCAPPED), or quota.
      if (real === '429' && fake !== '429') return 'assumed';
      return real === fake ? 'assumed' : 'documented';
    }
    case 'envelope':
      // An error envelope where the other side succeeded follows from the status: it weighs what the status does.
      if (rag) return 'assumed';
      if (pair.fake && isSuccess(pair.real.status) !== isSuccess(pair.fake.status))
        return differenceStrength({ ...d, kind: 'status' }, pair);
      return 'documented';
    case 'message': {
      const pattern = documentedPatternOf(d.fake);
      return pattern && !pattern.test(messageOf(pair.real.body) ?? '') ? 'documented' : 'assumed';
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
