import { describe, expect, it } from 'vitest';
import {
  type AgentSettings,
  composeReply,
  forbiddenTopics,
  NOTHING_FOUND,
  personaOf,
  REFUSAL,
} from './canned-agent.js';
import type { KnowledgebaseChunkHit } from './knowledgebase-index.js';

const hit = (n: number): KnowledgebaseChunkHit => ({
  point_id: `doc-${n}#0`,
  doc_id: `doc-${n}`,
  score: 10 - n,
  content: `Chunk ${n} says something useful. And more.`,
  title: `Doc ${n}`,
  url: `https://example.com/${n}`,
});

const base: AgentSettings = {
  prompt: 'You are a helpful assistant.',
  restriction: '',
  model: 'gpt-4o-mini',
  temperature: 0,
  mode: 'chat',
  max_nodes: 5,
  add_page_link: 1,
};

describe('canned agent', () => {
  it('a named persona in the prompt signs every reply [AGENT-PROMPT-PERSONA, SET-PROMPT-STRING]', () => {
    expect(personaOf('You are Ava, the Acme assistant.')).toBe('Ava');
    expect(personaOf('You are a helpful assistant.')).toBeUndefined();
    const reply = composeReply('refunds', [hit(1)], { ...base, prompt: 'You are Ava, the Acme assistant.' });
    expect(reply.text.startsWith('Ava here. ')).toBe(true);
    expect(composeReply('refunds', [hit(1)], base).text.startsWith('Ava')).toBe(false);
  });

  it('a restriction refuses the topics it forbids, and only those [AGENT-RESTRICTION-REFUSAL, SET-RESTRICTION-STRING]', () => {
    const restriction = 'Do not discuss pricing or competitors. Never mention lawsuits.';
    expect(forbiddenTopics(restriction)).toEqual(['pricing', 'competitors', 'lawsuits']);
    const s = { ...base, restriction };
    expect(composeReply('What is your pricing?', [hit(1)], s)).toEqual({ text: REFUSAL, used: [] });
    expect(composeReply('How do refunds work?', [hit(1)], s).text).not.toBe(REFUSAL);
  });

  it('no hits: says nothing was found; max_nodes bounds the chunks used [SET-MAX-NODES-MEANING]', () => {
    expect(composeReply('x', [], base).text).toBe(NOTHING_FOUND);
    expect(composeReply('x', [hit(1), hit(2), hit(3)], { ...base, max_nodes: 2 }).used).toHaveLength(2);
  });

  it('the same inputs give the same reply; temperature 0 always uses the first phrasing [FAKE-DETERMINISTIC-SEED]', () => {
    const hits = [hit(1), hit(2)];
    expect(composeReply('refunds please', hits, { ...base, temperature: 1.3 })).toEqual(
      composeReply('refunds please', hits, { ...base, temperature: 1.3 }),
    );
    expect(composeReply('anything', hits, base).text.startsWith('Here is what I found:')).toBe(true);
  });
});
