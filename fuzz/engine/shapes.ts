/**
 * The answer shapes the fuzzer accepts: the spec's envelopes (success with the operation's data, or error), the
 * RAG dialects' native bodies (a completion, a well-formed event stream, or the native error), and the error
 * envelope a request gets when Node's HTTP parser refuses it before any route sees it.
 */
import { createParser } from 'eventsource-parser';
import type { z } from 'zod';
import { ErrorEnvelope, MessageOnlyEnvelope, type Operation, successEnvelope } from '../../contract/index.js';
import { AnthropicStreamEvent } from '../../contract/requests/rag-anthropic.js';
import { AnthropicErrorBody, OpenAIErrorBody } from '../../contract/requests/rag-errors.js';
import { OpenAIChatCompletionChunk } from '../../contract/requests/rag-openai.js';
import type { Dialect } from '../case.js';
import type { FuzzResponse } from './exchange.js';

const successSchemas = new Map<string, z.ZodType>();
function successSchema(op: Operation): z.ZodType {
  let schema = successSchemas.get(op.id);
  if (!schema) {
    schema = op.response ? successEnvelope(op.response) : MessageOnlyEnvelope;
    successSchemas.set(op.id, schema);
  }
  return schema;
}

const isJson = (res: FuzzResponse) => /^application\/json\b/i.test(res.headers['content-type'] ?? '');
const preview = (res: FuzzResponse) => JSON.stringify(res.body.subarray(0, 200).toString('utf8'));

function parseJson(res: FuzzResponse): { ok: true; value: unknown } | { ok: false; problem: string } {
  if (!isJson(res))
    return {
      ok: false,
      problem: `content type ${JSON.stringify(res.headers['content-type'] ?? '(none)')} is not JSON; body ${preview(res)}`,
    };
  try {
    return { ok: true, value: JSON.parse(res.body.toString('utf8')) };
  } catch {
    return { ok: false, problem: `body is not JSON: ${preview(res)}` };
  }
}

const firstIssue = (error: z.ZodError) => {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'invalid';
};

/**
 * What the server's HTTP layer answers, before any route, to a request it refuses (FUZZ-ERROR-SHAPE): the error
 * envelope with one of these statuses and messages and `Connection: close`, whatever the path (RAG paths too).
 */
export const PARSER_LAYER_ANSWERS: ReadonlyMap<number, RegExp> = new Map([
  [400, /^Invalid params: (malformed HTTP request|the Host header is missing)$/],
  [405, /^Method CONNECT not allowed$/],
  [417, /^Expectation failed/],
  [431, /^Request header fields too large$/],
]);

export function isParserEnvelope(res: FuzzResponse): boolean {
  const message = PARSER_LAYER_ANSWERS.get(res.status);
  if (!message || !/\bclose\b/i.test(res.headers.connection ?? '')) return false;
  const parsed = parseJson(res);
  if (!parsed.ok) return false;
  const envelope = ErrorEnvelope.safeParse(parsed.value);
  return envelope.success && message.test(envelope.data.message);
}

/** Problems of an answer owed the envelope; `op` is the operation whose success it may be (none: no success). */
export function envelopeProblem(res: FuzzResponse, op: Operation | undefined): string | undefined {
  const parsed = parseJson(res);
  if (!parsed.ok) return parsed.problem;
  if (res.status >= 200 && res.status < 300) {
    if (!op || op.family === 'rag')
      return `a success (${res.status}) where no operation answers: ${preview(res)}`;
    if (res.status !== 200) return `success status ${res.status} is not 200`;
    const result = successSchema(op).safeParse(parsed.value);
    if (!result.success) return `success does not match ${op.id}: ${firstIssue(result.error)}`;
    if (op.hasTotal && !Number.isInteger((parsed.value as { total?: unknown }).total))
      return 'total is not an integer';
    return undefined;
  }
  if (res.status < 400) return `status ${res.status} is neither a success nor an error`;
  const result = ErrorEnvelope.safeParse(parsed.value);
  return result.success ? undefined : `not the error envelope (${firstIssue(result.error)}): ${preview(res)}`;
}

/** Problems of a server-sent event stream of the dialect: grammar, event schemas, and its proper end. */
export function streamProblem(dialect: 'openai' | 'anthropic', body: string): string | undefined {
  const events: { event: string | undefined; data: string }[] = [];
  const errors: string[] = [];
  const parser = createParser({
    onEvent: (e) => events.push({ event: e.event, data: e.data }),
    onError: (e) => errors.push(e.message),
  });
  parser.feed(body);
  if (errors.length) return `stream grammar: ${errors[0]}`;
  if (!body.endsWith('\n\n')) return 'the stream does not end on an event boundary';
  if (!events.length) return 'the stream has no event';
  const last = events[events.length - 1]!;
  for (const e of dialect === 'openai' ? events.slice(0, -1) : events) {
    let data: unknown;
    try {
      data = JSON.parse(e.data);
    } catch {
      return `event data is not JSON: ${JSON.stringify(e.data.slice(0, 80))}`;
    }
    const schema = dialect === 'openai' ? OpenAIChatCompletionChunk : AnthropicStreamEvent;
    const result = schema.safeParse(data);
    if (!result.success) return `event does not match the ${dialect} stream: ${firstIssue(result.error)}`;
    if (dialect === 'anthropic' && e.event !== (data as { type: string }).type)
      return `event name ${e.event} is not its type`;
  }
  if (dialect === 'openai' && last.data !== '[DONE]') return 'the stream does not end with [DONE]';
  if (dialect === 'anthropic' && last.event !== 'message_stop' && last.event !== 'error')
    return `the stream ends with ${last.event}`;
  return undefined;
}

/** Problems of an answer owed a RAG dialect's shapes; `op` is the RAG operation it may succeed as. */
export function nativeProblem(
  dialect: 'openai' | 'anthropic',
  res: FuzzResponse,
  op: Operation | undefined,
): string | undefined {
  if (res.status >= 200 && res.status < 300) {
    if (op?.family !== 'rag') return `a success (${res.status}) where no operation answers`;
    if (/^text\/event-stream\b/i.test(res.headers['content-type'] ?? ''))
      return streamProblem(dialect, res.body.toString('utf8'));
    const parsed = parseJson(res);
    if (!parsed.ok) return parsed.problem;
    const result = op.response!.safeParse(parsed.value);
    return result.success ? undefined : `success does not match ${op.id}: ${firstIssue(result.error)}`;
  }
  if (res.status < 400) return `status ${res.status} is neither a success nor an error`;
  const parsed = parseJson(res);
  if (!parsed.ok) return parsed.problem;
  const schema = dialect === 'openai' ? OpenAIErrorBody : AnthropicErrorBody;
  const result = schema.safeParse(parsed.value);
  return result.success
    ? undefined
    : `not the ${dialect} error body (${firstIssue(result.error)}): ${preview(res)}`;
}

/** The shape problem of one answer, for the dialect its path is owed. */
export function shapeProblem(
  dialect: Dialect,
  res: FuzzResponse,
  op: Operation | undefined,
): string | undefined {
  if (isParserEnvelope(res)) return undefined;
  return dialect === 'envelope' ? envelopeProblem(res, op) : nativeProblem(dialect, res, op);
}
