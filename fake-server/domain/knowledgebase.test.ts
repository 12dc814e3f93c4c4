/** A project's knowledgebase as the control API changes it: documents added and removed, searched per document. */
import { describe, expect, it } from 'vitest';
import { Runtime } from '../runtime.js';
import { addDocument, knowledgebaseCounts, removeDocument, searchKnowledgebase } from './knowledgebase.js';

function world() {
  const runtime = new Runtime();
  return { ctx: runtime.domain, project: Object.values(runtime.seeded!.projects)[0]! };
}

const zebra = {
  docId: 'doc-zebra',
  title: 'Zebra care',
  url: 'https://example.test/zebra',
  kind: 'webpage' as const,
  text: 'Zebras need striped blankets in winter. Feed the zebra hay twice a day.',
};

describe('knowledgebase documents [KB-RANKING-RELEVANT, KB-FIXTURES]', () => {
  it('an added document is found and counted; once removed it is neither, and removing it again finds nothing', () => {
    const { ctx, project } = world();
    const before = knowledgebaseCounts(ctx, project);
    addDocument(ctx, project, zebra);
    expect(knowledgebaseCounts(ctx, project)).toEqual({ ...before, webpages: before.webpages + 1 });
    const search = () => searchKnowledgebase(ctx, project, { query: 'zebra blankets', limit: 5 });
    expect(search()[0]?.doc_id).toBe('doc-zebra');
    expect(removeDocument(ctx, project, 'doc-zebra')).toBe(true);
    expect(removeDocument(ctx, project, 'doc-zebra')).toBe(false);
    expect(knowledgebaseCounts(ctx, project)).toEqual(before);
    expect(search().map((h) => h.doc_id)).not.toContain('doc-zebra');
  });

  it('a search for one document returns its chunks only; without one, any document’s', () => {
    const { ctx, project } = world();
    addDocument(ctx, project, zebra);
    const all = searchKnowledgebase(ctx, project, { query: 'zebra refund', limit: 20 });
    expect(new Set(all.map((h) => h.doc_id)).size).toBeGreaterThan(1);
    const one = searchKnowledgebase(ctx, project, { query: 'zebra refund', limit: 20, docId: 'doc-zebra' });
    expect(one.length).toBeGreaterThan(0);
    expect(one.every((h) => h.doc_id === 'doc-zebra')).toBe(true);
  });
});
