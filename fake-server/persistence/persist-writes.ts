/**
 * Every write on disk before its acknowledgement leaves (FAKE-STATE-ACKNOWLEDGED-DURABLE), in one place: this
 * middleware sits inside the error middleware and around every router.
 * - A public request changes state in ways its operation does not tell (a read still counts against the hourly
 *   cap, sessions age as they are observed): after it, the snapshot is written when the state differs from the
 *   file's. A control request other than GET that succeeds always writes (it may only have moved the clock).
 *   Control GETs never write.
 * - The write happens before the first byte of the answer: after the handlers, before Koa sends the body; and for
 *   an answer a handler writes itself (a RAG stream, whose credits and counts changed before its first event), in
 *   the response's writeHead, so no event of the stream leaves before the state it reflects is on disk.
 * A write that fails answers 500 (or drops a stream's connection): the client never sees the write acknowledged.
 */
import type { ServerResponse } from 'node:http';
import type { Context, Next } from 'koa';
import { underPrefix } from '../http/journal.js';
import type { DurableState } from './durable-state.js';

const READS = new Set(['GET', 'HEAD']);

export function persistWrites(
  durable: DurableState,
  controlPrefix: string,
  onUnexpected: (err: unknown) => void,
): (ctx: Context, next: Next) => Promise<void> {
  return async (ctx, next) => {
    const control = underPrefix(ctx.path, controlPrefix);
    if (control && READS.has(ctx.method)) return next();
    const res = ctx.res;
    const writeHead = res.writeHead;
    const own = Object.hasOwn(res, 'writeHead');
    const unhook = () => {
      if (own) res.writeHead = writeHead;
      else delete (res as Partial<ServerResponse>).writeHead;
    };
    // An answer sent from inside a handler: persist before its status line goes out.
    res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      unhook();
      try {
        durable.saveIfChanged();
      } catch (err) {
        onUnexpected(err);
        res.destroy();
        return res;
      }
      return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
    } as ServerResponse['writeHead'];
    try {
      await next();
    } catch (err) {
      // Errors can follow changes (a request counted against the cap, then refused): they are persisted too.
      durable.saveIfChanged();
      throw err;
    } finally {
      if (res.writeHead !== writeHead) unhook();
    }
    if (control && ctx.status < 300) durable.save();
    else durable.saveIfChanged();
  };
}
