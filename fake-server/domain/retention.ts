/**
 * Retention: conversation history older than the project's retention_duration (seconds; 0 = forever) is deleted.
 * Age runs from a session's last activity on the virtual clock (RETENTION-AGE-FROM-LAST-ACTIVITY, RETENTION-SWEEP).
 */
import { retentionInstant } from '../variant/retention-sweep.js';
import type { DomainContext } from './context.js';
import type { Project, Session } from './state.js';

/** Activity is a message; with none yet, the creation (SESSION-ACTIVITY). */
export function lastActivity(s: Session): number {
  return s.last_message_time ?? s.created_at;
}

/** Delete the project's sessions (and their messages and logs) whose age exceeds the retention. */
export function applyRetention(ctx: DomainContext, project: Project): void {
  if (project.retention_duration <= 0) return;
  const { sessions, messages, executionLogs } = ctx.state;
  // retentionInstant: the clock's now, or the last hourly sweep in variant mode (FAKE-VARIANT, retention-lazy).
  const cutoff = retentionInstant(ctx, ctx.clock.now()) - project.retention_duration * 1000;
  const expired = [...sessions.values()].filter(
    (s) => s.project_id === project.id && lastActivity(s) < cutoff,
  );
  for (const s of expired) {
    for (const m of messages.ofSession(s.id)) messages.delete(m.id);
    for (const l of executionLogs.ofSession(s.id)) executionLogs.delete(l.id);
    sessions.delete(s.id);
  }
}
