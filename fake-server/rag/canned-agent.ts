/**
 * The canned agent: a deterministic reply composed from the top knowledgebase chunks for a query,
 * shaped by the project's AI settings. The same inputs always give the same reply.
 */
import type { KnowledgebaseChunkHit } from './knowledgebase-index.js';

export interface AgentSettings {
  prompt: string;
  restriction: string;
  model: string;
  temperature: number;
  mode: 'agent' | 'chat';
  max_nodes: number;
  add_page_link: number;
}

export interface AgentReply {
  text: string;
  used: KnowledgebaseChunkHit[];
}

const openers = [
  'Here is what I found:',
  'According to our documentation:',
  'Good question.',
  'From the knowledgebase:',
];

/** First sentences of a chunk, up to roughly `max` characters, never cut mid-word. */
function summary(content: string, max = 280): string {
  const body = content.replace(/\s+/g, ' ').trim();
  const sentences = body.match(/[^.!?]+[.!?]+/g) ?? [body];
  let out = '';
  for (const s of sentences) {
    if (out.length > 0 && out.length + s.length > max) break;
    out += s;
  }
  return out.trim() || body.slice(0, max);
}

/** Deterministic phrasing variant from the temperature and the query. */
function variant(query: string, temperature: number): number {
  let h = Math.round(temperature * 10);
  for (const ch of query) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return temperature === 0 ? 0 : h % openers.length;
}

export function composeReply(
  query: string,
  hits: readonly KnowledgebaseChunkHit[],
  s: AgentSettings,
): AgentReply {
  const used = hits.slice(0, s.max_nodes);
  if (used.length === 0) {
    return { text: "I'm sorry, I could not find anything about that in the knowledgebase.", used };
  }
  const opener = openers[variant(query, s.temperature)]!;
  const parts = s.mode === 'agent' ? used.slice(0, 2) : used.slice(0, 1);
  let text = `${opener} ${parts.map((h) => summary(h.content)).join(' ')}`;
  if (s.add_page_link === 1) {
    const links = [...new Set(used.map((h) => h.url))];
    text += `\n\nSources: ${links.join(', ')}`;
  }
  return { text, used };
}
