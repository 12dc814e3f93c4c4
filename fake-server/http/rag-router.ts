/**
 * The RAG family: POST {base_url}/openai/chat/completions and POST {base_url}/anthropic/v1/messages. For each:
 * the project key (Bearer or x-api-key), the plan gate and hourly cap (X-RateLimit-* headers), the body and its
 * native schema, the wire adapter, one answer of the fake model, then a JSON body or an SSE stream. Every error,
 * and any other path or method under /openai/ and /anthropic/, answers in the dialect's native shape.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import Router from '@koa/router';
import type { Context } from 'koa';
import { ragOperations, routePath } from '../../contract/operations.js';
import type { RagDialect } from '../../contract/requests/rag-models.js';
import { DomainError, errors as named } from '../domain/errors.js';
import { admitRag, authenticateRagKey, completeRag, ScriptedError } from '../domain/rag-completion.js';
import { rateHeaders } from '../domain/rate-limit.js';
import type { Conversation, ModelReply } from '../rag/conversation.js';
import { loadTokenizer } from '../rag/tokens.js';
import type { Runtime } from '../runtime.js';
import { anthropicConversation, anthropicEvents, anthropicMessage } from './anthropic-wire.js';
import { readBody } from './body.js';
import { streamFaultOf } from './fault-injection.js';
import { openaiChunks, openaiCompletion, openaiConversation } from './openai-wire.js';
import type { Mounts } from './platform-router.js';
import { parseNative, ragErrors } from './rag-errors.js';
import { anthropicSse, openaiSse, resetConnection, type SseEvent, writeSse } from './sse.js';
import { publicBodyLimit } from './variant-body-limit.js';
import { variantStream } from './variant-sse-extras.js';

type RagOperationId = (typeof ragOperations)[number]['id'];

interface Wire {
  dialect: RagDialect;
  /** The path prefix (under {base_url}) whose unknown paths answer in this dialect. */
  prefix: string;
  // biome-ignore lint/suspicious/noExplicitAny: each wire takes its own operation's parsed request
  conversation(body: any): Conversation;
  body(reply: ModelReply): unknown;
  events(reply: ModelReply, conversation: Conversation): SseEvent[];
  /** What a body that is not JSON answers, in the words of the native API. */
  notJson: string;
}

const wires: Record<RagOperationId, Wire> = {
  openaiChatCompletions: {
    dialect: 'openai',
    prefix: '/openai',
    conversation: openaiConversation,
    body: openaiCompletion,
    events: (reply, conv) => openaiSse(openaiChunks(reply, conv.includeUsage)),
    notJson: 'We could not parse the JSON body of your request: the body is not valid JSON.',
  },
  anthropicMessages: {
    dialect: 'anthropic',
    prefix: '/anthropic',
    conversation: anthropicConversation,
    body: anthropicMessage,
    events: (reply) => anthropicSse(anthropicEvents(reply)),
    notJson: 'There was an issue with your request body: it is not valid JSON.',
  },
};

/** The body as JSON; the shared reader's 413, 415 and 400, with a native message for JSON that does not parse. */
async function readJson(ctx: Context, wire: Wire, maxBytes: number): Promise<unknown> {
  try {
    return await readBody(ctx, 'json', maxBytes);
  } catch (err) {
    if (err instanceof DomainError && err.status === 400) throw named.ragNotJson(wire.notJson);
    throw err;
  }
}

async function answer(runtime: Runtime, op: (typeof ragOperations)[number], wire: Wire, ctx: Context) {
  const domain = runtime.domain;
  ctx.state.operation = op.id;
  const caller = authenticateRagKey(domain, {
    authorization: ctx.get('authorization') || undefined,
    xApiKey: ctx.get('x-api-key') || undefined,
  });
  ctx.set(rateHeaders(admitRag(domain, caller)));
  const request = parseNative(wire.dialect, op.request, await readJson(ctx, wire, publicBodyLimit(domain)));
  const conversation = wire.conversation(request);
  const tokenizer = await loadTokenizer();
  let reply: ModelReply;
  try {
    reply = completeRag(domain, caller, conversation, tokenizer);
  } catch (err) {
    if (err instanceof ScriptedError) {
      ctx.state.scriptedError = true; // its status and headers are the script's (FAKE-VARIANT leaves them)
      if (err.delayMs > 0) await sleep(err.delayMs);
    }
    throw err;
  }
  // Everything that can fail has run: nothing below throws once the first byte is out.
  if (reply.delivery.delayMs > 0) await sleep(reply.delivery.delayMs);
  if (!conversation.stream) {
    if (reply.delivery.cut) resetConnection(ctx);
    else ctx.body = wire.body(reply);
    return;
  }
  const events = wire.events(reply, conversation);
  // Variant mode only (FAKE-VARIANT): rate headers, sources items and SSE extras of a stream.
  const written = domain.variant ? variantStream(ctx, domain, wire.dialect, events) : events;
  await writeSse(ctx, written, reply.delivery.cut ?? streamFaultOf(ctx.state));
}

export function ragRouter(runtime: Runtime, mounts: Mounts, onUnexpected: (err: unknown) => void): Router {
  const router = new Router();
  for (const op of ragOperations) {
    const wire = wires[op.id];
    const errors = ragErrors(wire.dialect, runtime, onUnexpected);
    const path = `${mounts.basePath}${op.path}`;
    router.post(path, errors, (ctx) => answer(runtime, op, wire, ctx));
    // Anything else under the dialect's prefix (RAG-UNKNOWN-ROUTE-NATIVE): 405 on the RAG path, else 404.
    router.all(`${mounts.basePath}${wire.prefix}{/*rest}`, errors, (ctx) => {
      if (routePath(ctx.path) === routePath(path)) {
        throw named.methodNotAllowed(ctx.method);
      }
      throw named.ragUnknownPath(ctx.method, ctx.path);
    });
  }
  return router;
}
