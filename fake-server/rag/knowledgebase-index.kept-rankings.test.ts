/** The knowledgebase index's kept rankings: a repeated search answers what a fresh index answers, and changes drop them. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KnowledgebaseIndex } from './knowledgebase-index.js';
import { buildIndex, docsOf, everything } from './knowledgebase-index.test-support.js';

describe('KnowledgebaseIndex kept rankings', () => {
  const queries = ['refund policy', 'two-factor authentication', 'invoice sent twice', 'export my data'];

  it('a repeated search answers what a fresh index answers, at any offset and limit [FAKE-DETERMINISTIC-SEED]', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            query: fc.constantFrom(...queries),
            offset: fc.integer({ min: 0, max: 250 }),
            limit: fc.integer({ min: 1, max: 100 }),
          }),
          { minLength: 1, maxLength: 12 },
        ),
        (calls) => {
          const kept = buildIndex(docsOf('acme-support'));
          for (const c of calls) {
            const fresh = buildIndex(docsOf('acme-support')).search(c.query, c);
            expect(kept.search(c.query, c)).toEqual(fresh);
          }
        },
      ),
      { numRuns: 15 },
    );
  });

  it('past the kept part of a long ranking, answers are still those of a fresh index', () => {
    const paragraph = (d: number, p: number) =>
      `Alpha topic ${d} part ${p}. ${'Alpha beta gamma delta words fill this paragraph out. '.repeat(11)}`;
    const docs = Array.from({ length: 20 }, (_, d) => ({
      docId: `doc-${d}`,
      title: `Doc ${d}`,
      url: '',
      kind: 'file' as const,
      text: Array.from({ length: 20 }, (_, p) => paragraph(d, p)).join('\n\n'),
    }));
    const build = () => {
      const index = new KnowledgebaseIndex();
      for (const doc of docs) index.addDocument(doc);
      return index;
    };
    const kept = build();
    expect(kept.chunkCount()).toBeGreaterThan(300);
    for (const c of [
      { offset: 0, limit: 10 },
      { offset: 150, limit: 100 },
      { offset: 250, limit: 50 },
      { offset: 190, limit: 10 },
      { offset: 0, limit: 100 },
    ]) {
      // The whole ranking (limit past every hit) is ranked in full: any page is a slice of it, ties included.
      const full = everything(build(), 'alpha topic 7');
      expect(kept.search('alpha topic 7', c)).toEqual(full.slice(c.offset, c.offset + c.limit));
      expect(build().search('alpha gamma', c)).toEqual(
        everything(kept, 'alpha gamma').slice(c.offset, c.offset + c.limit),
      );
    }
  });

  it('a caller changing its hits does not change the next answer', () => {
    const index = buildIndex(docsOf('acme-support'));
    const first = index.search('refund policy', { limit: 3 });
    const before = structuredClone(first);
    first[0]!.content = 'changed';
    first.pop();
    expect(index.search('refund policy', { limit: 3 })).toEqual(before);
  });

  it('[USAGE-LIMIT-USAGE-COUNTS] adding or removing a document drops the kept rankings', () => {
    const index = buildIndex(docsOf('acme-support'));
    const before = everything(index, 'zebra refund');
    index.addDocument({
      docId: 'doc-zebra',
      title: 'Zebras',
      url: '',
      kind: 'file',
      text: 'Zebra refund rules.',
    });
    expect(everything(index, 'zebra refund').map((h) => h.doc_id)).toContain('doc-zebra');
    index.removeDocument('doc-zebra');
    expect(everything(index, 'zebra refund')).toEqual(before);
  });
});
