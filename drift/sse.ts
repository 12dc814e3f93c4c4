/** Server-sent event streams as the drift report reads them (both RAG dialects). */
import { createParser } from 'eventsource-parser';
import { isObject, type Parsed, parseJson } from './json-shape.js';
import type { DriftAnswer } from './types.js';

/** The OpenAI-style sentinel that ends a stream. */
export const DONE = '[DONE]';

export interface SseEvent {
  /** The `event:` field; undefined for unnamed events (OpenAI). */
  event: string | undefined;
  data: string;
  /** The data parsed as JSON (`[DONE]` is not JSON). */
  json: Parsed;
}

export interface ParsedStream {
  events: SseEvent[];
  /** True when the body stops in the middle of an event (no blank line after its last lines). */
  truncated: boolean;
}

/** The media type of an answer, lower case, without parameters (`''` when absent). */
export const mediaTypeOf = (answer: DriftAnswer): string =>
  (answer.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();

export const isSse = (answer: DriftAnswer): boolean => mediaTypeOf(answer) === 'text/event-stream';

export const isJsonMediaType = (type: string): boolean =>
  type === 'application/json' || type.endsWith('+json');

export function parseSse(body: string): ParsedStream {
  const events: SseEvent[] = [];
  const parser = createParser({
    onEvent: (e) => events.push({ event: e.event, data: e.data, json: parseJson(e.data) }),
  });
  parser.feed(body);
  const truncated = body.trim() !== '' && !/(\r\n|\r|\n)(\r\n|\r|\n)$/.test(body);
  return { events, truncated };
}

/**
 * What kind of event this is: the `event:` name, else the data's `type` or `object` (`chat.completion.chunk`),
 * `error` for an error body, `[DONE]` for the sentinel, `data` for anything else.
 */
export function eventTypeOf(e: SseEvent): string {
  if (e.event) return e.event;
  if (e.data === DONE) return DONE;
  if (e.json.ok && isObject(e.json.value)) {
    const { type, object } = e.json.value;
    if (typeof type === 'string') return type;
    if (typeof object === 'string') return object;
    if ('error' in e.json.value) return 'error';
  }
  return 'data';
}

/** Event types in order, runs of the same type collapsed to one (a longer answer has more deltas, not a new shape). */
export function eventSequence(events: readonly SseEvent[]): string[] {
  const sequence: string[] = [];
  for (const e of events) {
    const type = eventTypeOf(e);
    if (sequence[sequence.length - 1] !== type) sequence.push(type);
  }
  return sequence;
}
