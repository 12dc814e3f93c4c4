/** Chatbot execution logs: what each agent turn did (retrieval, model call, reply), readable by project key. */
import type { ExecutionLog as LogView, OrderBy } from '../../contract/index.js';
import { variantOn } from '../variant/axes.js';
import { iso, isoDay } from './clock.js';
import type { DomainContext } from './context.js';
import { errors } from './errors.js';
import { runToArray } from './ordered-set.js';
import { ascendingBy, type Page, pageOfAscending } from './paging.js';
import { findSessionByUid, observeSessions } from './sessions.js';
import type { ExecutionLog, Project, Session } from './state.js';
import { reverseTies } from './variant-tie-orders.js';

export function writeLog(
  domain: DomainContext,
  session: Session,
  entry: { task: string; type: string; message: string; data: Record<string, unknown> },
  /** When it happened; the clock's now unless placed in the past (bulk seeding). */
  at: number = domain.clock.now(),
): ExecutionLog {
  const log: ExecutionLog = {
    id: domain.ids.next('execution_log'),
    project_id: session.project_id,
    session_id: session.id,
    ...entry,
    createdAt: at,
  };
  domain.state.executionLogs.set(log.id, log);
  return log;
}

/** The execution log of an assistant reply: one per reply, in the reply's session, at `at` (now by default). */
export function logReply(
  domain: DomainContext,
  session: Session,
  reply: { id: number; message: string },
  at: number = domain.clock.now(),
): ExecutionLog {
  const entry = {
    task: 'reply',
    type: 'message',
    message: 'Sent the assistant reply',
    data: { message_id: reply.id, length: reply.message.length },
  };
  return writeLog(domain, session, entry, at);
}

export interface ListLogsQuery {
  session_uid?: string | undefined;
  /** YYYY-MM-DD, inclusive, on createdAt's UTC day. */
  from?: string | undefined;
  to?: string | undefined;
  orderBy: OrderBy;
  limit: number;
  page: number;
}

export function listExecutionLogs(domain: DomainContext, project: Project, q: ListLogsQuery): Page<LogView> {
  observeSessions(domain, project);
  let sessionId: number | undefined;
  if (q.session_uid !== undefined) {
    const session = findSessionByUid(domain, project, Number(q.session_uid));
    if (!session) throw errors.sessionNotFound();
    sessionId = session.id;
  }
  // A log's UTC day only grows along the (createdAt, id) order, so the dates bound a window of it (FAKE-PAGE-COST).
  const { from: fromDay, to: toDay } = q;
  const from = fromDay === undefined ? undefined : (l: ExecutionLog) => isoDay(l.createdAt) >= fromDay;
  const to = toDay === undefined ? undefined : (l: ExecutionLog) => isoDay(l.createdAt) > toDay;
  // A project's logs are kept in (createdAt, id) order by the store: only the window's page is read. One session's
  // logs are few, kept in the order they were written (bulk seeding writes some in the past): sort and filter them.
  const inOrder =
    sessionId === undefined
      ? domain.state.executionLogs.ofProjectWithin(project.id, { atOrAfterStart: from, afterEnd: to })
      : ascendingBy(domain.state.executionLogs.ofSession(sessionId), (l) => l.createdAt).filter(
          (l) => (from === undefined || from(l)) && (to === undefined || !to(l)),
        );
  // Ties by id reversed in variant mode (FAKE-VARIANT, tie-orders): that reads the whole window.
  const matching = variantOn(domain, 'tie-orders')
    ? reverseTies(domain, runToArray(inOrder), (l) => l.createdAt, 'ASC')
    : inOrder;
  const page = pageOfAscending(matching, q.limit, q.page, q.orderBy);
  return { total: page.total, items: page.items.map((l) => logView(domain, l)) };
}

export function logView(domain: DomainContext, l: ExecutionLog): LogView {
  const session = domain.state.sessions.get(l.session_id);
  return {
    id: l.id,
    project_id: l.project_id,
    session_id: l.session_id,
    data: { task: l.task, type: l.type, message: l.message, data: l.data },
    createdAt: iso(l.createdAt),
    updatedAt: iso(l.createdAt),
    executionlog_session_data: { session_uid: session?.session_uid ?? 0 },
  };
}
