/**
 * Knowledgebase retrieval on the RAG endpoints: the knowledgebase tool item, the retrieval the service runs itself
 * (never handed to the caller as a tool call), and the `sources` array (item shape, limit, always present).
 * Tests that rely on what the fake model chooses to do cite FAKE-MODEL-DEFAULT (a warning on another target) and
 * arrange their projects through the control API or the provider states (support/arranged-world.ts); the
 * others hold for any deployment, and ask a fresh organization's project whose knowledgebase holds the support
 * documents the refund question is answered from (provider states 'organization' and 'knowledgebase documents',
 * support/fresh-quota.ts), so they spend nothing of the config key's RAG budget; where the target offers no such
 * states, the configured project.
 */
import { describe, expect, it } from 'vitest';
import type { KnowledgebaseChunk } from '../../contract/index.js';
import { KNOWLEDGEBASE_TOOL_TYPE } from '../../contract/requests/rag-sources.js';
import { ragWorldOf } from '../support/arranged-world.js';
import { expectSuccess } from '../support/envelope.js';
import { ownRagKeyOfFile, supportDocuments } from '../support/fresh-quota.js';
import { needRag } from '../support/rag.js';
import { type Answer, answer, chunksOf, readAnswer, sourceText } from '../support/rag-answer.js';
import { expectRagError } from '../support/rag-refusal.js';
import { streamAnswer } from '../support/rag-stream.js';
import { askRag, DIALECTS, nativeBody, REFUND_QUESTION, WEATHER_TOOL } from '../support/rag-wire.js';
import { zorblaxDocuments } from '../support/rag-world.js';
import { assumed } from '../support/strength.js';
import { useTarget } from '../support/use-target.js';
import type { Auth } from '../target/target.js';

const target = useTarget();
/** The key of the tests that hold for any deployment (a knowledgebase of support documents behind it). */
const ownKey = ownRagKeyOfFile(target, supportDocuments());
const ownAuth = async () => (await ownKey())?.auth;

/**
 * Every source is a knowledgebase chunk with exactly the four fields, and no chunk comes twice: the fake's item
 * shape (RAG-SOURCES-ITEM-SHAPE), the spec does not show it.
 */
function expectChunks(a: Pick<Answer, 'chunks'>): void {
  assumed('RAG-SOURCES-ITEM-SHAPE', () => {
    const sources = chunksOf(a);
    for (const s of sources) {
      expect(Object.keys(s).sort()).toEqual(['content', 'doc_id', 'point_id', 'score']);
      expect(s.point_id.length).toBeGreaterThan(0);
      expect(s.doc_id.length).toBeGreaterThan(0);
      expect(s.content.length).toBeGreaterThan(0);
      expect(Number.isFinite(s.score)).toBe(true);
    }
    expect(new Set(sources.map((s) => s.point_id)).size, 'no chunk twice').toBe(sources.length);
  });
}

/** At most `limit` sources: what the knowledgebase tool's limit means is the fake's reading (RAG-SOURCES-LIMIT). */
function expectWithinLimit(a: Pick<Answer, 'sources'>, limit: number): void {
  assumed('RAG-SOURCES-LIMIT', () => expect(a.sources.length, `limit ${limit}`).toBeLessThanOrEqual(limit));
}

/** No tool call names the knowledgebase tool; any tool call is one of the declared user tools. */
function expectNoKnowledgebaseCall(a: Answer, userTools: readonly string[] = []): void {
  for (const call of a.toolCalls) {
    expect(call.name).not.toBe(KNOWLEDGEBASE_TOOL_TYPE);
    expect(userTools, `a call of a declared user tool, not ${call.name}`).toContain(call.name);
  }
  if (userTools.length === 0) {
    expect(a.toolCalls, 'nothing for the caller to execute').toEqual([]);
    expect(a.stop).not.toBe('tool_calls');
  }
}

/** The 1-based citation markers of an answer. */
const cited = (text: string) => [...text.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));

describe.each(DIALECTS)('%s-style endpoint: retrieval', (dialect) => {
  it('declaring the knowledgebase tool runs retrieval server-side: the answer is final and sources are knowledgebase chunks [RAG-KB-TOOL, RAG-SERVER-RETRIEVAL, RAG-SOURCES-ITEM-SHAPE, RAG-RESPONSE-NATIVE]', async (ctx) => {
    const model = await needRag(ctx, target(), dialect);
    const auth = await ownAuth();
    const a = await answer(
      target(),
      dialect,
      {
        model,
        messages: REFUND_QUESTION,
        knowledgebase: { limit: 5 },
        maxTokens: 400,
      },
      auth,
    );
    expectNoKnowledgebaseCall(a);
    expectChunks(a);
    expectWithinLimit(a, 5);
  });

  it('never returns more sources than the knowledgebase tool limit [RAG-SOURCES-LIMIT]', async (ctx) => {
    const model = await needRag(ctx, target(), dialect);
    const auth = await ownAuth();
    for (const limit of [1, 3]) {
      const a = await answer(
        target(),
        dialect,
        {
          model,
          messages: REFUND_QUESTION,
          knowledgebase: { limit },
          maxTokens: 200,
        },
        auth,
      );
      expectWithinLimit(a, limit);
      expectChunks(a);
    }
  });

  it('parameters.limit takes integers from 1 to 100; 0, 101, 2.5, "3" or no limit get 400; further parameters are ignored [RAG-KB-TOOL-LIMIT, RAG-BAD-REQUEST-400, RAG-KB-TOOL]', async (ctx) => {
    const model = await needRag(ctx, target(), dialect);
    const auth = await ownAuth();
    const base = nativeBody(dialect, { model, messages: REFUND_QUESTION, maxTokens: 32 });
    const withTool = (tool: unknown) =>
      askRag(target(), dialect, { native: { ...base, tools: [tool] } }, auth);
    // The documented tool item, {type, parameters: {limit: integer}}, with the smallest limit.
    const one = readAnswer(
      dialect,
      await withTool({ type: KNOWLEDGEBASE_TOOL_TYPE, parameters: { limit: 1 } }),
    );
    expectWithinLimit(one, 1);
    // The bounds of limit, and what becomes of further parameters, are the fake's choices.
    const most = await withTool({ type: KNOWLEDGEBASE_TOOL_TYPE, parameters: { limit: 100 } });
    const extra = await withTool({
      type: KNOWLEDGEBASE_TOOL_TYPE,
      parameters: { limit: 2, rerank: true, filter: 'x' },
    });
    assumed('RAG-KB-TOOL-LIMIT', () => {
      expectWithinLimit(readAnswer(dialect, most), 100);
      readAnswer(dialect, extra);
    });
    const outOfRange = { clause: 'RAG-KB-TOOL-LIMIT', documented: 'nothing' } as const;
    for (const parameters of [{ limit: 0 }, { limit: 101 }, { limit: 2.5 }, { limit: '3' }]) {
      const res = await withTool({ type: KNOWLEDGEBASE_TOOL_TYPE, parameters });
      expectRagError(dialect, res, 400, undefined, outOfRange);
    }
    const noLimit = { clause: 'RAG-BAD-REQUEST-400', documented: 'nothing' } as const;
    expectRagError(
      dialect,
      await withTool({ type: KNOWLEDGEBASE_TOOL_TYPE, parameters: {} }),
      400,
      undefined,
      noLimit,
    );
    expectRagError(dialect, await withTool({ type: KNOWLEDGEBASE_TOOL_TYPE }), 400, undefined, noLimit);
  });

  it('without the knowledgebase tool nothing is retrieved: sources is present and empty, even for a knowledgebase question [RAG-SOURCES-ALWAYS]', async (ctx) => {
    const model = await needRag(ctx, target(), dialect);
    const auth = await ownAuth();
    const plain = await answer(target(), dialect, { model, messages: REFUND_QUESTION, maxTokens: 64 }, auth);
    assumed('RAG-SOURCES-ALWAYS', () => expect(plain.sources).toEqual([]));
    const withUserTool = await answer(
      target(),
      dialect,
      {
        model,
        messages: REFUND_QUESTION,
        tools: [WEATHER_TOOL],
        toolChoice: 'none',
        maxTokens: 64,
      },
      auth,
    );
    assumed('RAG-SOURCES-ALWAYS', () => expect(withUserTool.sources).toEqual([]));
  });

  it('the knowledgebase tool is never handed to the caller, also next to user tools and when streamed [RAG-SERVER-RETRIEVAL, RAG-USER-TOOLS-RETURNED]', async (ctx) => {
    const model = await needRag(ctx, target(), dialect);
    const auth = await ownAuth();
    const ask = {
      model,
      messages: REFUND_QUESTION,
      knowledgebase: { limit: 3 },
      tools: [WEATHER_TOOL],
      maxTokens: 300,
    };
    expectNoKnowledgebaseCall(await answer(target(), dialect, ask, auth), [WEATHER_TOOL.name]);
    // Streamed (streamAnswer reads the native grammar), the knowledgebase tool is not handed over either.
    const streamed = await streamAnswer(target(), dialect, ask, auth);
    if (streamed) expectNoKnowledgebaseCall(streamed.answer, [WEATHER_TOOL.name]);
    const kbOnly = await streamAnswer(target(), dialect, { ...ask, tools: [] }, auth);
    if (kbOnly) expectNoKnowledgebaseCall(kbOnly.answer);
  });
});

describe.each(DIALECTS)('%s-style endpoint: retrieval by the fake model', (dialect) => {
  const searchByKey = async (query: string, auth?: Auth): Promise<KnowledgebaseChunk[]> =>
    expectSuccess<KnowledgebaseChunk[]>(
      await target().call('searchIndexDocumentByProjectKey', { body: { query, limit: 100 }, auth }),
      'searchIndexDocumentByProjectKey',
    ).data;

  it('a knowledgebase question gets chunks of the project’s knowledgebase as sources, cited [1], [2]… in sources order [FAKE-MODEL-DEFAULT, RAG-SERVER-RETRIEVAL, RAG-SOURCES-ITEM-SHAPE]', async (ctx) => {
    const model = await needRag(ctx, target(), dialect);
    const own = await ownKey();
    const a = await answer(
      target(),
      dialect,
      { model, messages: REFUND_QUESTION, knowledgebase: { limit: 4 }, maxTokens: 1000 },
      own?.auth,
    );
    expectChunks(a);
    assumed('FAKE-MODEL-DEFAULT', () => {
      expect(a.sources.length, 'the fake searched').toBeGreaterThan(0);
      expect(a.stop).toBe('end');
      const markers = cited(a.text);
      expect(markers.length, `the answer cites its sources: ${a.text}`).toBeGreaterThan(0);
      expect(markers[0]).toBe(1);
      for (const n of markers) expect(n).toBeLessThanOrEqual(a.sources.length);
    });
    // The chunks are the project's own: the project-key search finds each one, with the same document and text.
    const byKey = own ? { apiKey: own.value } : undefined;
    const found = new Map((await searchByKey(REFUND_QUESTION, byKey)).map((c) => [c.point_id, c]));
    assumed('RAG-SOURCES-ITEM-SHAPE', () => {
      for (const s of chunksOf(a)) {
        const chunk = found.get(s.point_id);
        expect(chunk, `${s.point_id} is a chunk of the project`).toBeDefined();
        expect({ doc_id: chunk!.doc_id, content: chunk!.content }).toEqual({
          doc_id: s.doc_id,
          content: s.content,
        });
      }
    });
  });

  it('a project retrieves from its own documents only, and with limit n over m matching chunks returns min(n, m) [FAKE-MODEL-DEFAULT, RAG-SOURCES-LIMIT, RAG-SERVER-RETRIEVAL]', async (ctx) => {
    const model = await needRag(ctx, target(), dialect);
    const { word, documents } = zorblaxDocuments();
    const world = await ragWorldOf(ctx, target(), { documents });
    const ids = new Set(documents.map((d) => d.docId));
    const question = `How do I return my ${word}?`;
    const ask = (limit: number, auth?: Auth) =>
      answer(
        target(),
        dialect,
        { model, messages: question, knowledgebase: { limit }, maxTokens: 1000 },
        auth,
      );
    // Whatever an item's fields, a chunk of these documents names the word (in its text or its document id), and
    // no chunk of another project's knowledgebase does.
    const mentions = (item: unknown) => sourceText(item).includes(word);

    const all = await ask(10, world.auth);
    for (const s of all.sources) expect(mentions(s), `a chunk of the project: ${sourceText(s)}`).toBe(true);
    assumed('FAKE-MODEL-DEFAULT', () =>
      expect(all.sources.length, 'every document mentions the word').toBe(documents.length),
    );
    assumed('RAG-SOURCES-ITEM-SHAPE', () => {
      for (const s of chunksOf(all)) expect(ids.has(s.doc_id), s.doc_id).toBe(true);
    });
    for (const limit of [2, 1]) {
      const some = await ask(limit, world.auth);
      expectWithinLimit(some, limit);
      assumed('FAKE-MODEL-DEFAULT', () => expect(some.sources).toHaveLength(limit));
    }

    // Another project's key (the file's own, else the config's) does not reach those documents.
    const theirs = await ask(10, await ownAuth());
    for (const s of theirs.sources)
      expect(mentions(s), `not a chunk of the project: ${sourceText(s)}`).toBe(false);
    assumed('RAG-SOURCES-ITEM-SHAPE', () => {
      for (const s of chunksOf(theirs)) expect(ids.has(s.doc_id), s.doc_id).toBe(false);
    });
  });

  it('a project with an empty knowledgebase answers with sources [] [FAKE-MODEL-DEFAULT, RAG-SOURCES-ALWAYS]', async (ctx) => {
    const model = await needRag(ctx, target(), dialect);
    const world = await ragWorldOf(ctx, target());
    const a = await answer(
      target(),
      dialect,
      { model, messages: REFUND_QUESTION, knowledgebase: { limit: 5 }, maxTokens: 200 },
      world.auth,
    );
    assumed('RAG-SOURCES-ALWAYS', () => expect(a.sources).toEqual([]));
    assumed('FAKE-MODEL-DEFAULT', () => expect(a.text.length).toBeGreaterThan(0));
  });
});
