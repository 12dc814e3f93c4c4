/**
 * variantStream on its own (FAKE-VARIANT): each axis changes the stream only when it is on: `no-rate-headers` drops
 * the rate headers, `sources-shape` renames the sources of the event that carries them (OpenAI chunk, Anthropic
 * message_start) and leaves every other event's data as it was, `sse-extras` numbers the events and pings before all
 * but the first.
 */
import type { Context } from 'koa';
import { describe, expect, it, vi } from 'vitest';
import type { VariantAxis } from '../../contract/variant-axes.js';
import type { DomainContext } from '../domain/context.js';
import type { SseEvent } from './sse.js';
import { OPENAI_PING, variantStream } from './variant-sse-extras.js';

const chunk = { point_id: 'p1', doc_id: 'd1', score: 0.5, content: 'Refunds take 5 days.' };
const renamed = { id: 'p1', document_id: 'd1', text: 'Refunds take 5 days.', relevance: 0.5 };

function stream(axes: VariantAxis[], events: SseEvent[], dialect: 'openai' | 'anthropic' = 'openai') {
  const ctx = { remove: vi.fn() } as unknown as Context;
  const domain = { variant: new Set(axes) } as unknown as DomainContext;
  return {
    out: variantStream(ctx, domain, dialect, events),
    removed: (ctx.remove as ReturnType<typeof vi.fn>).mock.calls,
  };
}

const events: SseEvent[] = [
  { data: JSON.stringify({ id: 'c1', sources: [chunk] }) },
  {
    event: 'message_start',
    data: JSON.stringify({ type: 'message_start', message: { id: 'm1', sources: [chunk] } }),
  },
  // Names "sources" without carrying any: left exactly as written.
  { data: '{"kind": "sources", "message": {"id": "m2"}}' },
  { data: '["sources"]' },
  { data: '{"sources": "none"}' },
  { data: '{"sources": [' },
  { data: '[DONE]' },
];

describe('variantStream [FAKE-VARIANT, RAG-STREAM-SOURCES]', () => {
  it('sources-shape: renames the sources items where they are, and nothing else', () => {
    const { out, removed } = stream(['sources-shape'], events);
    expect(JSON.parse(out[0]!.data)).toEqual({ id: 'c1', sources: [renamed] });
    expect(JSON.parse(out[1]!.data)).toEqual({
      type: 'message_start',
      message: { id: 'm1', sources: [renamed] },
    });
    expect(out.slice(2)).toEqual(events.slice(2));
    expect(out.every((e) => e.id === undefined && e.before === undefined)).toBe(true);
    expect(removed).toEqual([]);
  });

  it('no-rate-headers: drops the rate headers before the stream starts; the events are as they were', () => {
    const { out, removed } = stream(['no-rate-headers'], events);
    expect(removed.flat()).toContain('X-RateLimit-Remaining');
    expect(out).toEqual(events);
  });

  it('sse-extras: ids from 1 and a ping before every event but the first', () => {
    const { out } = stream(['sse-extras'], events.slice(0, 3));
    expect(out.map((e) => [e.id, e.before])).toEqual([
      ['1', undefined],
      ['2', OPENAI_PING],
      ['3', OPENAI_PING],
    ]);
    expect(out.map((e) => e.data)).toEqual(events.slice(0, 3).map((e) => e.data));
  });
});
