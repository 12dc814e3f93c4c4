/**
 * The knowledgebase server tool a RAG request declares, and the `sources` its answer carries, for the typed SDK helpers
 * (`chatbot-platform-fake/openai`, `chatbot-platform-fake/anthropic`). Both are the contract's (contract/requests/
 * rag-sources.ts): the tool item is documented (RAG-KB-TOOL); the items of `sources` are the fake's chunk shape, an
 * assumed clause (RAG-SOURCES-ITEM-SHAPE), checked here so that a server answering otherwise fails loudly, not later.
 */
import {
  KNOWLEDGEBASE_TOOL_TYPE,
  type KnowledgebaseTool,
  type KnowledgebaseToolParameters,
  type RagSource,
  RagSources,
} from '../contract/requests/rag-sources.js';

export type { KnowledgebaseTool, KnowledgebaseToolParameters, RagSource };

/** `{type: 'service:knowledgebase', parameters}`: the tool item as the spec shows it; further parameters pass as given. */
export const knowledgebaseToolItem = (parameters: KnowledgebaseToolParameters): KnowledgebaseTool => ({
  type: KNOWLEDGEBASE_TOOL_TYPE,
  parameters: { ...parameters },
});

/**
 * The `sources` array of a RAG answer ("the native provider shape plus a `sources` array of retrieved chunks"), as it
 * came (not copied; fields a server adds stay). Throws a TypeError naming what is wrong when the answer has no such
 * array or an item is not a chunk {point_id, doc_id, score, content}.
 */
export function readSources(answer: object, who: string): RagSource[] {
  const sources: unknown = (answer as { sources?: unknown }).sources;
  if (!Array.isArray(sources)) {
    throw new TypeError(
      `${who}: the answer has no \`sources\` array (got ${sources === undefined ? 'none' : typeof sources}): is it an answer of the Chatbot Platform's RAG endpoint?`,
    );
  }
  const parsed = RagSources.safeParse(sources);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const at = ['sources', ...(issue?.path ?? [])].map((p) =>
      typeof p === 'number' ? `[${p}]` : `.${String(p)}`,
    );
    throw new TypeError(
      `${who}: ${at.join('').slice(1)}: ${issue?.message} (a source is {point_id, doc_id, score, content})`,
    );
  }
  return sources as RagSource[];
}

/** The two helpers of an SDK entry, typed with that SDK's tool and answer types. */
export interface SdkHelpers<Tool, Answer> {
  /**
   * The knowledgebase server tool for the SDK's `tools`: at run time exactly `{type: 'service:knowledgebase',
   * parameters}`, typed as the SDK's tool type so that `tsc` accepts it there.
   */
  knowledgebaseTool(parameters: KnowledgebaseToolParameters): Tool;
  /**
   * The `sources` of an answer (a create() answer, or a stream's final object), as it came. Throws a TypeError naming
   * what is wrong when the answer carries none or an item is not a chunk.
   */
  sourcesOf(answer: Answer): RagSource[];
}

/** The helpers for one SDK: `Tool` and `Answer` are type-only, so the entry that calls this imports no SDK code. */
export const sdkHelpers = <Tool, Answer extends object>(): SdkHelpers<Tool, Answer> => ({
  knowledgebaseTool: (parameters) => knowledgebaseToolItem(parameters) as unknown as Tool,
  sourcesOf: (answer) => readSources(answer, 'sourcesOf'),
});
