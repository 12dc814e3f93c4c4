/** Searching the knowledgebase index: ranking by relevance, paging with offset and limit, restriction to one document. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KnowledgebaseChunk } from '../../contract/resources/knowledgebase.js';
import type { KnowledgebaseChunkHit } from './knowledgebase-index.js';
import {
  docsOf,
  everything,
  FIXTURES,
  indexOf,
  PROJECTS,
  projectQueryArb,
  TOPICAL,
} from './knowledgebase-index.test-support.js';

describe('KnowledgebaseIndex ranking [KB-RANKING-RELEVANT]', () => {
  for (const { project, query, expected } of TOPICAL) {
    it(`${project}: "${query}" ranks ${expected} first`, () => {
      const [top] = indexOf(project).search(query, { limit: 5 });
      expect(top?.doc_id).toBe(`doc-${project}-${expected}`);
    });
  }

  it('[SEARCH-ORDER-BY-SCORE] scores never increase down the list; ties are ordered by point_id', () => {
    fc.assert(
      fc.property(projectQueryArb, ({ project, query }) => {
        const hits = everything(indexOf(project), query);
        expect(hits.length).toBeGreaterThan(0);
        for (let i = 1; i < hits.length; i += 1) {
          const [prev, next] = [hits[i - 1]!, hits[i]!];
          expect(prev.score).toBeGreaterThanOrEqual(next.score);
          if (prev.score === next.score) expect(prev.point_id < next.point_id).toBe(true);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('[RES-KB-CHUNK-SHAPE] every hit has the chunk shape, a point_id of its doc and the document title and url', () => {
    const byId = new Map(FIXTURES.map((doc) => [doc.docId, doc]));
    for (const project of PROJECTS) {
      for (const hit of everything(indexOf(project), 'policy account payment')) {
        expect(KnowledgebaseChunk.safeParse(hit).success).toBe(true);
        expect(hit.point_id.startsWith(`${hit.doc_id}#`)).toBe(true);
        expect(Number.isFinite(hit.score) && hit.score > 0).toBe(true);
        expect(Math.round(hit.score * 10_000) / 10_000).toBe(hit.score);
        expect(hit.content.length).toBeGreaterThan(0);
        const doc = byId.get(hit.doc_id)!;
        expect(doc.projectSlug).toBe(project);
        expect(hit).toMatchObject({ title: doc.title, url: doc.url });
      }
    }
  });

  it('returns [] for a query without matching terms or made of stop words only', () => {
    const index = indexOf('acme-support');
    expect(index.search('zyxwvut qqqqqq', { limit: 10 })).toEqual([]);
    expect(index.search('the and of to', { limit: 10 })).toEqual([]);
    expect(index.search('', { limit: 10 })).toEqual([]);
    expect(index.search('refund', { limit: 0 })).toEqual([]);
  });
});

describe('KnowledgebaseIndex paging', () => {
  it('[SEARCH-OFFSET-DEFAULT-0] an omitted offset is offset 0', () => {
    for (const { project, query } of TOPICAL) {
      const index = indexOf(project);
      expect(index.search(query, { limit: 7 })).toEqual(index.search(query, { limit: 7, offset: 0 }));
    }
  });

  it('[SEARCH-OFFSET-SKIPS] pages of any size concatenate to the full list, without duplicates or gaps', () => {
    fc.assert(
      fc.property(projectQueryArb, fc.integer({ min: 1, max: 12 }), ({ project, query }, pageSize) => {
        const index = indexOf(project);
        const all = everything(index, query);
        const paged: KnowledgebaseChunkHit[] = [];
        for (let offset = 0; offset <= all.length; offset += pageSize) {
          const page = index.search(query, { limit: pageSize, offset });
          expect(page.length).toBe(Math.min(pageSize, Math.max(0, all.length - offset)));
          paged.push(...page);
        }
        expect(paged).toEqual(all);
        expect(new Set(paged.map((hit) => hit.point_id)).size).toBe(paged.length);
        expect(index.search(query, { limit: pageSize, offset: all.length })).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });
});

describe('KnowledgebaseIndex document restriction', () => {
  it('[SEARCH-NODE-ID-IS-DOC-ID] a docId restricts hits to that document, with unchanged scores and order', () => {
    for (const project of PROJECTS) {
      const index = indexOf(project);
      const query = 'policy account payment days';
      const all = everything(index, query);
      for (const doc of docsOf(project)) {
        const restricted = everything(index, query, doc.docId);
        expect(restricted).toEqual(all.filter((hit) => hit.doc_id === doc.docId));
        expect(restricted.every((hit) => hit.doc_id === doc.docId)).toBe(true);
      }
    }
  });

  it('[SEARCH-NODE-ID-IS-DOC-ID] restricting to another document drops the best match; an unknown docId gives []', () => {
    const index = indexOf('globex-travel');
    const query = 'skis golf clubs surfboard';
    expect(index.search(query, { limit: 10, docId: 'doc-globex-travel-baggage-allowance' })[0]?.doc_id).toBe(
      'doc-globex-travel-baggage-allowance',
    );
    const elsewhere = index.search(query, { limit: 10, docId: 'doc-globex-travel-visas-and-entry' });
    expect(elsewhere.every((hit) => hit.doc_id === 'doc-globex-travel-visas-and-entry')).toBe(true);
    expect(index.search(query, { limit: 10, docId: 'doc-nope' })).toEqual([]);
    expect(index.search(query, { limit: 10, docId: '__proto__' })).toEqual([]);
  });
});
