/**
 * Streamed RAG answers in variant mode (FAKE-VARIANT): sse-extras (id lines, pings) and sources-shape in streams,
 * against the default fake's stream for the same request.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { describe, expect, it } from 'vitest';
import { ANTHROPIC, anthropicBody, bothSides, OPENAI, openaiBody } from './variant.test-support.js';

/** The events of an SSE text as a client parser sees them (comments dropped). */
function eventsOf(text: string): EventSourceMessage[] {
  const events: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (e) => events.push(e) });
  parser.feed(text);
  return events;
}

describe('sse-extras [FAKE-VARIANT, RAG-OPENAI-STREAM]', () => {
  it('OpenAI style: an id line on every event and a `: ping` comment between events; the same events otherwise', async () => {
    const { plain, variant } = bothSides('sse-extras');
    const a = await plain.rag(OPENAI, openaiBody({ stream: true }));
    const b = await variant.rag(OPENAI, openaiBody({ stream: true }));
    expect(a.text).not.toMatch(/^id: |^: ping/m);
    const events = eventsOf(b.text);
    const plainEvents = eventsOf(a.text);
    expect(events.map((e) => e.id)).toEqual(plainEvents.map((_, i) => String(i + 1)));
    expect(events.map((e) => e.data)).toEqual(plainEvents.map((e) => e.data));
    expect(b.text.match(/^: ping$/gm)).toHaveLength(plainEvents.length - 1);
    expect(b.text.startsWith('id: 1\ndata: ')).toBe(true);
    expect(b.text.endsWith('data: [DONE]\n\n')).toBe(true);
  });
});

describe('sse-extras [FAKE-VARIANT, RAG-ANTHROPIC-STREAM]', () => {
  it('Anthropic style: an id line on every event and an `event: ping` between events', async () => {
    const { plain, variant } = bothSides('sse-extras');
    const a = eventsOf((await plain.rag(ANTHROPIC, anthropicBody({ stream: true }))).text);
    const b = eventsOf((await variant.rag(ANTHROPIC, anthropicBody({ stream: true }))).text);
    const own = b.filter((e) => e.id !== undefined);
    expect(own.map((e) => [e.event, e.data])).toEqual(a.map((e) => [e.event, e.data]));
    expect(own.map((e) => e.id)).toEqual(a.map((_, i) => String(i + 1)));
    const pings = b.filter((e) => e.id === undefined);
    expect(pings).toHaveLength(a.length - 1);
    for (const p of pings) expect([p.event, JSON.parse(p.data)]).toEqual(['ping', { type: 'ping' }]);
    expect(b.at(-1)?.event).toBe('message_stop');
  });
});

describe('sources-shape in streams [FAKE-VARIANT, RAG-SOURCES-ITEM-SHAPE, RAG-STREAM-SOURCES]', () => {
  it('the event carrying sources (OpenAI first chunk, Anthropic message_start) has the variant items', async () => {
    const { plain, variant } = bothSides('sources-shape');
    const rename = (c: Record<string, unknown>) => ({
      id: c.point_id,
      document_id: c.doc_id,
      text: c.content,
      relevance: c.score,
    });
    const firstOpenAi = async (s: typeof plain) =>
      JSON.parse(eventsOf((await s.rag(OPENAI, openaiBody({ stream: true }))).text)[0]!.data);
    const a = await firstOpenAi(plain);
    const b = await firstOpenAi(variant);
    expect(a.sources.length).toBeGreaterThan(0);
    expect(b.sources).toEqual(a.sources.map(rename));
    const startOf = async (s: typeof plain) =>
      JSON.parse(eventsOf((await s.rag(ANTHROPIC, anthropicBody({ stream: true }))).text)[0]!.data);
    const c = await startOf(plain);
    const d = await startOf(variant);
    expect(d.message.sources).toEqual(c.message.sources.map(rename));
    expect({ ...d.message, sources: [] }).toEqual({ ...c.message, id: d.message.id, sources: [] });
  });
});
