/**
 * The SSE framing and writer on their own, against a stand-in ServerResponse that behaves as Node's does (a write on
 * a destroyed response fails, 'close' follows a destroy, an end's callback waits for the flush), so that what the
 * writer does when the client goes away, a write stalls or the end is never flushed is seen call by call.
 */
import { EventEmitter } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Context } from 'koa';
import { describe, expect, it } from 'vitest';
import { resetConnection, SSE_CONTENT_TYPE, type SseEvent, sseFrame, writeSse } from './sse.js';

type Callback = (err?: Error | null) => void;

interface Behaviour {
  /** The client goes away once this many writes are flushed. */
  goneAfterWrites?: number;
  /** A write's callback never comes (a stalled socket). */
  stall?: boolean;
  /** The end's callback never comes (the last bytes are not flushed). */
  endNeverFlushed?: boolean;
}

/** A ServerResponse as writeSse uses it, recording every call. */
class StubResponse extends EventEmitter {
  destroyed = false;
  writableEnded = false;
  /** The text of every write call, refused ones included. */
  readonly writes: string[] = [];
  /** How many 'close' listeners there were at each write call. */
  readonly closeListeners: number[] = [];
  ends = 0;
  constructor(private readonly behaviour: Behaviour = {}) {
    super();
  }
  flushHeaders(): void {}
  write(text: string, cb: Callback): boolean {
    this.writes.push(text);
    this.closeListeners.push(this.listenerCount('close'));
    if (this.destroyed) {
      process.nextTick(cb, Object.assign(new Error('destroyed'), { code: 'ERR_STREAM_DESTROYED' }));
      return false;
    }
    if (this.behaviour.stall) return true;
    process.nextTick(() => {
      cb(null);
      if (this.writes.length === this.behaviour.goneAfterWrites) this.destroy();
    });
    return true;
  }
  end(cb: () => void): this {
    this.ends += 1;
    if (this.destroyed) return this; // as Node: no callback on a destroyed response
    this.writableEnded = true;
    if (!this.behaviour.endNeverFlushed) process.nextTick(cb);
    return this;
  }
  destroy(): this {
    if (this.destroyed) return this;
    this.destroyed = true;
    process.nextTick(() => this.emit('close'));
    return this;
  }
}

/** A Koa context as writeSse and resetConnection use it. */
function contextOf(res: StubResponse) {
  const headers: Record<string, string> = {};
  const ctx = {
    status: 404,
    respond: true as boolean,
    res,
    headers,
    set: (k: string, v: string) => (headers[k] = v),
  };
  return ctx as typeof ctx & Context;
}

const events = (n: number): SseEvent[] => Array.from({ length: n }, (_, i) => ({ data: `{"n":${i}}` }));

/** Whether `p` settles within `ms` (a writer that never resolves would hold its request forever). */
async function settles(p: Promise<unknown>, ms = 500): Promise<boolean> {
  const timer = new AbortController();
  const done = await Promise.race([
    p.then(() => true),
    sleep(ms, false, { signal: timer.signal }).catch(() => false),
  ]);
  timer.abort();
  return done;
}

describe('SSE framing [RAG-OPENAI-STREAM, RAG-ANTHROPIC-STREAM]', () => {
  it('gives each line of the data its own data: line, whatever the line break, and ends the event with a blank line', () => {
    expect(sseFrame({ data: 'a\nb\r\nc\rd' })).toBe('data: a\ndata: b\ndata: c\ndata: d\n\n');
    expect(sseFrame({ event: 'ping', id: '7', data: 'x' })).toBe('id: 7\nevent: ping\ndata: x\n\n');
  });
});

describe('the SSE writer [RAG-OPENAI-STREAM, FAKE-MODEL-SCRIPT]', () => {
  it('writes every event, then ends the response, and tells Koa and the outer middlewares the answer is written', async () => {
    const res = new StubResponse();
    const ctx = contextOf(res);
    expect(await settles(writeSse(ctx, events(3), null))).toBe(true);
    expect(res.writes).toEqual(events(3).map(sseFrame));
    expect(res.ends).toBe(1);
    expect(ctx.status).toBe(200);
    expect(ctx.headers['content-type']).toBe(SSE_CONTENT_TYPE);
    expect(ctx.respond).toBe(false);
  });

  it('a long stream waits on the connection’s close once per write, never piling up a listener per event', async () => {
    const res = new StubResponse();
    expect(await settles(writeSse(contextOf(res), events(20), null))).toBe(true);
    expect(res.writes).toHaveLength(20);
    expect(res.closeListeners.filter((n) => n !== 1)).toEqual([]);
  });

  it('once the client is gone, nothing more is written and the response is not ended', async () => {
    const res = new StubResponse({ goneAfterWrites: 1 });
    expect(await settles(writeSse(contextOf(res), events(3), null))).toBe(true);
    expect(res.writes).toHaveLength(1);
    expect(res.ends).toBe(0);
  });

  it('a connection that closes while a write is stalled ends the stream there', async () => {
    const res = new StubResponse({ stall: true });
    const writing = writeSse(contextOf(res), events(1), null);
    await sleep(10);
    expect(res.writes).toHaveLength(1);
    res.destroy();
    expect(await settles(writing)).toBe(true);
    expect(res.ends).toBe(0);
  });

  it('is over when the end is flushed, though the connection stays open', async () => {
    const res = new StubResponse();
    expect(await settles(writeSse(contextOf(res), events(2), null))).toBe(true);
    expect(res.destroyed).toBe(false);
  });

  it('is over when the connection closes before the end is flushed', async () => {
    const res = new StubResponse({ endNeverFlushed: true });
    const writing = writeSse(contextOf(res), events(2), null);
    await sleep(10);
    expect(res.ends).toBe(1);
    res.destroy();
    expect(await settles(writing)).toBe(true);
  });
});

describe('dropping the connection [FAKE-FAULT-INJECTION, FAKE-MODEL-SCRIPT]', () => {
  it('destroys the connection and tells Koa not to answer', () => {
    const res = new StubResponse();
    const ctx = contextOf(res);
    resetConnection(ctx);
    expect(res.destroyed).toBe(true);
    expect(ctx.respond).toBe(false);
    expect(res.writes).toEqual([]);
  });
});
