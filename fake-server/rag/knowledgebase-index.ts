import MiniSearch, { type SearchOptions } from 'minisearch';
import { type ChunkingOptions, chunkDocument } from './chunking.js';
import { memoByText } from './memo.js';

/**
 * Full-text retrieval over one project's knowledgebase.
 *
 * Documents are split into chunks (see chunking.ts) and every chunk is one MiniSearch record with two
 * fields: `title` (document title plus the heading the chunk falls under, boosted) and `content`.
 * Ranking is MiniSearch's BM25+ with OR semantics, prefix matching and light fuzzy matching for terms
 * of 4 or more characters. English stop words are dropped, so a query made only of them matches nothing.
 * A query term counts once however often it is repeated; a query with more than 32 distinct terms
 * is matched without fuzziness, which keeps a 5000-character query fast.
 *
 * Determinism: point ids are `${docId}#${chunkIndex}`, scores are rounded to 4 decimals, and hits are
 * ordered by descending score, then ascending point id (code-unit order).
 *
 * The ranked hits of the latest distinct queries are kept (the first RANKED_KEPT of each, for the last
 * QUERIES_KEPT queries) until the documents change: a widget or a test asks the same questions again and again,
 * and ranking with fuzzy matching is the costliest step of a turn. A kept answer is the one a new search gives.
 */

export interface KnowledgebaseDocumentInput {
  docId: string;
  title: string;
  url: string;
  kind: 'file' | 'webpage';
  text: string;
}

export interface KnowledgebaseChunkHit {
  point_id: string;
  doc_id: string;
  score: number;
  content: string;
  title: string;
  url: string;
}

export interface KnowledgebaseSearchOptions {
  limit: number;
  offset?: number;
  /** Restricts the search to one document (the Bearer search's `node_id`); none when undefined. */
  docId?: string | undefined;
}

export interface KnowledgebaseIndexOptions {
  chunking?: ChunkingOptions;
}

/** One MiniSearch record. Kept verbatim so that `MiniSearch.remove` gets exactly what was indexed. */
interface ChunkRecord {
  id: string;
  docId: string;
  title: string;
  content: string;
}

interface StoredDocument {
  input: Readonly<KnowledgebaseDocumentInput>;
  chunks: ChunkRecord[];
}

const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a an and are as at be been but by can could did do does for from had has have how i if in into is it ' +
    'its me my no not of on or our so than that the their them then there these they this those to too was ' +
    'we were what when where which who why will with would you your yours s t d ll m re ve'
  ).split(' '),
);

/** Combining marks (left after NFKD) and any whitespace a compatibility decomposition produces. */
const FOLDED_AWAY = /[\p{M}\s]+/gu;

/** Lower-cases, folds diacritics and drops stop words. Used for indexing and for queries. */
export function processTerm(term: string): string | null {
  const folded = term.normalize('NFKD').replace(FOLDED_AWAY, '').toLowerCase();
  if (folded === '' || STOP_WORDS.has(folded)) return null;
  return folded;
}

/** Terms shorter than this are matched exactly; longer ones also by prefix and with light fuzziness. */
const MIN_EXPANDED_TERM = 4;
/** Upper bound for prefix and fuzzy expansion: keeps pathological one-word queries cheap. */
const MAX_EXPANDED_TERM = 32;

const SEARCH_OPTIONS: SearchOptions = {
  fields: ['title', 'content'],
  boost: { title: 2 },
  combineWith: 'OR',
  prefix: (term) => term.length >= MIN_EXPANDED_TERM && term.length <= MAX_EXPANDED_TERM,
  // Edit distance 1 from 4 characters, 2 from 10 characters.
  fuzzy: (term) =>
    term.length < MIN_EXPANDED_TERM || term.length > MAX_EXPANDED_TERM ? false : term.length >= 10 ? 2 : 1,
};

/** Above this many distinct query terms, fuzzy matching is switched off (prefix matching stays). */
const MAX_FUZZY_QUERY_TERMS = 32;

const tokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[];

const termsOf = memoByText(1024, (query: string): readonly string[] => {
  const seen = new Set<string>();
  for (const token of tokenize(query)) {
    const term = processTerm(token);
    if (term !== null) seen.add(term);
  }
  return [...seen];
});

/** The distinct processed terms of a query, in order of first occurrence (kept for recent queries). */
export function queryTerms(query: string): string[] {
  return [...termsOf(query)];
}

const byCodeUnit = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** How many distinct queries keep their ranking, and how many ranked hits each keeps. */
const QUERIES_KEPT = 256;
const RANKED_KEPT = 200;

const roundScore = (score: number): number => Math.round(score * 10_000) / 10_000;

const toCount = (value: number | undefined, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) ? Math.max(0, Math.floor(value)) : fallback;

export class KnowledgebaseIndex {
  private readonly mini: MiniSearch<ChunkRecord>;
  /** Keyed by docId; Map order is insertion order, and a replaced document keeps its place. */
  private readonly docs = new Map<string, StoredDocument>();
  private readonly chunkById = new Map<string, ChunkRecord>();
  private readonly chunking: ChunkingOptions;
  /** Ranked hits per query key (terms and document filter), oldest first; emptied when documents change. */
  private readonly ranked = new Map<string, { hits: KnowledgebaseChunkHit[]; complete: boolean }>();

  constructor(options: KnowledgebaseIndexOptions = {}) {
    this.chunking = { ...options.chunking };
    this.mini = new MiniSearch<ChunkRecord>({
      idField: 'id',
      fields: ['title', 'content'],
      processTerm,
      searchOptions: SEARCH_OPTIONS,
    });
  }

  /** Adds a document, replacing any document with the same docId. */
  addDocument(doc: KnowledgebaseDocumentInput): void {
    const input: Readonly<KnowledgebaseDocumentInput> = Object.freeze({
      docId: doc.docId,
      title: doc.title,
      url: doc.url,
      kind: doc.kind,
      text: doc.text,
    });
    this.unindex(input.docId);
    const chunks = chunkDocument(input.title, input.text, this.chunking).map(
      (chunk): ChunkRecord => ({
        id: `${input.docId}#${chunk.index}`,
        docId: input.docId,
        title: chunk.section === '' ? chunk.title : `${chunk.title}\n${chunk.section}`,
        content: chunk.content,
      }),
    );
    this.ranked.clear();
    this.mini.addAll(chunks);
    for (const chunk of chunks) this.chunkById.set(chunk.id, chunk);
    this.docs.set(input.docId, { input, chunks });
  }

  /** Removes a document and its chunks. Returns false when no such document exists. */
  removeDocument(docId: string): boolean {
    if (!this.docs.has(docId)) return false;
    this.unindex(docId);
    this.docs.delete(docId);
    return true;
  }

  hasDocument(docId: string): boolean {
    return this.docs.has(docId);
  }

  /** The documents, in insertion order. */
  documents(): readonly KnowledgebaseDocumentInput[] {
    return Object.freeze([...this.docs.values()].map((stored) => stored.input));
  }

  /** Usage per limit resource: kind `file` counts as `document`, kind `webpage` as `webpages`. */
  counts(): { document: number; webpages: number } {
    let document = 0;
    let webpages = 0;
    for (const { input } of this.docs.values()) {
      if (input.kind === 'webpage') webpages += 1;
      else document += 1;
    }
    return { document, webpages };
  }

  /** Number of indexed chunks over all documents. */
  chunkCount(): number {
    return this.chunkById.size;
  }

  /**
   * Ranked chunks for `query`. Offset and limit apply after sorting. Never throws on any query string;
   * a query without a matching term gives [].
   */
  search(query: string, opts: KnowledgebaseSearchOptions): KnowledgebaseChunkHit[] {
    const limit = toCount(opts.limit, 0);
    const offset = toCount(opts.offset, 0);
    if (limit === 0 || typeof query !== 'string' || this.chunkById.size === 0) return [];
    const { docId } = opts;
    if (docId !== undefined && !this.docs.has(docId)) return [];

    const terms = queryTerms(query);
    if (terms.length === 0) return [];
    const key = `${docId ?? ''}\u0000${terms.join(' ')}`;
    const kept = this.ranked.get(key);
    if (kept && (kept.complete || offset + limit <= kept.hits.length)) {
      this.ranked.delete(key); // now the most recent
      this.ranked.set(key, kept);
      return copies(kept.hits.slice(offset, offset + limit));
    }
    const { hits, complete } = this.rank(terms, docId, Math.max(RANKED_KEPT, offset + limit));
    this.ranked.delete(key);
    this.ranked.set(key, {
      hits: hits.slice(0, RANKED_KEPT),
      complete: complete && hits.length <= RANKED_KEPT,
    });
    if (this.ranked.size > QUERIES_KEPT) this.ranked.delete(this.ranked.keys().next().value!);
    return copies(hits.slice(offset, offset + limit));
  }

  /** Every hit of the query terms, ranked. */
  private rank(
    terms: string[],
    docId: string | undefined,
    keep: number,
  ): { hits: KnowledgebaseChunkHit[]; complete: boolean } {
    const results = this.mini.search(terms.join(' '), {
      // Long queries (pasted paragraphs) skip fuzzy matching: it costs the most and adds the least there.
      ...(terms.length > MAX_FUZZY_QUERY_TERMS ? { fuzzy: false } : {}),
      ...(docId === undefined ? {} : { filter: (result) => this.chunkById.get(result.id)?.docId === docId }),
    });
    // MiniSearch sorts by descending score, and rounding keeps that order: the first `keep` hits of our order
    // are among the first `keep` results plus any results tied (after rounding) with the last of them.
    let n = Math.min(keep, results.length);
    if (n > 0 && n < results.length) {
      const boundary = roundScore(results[n - 1]!.score);
      while (n < results.length && roundScore(results[n]!.score) === boundary) n += 1;
    }
    const hits: KnowledgebaseChunkHit[] = [];
    for (const result of results.slice(0, n)) {
      const chunk = this.chunkById.get(result.id);
      const doc = chunk && this.docs.get(chunk.docId);
      if (!chunk || !doc) continue;
      hits.push({
        point_id: chunk.id,
        doc_id: chunk.docId,
        score: roundScore(result.score),
        content: chunk.content,
        title: doc.input.title,
        url: doc.input.url,
      });
    }
    hits.sort((a, b) => b.score - a.score || byCodeUnit(a.point_id, b.point_id));
    return { hits: hits.slice(0, keep), complete: n === results.length && hits.length <= keep };
  }

  private unindex(docId: string): void {
    const stored = this.docs.get(docId);
    if (!stored) return;
    this.ranked.clear();
    for (const chunk of stored.chunks) {
      this.mini.remove(chunk);
      this.chunkById.delete(chunk.id);
    }
  }
}

/** Callers get their own hit objects: a kept ranking is never handed out to be changed. */
const copies = (hits: readonly KnowledgebaseChunkHit[]): KnowledgebaseChunkHit[] =>
  hits.map((h) => ({ ...h }));
