/**
 * The contract checks of a real RAG stream: every event's data is JSON (but OpenAI's `[DONE]`) and matches the
 * dialect's event schema, an Anthropic event's name equals its data's `type`, and the stream ends properly:
 * `data: [DONE]` for OpenAI, `message_stop` (or an `error` event) for Anthropic.
 */
import { AnthropicStreamEvent } from '../contract/requests/rag-anthropic.js';
import { OpenAIErrorBody } from '../contract/requests/rag-errors.js';
import type { RagDialect } from '../contract/requests/rag-models.js';
import { OpenAIChatCompletionChunk } from '../contract/requests/rag-openai.js';
import { isObject, shorten, shortenText } from './json-shape.js';
import { DONE, eventTypeOf, parseSse, type SseEvent } from './sse.js';
import type { Difference } from './types.js';
import { schemaDifferences, violation } from './zod-differences.js';

const EVENTS = '$events';

/** Anthropic streams may end with an error event instead of message_stop (the native API does). */
const ANTHROPIC_ENDS = ['message_stop', 'error'];

function eventViolations(e: SseEvent, i: number, last: number, dialect: RagDialect): Difference[] {
  const at = `${EVENTS}[${i}]`;
  if (dialect === 'openai' && e.data === DONE) {
    return i === last ? [] : [violation(at, `data: ${DONE} before the end of the stream`)];
  }
  if (!e.json.ok) return [violation(at, `event data is not JSON: ${e.json.error}`, shortenText(e.data))];
  const data = e.json.value;
  if (dialect === 'openai') {
    const schema = isObject(data) && 'error' in data ? OpenAIErrorBody : OpenAIChatCompletionChunk;
    return schemaDifferences(schema, data, at);
  }
  const out = schemaDifferences(AnthropicStreamEvent, data, at);
  const type = isObject(data) ? data.type : undefined;
  if (e.event !== undefined && typeof type === 'string' && type !== e.event) {
    out.push(
      violation(`${at}.type`, `the SSE event name "${e.event}" differs from the data's type`, shorten(type)),
    );
  }
  return out;
}

export function streamViolations(body: string, dialect: RagDialect): Difference[] {
  const { events, truncated } = parseSse(body);
  if (events.length === 0) return [violation(EVENTS, 'the stream has no events', shortenText(body))];
  const last = events.length - 1;
  const out = events.flatMap((e, i) => eventViolations(e, i, last, dialect));
  const lastEvent = events[last]!;
  const lastType = eventTypeOf(lastEvent);
  if (dialect === 'openai' && lastEvent.data !== DONE) {
    out.push(violation(EVENTS, `the stream does not end with data: ${DONE}`, `last event: ${lastType}`));
  }
  if (dialect === 'anthropic' && !ANTHROPIC_ENDS.includes(lastType)) {
    out.push(violation(EVENTS, 'the stream does not end with message_stop', `last event: ${lastType}`));
  }
  if (truncated)
    out.push(violation(EVENTS, 'the stream stops in the middle of an event (no blank line after it)'));
  return out;
}
