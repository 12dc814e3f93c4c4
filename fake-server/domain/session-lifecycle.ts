/**
 * Sessions on the clock: an open session with no activity for auto_resolve_duration minutes becomes resolved (and
 * can resume); with none for auto_close_duration minutes it becomes closed, for good. Evaluated whenever the
 * project's sessions are observed, against the settings in force then (SESSION-AUTO-*, SESSION-INACTIVITY-PRECEDENCE).
 */
import { MINUTE_MS } from './clock.js';
import type { DomainContext } from './context.js';
import { lastActivity } from './retention.js';
import type { AiSettings, Session } from './state.js';

export type SessionStatus = 'open' | 'resolved' | 'closed';

/** The status a session has after `idleMs` without activity, starting from `status`. */
export function statusAfterIdle(
  status: string,
  idleMs: number,
  s: Pick<AiSettings, 'auto_close_duration' | 'auto_resolve_duration'>,
): string {
  if (status === 'closed') return 'closed';
  if (idleMs >= s.auto_close_duration * MINUTE_MS) return 'closed';
  if (status === 'open' && idleMs >= s.auto_resolve_duration * MINUTE_MS) return 'resolved';
  return status;
}

export function refreshLifecycle(ctx: DomainContext, session: Session, settings: AiSettings): void {
  if (session.is_emulator) return;
  const since = lastActivity(session);
  const next = statusAfterIdle(session.status, ctx.clock.now() - since, settings);
  if (next === session.status) return;
  const after = next === 'closed' ? settings.auto_close_duration : settings.auto_resolve_duration;
  session.status = next;
  session.updated_at = Math.max(session.updated_at, since + after * MINUTE_MS);
}
