/**
 * Server-sent events for the RAG streams: the framing of each dialect and a writer that sends the events one at a
 * time straight to the socket (so a client sees each as it is written) and can cut the stream after N events,
 * either ending the response cleanly or destroying the connection (FAKE-MODEL-SCRIPT).
 */
import type { ServerResponse } from 'node:http';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Context } from 'koa';
import type { AnthropicStreamEvent } from '../../contract/requests/rag-anthropic.js';
import type { OpenAIChatCompletionChunk } from '../../contract/requests/rag-openai.js';

export interface SseEvent {
  /** The `event:` field; absent for unnamed events. */
  event?: string;
  data: string;
  /** The `id:` field; absent in the default mode (the variant's sse-extras sets it). */
  id?: string;
  /** Whole frames written just before this event (the variant's pings), not counted as events of their own. */
  before?: string;
}

export const SSE_CONTENT_TYPE = 'text/event-stream; charset=utf-8';

/** The OpenAI-style `data: [DONE]` sentinel that ends a stream. */
export const OPENAI_DONE = '[DONE]';

/**
 * One event as it goes on the wire: what goes `before` it, an optional `id:` line, an optional `event:` line, one
 * `data:` line per line of data, a blank line.
 */
export function sseFrame(e: SseEvent): string {
  const before = (e.before ?? '') + (e.id === undefined ? '' : `id: ${e.id}\n`);
  const name = e.event === undefined ? '' : `event: ${e.event}\n`;
  const data = e.data
    .split(/\r\n|\r|\n/)
    .map((line) => `data: ${line}\n`)
    .join('');
  return `${before}${name}${data}\n`;
}

/** OpenAI-style: unnamed `data: <chunk>` events, then `data: [DONE]`. */
export const openaiSse = (chunks: readonly OpenAIChatCompletionChunk[]): SseEvent[] => [
  ...chunks.map((c) => ({ data: JSON.stringify(c) })),
  { data: OPENAI_DONE },
];

/** Anthropic-style: each event named after its `type`. */
export const anthropicSse = (events: readonly AnthropicStreamEvent[]): SseEvent[] =>
  events.map((e) => ({ event: e.type, data: JSON.stringify(e) }));

export interface SseCut {
  afterEvents: number;
  /** `malformed`: an event whose data is not JSON follows, then the stream ends (FAKE-FAULT-INJECTION). */
  mode: 'end' | 'reset' | 'malformed';
}

/** What a `malformed` cut sends: a frame no client can parse as the dialect's JSON. */
export const MALFORMED_FRAME = 'data: {"injected": malformed\n\n';

/** Write `text` and wait until it is handed to the socket; false when the connection is gone. */
function write(res: ServerResponse, text: string): Promise<boolean> {
  if (res.destroyed || res.writableEnded) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onClose = () => resolve(false);
    res.once('close', onClose);
    res.write(text, (err) => {
      res.off('close', onClose);
      resolve(!err);
    });
  });
}

/**
 * Answer 200 `text/event-stream` with `events`, bypassing Koa's body handling (headers already set on `ctx` are
 * sent). With a cut, only the first `afterEvents` events are written, then the response ends (`end`) or its
 * connection is destroyed (`reset`). Resolves when the response is over.
 */
export async function writeSse(ctx: Context, events: readonly SseEvent[], cut: SseCut | null): Promise<void> {
  ctx.status = 200;
  ctx.set('content-type', SSE_CONTENT_TYPE);
  ctx.set('cache-control', 'no-cache');
  ctx.respond = false;
  const res = ctx.res;
  res.flushHeaders();
  const count = cut ? Math.min(cut.afterEvents, events.length) : events.length;
  for (const event of events.slice(0, count)) {
    if (!(await write(res, sseFrame(event)))) return;
    await nextTurn();
  }
  if (cut?.mode === 'reset') {
    res.destroy();
    return;
  }
  if (cut?.mode === 'malformed' && !(await write(res, MALFORMED_FRAME))) return;
  await new Promise<void>((resolve) => {
    res.once('close', () => resolve());
    res.end(() => resolve());
  });
}

/** Drop the connection without an answer (a non-streamed reply with a scripted cut). */
export function resetConnection(ctx: Context): void {
  ctx.respond = false;
  ctx.res.destroy();
}
