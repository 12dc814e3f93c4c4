/**
 * The knowledgebase tool wherever it stands (issue 40: a server whose knowledgebase tool worked only when declared
 * first): tool lists with user tools and the knowledgebase tool after them, each sent twice, as drawn and with the
 * knowledgebase tool moved first. Where the tool first gets `sources`, the same request with it later must too
 * (RAG-SERVER-RETRIEVAL: "A knowledgebase server tool is declared in the request. The service runs retrieval
 * itself…"; the spec puts it anywhere in `tools`). The question is one the user tools are not about, so a model has no
 * reason to call them; a pair whose first answer has no sources (the knowledgebase does not answer it) checks nothing;
 * a mismatch is asked once more before it counts, as a model may decide differently once.
 */
import fc from 'fast-check';
import { REFUND_QUESTION } from '../../suites/support/rag-wire.js';
import type { RagDialect, RagRequest } from './rag-bodies.js';
import { knowledgebaseToolArb, TOPICS, type Tool, type UserTool } from './rag-tools.js';

const wellFormedUserToolArb: fc.Arbitrary<UserTool> = fc.nat({ max: TOPICS.length - 1 }).map((topic) => {
  const t = TOPICS[topic] as (typeof TOPICS)[number];
  return {
    kind: 'function',
    topic,
    oddity: 'none',
    name: t.name,
    description: t.description,
    parameters: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
  };
});

/** A request with one to four user tools and the knowledgebase tool after at least one of them. */
export const laterKnowledgebaseArb: fc.Arbitrary<RagRequest> = fc
  .record({
    users: fc.uniqueArray(wellFormedUserToolArb, { minLength: 1, maxLength: 4, selector: (t) => t.topic }),
    knowledgebase: knowledgebaseToolArb,
    at: fc.nat({ max: 3 }),
  })
  .map(({ users, knowledgebase, at }) => {
    const place = 1 + (at % users.length);
    const tools: Tool[] = [...users.slice(0, place), knowledgebase, ...users.slice(place)];
    return { tools, choice: 'unset', history: [], ask: REFUND_QUESTION, stream: false, maxTokens: 300 };
  });

/** The same request with the knowledgebase tool moved first. */
export const knowledgebaseFirst = (r: RagRequest): RagRequest => ({
  ...r,
  tools: [
    ...r.tools.filter((t) => t.kind === 'knowledgebase'),
    ...r.tools.filter((t) => t.kind !== 'knowledgebase'),
  ],
});

/** Where the knowledgebase tool stands, in words. */
export const placeOf = (r: RagRequest): string => {
  const i = r.tools.findIndex((t) => t.kind === 'knowledgebase');
  return `the knowledgebase tool ${i + 1} of ${r.tools.length} (after ${r.tools
    .slice(0, i)
    .map((t) => (t.kind === 'function' ? String(t.name) : 'it'))
    .join(', ')})`;
};

/** How many sources an answer carries, or undefined where it is no answer with a `sources` array. */
export type SourcesCount = (dialect: RagDialect, r: RagRequest) => Promise<number | undefined>;

export interface PlaceOutcome {
  readonly pairs: number;
  /** Pairs whose knowledgebase-first answer had sources: the ones that check something. */
  readonly checked: number;
  /** The requests that got no sources with the tool later though it got some first, twice. */
  readonly lost: string[];
}

/** Sends `pairs` drawn requests (seeded) both ways and compares. */
export async function compareKnowledgebasePlaces(
  dialect: RagDialect,
  seed: number,
  pairs: number,
  sourcesCount: SourcesCount,
): Promise<PlaceOutcome> {
  const requests = fc.sample(laterKnowledgebaseArb, { seed, numRuns: pairs });
  let checked = 0;
  const lost: string[] = [];
  for (const later of requests) {
    const first = await sourcesCount(dialect, knowledgebaseFirst(later));
    if (first === undefined || first === 0) continue;
    checked += 1;
    const got = (await sourcesCount(dialect, later)) || (await sourcesCount(dialect, later));
    if (got === 0) lost.push(`${placeOf(later)}: no sources, though ${first} with it first`);
  }
  return { pairs: requests.length, checked, lost };
}
