/**
 * The canned agent: a deterministic reply composed from the top knowledgebase chunks for a query,
 * shaped by the project's AI settings. The same inputs always give the same reply.
 */
import type { KnowledgebaseChunkHit } from './knowledgebase-index.js';
import { memoByText } from './memo.js';

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

/** Summaries of recent chunk texts, per `max` (chunks repeat across requests). */
const summaries = new Map<number, (content: string) => string>();

/** First sentences of a chunk, up to roughly `max` characters, never cut mid-word. */
export function summary(content: string, max = 280): string {
  let of = summaries.get(max);
  if (!of) {
    of = memoByText(1024, (text) => summarize(text, max));
    summaries.set(max, of);
  }
  return of(content);
}

function summarize(content: string, max: number): string {
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

/** "You are Ava, …" in the system prompt names the agent; its replies then open with "Ava here." (AGENT-PROMPT-PERSONA). */
export function personaOf(prompt: string): string | undefined {
  return /\b[Yy]ou are ([A-Z][\w-]{1,30})\b/.exec(prompt)?.[1];
}

/**
 * Topics the restriction forbids: the words after "do not discuss", "never discuss", "do not talk about",
 * "do not answer questions about" or "never mention", up to the end of the sentence (AGENT-RESTRICTION-REFUSAL).
 */
export function forbiddenTopics(restriction: string): string[] {
  const topics: string[] = [];
  const pattern =
    /\b(?:do not|don't|never)\s+(?:discuss|talk about|mention|answer questions about)\s+([^.;\n]+)/gi;
  for (const match of restriction.matchAll(pattern)) {
    for (const part of match[1]!.split(/,|\bor\b|\band\b/)) {
      const topic = part.trim().toLowerCase();
      if (topic.length >= 3) topics.push(topic);
    }
  }
  return topics;
}

export const REFUSAL = "I'm sorry, I can't help with that topic.";
export const NOTHING_FOUND = "I'm sorry, I could not find anything about that in the knowledgebase.";

/**
 * The reply to `query` from `hits`: the top max_nodes of them are used (retrieved for the answer); the text
 * summarises and, with add_page_link 1, links the first `cited` of those (all of them unless given).
 */
export function composeReply(
  query: string,
  hits: readonly KnowledgebaseChunkHit[],
  s: AgentSettings,
  cited = Number.POSITIVE_INFINITY,
): AgentReply {
  const persona = personaOf(s.prompt);
  const sign = (text: string) => (persona ? `${persona} here. ${text}` : text);
  const asked = query.toLowerCase();
  if (forbiddenTopics(s.restriction).some((topic) => asked.includes(topic)))
    return { text: sign(REFUSAL), used: [] };
  const used = hits.slice(0, s.max_nodes);
  if (used.length === 0) return { text: sign(NOTHING_FOUND), used };
  const opener = openers[variant(query, s.temperature)]!;
  const shown = used.slice(0, cited);
  const parts = s.mode === 'agent' ? shown.slice(0, 2) : shown.slice(0, 1);
  let text = `${opener} ${parts.map((h) => summary(h.content)).join(' ')}`;
  if (s.add_page_link === 1) {
    const links = [...new Set(shown.map((h) => h.url))];
    text += `\n\nSources: ${links.join(', ')}`;
  }
  return { text: sign(text), used };
}
