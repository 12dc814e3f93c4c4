/**
 * Retention: conversation history older than the project's retention_duration (seconds; 0 = forever) is deleted.
 * Age runs from a session's last activity on the virtual clock (RETENTION-AGE-FROM-LAST-ACTIVITY, RETENTION-SWEEP).
 */
import type { DomainContext } from './context.js';
import type { Project, Session } from './state.js';

/** Activity is a message; with none yet, the creation (SESSION-ACTIVITY). */
export function lastActivity(s: Session): number {
  return s.last_message_time ?? s.created_at;
}

/** Delete the project's sessions (and their messages and logs) whose age exceeds the retention. */
export function applyRetention(ctx: DomainContext, project: Project): void {
  if (project.retention_duration <= 0) return;
  const cutoff = ctx.clock.now() - project.retention_duration * 1000;
  const expired = new Set<number>();
  for (const s of ctx.state.sessions.values()) {
    if (s.project_id === project.id && lastActivity(s) < cutoff) expired.add(s.id);
  }
  if (expired.size === 0) return;
  for (const id of expired) ctx.state.sessions.delete(id);
  for (const [id, m] of ctx.state.messages) if (expired.has(m.session_id)) ctx.state.messages.delete(id);
  for (const [id, l] of ctx.state.executionLogs)
    if (expired.has(l.session_id)) ctx.state.executionLogs.delete(id);
}
