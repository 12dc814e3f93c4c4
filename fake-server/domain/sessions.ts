/** Conversation sessions and their messages as the Platform API lists them. */
import type { SessionMessage as MessageView, OrderBy, Session as SessionView } from '../../contract/index.js';
import { variantOn } from '../variant/axes.js';
import { iso, isoDay } from './clock.js';
import type { DomainContext } from './context.js';
import { errors } from './errors.js';
import { type Bounds, runToArray } from './ordered-set.js';
import { byOrder, type Page, pageOfAscending, paginate } from './paging.js';
import { applyRetention } from './retention.js';
import { observeLifecycle } from './session-lifecycle.js';
import type { Message, Project, Session } from './state.js';
import { reverseTies } from './variant-tie-orders.js';

export interface ListSessionsQuery {
  status?: 'open' | 'closed';
  /** YYYY-MM-DD, inclusive, on created_at's UTC calendar day. */
  from?: string;
  to?: string;
  limit: number;
  page: number;
  orderBy: OrderBy;
}

/**
 * Bring the project's sessions up to the clock: retention first, then inactivity transitions. Each visits only the
 * sessions that can be due (retention.ts, session-lifecycle.ts: schedules kept by the store).
 */
export function observeSessions(domain: DomainContext, project: Project): void {
  applyRetention(domain, project);
  observeLifecycle(domain, project);
}

/** The project's sessions (emulator sessions only when asked), in ascending (created_at, id) order. */
export function projectSessions(domain: DomainContext, project: Project, includeEmulator = false): Session[] {
  observeSessions(domain, project);
  if (!includeEmulator) return [...domain.state.sessions.listedOf(project.id)];
  // Stryker disable next-line StringLiteral: equivalent; byOrder reverses for 'DESC' only, any other order is ascending
  return byOrder(domain.state.sessions.allOf(project.id), (s) => s.created_at, 'ASC');
}

export function listSessions(
  domain: DomainContext,
  project: Project,
  q: ListSessionsQuery,
): Page<SessionView> {
  observeSessions(domain, project);
  // A session's UTC day only grows along the (created_at, id) order: the dates bound a window of the project's
  // sessions, or of those of the status asked for, and only the page is read (FAKE-PAGE-COST).
  const { from, to, status } = q;
  const bounds: Bounds<Session> = {
    atOrAfterStart: from === undefined ? undefined : (s) => isoDay(s.created_at) >= from,
    afterEnd: to === undefined ? undefined : (s) => isoDay(s.created_at) > to,
  };
  const store = domain.state.sessions;
  const window =
    status === undefined
      ? store.listedWithin(project.id, bounds)
      : store.withStatusWithin(project.id, status, bounds);
  // Ties by id reversed in variant mode (FAKE-VARIANT, tie-orders); otherwise the store's own order.
  const ascending = variantOn(domain, 'tie-orders')
    ? reverseTies(domain, runToArray(window), (s) => s.created_at, 'ASC')
    : window;
  const page = pageOfAscending(ascending, q.limit, q.page, q.orderBy);
  return { total: page.total, items: page.items.map(sessionView) };
}

export function sessionView(s: Session): SessionView {
  return {
    session_uid: s.session_uid,
    id: s.id,
    project_id: s.project_id,
    integration_id: s.integration_id,
    status: s.status,
    chat_mode: s.chat_mode,
    state: s.state,
    segment: s.segment,
    country: s.country,
    created_at: iso(s.created_at),
    updated_at: iso(s.updated_at),
    last_message_time: s.last_message_time === null ? null : iso(s.last_message_time),
    last_message: s.last_message,
    visitor_data: s.visitor_data,
    contact_data: s.contact_data,
    session_meta: s.session_meta,
  };
}

export function findSessionByUid(
  domain: DomainContext,
  project: Project,
  sessionUid: number,
): Session | undefined {
  observeSessions(domain, project);
  const s = domain.state.sessions.byUid(sessionUid);
  return s?.project_id === project.id ? s : undefined;
}

/** The session's messages in the order they were stored. */
export function sessionMessages(domain: DomainContext, session: Session): Message[] {
  return domain.state.messages.ofSession(session.id);
}

export function listSessionMessages(
  domain: DomainContext,
  project: Project,
  q: { session_uid: number; limit: number; page: number; orderBy: OrderBy },
): Page<MessageView> {
  const session = findSessionByUid(domain, project, q.session_uid);
  if (!session || session.is_emulator) throw errors.sessionNotFound();
  const ordered = byOrder(sessionMessages(domain, session), (m) => m.createdAt, q.orderBy);
  const page = paginate(
    reverseTies(domain, ordered, (m) => m.createdAt, q.orderBy), // FAKE-VARIANT, tie-orders
    q.limit,
    q.page,
  );
  return { total: page.total, items: page.items.map(messageView) };
}

export function messageView(m: Message): MessageView {
  return {
    id: m.id,
    session_id: m.session_id,
    send_by: m.send_by,
    message: m.message,
    type: m.type,
    content_type: m.content_type,
    rate: m.rate,
    choices: m.choices,
    url: m.url,
    streaming: m.streaming,
    response_source: m.response_source,
    createdAt: iso(m.createdAt),
  };
}

/** Append a message to a session and move its last-message fields; `at` places it in the past (bulk seeding). */
export function appendMessage(
  domain: DomainContext,
  session: Session,
  sendBy: string,
  body: string,
  extra: Partial<Pick<Message, 'response_source' | 'rate' | 'url'>> & { at?: number } = {},
): Message {
  const now = extra.at ?? domain.clock.now();
  const message: Message = {
    id: domain.ids.next('message'),
    session_id: session.id,
    send_by: sendBy,
    message: body,
    type: sendBy === 'assistant' ? 2 : 1,
    content_type: 'text',
    rate: extra.rate ?? '',
    choices: [],
    url: extra.url ?? '',
    streaming: false,
    response_source: extra.response_source ?? (sendBy === 'assistant' ? 'ai' : 'visitor'),
    createdAt: now,
  };
  domain.state.messages.set(message.id, message);
  session.last_message = body;
  session.last_message_time = now;
  session.updated_at = now;
  return message;
}
