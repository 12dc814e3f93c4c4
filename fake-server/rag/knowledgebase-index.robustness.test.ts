/** The knowledgebase index under any query string, and the same answers from two indexes of the same documents. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KnowledgebaseChunk } from '../../contract/resources/knowledgebase.js';
import {
  buildIndex,
  docsOf,
  everything,
  FIXTURES,
  indexOf,
  PROJECTS,
  projectArb,
  TOPICAL,
  vocabulary,
  weirdQueryArb,
} from './knowledgebase-index.test-support.js';

describe('KnowledgebaseIndex robustness and determinism', () => {
  it('any query string is handled without throwing [ERR-NEVER-5XX]', () => {
    fc.assert(
      fc.property(
        projectArb,
        weirdQueryArb,
        fc.integer({ min: 1, max: 100 }),
        fc.nat(50),
        (project, query, limit, offset) => {
          const hits = indexOf(project).search(query, { limit, offset });
          expect(Array.isArray(hits)).toBe(true);
          expect(hits.length).toBeLessThanOrEqual(limit);
          for (const hit of hits) expect(KnowledgebaseChunk.safeParse(hit).success).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('handles named edge cases: 5000 characters, punctuation only, unicode, prototype keys [ERR-NEVER-5XX]', () => {
    const index = indexOf('acme-support');
    const longProse = FIXTURES.map((doc) => doc.text)
      .join(' ')
      .slice(0, 5000);
    const cases = [
      'x'.repeat(5000),
      longProse,
      '!!! ??? ... --- ***',
      '__proto__',
      'constructor prototype hasOwnProperty toString',
      'Zwei-Faktor-Authentifizierung für Rückerstattungen',
      '日本語の請求書',
      '🙂 🧾 💳',
      '\u0000\uffff\ud800',
    ];
    for (const query of cases) expect(() => index.search(query, { limit: 100 })).not.toThrow();
    expect(index.search(longProse, { limit: 100 }).length).toBeGreaterThan(0);
    expect(index.search('!!! ??? ... --- ***', { limit: 10 })).toEqual([]);
    expect(index.search('REFUND', { limit: 1 })).toEqual(index.search('refund', { limit: 1 }));
    expect(index.search('réfund', { limit: 1 })).toEqual(index.search('refund', { limit: 1 }));
  });

  it('two indexes built from the same documents give identical results [FAKE-DETERMINISTIC-SEED]', () => {
    for (const project of PROJECTS) {
      const docs = docsOf(project);
      const first = buildIndex(docs);
      const second = buildIndex(docs);
      const reversed = buildIndex([...docs].reverse());
      for (const word of vocabulary(project).filter((_, i) => i % 17 === 0)) {
        const expected = everything(first, word);
        expect(everything(second, word)).toEqual(expected);
        expect(everything(reversed, word)).toEqual(expected);
      }
      for (const { query } of TOPICAL.filter((q) => q.project === project)) {
        expect(everything(second, query)).toEqual(everything(first, query));
      }
    }
  });
});
