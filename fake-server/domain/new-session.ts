/** A new conversation session, open and pending, with a deterministic session_uid. */
import type { DomainContext } from './context.js';
import type { Project, Session } from './state.js';

/** Session uids are large integers, deterministic per seed. */
export function nextSessionUid(ctx: DomainContext): number {
  // Stryker disable next-line StringLiteral: equivalent; any name no other kind uses gives the same counter
  return 1_700_000_000 + ctx.ids.next('session_uid') * 7919;
}

export function openNewSession(
  ctx: DomainContext,
  project: Project,
  origin: Pick<Session, 'segment' | 'visitor_id' | 'visitor_data' | 'session_meta' | 'is_emulator'>,
): Session {
  const now = ctx.clock.now();
  const session: Session = {
    id: ctx.ids.next('session'),
    session_uid: nextSessionUid(ctx),
    project_id: project.id,
    integration_id: project.integration.id,
    status: 'open',
    chat_mode: 'ai',
    state: 'pending',
    country: '',
    created_at: now,
    updated_at: now,
    last_message_time: null,
    last_message: null,
    contact_data: {},
    ...origin,
  };
  ctx.state.sessions.set(session.id, session);
  return session;
}
