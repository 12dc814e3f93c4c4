/**
 * Control routes of the state snapshot (FAKE-STATE-SNAPSHOT): GET /state answers the whole state as a snapshot
 * document, the very format of the state file (so it can be saved and started from); PUT /state replaces the whole
 * state with one, checked exactly as a state file is (a document that is not a valid snapshot answers 400 and
 * changes nothing). Like a reset, an import clears the fault rules and the journal. With a state file, the imported
 * state is written to it before the answer (as every control write is).
 */
import type Router from '@koa/router';
import type { Context } from 'koa';
import getRawBody from 'raw-body';
import { errors } from '../domain/errors.js';
import { sendSuccess } from '../http/envelope.js';
import { restoreSnapshot } from '../persistence/restore-snapshot.js';
import { decodeSnapshot, encodeSnapshot, SnapshotError } from '../persistence/snapshot-format.js';
import { snapshotPayloadJson } from '../persistence/take-snapshot.js';
import type { Runtime } from '../runtime.js';

/** The largest snapshot PUT accepts (a bulk-seeded state runs to hundreds of MB). */
export const MAX_SNAPSHOT_BYTES = 256 * 1024 * 1024;

/** The request body as text: JSON (or no content type), not encoded, at most MAX_SNAPSHOT_BYTES. */
async function snapshotText(ctx: Context): Promise<string> {
  const type = ctx.get('content-type');
  if (type !== '' && !ctx.is('application/json')) throw errors.unsupportedContentType('application/json');
  const encoding = ctx.get('content-encoding');
  if (encoding !== '' && encoding.toLowerCase() !== 'identity') throw errors.unsupportedEncoding(encoding);
  const declared = Number(ctx.get('content-length'));
  if (Number.isFinite(declared) && declared > MAX_SNAPSHOT_BYTES) throw errors.bodyTooLarge();
  try {
    return await getRawBody(ctx.req, { limit: MAX_SNAPSHOT_BYTES, encoding: 'utf8' });
  } catch (err) {
    if ((err as { type?: unknown }).type === 'entity.too.large') throw errors.bodyTooLarge();
    throw errors.bodyUnreadable();
  }
}

export function registerStateRoutes(router: Router, runtime: Runtime, describe: () => unknown): void {
  router.get('/state', (ctx) => {
    ctx.type = 'application/json';
    ctx.body = encodeSnapshot(snapshotPayloadJson(runtime));
  });
  router.put('/state', async (ctx) => {
    const text = await snapshotText(ctx);
    let payload: ReturnType<typeof decodeSnapshot>;
    try {
      payload = decodeSnapshot(text);
    } catch (err) {
      if (err instanceof SnapshotError) throw errors.invalidSnapshot(err.message);
      throw err;
    }
    const { wallClock, documentsDir } = runtime.options;
    runtime.adopt(restoreSnapshot(payload, { wallClock, documentsDir }));
    sendSuccess(ctx, { message: 'State imported', data: describe() });
  });
}
