/** Body reading for one operation: content type first (415), then size (413) and syntax (400). */
import bodyParser from 'koa-bodyparser';
import type { Context, Next } from 'koa';
import { type BodyEncoding, httpInput } from '../../contract/index.js';
import { DomainError } from '../domain/errors.js';

const mediaTypes: Record<BodyEncoding, string> = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
};

const parsers: Record<BodyEncoding, ReturnType<typeof bodyParser>> = {
  json: bodyParser({ enableTypes: ['json'], jsonLimit: `${httpInput.maxBodyBytes}b`, strict: true }),
  form: bodyParser({ enableTypes: ['form'], formLimit: `${httpInput.maxBodyBytes}b` }),
};

function hasBody(ctx: Context): boolean {
  const length = ctx.get('content-length');
  if (ctx.get('transfer-encoding')) return true;
  return length !== '' && length !== '0';
}

/** Parse the body as the operation's encoding; an empty body with no content type counts as `{}`. */
export async function readBody(ctx: Context, encoding: BodyEncoding): Promise<unknown> {
  const declared = ctx.get('content-type');
  if (!hasBody(ctx) && declared === '') return {};
  if (!ctx.is(mediaTypes[encoding])) {
    throw new DomainError(415, `Unsupported content type: expected ${mediaTypes[encoding]}`);
  }
  const length = Number(ctx.get('content-length'));
  if (Number.isFinite(length) && length > httpInput.maxBodyBytes) throw new DomainError(413, 'Request body too large');
  await parsers[encoding](ctx, (async () => {}) as Next);
  const body = (ctx.request as { body?: unknown }).body;
  return body === undefined ? {} : body;
}
