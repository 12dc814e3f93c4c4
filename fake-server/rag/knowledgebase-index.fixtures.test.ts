/** What goes into the knowledgebase index: the fixture documents of each project and their chunks. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadFixtureDocuments } from '../../fixtures/knowledgebase.js';
import { chunkDocument, DEFAULT_MAX_CHUNK_CHARS } from './chunking.js';
import { docsOf, FIXTURES, PROJECTS } from './knowledgebase-index.test-support.js';

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
