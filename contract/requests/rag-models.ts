/** Which supported models each RAG endpoint serves (documented: OpenAI-style `gpt-*`, `o1`, `o3`; Anthropic-style `claude-*`). */
export type RagDialect = 'openai' | 'anthropic';

const families: Record<RagDialect, RegExp> = {
  openai: /^(?:gpt-|o1(?:-|$)|o3(?:-|$))/,
  anthropic: /^claude-/,
};

/** Whether `model` belongs to a family the dialect's endpoint serves (RAG-OPENAI-FAMILIES, RAG-ANTHROPIC-FAMILIES). */
export function servesModel(dialect: RagDialect, model: string): boolean {
  return families[dialect].test(model);
}

/** The dialect of a path under a RAG root (`/openai/…`, `/anthropic/…`, relative to the base URL), if it is one. */
export const ragRootOf = (path: string): RagDialect | undefined =>
  path.startsWith('/openai/') ? 'openai' : path.startsWith('/anthropic/') ? 'anthropic' : undefined;
