/**
 * Knowledgebase retrieval on the RAG endpoints, shared by the OpenAI-style and Anthropic-style wire formats:
 * the knowledgebase server tool a request declares, and the `sources` items a response carries.
 */
import { z } from 'zod';
import { search } from '../limits.js';
import { KnowledgebaseChunk } from '../resources/index.js';

/** The `type` of the knowledgebase tool item (documented). */
export const KNOWLEDGEBASE_TOOL_TYPE = 'service:knowledgebase' as const;

/**
 * Parameters of the knowledgebase tool. `limit` is documented as an integer; its bounds are assumed to be
 * those of project-key search (1 to 100). Further parameters are not shown, so unknown keys pass through.
 */
export const KnowledgebaseToolParameters = z.looseObject({
  limit: z.number().int().min(search.projectKey.limitMin).max(search.projectKey.limitMax),
});
export type KnowledgebaseToolParameters = z.infer<typeof KnowledgebaseToolParameters>;

/** A knowledgebase tool item: {type: 'service:knowledgebase', parameters: {limit}}. Same in both formats. */
export const KnowledgebaseTool = z.object({
  type: z.literal(KNOWLEDGEBASE_TOOL_TYPE),
  parameters: KnowledgebaseToolParameters,
});
export type KnowledgebaseTool = z.infer<typeof KnowledgebaseTool>;

/**
 * One item of a RAG response's `sources` array.
 *
 * ASSUMED: the spec says `sources` holds "retrieved chunks" but does not show an item's fields. We choose the
 * knowledgebase chunk shape that project-key search returns (point_id, doc_id, score, content), since both
 * describe chunks of the same knowledgebase. Against a real deployment this is an assumed clause, not a fact.
 */
export const RagSource = KnowledgebaseChunk;
export type RagSource = z.infer<typeof RagSource>;

/**
 * The top-level `sources` array added to the native response shape, with the fake's item shape (RagSource, assumed
 * clause RAG-SOURCES-ITEM-SHAPE).
 */
export const RagSources = z.array(RagSource);
export type RagSources = z.infer<typeof RagSources>;

/**
 * What the spec documents of `sources`: "a `sources` array of retrieved chunks" (may be empty). "Item fields of
 * `sources`: not shown", so an item is not looked into here; RagSources adds the fake's item shape on top.
 */
export const DocumentedRagSources = z.array(z.unknown());
export type DocumentedRagSources = z.infer<typeof DocumentedRagSources>;
