/**
 * The Bearer searchIndexDocument: ranking, paging (limit, offset), node_id, input limits, chunk shape and access.
 * Ranking tests use the seeded knowledgebase of project_uid (its documents are read through the control API, so
 * the expected document is the one the target really holds) or, on a target without one, a fresh project trained with
 * the same documents through the provider state `knowledgebase documents`.
 *
 * The shape of a Bearer result item is not shown (SEARCH-BEARER-ITEM-SHAPE is the fake's: the project-key chunk).
 * What the documented checks need of an item, they take from the item as a whole (two results are the same result
 * when they are equal); its fields are read only under the assumed clauses that state them.
 */
import { describe, expect, it, type TestContext } from 'vitest';
import type { KnowledgebaseChunk } from '../../contract/index.js';
import { loadFixtureDocumentsFor } from '../../fixtures/knowledgebase.js';
import { asStateDocuments } from '../support/arranged-world.js';
import { expectError, expectSuccess } from '../support/envelope.js';
import { FORBIDDEN, INVALID_PARAMS } from '../support/messages.js';
import { rankedBy } from '../support/ranked.js';
import { arranged, assumed } from '../support/strength.js';
import { enterState, need, useTarget } from '../support/use-target.js';
import { onProject } from '../support/world.js';
import type { Auth } from '../target/target.js';

const target = useTarget();

/** Words from every topic of the seeded support knowledgebase, so that the query matches many chunks. */
const BROAD = 'refund invoice billing plan password account export integration payment error support';

const search = (body: Record<string, unknown>, auth?: Auth) =>
  target().call('searchIndexDocument', { body: onProject(target(), body), auth });

async function hits(body: Record<string, unknown>, auth?: Auth): Promise<KnowledgebaseChunk[]> {
  return expectSuccess<KnowledgebaseChunk[]>(await search(body, auth), 'searchIndexDocument').data;
}

const points = (list: readonly KnowledgebaseChunk[]) => list.map((h) => h.point_id);

/** A result as a whole, whatever its fields: equal results give equal keys (object members in any order). */
function itemKey(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(itemKey).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${itemKey((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}
const keys = (list: readonly unknown[]) => list.map(itemKey);

/**
 * Which chunk a result is, whatever else it carries: its `point_id` where it has a string one, else the item without
 * its `score` ("score (number)" and nothing more: a server may score within the candidate set a node_id leaves, so the
 * same chunk may score differently in a restricted search).
 */
function chunkKey(value: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return itemKey(value);
  const { score: _, ...rest } = value as Record<string, unknown>;
  return typeof rest.point_id === 'string' ? `point ${rest.point_id}` : itemKey(rest);
}

/** The whole ranked list for a query (support/ranked.ts). */
const ranked = (ctx: TestContext, query: string, min = 0) => rankedBy(ctx, (body) => hits(body), query, min);

/**
 * The support knowledgebase and the project that holds it: the configured project, its documents read in the control
 * view, where the target has one; else a fresh project trained with the same documents and ids (fixtures/documents/
 * acme-support) through the provider state `knowledgebase documents`.
 */
async function supportKnowledgebase(
  ctx: TestContext,
): Promise<{ project_uid: string; documents: { docId: string; title: string }[] }> {
  const t = target();
  if (t.control) {
    const project_uid = t.config.project_uid!;
    return { project_uid, documents: (await t.control.project(project_uid)).documents };
  }
  const documents = loadFixtureDocumentsFor('acme-support');
  const trained = await enterState(ctx, t, 'knowledgebase documents', {
    documents: asStateDocuments(documents),
  });
  return { project_uid: trained.project_uid, documents };
}

describe('searchIndexDocument (Bearer)', () => {
  it.for([
    { title: 'Refund policy', query: 'money-back guarantee refund' },
    { title: 'Account security guide', query: 'two-factor authentication recovery codes' },
    { title: 'Connecting Acme Ledger to other tools', query: 'QuickBooks Xero Zapier webhooks' },
    { title: 'Troubleshooting handbook', query: 'invoice PDF blank will not download' },
    { title: 'Billing, plans and subscription invoices', query: 'proration VAT free trial' },
    { title: 'Data export, retention and account closure', query: 'backups erasure requests data location' },
  ])(
    'ranks "$title" first for "$query" [KB-RANKING-RELEVANT, SEARCH-ORDER-BY-SCORE]',
    async ({ title, query }, ctx) => {
      need(ctx, target(), { tokens: ['owner'], projectUid: true });
      const { project_uid, documents } = await supportKnowledgebase(ctx);
      const doc = documents.find((d) => d.title === title);
      expect(doc, `the project holds "${title}"`).toBeDefined();
      const top = await hits({ query, limit: 3, project_uid });
      // Ranking is not shown; reading the document of a result takes the fake's item shape too.
      assumed('KB-RANKING-RELEVANT', () => {
        expect(top.length).toBeGreaterThan(0);
        expect(top[0]!.doc_id, JSON.stringify(top.map((h) => [h.doc_id, h.score]))).toBe(doc!.docId);
      });
    },
  );

  it('returns chunks {point_id, doc_id, score, content} [SEARCH-BEARER-DATA-ARRAY, SEARCH-BEARER-ITEM-SHAPE, RES-KB-CHUNK-SHAPE]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    const list = await hits({ query: BROAD, limit: 20 });
    arranged(ctx, list.length > 0, `"${BROAD}" matches nothing in the knowledgebase`);
    // An array (documented, by the schema); what its items are is not shown: the fake's are project-key chunks.
    assumed('SEARCH-BEARER-ITEM-SHAPE', () => {
      for (const h of list) expect(h !== null && typeof h === 'object', JSON.stringify(h)).toBe(true);
      expect(new Set(keys(list)).size, 'no result twice').toBe(list.length);
      for (const h of list) {
        expect(Object.keys(h)).toEqual(expect.arrayContaining(['content', 'doc_id', 'point_id', 'score']));
        expect(h.content.length).toBeGreaterThan(0);
        expect(h.point_id.length).toBeGreaterThan(0);
        expect(h.doc_id.length).toBeGreaterThan(0);
        expect(Number.isFinite(h.score)).toBe(true);
      }
      expect(new Set(points(list)).size).toBe(list.length);
    });
    assumed('CONV-NO-EXTRA-FIELDS', () => {
      for (const h of list) expect(Object.keys(h).sort()).toEqual(['content', 'doc_id', 'point_id', 'score']);
    });
  });

  it('sorts results by descending score [SEARCH-ORDER-BY-SCORE]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    for (const query of [BROAD, 'refund', 'How do I reset my password?']) {
      const scores = (await hits({ query, limit: 100 })).map((h) => h.score);
      assumed('SEARCH-ORDER-BY-SCORE', () => {
        expect(scores.length, query).toBeGreaterThan(1);
        expect(scores, query).toEqual([...scores].sort((a, b) => b - a));
      });
    }
  });

  it('takes limit from 1 to 100 and returns at most limit chunks [SEARCH-BEARER-LIMIT, SEARCH-OFFSET-SKIPS]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    const all = await ranked(ctx, BROAD, 5);
    for (const limit of [1, 2, 5]) {
      const page = await hits({ query: BROAD, limit });
      expect(page.length, `limit ${limit}`).toBeLessThanOrEqual(limit);
      // …and they are the first results of the ranked list: the fake's paging of it.
      assumed('SEARCH-OFFSET-SKIPS', () => expect(keys(page)).toEqual(keys(all.slice(0, limit))));
    }
  });

  it.for([0, 101, -1, 1000])('rejects limit %j [SEARCH-BEARER-LIMIT]', async (limit, ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    expectError(await search({ query: BROAD, limit }), 400, INVALID_PARAMS);
  });

  // Not an integer of the range but another representation: how a server reads it is not shown.
  it.for([
    { limit: 2.5, clause: 'SEARCH-BEARER-WRONG-JSON-TYPE' },
    { limit: true, clause: 'SEARCH-BEARER-WRONG-JSON-TYPE' },
    { limit: '10', clause: 'ERR-JSON-NO-COERCION' },
    { limit: null, clause: 'ERR-NULL-NOT-ABSENT' },
  ])(
    'rejects limit $limit [SEARCH-BEARER-WRONG-JSON-TYPE, ERR-JSON-NO-COERCION, ERR-NULL-NOT-ABSENT]',
    async ({ limit, clause }, ctx) => {
      need(ctx, target(), { tokens: ['owner'], projectUid: true });
      const res = await search({ query: BROAD, limit });
      assumed(clause, () => expectError(res, 400, INVALID_PARAMS));
    },
  );

  it('requires limit [SEARCH-BEARER-LIMIT]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    expectError(await search({ query: BROAD }), 400, INVALID_PARAMS);
  });

  it('requires query [SEARCH-BEARER-QUERY, ERR-JSON-NO-COERCION]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    expectError(await search({ limit: 10 }), 400, INVALID_PARAMS);
    // A number for the query is what a lenient server might take as text: refusing it is the fake's reading.
    const numeric = await search({ query: 42, limit: 10 });
    assumed('ERR-JSON-NO-COERCION', () => expectError(numeric, 400, INVALID_PARAMS));
  });

  it('rejects an empty query [SEARCH-EMPTY-QUERY]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    expectError(await search({ query: '', limit: 10 }), 400, INVALID_PARAMS);
  });

  it('accepts a 5000-character query and rejects 5001 [SEARCH-BEARER-QUERY, KB-RANKING-RELEVANT]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    const query = `${BROAD} `.repeat(100).slice(0, 5000);
    expect(query).toHaveLength(5000);
    const found = await hits({ query, limit: 10 });
    // Accepted (documented); that words of the knowledgebase find chunks is the fake's retrieval.
    assumed('KB-RANKING-RELEVANT', () => expect(found.length).toBeGreaterThan(0));
    expectError(await search({ query: `${query}x`, limit: 10 }), 400, INVALID_PARAMS);
  });

  it('requires project_uid [SEARCH-BEARER-PROJECT-UID-REQUIRED]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    const res = await target().call('searchIndexDocument', { body: { query: BROAD, limit: 10 } });
    expectError(res, 400, INVALID_PARAMS);
  });

  it('starts at the first result without offset [SEARCH-OFFSET-DEFAULT-0, SEARCH-BEARER-OFFSET]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    const without = await hits({ query: BROAD, limit: 7 });
    const atZero = await hits({ query: BROAD, limit: 7, offset: 0 });
    assumed('SEARCH-OFFSET-DEFAULT-0', () => expect(keys(without)).toEqual(keys(atZero)));
  });

  it('offset skips ranked results; pages are consistent, with no duplicates or gaps [SEARCH-OFFSET-SKIPS, SEARCH-BEARER-OFFSET]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    const all = await ranked(ctx, BROAD);
    // Every offset >= 0 is accepted (documented); what it skips is the fake's choice (SEARCH-OFFSET-SKIPS).
    for (const [offset, limit] of [
      [1, 3],
      [4, 4],
      [all.length - 1, 10],
      [all.length, 10],
      [all.length + 20, 5],
    ] as const) {
      const page = await hits({ query: BROAD, limit, offset });
      expect(page.length).toBeLessThanOrEqual(limit);
      assumed('SEARCH-OFFSET-SKIPS', () =>
        expect(keys(page), `offset ${offset} limit ${limit}`).toEqual(
          keys(all.slice(offset, offset + limit)),
        ),
      );
    }
    const paged: KnowledgebaseChunk[] = [];
    for (let offset = 0; offset < all.length; offset += 4)
      paged.push(...(await hits({ query: BROAD, limit: 4, offset })));
    assumed('SEARCH-OFFSET-SKIPS', () => expect(keys(paged)).toEqual(keys(all)));
  });

  it.for([-1, -100])('rejects offset %j [SEARCH-BEARER-OFFSET]', async (offset, ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    expectError(await search({ query: BROAD, limit: 10, offset }), 400, INVALID_PARAMS);
  });

  // Not an integer but another representation: how a server reads it is not shown.
  it.for([
    { offset: 1.5, clause: 'SEARCH-BEARER-WRONG-JSON-TYPE' },
    { offset: '3', clause: 'ERR-JSON-NO-COERCION' },
  ])(
    'rejects offset $offset [SEARCH-BEARER-WRONG-JSON-TYPE, ERR-JSON-NO-COERCION]',
    async ({ offset, clause }, ctx) => {
      need(ctx, target(), { tokens: ['owner'], projectUid: true });
      const res = await search({ query: BROAD, limit: 10, offset });
      assumed(clause, () => expectError(res, 400, INVALID_PARAMS));
    },
  );

  it('node_id restricts the results to that document [SEARCH-BEARER-NODE-ID, SEARCH-NODE-ID-IS-DOC-ID]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    const all = await ranked(ctx, BROAD);
    const everything = new Set(all.map(chunkKey));
    // What names a document node is not shown: the fake's node_id is the doc_id of its chunks
    // (SEARCH-NODE-ID-IS-DOC-ID), read from the results, or else from the documents the control API lists.
    const fromResults = [...new Set(all.map((h) => h.doc_id))].filter((d) => typeof d === 'string');
    const docs =
      fromResults.length > 1 || !target().control
        ? fromResults
        : (await target().control!.project(target().config.project_uid!)).documents.map((d) => d.docId);
    assumed('SEARCH-NODE-ID-IS-DOC-ID', () =>
      expect(fromResults.length, 'the broad query spans several documents').toBeGreaterThan(1),
    );
    for (const node_id of docs) {
      const only = await hits({ query: BROAD, limit: 100, node_id });
      // Restricting keeps chunks of the unrestricted search only (documented: node_id restricts the results); which
      // chunks, not how they score among fewer candidates.
      for (const h of only) expect(everything.has(chunkKey(h)), `${node_id}: ${itemKey(h)}`).toBe(true);
      const second = await hits({ query: BROAD, limit: 1, offset: 1, node_id });
      assumed('SEARCH-NODE-ID-IS-DOC-ID', () => {
        expect(only.length, node_id).toBeGreaterThan(0);
        for (const h of only) expect(h.doc_id).toBe(node_id);
        expect(points(only), node_id).toEqual(points(all.filter((h) => h.doc_id === node_id)));
      });
      assumed('SEARCH-OFFSET-SKIPS', () => expect(keys(second)).toEqual(keys(only.slice(1, 2))));
    }
  });

  it('a node_id that names no document gives an empty array [SEARCH-NODE-ID-IS-DOC-ID]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    const none = await hits({ query: BROAD, limit: 10, node_id: 'no-such-document-node' });
    assumed('SEARCH-NODE-ID-IS-DOC-ID', () => expect(none).toEqual([]));
  });

  it('searches only the knowledgebase of the named project [SEARCH-BEARER-PROJECT, SEARCH-NODE-ID-IS-DOC-ID]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true, otherProjectUid: true });
    const ours = await ranked(ctx, BROAD);
    const mine = new Set(ours.map((h) => h.doc_id));
    const res = await target().call('searchIndexDocument', {
      body: { project_uid: target().config.other_project_uid, query: BROAD, limit: 100 },
    });
    const theirs = expectSuccess<KnowledgebaseChunk[]>(res, 'searchIndexDocument').data;
    // Which document a result comes from is read in the fake's item shape.
    assumed('SEARCH-BEARER-PROJECT', () => {
      for (const h of theirs) {
        expect(typeof h.doc_id, itemKey(h)).toBe('string');
        expect(mine.has(h.doc_id), h.doc_id).toBe(false);
      }
    });
    const foreign = theirs[0]?.doc_id ?? 'none';
    const crossed = await hits({ query: BROAD, limit: 10, node_id: foreign });
    assumed('SEARCH-NODE-ID-IS-DOC-ID', () => expect(crossed).toEqual([]));
  });

  it('is open to the editor and viewer tokens and to Debugging Read [AUTH-ACCESS-SEARCHINDEXDOCUMENT, AUTH-ROLE-OR-PERMISSION]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner', 'editor', 'viewer', 'fine_grained'], projectUid: true });
    const owner = await hits({ query: BROAD, limit: 5 });
    for (const token of ['editor', 'viewer', 'fine_grained'] as const) {
      expect(await hits({ query: BROAD, limit: 5 }, { token }), token).toEqual(owner);
    }
  });

  it('refuses a project outside the token scope [AUTH-SCOPE-403]', async (ctx) => {
    need(ctx, target(), { tokens: ['selected'], projectUid: true, otherProjectUid: true });
    expectSuccess(await search({ query: BROAD, limit: 1 }, { token: 'selected' }), 'searchIndexDocument');
    const res = await target().call('searchIndexDocument', {
      body: { project_uid: target().config.other_project_uid, query: BROAD, limit: 1 },
      auth: { token: 'selected' },
    });
    expectError(res, 403, FORBIDDEN);
  });
});
