/**
 * One agent turn, shared by the widget (sendMessage) and the playground: pick the model, check credits, retrieve
 * with the last chat_history_count messages as context, compose the canned reply, deduct the model's price (per call
 * unless the caller prices the turn otherwise).
 */
import { type AgentSettings, composeReply } from '../rag/canned-agent.js';
import type { KnowledgebaseChunkHit } from '../rag/knowledgebase-index.js';
import type { DomainContext } from './context.js';
import { deductCredits, ensureCredits } from './credits.js';
import { errors } from './errors.js';
import { indexFor } from './knowledgebase.js';
import { findModelForPlan } from './models.js';
import type { Organization, Project, SupportedModelEntry } from './state.js';
import { citedChunks } from './variant-top-source.js';

export interface TurnInput {
  query: string;
  /** Previous messages, oldest first. */
  history: readonly { role: 'user' | 'assistant'; content: string }[];
  overrides?: { model?: string; system_prompt?: string; temperature?: number };
  /** What the turn costs on its model; the model's price per call unless given (a playground of the variant). */
  price?: (model: SupportedModelEntry, query: string) => number;
}

export interface Turn {
  text: string;
  model: SupportedModelEntry;
  credits: number;
  retrievalQuery: string;
  used: KnowledgebaseChunkHit[];
}

export function agentTurn(
  domain: DomainContext,
  org: Organization,
  project: Project,
  input: TurnInput,
): Turn {
  const modelValue = input.overrides?.model ?? project.settings.model;
  const model = findModelForPlan(domain, org.plan, modelValue);
  if (!model) throw errors.invalidModel(modelValue);
  const credits = input.price ? input.price(model, input.query) : model.credits_per_call;
  ensureCredits(org, project, credits);
  const settings: AgentSettings = {
    ...project.settings,
    model: model.value,
    prompt: input.overrides?.system_prompt ?? project.settings.prompt,
    temperature: input.overrides?.temperature ?? project.settings.temperature,
  };
  // The last chat_history_count previous messages are context; none when it is 0 (slice(-0) would keep all).
  const count = project.settings.chat_history_count;
  const context = count > 0 ? input.history.slice(-count).filter((m) => m.role === 'user') : [];
  const retrievalQuery = [...context.map((m) => m.content), input.query].join(' ');
  const hits = indexFor(domain, project).search(retrievalQuery, { limit: settings.max_nodes });
  // The variant cites only the top chunk of those retrieved (top-source-only); `used` stays what was retrieved.
  const reply = composeReply(input.query, hits, settings, citedChunks(domain));
  deductCredits(domain, org, project, credits);
  return { text: reply.text, model, credits, retrievalQuery, used: reply.used };
}
