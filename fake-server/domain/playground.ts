/** The playground: emulator sessions and one-off agent calls that may override settings for the call only. */
import type { PlaygroundSession } from '../../contract/index.js';
import { agentTurn } from './agent-turn.js';
import type { DomainContext } from './context.js';
import { messages, notFound } from './errors.js';
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
  const turn = agentTurn(ctx, org, project, {
    query: call.query,
    history: call.messages ?? [],
    ...(call.agent_setting ? { overrides: call.agent_setting } : {}),
  });
  appendMessage(ctx, session, 'user', call.query, { response_source: 'playground' });
  appendMessage(ctx, session, 'assistant', turn.text, { response_source: 'playground' });
  return {
    session_uid: session.session_uid,
    message: turn.text,
    response_time: responseTime(turn.text),
    total_credits: turn.credits,
  };
}

/** A deterministic response time in seconds, growing with the reply's length (PLAYGROUND-RESPONSE-TIME). */
export const responseTime = (text: string): number => Math.round((0.35 + text.length / 2000) * 1000) / 1000;
