import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KnowledgebaseChunk } from '../../contract/resources/knowledgebase.js';
import { type FixtureDocument, loadFixtureDocuments } from '../../fixtures/knowledgebase.js';
import { chunkDocument, DEFAULT_MAX_CHUNK_CHARS } from './chunking.js';
import { type KnowledgebaseChunkHit, KnowledgebaseIndex, queryTerms } from './knowledgebase-index.js';

const FIXTURES = loadFixtureDocuments();
const PROJECTS = ['acme-support', 'globex-travel', 'initech-hr'] as const;
type ProjectSlug = (typeof PROJECTS)[number];

const docsOf = (project: string): FixtureDocument[] => FIXTURES.filter((doc) => doc.projectSlug === project);

function buildIndex(docs: readonly FixtureDocument[]): KnowledgebaseIndex {
  const index = new KnowledgebaseIndex();
  for (const doc of docs) index.addDocument(doc);
  return index;
}

const everything = (index: KnowledgebaseIndex, query: string, docId?: string): KnowledgebaseChunkHit[] =>
  index.search(query, { limit: 10_000, ...(docId === undefined ? {} : { docId }) });

/** Queries on a distinctive topic of each project, and the document that must rank first. */
const TOPICAL: ReadonlyArray<{ project: ProjectSlug; query: string; expected: string }> = [
  {
    project: 'acme-support',
    query: 'two-factor authentication recovery codes',
    expected: 'account-security',
  },
  { project: 'acme-support', query: 'chargeback money-back guarantee', expected: 'refund-policy' },
  { project: 'acme-support', query: 'QuickBooks Xero sync', expected: 'integrations' },
  { project: 'acme-support', query: 'invoice PDF blank logo', expected: 'troubleshooting' },
  { project: 'acme-support', query: 'proration when I downgrade', expected: 'billing-and-plans' },
  { project: 'globex-travel', query: 'skis golf clubs surfboard', expected: 'baggage-allowance' },
  { project: 'globex-travel', query: 'passport validity and visa on arrival', expected: 'visas-and-entry' },
  { project: 'globex-travel', query: 'Platinum lounge passes points expiry', expected: 'loyalty-programme' },
  { project: 'globex-travel', query: 'wheelchair and oxygen on board', expected: 'special-assistance' },
  { project: 'initech-hr', query: 'mileage per diem receipts', expected: 'expenses' },
  { project: 'initech-hr', query: 'parental leave carry over', expected: 'leave-policy' },
  { project: 'initech-hr', query: 'home office equipment allowance VPN', expected: 'remote-work' },
  { project: 'initech-hr', query: 'payslip tax code', expected: 'payroll-and-payslips' },
  // Typos still find the topic (fuzzy matching of terms with 4+ characters).
  { project: 'initech-hr', query: 'probaton buddy', expected: 'onboarding' },
];

/** Distinct words of a project's fixtures, used to build queries that do match. */
const vocabulary = (project: string): string[] =>
  [...new Set(docsOf(project).flatMap((doc) => queryTerms(doc.text)))].sort();

const projectArb = fc.constantFrom(...PROJECTS);
const matchingQueryArb = (project: string) =>
  fc.array(fc.constantFrom(...vocabulary(project)), { minLength: 1, maxLength: 6 }).map((w) => w.join(' '));
const projectQueryArb = projectArb.chain((project) =>
  matchingQueryArb(project).map((query) => ({ project, query })),
);
const loneSurrogateArb = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));
const weirdQueryArb = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: loneSurrogateArb }),
  fc.string({
    unit: fc.constantFrom('_', '_proto_', 'constructor', '#', '*', '~', '"', '\\', ' ', '\n', 'ä'),
  }),
  fc.string({ unit: 'binary', minLength: 4000, maxLength: 5000 }),
);

const INDEXES = new Map(PROJECTS.map((project) => [project, buildIndex(docsOf(project))]));
const indexOf = (project: ProjectSlug): KnowledgebaseIndex => INDEXES.get(project)!;

describe('fixture documents [KB-FIXTURES]', () => {
  it('has 5 to 7 documents per project, at least two of each kind, with deterministic doc ids', () => {
    expect([...new Set(FIXTURES.map((doc) => doc.projectSlug))]).toEqual([...PROJECTS]);
    for (const project of PROJECTS) {
      const docs = docsOf(project);
      expect(docs.length).toBeGreaterThanOrEqual(5);
      expect(docs.length).toBeLessThanOrEqual(7);
      expect(docs.filter((doc) => doc.kind === 'file').length).toBeGreaterThanOrEqual(2);
      expect(docs.filter((doc) => doc.kind === 'webpage').length).toBeGreaterThanOrEqual(2);
      for (const doc of docs) {
        expect(doc.docId).toMatch(new RegExp(`^doc-${project}-[a-z0-9-]+$`));
        expect(new URL(doc.url).hostname).toMatch(/(^|\.)[a-z0-9-]+\.example$/);
        expect(doc.title.length).toBeGreaterThan(0);
        const words = doc.text.split(/\s+/).length;
        expect(words).toBeGreaterThanOrEqual(300);
        expect(words).toBeLessThanOrEqual(900);
      }
    }
  });

  it('loads in a stable order (project, then file name) with fresh objects on each call', () => {
    const again = loadFixtureDocuments();
    expect(again).toEqual(FIXTURES);
    expect(again[0]).not.toBe(FIXTURES[0]);
    const keys = FIXTURES.map((doc) => `${doc.projectSlug}/${doc.docId}`);
    expect([...keys].sort()).toEqual(keys);
  });
});

describe('chunking [KB-CHUNKING]', () => {
  it('keeps every word of every fixture, in order, in chunks of at most 800 characters', () => {
    for (const doc of FIXTURES) {
      const chunks = chunkDocument(doc.title, doc.text);
      expect(chunks.map((chunk) => chunk.index)).toEqual(chunks.map((_, i) => i));
      const chunkWords = chunks.flatMap((chunk) => chunk.content.split(/\s+/));
      const docWords = doc.text
        .replace(/^#{1,6}[ \t]+/gm, '')
        .trim()
        .split(/\s+/);
      expect(chunkWords).toEqual(docWords);
      for (const chunk of chunks) {
        expect(chunk.content.length).toBeLessThanOrEqual(DEFAULT_MAX_CHUNK_CHARS);
        expect(chunk.content.length).toBeGreaterThanOrEqual(250);
        expect(chunk.title).toBe(doc.title);
      }
    }
  });

  it('never cuts a word and is deterministic, for any text', () => {
    const wordArb = fc
      .string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 30 })
      .filter((w) => !/\s/.test(w));
    const textArb = fc
      .array(fc.tuple(wordArb, fc.constantFrom(' ', ' ', ' ', '. ', '\n', '\n\n', '\n\n## ')), {
        maxLength: 400,
      })
      .map((parts) => parts.map(([word, sep]) => word + sep).join(''));
    fc.assert(
      fc.property(textArb, (text) => {
        const chunks = chunkDocument('T', text);
        expect(chunkDocument('T', text)).toEqual(chunks);
        const expected = text
          .split('\n')
          .map((line) => line.replace(/^\s*#{1,6}[ \t]+/, ''))
          .join('\n')
          .split(/\s+/)
          .filter((w) => w !== '' && !/^#+$/.test(w));
        const got = chunks
          .flatMap((chunk) => chunk.content.split(/\s+/))
          .filter((w) => w !== '' && !/^#+$/.test(w));
        expect(got).toEqual(expected);
        for (const chunk of chunks) expect(chunk.content.length).toBeLessThanOrEqual(DEFAULT_MAX_CHUNK_CHARS);
      }),
      { numRuns: 200 },
    );
  });

  it('gives no chunks for blank text and one chunk for a short text', () => {
    expect(chunkDocument('T', ' \n\n \t')).toEqual([]);
    expect(chunkDocument('T', 'Only one sentence.')).toEqual([
      { index: 0, content: 'Only one sentence.', title: 'T', section: '' },
    ]);
  });
});

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
