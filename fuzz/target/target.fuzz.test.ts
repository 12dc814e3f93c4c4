/**
 * The fuzzer against the target of a conformance run (`--fuzz N [--fuzz-seed S]`, issue 40 item 1): generated
 * requests within N requests, drawn from the run's quota ledger through its target client. Bodies from the contract
 * for every Platform and Project Integration operation; RAG requests of both dialects with generated tools, messages
 * and content blocks (rag-bodies.ts). Each 5xx, and each answer that is not JSON where the spec documents JSON, is
 * shrunk by fast-check and reported with its seed and replay command; its request is sent once more so the verdict
 * lists it as a server error with its curl line. `npm test` runs it against the in-process fake with a short budget.
 */
import { describe, expect, it, type TestContext } from 'vitest';
import { needRag } from '../../suites/support/rag.js';
import { assumed, documented, markInconclusive } from '../../suites/support/strength.js';
import { useTarget } from '../../suites/support/use-target.js';
import type { Target } from '../../suites/target/target.js';
import { countsLine, findingText } from './findings.js';
import { compareKnowledgebasePlaces } from './knowledgebase-place.js';
import { bodyText } from './nesting.js';
import { describeBody, fuzzedOperations, type OperationBody, operationBodyArb } from './operation-bodies.js';
import {
  describeRequest,
  nativeBody,
  type RagDialect,
  type RagRequest,
  ragRequestArb,
} from './rag-bodies.js';
import { type SearchOptions, type SearchResult, type Sent, searchServerErrors } from './search.js';
import { fuzzSettingsFromEnv } from './settings.js';
import { keepNote, sentThrough, withinBudget } from './target-send.js';

const target = useTarget();
const settings = fuzzSettingsFromEnv();
/** Of the N requests: 60% for the operation bodies, 20% for each RAG dialect (all of them when replaying one). */
const shareOf = (property: string, part: number): number =>
  settings.replay
    ? settings.replay.property === property
      ? settings.requests
      : 0
    : Math.floor(settings.requests * part);
/** Pairs of the knowledgebase-place check per dialect (up to three requests each), taken from the dialect's share. */
const placePairs = settings.replay ? 0 : Math.min(8, Math.floor(shareOf('openai', 0.2) / 20));
/** A dialect's share left to its search. */
const searchShare = (dialect: RagDialect): number => shareOf(dialect, 0.2) - 3 * placePairs;

/** The operation of a dialect, and the credential it is sent with (Anthropic-style: `x-api-key`). */
const ragCall = (t: Target, dialect: RagDialect, body: string) =>
  t.call(dialect === 'openai' ? 'openaiChatCompletions' : 'anthropicMessages', {
    raw: { body, contentType: 'application/json' },
    ...(dialect === 'anthropic'
      ? { auth: { headers: { 'x-api-key': t.config.project_key as string } } }
      : {}),
  });

/** Reports a search: its counts, then each finding, its note put back on the test, failed softly (ERR-NEVER-5XX). */
function reportSearch<T>(
  property: string,
  planned: number,
  result: SearchResult<T>,
  describeValue: (value: T) => string,
): void {
  process.stdout.write(`${countsLine(property, result as SearchResult<unknown>, planned)}\n`);
  const texts = result.findings.map((f) => {
    keepNote(f.note);
    return findingText(f, describeValue, f.note !== undefined);
  });
  if (texts.length > 0) process.stdout.write(`${texts.join('\n')}\n`);
  assumed('ERR-NEVER-5XX', () => expect(texts, texts.join('\n')).toEqual([]));
}

/** A search of the property with its share of the N requests, or the replay of one finding. */
function search<T>(t: Target, o: Omit<SearchOptions<T>, 'seed' | 'replay'>): Promise<SearchResult<T>> {
  return withinBudget(t, () =>
    searchServerErrors({
      ...o,
      seed: settings.seed,
      ...(settings.replay ? { replay: settings.replay } : {}),
    }),
  );
}

/**
 * What is left of the project key's RAG budget in this run (the quota ledger: request_budget_rag_per_project),
 * Infinity where nothing counts it (the fake with its control API).
 */
const ragRoom = (t: Target): number => t.budget?.remaining(t.config.project_key ?? '', 'rag') ?? Infinity;

const TIMEOUT = 600_000;

describe(`generated requests, seed ${settings.seed}, within ${settings.requests} requests [ERR-NEVER-5XX, FUZZ-AGAINST-TARGET]`, () => {
  it(
    'operation bodies: every Platform and Project Integration operation, valid, boundary, wrong types, deep nesting [ERR-NEVER-5XX]',
    async (ctx) => {
      if (shareOf('bodies', 0.6) === 0) return ctx.skip('not the property being replayed');
      const t = target();
      // The RAG share the project key's budget cannot take goes to the bodies, so the run uses its N.
      const rag =
        t.config.project_key && t.config.allow.credits ? Math.min(shareOf('openai', 0.4), ragRoom(t)) : 0;
      const planned = settings.replay ? settings.requests : settings.requests - rag;
      const { operations, left } = fuzzedOperations(t.config);
      if (operations.length === 0) return ctx.skip(`no operation to fuzz: ${left.join(', ')}`);
      // An operation whose own quota is spent (the project-key search's 100 an hour) is left out; the rest go on.
      const spentOps = new Map<string, string>();
      const send = async ({ op, part }: OperationBody): Promise<Sent> => {
        const why = spentOps.get(op.id);
        if (why !== undefined) return { skipped: why };
        const got = await sentThrough(
          () =>
            t.call(op.id, {
              raw: {
                body: part.bytes,
                ...(part.contentType !== undefined ? { contentType: part.contentType } : {}),
              },
              ...(part.headers.length > 0 ? { headers: Object.fromEntries(part.headers) } : {}),
            }),
          true,
        );
        if (!('spent' in got) || spentOps.size + 1 >= operations.length) return got;
        spentOps.set(op.id, got.spent);
        return { ok: true };
      };
      const result = await search(t, {
        property: 'bodies',
        arb: operationBodyArb(t.config, operations),
        requests: planned,
        send,
        sameAs: ({ op, part }) => `${op.id}|${part.kind}`,
      });
      if (spentOps.size > 0)
        process.stdout.write(
          `fuzz bodies: left out once their quota was spent: ${[...spentOps].map(([id, why]) => `${id} (${why})`).join('; ')}\n`,
        );
      reportSearch('bodies', planned, result, describeBody);
    },
    TIMEOUT,
  );

  const placeCheck = (dialect: RagDialect) => async (ctx: TestContext) => {
    if (placePairs === 0)
      return ctx.skip(settings.replay ? 'not the property being replayed' : 'too few requests');
    const t = target();
    const model = await needRag(ctx, t, dialect);
    const outcome = await compareKnowledgebasePlaces(dialect, settings.seed, placePairs, async (d, r) => {
      const res = await ragCall(t, d, bodyText(nativeBody(d, model, r)));
      const sources =
        res.status === 200 ? (res.json as { sources?: unknown } | undefined)?.sources : undefined;
      return Array.isArray(sources) ? sources.length : undefined;
    });
    process.stdout.write(
      `fuzz ${dialect} knowledgebase place: ${outcome.pairs} pair(s), ${outcome.checked} with sources when the tool came first, ${outcome.lost.length} lost them with it later\n`,
    );
    if (outcome.checked === 0)
      return ctx.skip('no request got sources with the knowledgebase tool first: nothing to compare');
    documented('RAG-SERVER-RETRIEVAL', () => expect(outcome.lost, outcome.lost.join('\n')).toEqual([]));
  };

  it(
    'RAG OpenAI-style: the knowledgebase tool after user tools gets sources as when it comes first [RAG-SERVER-RETRIEVAL, RAG-KB-TOOL]',
    placeCheck('openai'),
    TIMEOUT,
  );
  it(
    'RAG Anthropic-style: the knowledgebase tool after user tools gets sources as when it comes first [RAG-SERVER-RETRIEVAL, RAG-KB-TOOL]',
    placeCheck('anthropic'),
    TIMEOUT,
  );

  const ragSearch = (dialect: RagDialect) => async (ctx: TestContext) => {
    if (searchShare(dialect) <= 0) return ctx.skip('not the property being replayed');
    const t = target();
    const model = await needRag(ctx, t, dialect);
    // Both dialects draw on the one RAG budget of the project key, after the place checks (which run first): the
    // first dialect takes half of what is left, the second the rest.
    const room = ragRoom(t);
    const planned = Math.min(searchShare(dialect), dialect === 'openai' ? Math.floor(room / 2) : room);
    if (planned <= 0) {
      const why = `inconclusive (quota spent): the RAG budget of the project key is spent (request_budget_rag_per_project)`;
      markInconclusive(why);
      return ctx.skip(why);
    }
    const send = (r: RagRequest) =>
      sentThrough(() => ragCall(t, dialect, bodyText(nativeBody(dialect, model, r))), false);
    const result = await search(t, {
      property: dialect,
      arb: ragRequestArb,
      requests: planned,
      send,
      sameAs: shapeOf,
    });
    reportSearch(dialect, planned, result, describeRequest);
  };

  it(
    'RAG OpenAI-style: generated tools (the knowledgebase tool anywhere, odd schemas called), messages, blocks, nested tool results, long histories [ERR-NEVER-5XX]',
    ragSearch('openai'),
    TIMEOUT,
  );
  it(
    'RAG Anthropic-style: generated tools (the knowledgebase tool anywhere, odd schemas called), messages, blocks, nested tool results, long histories [ERR-NEVER-5XX]',
    ragSearch('anthropic'),
    TIMEOUT,
  );
});

/** What makes two RAG findings the same: the tools' oddities and the odd turns of the history. */
function shapeOf(r: RagRequest): string {
  const odd = r.tools.flatMap((t) => (t.kind === 'function' && t.oddity !== 'none' ? [t.oddity] : []));
  const turns = r.history.flatMap((h) =>
    h.role === 'call' || h.role === 'null call' || 'deep' in h || 'blocks' in h ? [h.role] : [],
  );
  return [...new Set([...odd, ...turns])].sort().join('|');
}
