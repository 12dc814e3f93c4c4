/**
 * searchIndexDocument with the project key (`api-key`, no Authorization): query, limit (default 10, 1 to 100),
 * offset (default 0), the chunk shape, ranking, and the key's project only (compared with the Bearer variant).
 * The project-key search is capped at 100 requests an hour per project: without a control API to reset the
 * counters, this file stays well under that (about 50 searches); the cap itself is in integration-access.test.ts.
 */
import { describe, expect, it, type TestContext } from 'vitest';
import type { KnowledgebaseChunk } from '../../contract/index.js';
import { loadFixtureDocumentsFor } from '../../fixtures/knowledgebase.js';
import { otherProjectOf } from '../support/arranged-world.js';
import { expectError, expectSuccess } from '../support/envelope.js';
import { INVALID_PARAMS } from '../support/messages.js';
import { rankedBy } from '../support/ranked.js';
import { arranged, assumed, continueIfAssumedHeld } from '../support/strength.js';
import { need, useTarget } from '../support/use-target.js';
import { unique } from '../support/world.js';
import type { Auth } from '../target/target.js';
import type { RawResponse } from '../target/transport.js';

const target = useTarget();

/** Words from every topic of the seeded support knowledgebase, so that the query matches many chunks. */
const BROAD = 'refund invoice billing plan password account export integration payment error support';

/** The travel agency's knowledgebase (fixtures/documents/globex-travel), with its ids: a project's own documents. */
const travelDocuments = () =>
  loadFixtureDocumentsFor('globex-travel').map(({ docId, title, text, url, kind }) => ({
    docId,
    title,
    text,
    url,
    kind,
  }));

const KEY = { projectKey: true } as const;

const searchByKey = (body: unknown, auth?: Auth) =>
  target().call('searchIndexDocumentByProjectKey', { body, auth });

async function hits(body: Record<string, unknown>, auth?: Auth): Promise<KnowledgebaseChunk[]> {
  return expectSuccess<KnowledgebaseChunk[]>(await searchByKey(body, auth), 'searchIndexDocumentByProjectKey')
    .data;
}

/** The Bearer variant on `project_uid` (owner token). */
async function bearerHits(project_uid: string, body: Record<string, unknown>): Promise<KnowledgebaseChunk[]> {
  const res = await target().call('searchIndexDocument', { body: { project_uid, ...body } });
  return expectSuccess<KnowledgebaseChunk[]>(res, 'searchIndexDocument').data;
}

/**
 * A body field of another JSON type than the spec shows is refused with `Invalid params`: the fake's reading, checked
 * softly, since a lenient server may coerce or ignore it. A number for a string field, or a numeric text for a number
 * field, is ERR-JSON-NO-COERCION; null is ERR-NULL-NOT-ABSENT; any other type INTEGRATION-WRONG-JSON-TYPE.
 */
function expectNotCoerced(res: RawResponse, value: unknown): void {
  const clause =
    value === null
      ? 'ERR-NULL-NOT-ABSENT'
      : typeof value === 'number' || typeof value === 'string'
        ? 'ERR-JSON-NO-COERCION'
        : 'INTEGRATION-WRONG-JSON-TYPE';
  assumed(clause, () => expectError(res, 400, INVALID_PARAMS));
}

const points = (list: readonly KnowledgebaseChunk[]) => list.map((h) => h.point_id);

/** The whole ranked list for a query (support/ranked.ts). */
const ranked = (ctx: TestContext, query: string, min = 0) => rankedBy(ctx, (body) => hits(body), query, min);

describe('searchIndexDocument with the project key', () => {
  it('returns an array of chunks {point_id, doc_id, score, content} [SEARCH-KEY-DATA-ARRAY, RES-KB-CHUNK-SHAPE, AUTH-KEY-HEADER, RES-KB-CHUNK-NONEMPTY, CONV-NO-EXTRA-FIELDS]', async (ctx) => {
    need(ctx, target(), KEY);
    const list = await hits({ query: BROAD, limit: 20 });
    arranged(ctx, list.length > 0, `"${BROAD}" matches nothing in the knowledgebase`);
    for (const h of list) {
      expect(typeof h.point_id).toBe('string');
      expect(typeof h.doc_id).toBe('string');
      expect(typeof h.content).toBe('string');
      expect(typeof h.score).toBe('number');
      assumed('CONV-NO-EXTRA-FIELDS', () =>
        expect(Object.keys(h).sort()).toEqual(['content', 'doc_id', 'point_id', 'score']),
      );
    }
    // Strings (documented); that none is empty and no point comes twice is the fake's.
    assumed('RES-KB-CHUNK-NONEMPTY', () => {
      for (const h of list) {
        expect(h.point_id.length).toBeGreaterThan(0);
        expect(h.doc_id.length).toBeGreaterThan(0);
        expect(h.content.length).toBeGreaterThan(0);
      }
      expect(new Set(points(list)).size).toBe(list.length);
    });
  });

  it('sorts results by descending score [SEARCH-ORDER-BY-SCORE]', async (ctx) => {
    need(ctx, target(), KEY);
    for (const query of [BROAD, 'How do I reset my password?']) {
      const scores = (await hits({ query, limit: 100 })).map((h) => h.score);
      arranged(ctx, scores.length > 1, `"${query}" matches fewer than two chunks of the knowledgebase`);
      assumed('SEARCH-ORDER-BY-SCORE', () =>
        expect(scores, query).toEqual([...scores].sort((a, b) => b - a)),
      );
    }
  });

  it('requires query [SEARCH-KEY-QUERY-REQUIRED]', async (ctx) => {
    need(ctx, target(), KEY);
    expectError(await searchByKey({}), 400, INVALID_PARAMS);
    expectError(await searchByKey({ limit: 10 }), 400, INVALID_PARAMS);
  });

  it.for([42, null, ['refund'], { q: 'refund' }])(
    'rejects query %j, which is not a string [ERR-JSON-NO-COERCION, ERR-NULL-NOT-ABSENT, INTEGRATION-WRONG-JSON-TYPE]',
    async (query, ctx) => {
      need(ctx, target(), KEY);
      expectNotCoerced(await searchByKey({ query, limit: 10 }), query);
    },
  );

  it('rejects an empty query [SEARCH-EMPTY-QUERY, SEARCH-KEY-QUERY-LENGTH]', async (ctx) => {
    need(ctx, target(), KEY);
    const res = await searchByKey({ query: '' });
    assumed('SEARCH-EMPTY-QUERY', () => expectError(res, 400, INVALID_PARAMS));
    assumed('SEARCH-KEY-QUERY-LENGTH', () => expectError(res, 400, INVALID_PARAMS));
  });

  it('accepts a 5000-character query and rejects 5001 [SEARCH-KEY-QUERY-LENGTH]', async (ctx) => {
    need(ctx, target(), KEY);
    const query = `${BROAD} `.repeat(100).slice(0, 5000);
    expect(query).toHaveLength(5000);
    const longest = await searchByKey({ query });
    const tooLong = await searchByKey({ query: `${query}x` });
    assumed('SEARCH-KEY-QUERY-LENGTH', () => {
      const found = expectSuccess<KnowledgebaseChunk[]>(longest, 'searchIndexDocumentByProjectKey').data;
      expect(found.length).toBeGreaterThan(0);
      expectError(tooLong, 400, INVALID_PARAMS);
    });
  });

  it('without limit returns the first 10 results, as limit 10 does [SEARCH-KEY-LIMIT-DEFAULT-10, SEARCH-KEY-LIMIT-OPTIONAL]', async (ctx) => {
    need(ctx, target(), KEY);
    const all = await ranked(ctx, BROAD, 10);
    // The spec calls limit required and gives it a default: a server may refuse a body without it.
    const res = await searchByKey({ query: BROAD });
    if (res.status >= 400) expectError(res, 400, INVALID_PARAMS);
    const accepted = assumed('SEARCH-KEY-LIMIT-OPTIONAL', () =>
      expectSuccess(res, 'searchIndexDocumentByProjectKey'),
    );
    continueIfAssumedHeld(accepted, 'SEARCH-KEY-LIMIT-OPTIONAL', 'the default limit');
    const byDefault = expectSuccess<KnowledgebaseChunk[]>(res, 'searchIndexDocumentByProjectKey').data;
    expect(byDefault.length).toBeLessThanOrEqual(10);
    const byTen = await hits({ query: BROAD, limit: 10 });
    // Documented: the default is limit 10.
    expect(byDefault).toEqual(byTen);
    assumed('SEARCH-KEY-LIMIT-OPTIONAL', () => {
      expect(byDefault).toHaveLength(10);
      expect(byDefault).toEqual(all.slice(0, 10));
    });
  });

  it('accepts limit 1 and 100, returning at most limit results [SEARCH-KEY-LIMIT-MAX-100, SEARCH-KEY-LIMIT-MIN-1]', async (ctx) => {
    need(ctx, target(), KEY);
    const all = await ranked(ctx, BROAD);
    const one = await hits({ query: BROAD, limit: 1 });
    const three = await hits({ query: BROAD, limit: 3 });
    expect(one.length).toBeLessThanOrEqual(1);
    expect(three.length).toBeLessThanOrEqual(3);
    assumed('SEARCH-KEY-LIMIT-MIN-1', () =>
      expect(one, 'limit 1, the least, gives one result').toHaveLength(1),
    );
    assumed('SEARCH-OFFSET-SKIPS', () => {
      expect(one).toEqual(all.slice(0, 1));
      expect(points(three)).toEqual(points(all.slice(0, 3)));
    });
  });

  it.for([101, 1000])('rejects limit %j [SEARCH-KEY-LIMIT-MAX-100]', async (limit, ctx) => {
    need(ctx, target(), KEY);
    expectError(await searchByKey({ query: BROAD, limit }), 400, INVALID_PARAMS);
  });

  it.for([0, -1])('rejects limit %j [SEARCH-KEY-LIMIT-MIN-1]', async (limit, ctx) => {
    need(ctx, target(), KEY);
    const res = await searchByKey({ query: BROAD, limit });
    assumed('SEARCH-KEY-LIMIT-MIN-1', () => expectError(res, 400, INVALID_PARAMS));
  });

  it.for(['10', '100'])('rejects limit %j written as text [ERR-JSON-NO-COERCION]', async (limit, ctx) => {
    need(ctx, target(), KEY);
    expectNotCoerced(await searchByKey({ query: BROAD, limit }), limit);
  });

  it('without offset starts at the first result [SEARCH-KEY-OFFSET-DEFAULT-0]', async (ctx) => {
    need(ctx, target(), KEY);
    expect(await hits({ query: BROAD, limit: 7 })).toEqual(await hits({ query: BROAD, limit: 7, offset: 0 }));
  });

  it('offset skips ranked results; limit caps what follows [SEARCH-OFFSET-SKIPS]', async (ctx) => {
    need(ctx, target(), KEY);
    const all = await ranked(ctx, BROAD);
    for (const [offset, limit] of [
      [1, 3],
      [5, 5],
      [all.length - 1, 10],
      [all.length, 10],
    ] as const) {
      const page = await hits({ query: BROAD, limit, offset });
      expect(page.length, `offset ${offset} limit ${limit}`).toBeLessThanOrEqual(limit);
      assumed('SEARCH-OFFSET-SKIPS', () =>
        expect(page, `offset ${offset} limit ${limit}`).toEqual(all.slice(offset, offset + limit)),
      );
    }
    const res = await searchByKey({ query: BROAD, offset: 2 });
    assumed('SEARCH-OFFSET-SKIPS', () =>
      expect(
        expectSuccess<KnowledgebaseChunk[]>(res, 'searchIndexDocumentByProjectKey').data,
        'offset with the default limit',
      ).toEqual(all.slice(2, 12)),
    );
  });

  it('returns exactly what the Bearer variant returns for the same project [SEARCH-KEY-PROJECT, SEARCH-BEARER-ITEM-SHAPE]', async (ctx) => {
    need(ctx, target(), { ...KEY, tokens: ['owner'], projectUid: true });
    const project_uid = target().config.project_uid!;
    for (const body of [
      { query: BROAD, limit: 100 },
      { query: 'How do I get a refund?', limit: 5, offset: 1 },
    ]) {
      const byKey = await hits(body);
      const byBearer = await bearerHits(project_uid, body);
      // The Bearer item shape is not shown: that it is the chunk shape, and so the very same list, is the fake's.
      assumed('SEARCH-BEARER-PROJECT', () =>
        expect(byBearer, JSON.stringify(body)).toHaveLength(byKey.length),
      );
      assumed('SEARCH-BEARER-ITEM-SHAPE', () => expect(byKey, JSON.stringify(body)).toEqual(byBearer));
    }
  });

  it('searches the key’s project only: no document of another project is returned [SEARCH-KEY-PROJECT]', async (ctx) => {
    need(ctx, target(), { ...KEY, tokens: ['owner'], otherProjectUid: true });
    const other = target().config.other_project_uid!;
    const body = { query: BROAD, limit: 100 };
    let theirHits: readonly KnowledgebaseChunk[];
    if (target().control) {
      // A key of the other project reads its documents in the documented chunk shape.
      const control = target().control!;
      const key = { apiKey: (await control.post<{ value: string }>(`/projects/${other}/keys`)).value };
      theirHits = await hits(body, key);
    } else {
      // Without a control API only the Bearer search shows the other project's documents; its item shape is not
      // shown (SEARCH-BEARER-ITEM-SHAPE): with any other shape this test cannot name their documents.
      theirHits = await bearerHits(other, body);
      const named = assumed('SEARCH-BEARER-ITEM-SHAPE', () => {
        for (const h of theirHits) expect(typeof h.doc_id, 'a Bearer item names its doc_id').toBe('string');
      });
      if (!named) ctx.skip('the Bearer search items carry no doc_id to compare');
    }
    const theirs = new Set(theirHits.map((h) => h.doc_id));
    arranged(ctx, theirs.size > 0, `"${BROAD}" matches nothing in the other project's knowledgebase`);
    for (const h of await hits({ query: BROAD, limit: 100 }))
      expect(theirs.has(h.doc_id), h.doc_id).toBe(false);
  });

  it('each project’s key searches that project’s knowledgebase [SEARCH-KEY-PROJECT]', async (ctx) => {
    need(ctx, target(), { ...KEY, tokens: ['owner'] });
    const t = target();
    // Another project of the organization with a knowledgebase of its own (the travel agency's documents), and its key:
    // through the control API, or the provider state `knowledgebase documents`.
    const other = await otherProjectOf(ctx, t, travelDocuments());
    const otherKey = { apiKey: other.project_key };
    const body = { query: BROAD, limit: 100 };
    const theirs = await hits(body, otherKey);
    expect(theirs.length).toBeGreaterThan(0);
    const byBearer = await bearerHits(other.project_uid, body);
    assumed('SEARCH-BEARER-ITEM-SHAPE', () => expect(theirs).toEqual(byBearer));
    expect(theirs).not.toEqual(await hits(body));

    // A document only one project holds is found by that project's key alone.
    const word = unique('zorblax').replace(/[^a-z0-9]/g, '');
    const docId = unique('doc-key-search');
    const only = await otherProjectOf(ctx, t, [
      {
        docId,
        title: `The ${word} handbook`,
        text: `Everything about the ${word} feature. The ${word} feature sends reports every morning.`,
      },
    ]);
    const key = { apiKey: only.project_key };
    const found = await hits({ query: word }, key);
    expect(found.length).toBeGreaterThan(0);
    for (const h of found) expect(h.doc_id).toBe(docId);
    expect(await hits({ query: word })).toEqual([]);
    expect(await hits({ query: word }, otherKey)).toEqual([]);
  });
});
