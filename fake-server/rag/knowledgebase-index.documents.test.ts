/** The knowledgebase index's documents: counts by kind, and adding, removing and replacing documents. */
import { describe, expect, it } from 'vitest';
import { KnowledgebaseIndex, queryTerms } from './knowledgebase-index.js';
import {
  buildIndex,
  docsOf,
  everything,
  FIXTURES,
  indexOf,
  PROJECTS,
} from './knowledgebase-index.test-support.js';

describe('KnowledgebaseIndex documents and counts', () => {
  it('[USAGE-LIMIT-USAGE-COUNTS] counts files as document and webpages as webpages', () => {
    for (const project of PROJECTS) {
      const docs = docsOf(project);
      expect(indexOf(project).counts()).toEqual({
        document: docs.filter((doc) => doc.kind === 'file').length,
        webpages: docs.filter((doc) => doc.kind === 'webpage').length,
      });
    }
    const mixed = new KnowledgebaseIndex();
    expect(mixed.counts()).toEqual({ document: 0, webpages: 0 });
    const [file, page] = [
      FIXTURES.find((d) => d.kind === 'file')!,
      FIXTURES.find((d) => d.kind === 'webpage')!,
    ];
    mixed.addDocument(file);
    mixed.addDocument(page);
    mixed.addDocument({ ...page, docId: `${page.docId}-copy` });
    expect(mixed.counts()).toEqual({ document: 1, webpages: 2 });
  });

  it('[USAGE-LIMIT-USAGE-COUNTS] remove and add change results and counts; re-adding restores them', () => {
    const docs = docsOf('acme-support');
    const index = buildIndex(docs);
    const query = 'two-factor authentication recovery codes';
    const before = everything(index, query);
    const security = docs.find((doc) => doc.docId === 'doc-acme-support-account-security')!;
    const initial = index.counts();

    expect(index.removeDocument(security.docId)).toBe(true);
    expect(index.removeDocument(security.docId)).toBe(false);
    expect(index.counts()).toEqual({ ...initial, document: initial.document - 1 });
    expect(index.documents().map((doc) => doc.docId)).not.toContain(security.docId);
    const without = everything(index, query);
    expect(without.some((hit) => hit.doc_id === security.docId)).toBe(false);
    expect(without.length).toBeLessThan(before.length);
    expect(index.search(query, { limit: 10, docId: security.docId })).toEqual([]);

    index.addDocument(security);
    expect(index.counts()).toEqual(initial);
    expect(everything(index, query)).toEqual(before);

    const page = {
      docId: 'doc-acme-support-holiday-hours',
      title: 'Support opening hours',
      url: 'https://help.acme-ledger.example/holiday-hours',
      kind: 'webpage' as const,
      text: 'Over the midwinter break our support desk answers tickets from 10:00 to 14:00 only.',
    };
    index.addDocument(page);
    expect(index.counts()).toEqual({ ...initial, webpages: initial.webpages + 1 });
    expect(index.search('midwinter break', { limit: 5 })[0]?.point_id).toBe(
      'doc-acme-support-holiday-hours#0',
    );
  });

  it('[USAGE-LIMIT-USAGE-COUNTS] adding a document with a known docId replaces it in place', () => {
    const docs = docsOf('initech-hr');
    const index = buildIndex(docs);
    const order = index.documents().map((doc) => doc.docId);
    expect(order).toEqual(docs.map((doc) => doc.docId));
    const target = docs[1]!;
    index.addDocument({
      ...target,
      kind: 'webpage',
      text: 'Sabbaticals of up to three months follow ten years.',
    });
    expect(index.documents().map((doc) => doc.docId)).toEqual(order);
    expect(index.documents()[1]?.text).toContain('Sabbaticals');
    const fileDelta = target.kind === 'file' ? 1 : 0;
    expect(index.counts()).toEqual({
      document: docs.filter((doc) => doc.kind === 'file').length - fileDelta,
      webpages: docs.filter((doc) => doc.kind === 'webpage').length + fileDelta,
    });
    expect(index.search('sabbaticals', { limit: 5 }).map((hit) => hit.point_id)).toEqual([
      `${target.docId}#0`,
    ]);
    // The old text of that document is gone.
    const oldWord = queryTerms(target.text).find((term) => term.length > 8 && !/\d/.test(term))!;
    expect(index.search(oldWord, { limit: 100, docId: target.docId })).toEqual([]);
  });
});
