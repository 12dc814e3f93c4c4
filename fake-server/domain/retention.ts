/**
 * Retention: conversation history older than the project's retention_duration (seconds; 0 = forever) is deleted.
 * Age runs from a session's last activity on the virtual clock (RETENTION-AGE-FROM-LAST-ACTIVITY, RETENTION-SWEEP).
 */

import type { DomainContext } from './context.js';
import { visit } from './cost.js';
import { Schedule } from './schedule.js';
import type { Project, Session } from './state.js';
import { retentionInstant } from './variant-retention-sweep.js';

/** Activity is a message; with none yet, the creation (SESSION-ACTIVITY). */
export function lastActivity(s: Session): number {
  return s.last_message_time ?? s.created_at;
}

/**
 * Delete the project's sessions (and their messages and logs) whose age exceeds the retention. Only sessions that
 * can be that old are visited (FAKE-PAGE-COST): the store keeps the project's sessions scheduled by last activity
 * (built on the first sweep; new sessions join it; activity only moves a session later), so a sweep takes the
 * sessions scheduled before the cutoff, deletes those still inactive since then and schedules the others again.
 */
export function applyRetention(domain: DomainContext, project: Project): void {
  if (project.retention_duration <= 0) return;
  const { sessions, messages, executionLogs } = domain.state;
  // retentionInstant: the clock's now, or the last hourly sweep in variant mode (FAKE-VARIANT, retention-lazy).
  const cutoff = retentionInstant(domain, domain.clock.now()) - project.retention_duration * 1000;
  let due = sessions.retentionSchedule(project.id);
  if (due === undefined) {
    due = new Schedule(lastActivity);
    for (const s of sessions.allOf(project.id)) due.schedule(s);
    sessions.setRetentionSchedule(project.id, due);
  }
  const isDue = (at: number) => at < cutoff;
  for (let s = due.next(isDue); s !== undefined; s = due.next(isDue)) {
    visit(domain.cost, 1);
    if (sessions.get(s.id) !== s) continue;
    if (lastActivity(s) >= cutoff) {
      due.schedule(s);
      continue;
    }
    for (const m of messages.ofSession(s.id)) messages.delete(m.id);
    for (const l of executionLogs.ofSession(s.id)) executionLogs.delete(l.id);
    sessions.delete(s.id);
  }
}
