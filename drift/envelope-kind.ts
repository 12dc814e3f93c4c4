/** Which kind of envelope an answer is, told from its body alone (plus the operation's family for RAG). */
import { ERROR, SUCCESS } from '../contract/envelope.js';
import { type Family, type Operation, operations } from '../contract/operations.js';
import { isObject, parseJson } from './json-shape.js';
import { isSse } from './sse.js';
import type { DriftAnswer } from './types.js';

export type EnvelopeKind =
  | 'rxsuccess-data'
  | 'rxsuccess-message'
  | 'rxerror'
  | 'native-success'
  | 'native-error'
  | 'sse'
  | 'other-json'
  | 'not-json'
  | 'empty';

export const ENVELOPE_LABELS: Record<EnvelopeKind, string> = {
  'rxsuccess-data': 'RXSUCCESS with data',
  'rxsuccess-message': 'RXSUCCESS message-only',
  rxerror: 'RXERROR',
  'native-success': 'native success',
  'native-error': 'native error',
  sse: 'SSE stream',
  'other-json': 'JSON outside any envelope',
  'not-json': 'not JSON',
  empty: 'empty body',
};

export interface Envelope {
  kind: EnvelopeKind;
  /** The parsed body, for every JSON kind. */
  body?: unknown;
}

export const operationOf = (id: string | undefined): Operation | undefined =>
  id === undefined ? undefined : operations.find((o) => o.id === id);

/** A native error body: OpenAI `{error: {...}}` or Anthropic `{type: 'error', error: {...}}`. */
const isNativeError = (body: Record<string, unknown>): boolean =>
  isObject(body.error) || body.type === 'error';

export function envelopeOf(answer: DriftAnswer, family: Family | undefined): Envelope {
  if (isSse(answer)) return { kind: 'sse' };
  if (answer.body.trim() === '') return { kind: 'empty' };
  const parsed = parseJson(answer.body);
  if (!parsed.ok) return { kind: 'not-json' };
  const body = parsed.value;
  if (!isObject(body)) return { kind: 'other-json', body };
  if (body.type === SUCCESS) {
    const withData = body.data !== undefined && body.data !== null;
    return { kind: withData ? 'rxsuccess-data' : 'rxsuccess-message', body };
  }
  if (body.type === ERROR) return { kind: 'rxerror', body };
  if (family === 'rag') return { kind: isNativeError(body) ? 'native-error' : 'native-success', body };
  return { kind: 'other-json', body };
}

/** The envelope's message and where it sits: `message` of RXSUCCESS/RXERROR, `error.message` of a native error. */
export function messageOf(envelope: Envelope): { path: string; message: string } | undefined {
  const body = envelope.body;
  if (!isObject(body)) return undefined;
  if (
    envelope.kind === 'rxsuccess-data' ||
    envelope.kind === 'rxsuccess-message' ||
    envelope.kind === 'rxerror'
  ) {
    return typeof body.message === 'string' ? { path: '$.message', message: body.message } : undefined;
  }
  if (envelope.kind === 'native-error' && isObject(body.error) && typeof body.error.message === 'string') {
    return { path: '$.error.message', message: body.error.message };
  }
  return undefined;
}
