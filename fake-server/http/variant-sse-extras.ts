/**
 * Streamed RAG answers in variant mode (FAKE-VARIANT), the one hook into the RAG router: before the stream starts,
 * `no-rate-headers` drops the rate headers (a stream sends its headers first); `sources-shape` renames the
 * `sources` items of the event that carries them; `sse-extras` adds an `id:` line to every event and, before every
 * event but the first, a `: ping` comment (OpenAI style) or an `event: ping` event (Anthropic style). The extras
 * ride on the event they precede, so a scripted or injected cut after N events still counts the answer's own events.
 */
import type { Context } from 'koa';
import type { RagDialect } from '../../contract/requests/rag-models.js';
import type { DomainContext } from '../domain/context.js';
import { variantOn } from '../variant/axes.js';
import { dropRateHeaders } from '../variant/rate-headers.js';
import type { SseEvent } from './sse.js';
import { isObject } from './variant-answer.js';
import { variantSource } from './variant-shapes.js';

export const OPENAI_PING = ': ping\n\n';
export const ANTHROPIC_PING = `event: ping\ndata: ${JSON.stringify({ type: 'ping' })}\n\n`;

/** The data of one event with its `sources` items renamed (OpenAI: the chunk's; Anthropic: message_start's). */
function renameSources(data: string): string {
  if (!data.includes('"sources"')) return data;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return data;
  }
  // Stryker disable next-line ConditionalExpression: equivalent; JSON text holding "sources" parses to an object, an array or a string, and the last two have no sources or message to rename
  if (!isObject(parsed)) return data;
  if (Array.isArray(parsed.sources))
    return JSON.stringify({ ...parsed, sources: parsed.sources.map(variantSource) });
  const message = parsed.message;
  if (isObject(message) && Array.isArray(message.sources))
    return JSON.stringify({
      ...parsed,
      message: { ...message, sources: message.sources.map(variantSource) },
    });
  return data;
}

/** The events to write for this stream; with none of these axes on, `events` itself. */
export function variantStream(
  ctx: Context,
  domain: DomainContext,
  dialect: RagDialect,
  events: SseEvent[],
): SseEvent[] {
  if (variantOn(domain, 'no-rate-headers')) dropRateHeaders(ctx);
  let out = events;
  if (variantOn(domain, 'sources-shape')) out = out.map((e) => ({ ...e, data: renameSources(e.data) }));
  if (variantOn(domain, 'sse-extras')) {
    const ping = dialect === 'openai' ? OPENAI_PING : ANTHROPIC_PING;
    out = out.map((e, i) => ({ ...e, id: String(i + 1), ...(i > 0 ? { before: ping } : {}) }));
  }
  return out;
}
