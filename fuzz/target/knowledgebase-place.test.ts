import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareKnowledgebasePlaces,
  knowledgebaseFirst,
  laterKnowledgebaseArb,
} from './knowledgebase-place.js';
import type { RagRequest } from './rag-bodies.js';

const first = (r: RagRequest) => r.tools[0]?.kind === 'knowledgebase';

describe('the knowledgebase tool wherever it stands [FUZZ-AGAINST-TARGET]', () => {
  it('draws the knowledgebase tool after at least one user tool, and moves it first for the comparison', () => {
    for (const r of fc.sample(laterKnowledgebaseArb, { seed: 3, numRuns: 50 })) {
      expect(first(r)).toBe(false);
      expect(r.tools.filter((t) => t.kind === 'knowledgebase')).toHaveLength(1);
      expect(first(knowledgebaseFirst(r))).toBe(true);
      expect(knowledgebaseFirst(r).tools).toHaveLength(r.tools.length);
    }
  });

  it('names every pair a server answers with sources only when the tool comes first; none where it holds anywhere', async () => {
    const onlyFirst = await compareKnowledgebasePlaces('openai', 1, 6, async (_, r) => (first(r) ? 3 : 0));
    expect(onlyFirst.checked).toBe(6);
    expect(onlyFirst.lost).toHaveLength(6);
    expect(onlyFirst.lost[0]).toMatch(
      /^the knowledgebase tool \d of \d .*no sources, though 3 with it first$/,
    );
    const anywhere = await compareKnowledgebasePlaces('anthropic', 1, 6, async () => 2);
    expect(anywhere).toEqual({ pairs: 6, checked: 6, lost: [] });
    const noKnowledge = await compareKnowledgebasePlaces('anthropic', 1, 6, async () => 0);
    expect(noKnowledge.checked).toBe(0);
  });

  it('asks a mismatch once more before it counts (a model may decide differently once)', async () => {
    let later = 0;
    const once = await compareKnowledgebasePlaces('openai', 1, 3, async (_, r) =>
      first(r) ? 2 : later++ % 2 === 0 ? 0 : 2,
    );
    expect(once.lost).toEqual([]);
  });
});
