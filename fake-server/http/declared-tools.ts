/**
 * The tools a RAG request declares, read the same way on both endpoints: the knowledgebase server tool (at most
 * one, RAG-KB-TOOL) apart from the user's own tools, and a tool choice that names only what is declared
 * (RAG-TOOL-CHOICE). Each adapter words the refusals as its native API does.
 */
import { KNOWLEDGEBASE_TOOL_TYPE, type KnowledgebaseTool } from '../../contract/requests/rag-sources.js';
import type { DomainError } from '../domain/errors.js';
import type { ToolChoice, ToolSpec } from '../rag/conversation.js';

export interface DeclaredTools {
  tools: ToolSpec[];
  /** The knowledgebase server tool, when declared. */
  knowledgebase: { limit: number } | null;
}

/** An adapter's refusals (400s), in its native words. */
export interface ToolRefusals {
  /** A second knowledgebase tool. */
  secondKnowledgebase(): DomainError;
  /** A choice that requires a tool call (OpenAI `required`, Anthropic `any`) with no user tool declared. */
  nothingToRequire(): DomainError;
  /** A choice that names a tool the request does not declare. */
  undeclared(name: string): DomainError;
}

const isKnowledgebase = <T>(tool: T | KnowledgebaseTool): tool is KnowledgebaseTool =>
  (tool as { type?: unknown }).type === KNOWLEDGEBASE_TOOL_TYPE;

/** The native tool items split into the user's tools (each read by `userTool`) and the knowledgebase tool. */
export function declaredTools<T>(
  items: readonly (T | KnowledgebaseTool)[] | undefined,
  userTool: (tool: T) => ToolSpec,
  refuse: ToolRefusals,
): DeclaredTools {
  const out: DeclaredTools = { tools: [], knowledgebase: null };
  for (const item of items ?? []) {
    if (!isKnowledgebase(item)) out.tools.push(userTool(item));
    else if (out.knowledgebase) throw refuse.secondKnowledgebase();
    else out.knowledgebase = { limit: item.parameters.limit };
  }
  return out;
}

/** The neutral tool choice, refused when it requires a call with no user tool or names an undeclared one. */
export function checkedToolChoice(
  choice: ToolChoice,
  tools: readonly ToolSpec[],
  refuse: ToolRefusals,
): ToolChoice {
  if (choice.kind === 'required' && tools.length === 0) throw refuse.nothingToRequire();
  if (choice.kind === 'tool' && !tools.some((t) => t.name === choice.name))
    throw refuse.undeclared(choice.name);
  return choice;
}
