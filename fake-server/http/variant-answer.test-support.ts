/**
 * Test support (imported by tests only) for the variant's answer rewriters (FAKE-VARIANT): a finished answer on a
 * real Koa context (no server, no socket traffic), as variantAnswers hands it to each rewrite.
 */
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import Koa, { type Context } from 'koa';
import type { RagDialect } from '../../contract/requests/rag-models.js';
import type { VariantAxis } from '../../contract/variant-axes.js';
import type { Answer } from './variant-answer.js';

/** A Koa context of a POST to `path`, with no answer yet. */
export function koaContext(path = '/api/v1/getMyProjects'): Context {
  const req = new IncomingMessage(new Socket());
  req.method = 'POST';
  req.url = path;
  return new Koa().createContext(req, new ServerResponse(req));
}

export interface AnswerOptions {
  dialect?: RagDialect | null;
  operation?: string | null;
  keepStatus?: boolean;
  headers?: Record<string, string>;
  axes?: readonly VariantAxis[];
}

/** An answer of `status` with `body` (none when undefined) and `headers`, as the rewrites see it. */
export function answerOf(status: number, body: unknown, options: AnswerOptions = {}): Answer {
  const ctx = koaContext();
  if (body !== undefined) ctx.body = body;
  ctx.status = status;
  for (const [k, v] of Object.entries(options.headers ?? {})) ctx.set(k, v);
  return {
    ctx,
    axes: new Set(options.axes ?? []),
    dialect: options.dialect ?? null,
    operation: options.operation ?? null,
    keepStatus: options.keepStatus ?? false,
  };
}
