/**
 * Validates a REAL recorded answer against the contract (DRIFT-SCHEMA-VIOLATIONS):
 * - Platform/Integration operations: JSON; a 2xx is the success envelope of the operation's `response` (the
 *   message-only envelope when it has none; `total` required when `hasTotal`), anything else the error envelope.
 * - RAG operations: a 2xx JSON body is the operation's `response`; a `text/event-stream` answer is checked event by
 *   event (schema-check-stream.ts); the answer is a stream exactly when the request asked for one
 *   (`"stream": true` in the recorded request body); an error status has the dialect's native error body.
 * - Paths outside the operation table: the spec gives every non-RAG response its envelope, so they get the
 *   Platform check with the message-only envelope (any `data`).
 */

import type { z } from 'zod';
import { ErrorEnvelope, MessageOnlyEnvelope, successEnvelope } from '../contract/envelope.js';
import type { Operation } from '../contract/operations.js';
import { AnthropicErrorBody, OpenAIErrorBody } from '../contract/requests/rag-errors.js';
import { type RagDialect, ragRootOf } from '../contract/requests/rag-models.js';
import { sortDifferences } from './difference.js';
import { operationOf } from './envelope-kind.js';
import { isObject, parseJson, shortenText } from './json-shape.js';
import { streamViolations } from './schema-check-stream.js';
import { isJsonMediaType, isSse, mediaTypeOf } from './sse.js';
import type { Difference, DriftAnswer, DriftPair } from './types.js';
import { schemaDifferences, violation } from './zod-differences.js';

const isSuccess = (status: number): boolean => status >= 200 && status < 300;

/** The success envelope of an operation (message-only without a response schema); `total` required with hasTotal. */
function successSchema(op: Operation | undefined): z.ZodType {
  if (!op?.response) return MessageOnlyEnvelope;
  const envelope = successEnvelope(op.response);
  return op.hasTotal ? envelope.extend({ total: envelope.shape.total.unwrap() }) : envelope;
}

/** Content type JSON, body JSON, body matching `schema`. */
function jsonViolations(answer: DriftAnswer, schema: z.ZodType): Difference[] {
  const out: Difference[] = [];
  const type = mediaTypeOf(answer);
  if (!isJsonMediaType(type)) {
    out.push(violation('$', 'the content type is not JSON', answer.headers['content-type'] ?? 'absent'));
  }
  const parsed = parseJson(answer.body);
  if (!parsed.ok)
    return [...out, violation('$', `the body is not JSON: ${parsed.error}`, shortenText(answer.body))];
  return [...out, ...schemaDifferences(schema, parsed.value)];
}

/** Whether the recorded request asked for a stream; undefined when its body is not a JSON object. */
function askedForStream(requestBody: string | undefined): boolean | undefined {
  if (requestBody === undefined) return undefined;
  const parsed = parseJson(requestBody);
  return parsed.ok && isObject(parsed.value) ? parsed.value.stream === true : undefined;
}

function ragViolations(pair: DriftPair, op: Operation): Difference[] {
  const dialect: RagDialect = op.id === 'anthropicMessages' ? 'anthropic' : 'openai';
  const { real } = pair;
  if (!isSuccess(real.status)) {
    return jsonViolations(real, dialect === 'anthropic' ? AnthropicErrorBody : OpenAIErrorBody);
  }
  const stream = askedForStream(pair.requestBody);
  if (isSse(real)) {
    const out = streamViolations(real.body, dialect);
    if (stream === false) out.push(violation('$', 'a stream answered a request that did not ask for one'));
    return out;
  }
  const out = jsonViolations(real, op.response ?? MessageOnlyEnvelope);
  if (stream === true) {
    out.push(violation('$', 'the request asked for a stream but the answer is not text/event-stream'));
  }
  return out;
}

export function checkAgainstContract(pair: DriftPair): Difference[] {
  const op = operationOf(pair.operationId);
  if (op?.family === 'rag') return sortDifferences(ragViolations(pair, op));
  // Unknown paths and methods under a RAG root answer in that dialect's native error shape (RAG-ERROR-SHAPE).
  const root = op ? undefined : ragRootOf(pair.path);
  if (root)
    return sortDifferences(
      jsonViolations(pair.real, root === 'anthropic' ? AnthropicErrorBody : OpenAIErrorBody),
    );
  const schema = isSuccess(pair.real.status) ? successSchema(op) : ErrorEnvelope;
  return sortDifferences(jsonViolations(pair.real, schema));
}
