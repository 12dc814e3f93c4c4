/**
 * Fault injection on the public API (FAKE-FAULT-INJECTION): before a request reaches its router, the first fault rule
 * of its operation that is due delays it, answers an error status in the operation's own error shape (the
 * envelope, or the RAG dialect's native error), drops the connection, or marks a streamed RAG answer to be cut or
 * broken after N events (sse.ts). Control API requests and paths outside the operation table are never touched.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Middleware } from 'koa';
import { operationByPath, routePath } from '../../contract/operations.js';
import { faultFor } from '../domain/faults.js';
import type { Runtime } from '../runtime.js';
import { sendError } from './envelope.js';
import { sendRagError } from './rag-errors.js';
import { resetConnection, type SseCut } from './sse.js';

export const INJECTED_MESSAGE = 'Injected fault';

/** The operation a path names under {base_url} or {org_base_url} (lower case, no trailing slash), if any. */
function operationOf(path: string, mounts: { basePath: string; orgBasePath: string }): string | undefined {
  const bare = routePath(path);
  for (const base of [mounts.orgBasePath, mounts.basePath]) {
    const root = base.toLowerCase();
    if (!bare.startsWith(`${root}/`)) continue;
    return operationByPath(bare.slice(root.length))?.id;
  }
  return undefined;
}

/** Where rag-router.ts finds a stream fault for this request. */
export const streamFaultOf = (state: Record<string, unknown>): SseCut | null =>
  (state.streamFault as SseCut | undefined) ?? null;

export function faultInjection(
  runtime: Runtime,
  mounts: { basePath: string; orgBasePath: string },
): Middleware {
  return async (ctx, next) => {
    const faults = runtime.domain.state.faults;
    if (faults.rules.length === 0) return next();
    const operation = operationOf(ctx.path, mounts);
    const rule = operation ? faultFor(faults, operation) : undefined;
    if (!rule || !operation) return next();
    if (rule.latency_ms) await sleep(rule.latency_ms);
    if (rule.reset) return resetConnection(ctx);
    if (rule.error) {
      const { status, retry_after } = rule.error;
      if (retry_after !== undefined) ctx.set('retry-after', String(retry_after));
      const message = `${INJECTED_MESSAGE}: ${status}`;
      if (operation === 'openaiChatCompletions') return sendRagError(ctx, 'openai', status, message);
      if (operation === 'anthropicMessages')
        // Stryker disable next-line StringLiteral: equivalent; sendRagError answers every dialect but 'openai' in the Anthropic shape
        return sendRagError(ctx, 'anthropic', status, message);
      return sendError(ctx, status, message);
    }
    if (rule.stream) {
      const cut: SseCut = {
        afterEvents: rule.stream.after_events,
        mode:
          rule.stream.mode === 'truncate'
            ? // Stryker disable next-line StringLiteral: equivalent; writeSse tells only 'reset' and 'malformed' apart, any other mode just ends
              'end'
            : 'malformed',
      };
      ctx.state.streamFault = cut;
    }
    return next();
  };
}
