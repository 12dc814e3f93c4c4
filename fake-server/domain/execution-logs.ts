/** Chatbot execution logs: what each agent turn did (retrieval, model call, reply), readable by project key. */
import type { ExecutionLog as LogView, OrderBy } from '../../contract/index.js';
import { reverseTies } from '../variant/tie-orders.js';
import { iso, isoDay } from './clock.js';
import type { DomainContext } from './context.js';
import { messages, notFound } from './errors.js';
import { ascendingBy, type Page, pageOfAscending } from './paging.js';
import { findSessionByUid, observeSessions } from './sessions.js';
import type { ExecutionLog, Project, Session } from './state.js';

export function writeLog(
  ctx: DomainContext,
  session: Session,
  entry: { task: string; type: string; message: string; data: Record<string, unknown> },
  /** When it happened; the clock's now unless placed in the past (bulk seeding). */
  at: number = ctx.clock.now(),
): ExecutionLog {
  const log: ExecutionLog = {
    id: ctx.ids.next('execution_log'),
    project_id: session.project_id,
    session_id: session.id,
    ...entry,
    createdAt: at,
  };
  ctx.state.executionLogs.set(log.id, log);
  return log;
}

/** The execution log of an assistant reply: one per reply, in the reply's session, at `at` (now by default). */
export function logReply(
  ctx: DomainContext,
  session: Session,
  reply: { id: number; message: string },
  at: number = ctx.clock.now(),
): ExecutionLog {
  const entry = {
    task: 'reply',
    type: 'message',
    message: 'Sent the assistant reply',
    data: { message_id: reply.id, length: reply.message.length },
  };
  return writeLog(ctx, session, entry, at);
}

export interface ListLogsQuery {
  session_uid?: string;
  /** YYYY-MM-DD, inclusive, on createdAt's UTC day. */
  from?: string;
  to?: string;
  orderBy: OrderBy;
  limit: number;
  page: number;
}

export function listExecutionLogs(ctx: DomainContext, project: Project, q: ListLogsQuery): Page<LogView> {
  observeSessions(ctx, project);
  let sessionId: number | undefined;
  if (q.session_uid !== undefined) {
    const session = findSessionByUid(ctx, project, Number(q.session_uid));
    if (!session) throw notFound(messages.sessionNotFound);
    sessionId = session.id;
  }
  // One session's logs are few, kept in the order they were written (bulk seeding writes some in the past): sort
  // them; a project's are kept in (createdAt, id) order by the store.
  const ascending =
    sessionId === undefined
      ? ctx.state.executionLogs.ofProject(project.id)
      : ascendingBy(ctx.state.executionLogs.ofSession(sessionId), (l) => l.createdAt);
  // Ties by id reversed in variant mode (FAKE-VARIANT, tie-orders).
  const matching = reverseTies(ctx, ascending, (l) => l.createdAt, 'ASC').filter(
    (l) =>
      (q.from === undefined || isoDay(l.createdAt) >= q.from) &&
      (q.to === undefined || isoDay(l.createdAt) <= q.to),
  );
  const page = pageOfAscending(matching, q.limit, q.page, q.orderBy);
  return { total: page.total, items: page.items.map((l) => logView(ctx, l)) };
}

export function logView(ctx: DomainContext, l: ExecutionLog): LogView {
  const session = ctx.state.sessions.get(l.session_id);
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
