/** The whole ranked list of a knowledgebase search (both families), arranged so the target's data never fails a test. */
import type { TestContext } from 'vitest';
import type { KnowledgebaseChunk } from '../../contract/index.js';
import { arranged } from './strength.js';

/**
 * The whole ranked list for a query, of more than `min` results and fewer than 100 (so that it fits in one page),
 * read through `hits` (the family's search). What a query matches is the target's knowledgebase: where it matches
 * too few or too many, the test is not checkable here (skipped, never failed).
 */
export async function rankedBy(
  ctx: TestContext,
  hits: (body: Record<string, unknown>) => Promise<KnowledgebaseChunk[]>,
  query: string,
  min = 0,
): Promise<KnowledgebaseChunk[]> {
  const all = await hits({ query, limit: 100 });
  arranged(
    ctx,
    all.length > min && all.length < 100,
    `"${query}" matches ${all.length} chunks of the knowledgebase; the test needs more than ${min} and fewer than 100`,
  );
  return all;
}
