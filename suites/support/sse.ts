/**
 * Server-sent events as the suites read them: a whole `text/event-stream` body parsed into its events with
 * eventsource-parser (the parser, not a hand-written split), plus the grammar faults the parser reports.
 */
import { createParser, type ParseError } from 'eventsource-parser';
import { expect } from 'vitest';
import type { RawResponse } from '../target/transport.js';

export interface SseEvent {
  /** The `event:` name; undefined when the event has none. */
  event: string | undefined;
  data: string;
  id: string | undefined;
}

export interface ParsedSse {
  events: SseEvent[];
  /** Lines the parser could not read as SSE fields (unknown fields, bad retry values). */
  errors: ParseError[];
  /** Text after the last complete event (a stream must end on a blank line). */
  trailing: boolean;
}

/** Parse an SSE body into its events. */
export function parseSse(body: string): ParsedSse {
  const events: SseEvent[] = [];
  const errors: ParseError[] = [];
  const parser = createParser({
    onEvent: (e) => events.push({ event: e.event, data: e.data, id: e.id }),
    onError: (err) => errors.push(err),
  });
  parser.feed(body);
  const complete = events.length;
  // Whatever the parser still holds is an event the server never terminated with a blank line: ending the
  // input here makes the parser hand it over, so it shows up as trailing.
  parser.feed('\n\n');
  return { events: events.slice(0, complete), errors, trailing: events.length > complete };
}

/**
 * The response is an event stream, as far as the SSE format fixes it: a 2xx `text/event-stream` with at least one
 * complete event. Returns the parse, whose faults (expectCleanSse) a client skips over.
 */
export function expectEventStream(res: RawResponse): ParsedSse {
  expect(res.status, `a 2xx stream; body: ${res.text.slice(0, 300)}`).toBeGreaterThanOrEqual(200);
  expect(res.status, `a 2xx stream; body: ${res.text.slice(0, 300)}`).toBeLessThan(300);
  expect(res.headers['content-type'] ?? '', 'content-type').toMatch(/^text\/event-stream/);
  const parsed = parseSse(res.text);
  expect(parsed.events.length, 'the stream has events').toBeGreaterThan(0);
  return parsed;
}

/**
 * What a client reads past, as the fake answers it: status 200, no line the parser rejects (an unknown field is
 * ignored by a client), the last event ended by a blank line (a client drops an unterminated one).
 */
export function expectCleanSse(res: RawResponse, parsed: ParsedSse): void {
  expect(res.status, 'status').toBe(200);
  expect(
    parsed.errors.map((e) => e.message),
    'SSE lines the parser rejected',
  ).toEqual([]);
  expect(parsed.trailing, 'the stream ends with a complete event').toBe(false);
}
