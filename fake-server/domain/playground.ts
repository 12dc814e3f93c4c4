/** The playground: emulator sessions and one-off agent calls that may override settings for the call only. */
import type { PlaygroundSession } from '../../contract/index.js';
import { type AgentSettings, composeReply } from '../rag/canned-agent.js';
import type { DomainContext } from './context.js';
import { deductCredits, ensureCredits } from './credits.js';
import { badRequest, messages, notFound } from './errors.js';
import { indexFor } from './knowledgebase.js';
import { findModelForPlan } from './models.js';
import { appendMessage, findSessionByUid } from './sessions.js';
import type { Organization, Project, Session } from './state.js';

export function createPlaygroundSession(ctx: DomainContext, project: Project): PlaygroundSession {
  const now = ctx.clock.now();
  const session: Session = {
    id: ctx.ids.next('session'),
    session_uid: nextSessionUid(ctx),
    project_id: project.id,
    integration_id: project.integration.id,
    status: 'open',
    chat_mode: 'ai',
    state: 'pending',
    segment: 'playground',
    country: '',
    created_at: now,
    updated_at: now,
    last_message_time: null,
    last_message: null,
    visitor_id: 'playground',
    visitor_data: {},
    contact_data: {},
    session_meta: { emulator: true },
    is_emulator: true,
  };
  ctx.state.sessions.set(session.id, session);
  return { session_uid: session.session_uid, id: session.id, project_id: project.id, is_emulator: true };
}

/** Session uids are large integers, deterministic per seed. */
export function nextSessionUid(ctx: DomainContext): number {
  return 1_700_000_000 + ctx.ids.next('session_uid') * 7919;
}

export interface PlaygroundCall {
  session_uid: number;
  query: string;
  agent_setting?: { model?: string; system_prompt?: string; temperature?: number; [k: string]: unknown };
  messages?: { role: 'user' | 'assistant'; content: string }[];
}

export function playgroundResponse(
  ctx: DomainContext,
  org: Organization,
  project: Project,
  call: PlaygroundCall,
) {
  const session = findSessionByUid(ctx, project, call.session_uid);
  if (!session?.is_emulator) throw notFound(messages.sessionNotFound);
  const modelValue = call.agent_setting?.model ?? project.settings.model;
  const model = findModelForPlan(ctx, org.plan, modelValue);
  if (!model) throw badRequest(messages.invalidModel(modelValue));
  ensureCredits(org, project, model.credits_per_call);
  const settings: AgentSettings = {
    ...project.settings,
    model: model.value,
    prompt: call.agent_setting?.system_prompt ?? project.settings.prompt,
    temperature: call.agent_setting?.temperature ?? project.settings.temperature,
  };
  // The last chat_history_count previous messages are context; none when it is 0 (slice(-0) would keep all).
  const count = project.settings.chat_history_count;
  const history = (count > 0 ? (call.messages ?? []).slice(-count) : []).filter((m) => m.role === 'user');
  const retrievalQuery = [...history.map((m) => m.content), call.query].join(' ');
  const hits = indexFor(ctx, project).search(retrievalQuery, { limit: settings.max_nodes });
  const reply = composeReply(call.query, hits, settings);
  deductCredits(ctx, org, project, model.credits_per_call);
  appendMessage(ctx, session, 'user', call.query, { response_source: 'playground' });
  appendMessage(ctx, session, 'assistant', reply.text, { response_source: 'playground' });
  return {
    session_uid: session.session_uid,
    message: reply.text,
    response_time: Math.round((0.35 + reply.text.length / 2000) * 1000) / 1000,
    total_credits: model.credits_per_call,
  };
}
