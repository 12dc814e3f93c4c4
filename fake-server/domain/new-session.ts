/** A new conversation session, open and pending, with a deterministic session_uid. */
import type { DomainContext } from './context.js';
import type { Project, Session } from './state.js';

/** Session uids are large integers, deterministic per seed. */
export function nextSessionUid(domain: DomainContext): number {
  // Stryker disable next-line StringLiteral: equivalent; any name no other kind uses gives the same counter
  return 1_700_000_000 + domain.ids.next('session_uid') * 7919;
}

export function openNewSession(
  domain: DomainContext,
  project: Project,
  origin: Pick<Session, 'segment' | 'visitor_id' | 'visitor_data' | 'session_meta' | 'is_emulator'>,
): Session {
  const now = domain.clock.now();
  const session: Session = {
    id: domain.ids.next('session'),
    session_uid: nextSessionUid(domain),
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
  domain.state.sessions.set(session.id, session);
  return session;
}
