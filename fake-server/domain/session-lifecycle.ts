/**
 * Sessions on the clock: an open session with no activity for auto_resolve_duration minutes becomes resolved (and
 * can resume); with none for auto_close_duration minutes it becomes closed, for good. Evaluated whenever the
 * project's sessions are observed, against the settings in force then (SESSION-AUTO-*, SESSION-INACTIVITY-PRECEDENCE).
 */
import { MINUTE_MS } from './clock.js';
import type { DomainContext } from './context.js';
import { visit } from './cost.js';
import { lastActivity } from './retention.js';
import { Schedule } from './schedule.js';
import type { AiSettings, Project, Session } from './state.js';

export type SessionStatus = 'open' | 'resolved' | 'closed';

type Durations = Pick<AiSettings, 'auto_close_duration' | 'auto_resolve_duration'>;

/** The status a session has after `idleMs` without activity, starting from `status`. */
export function statusAfterIdle(status: string, idleMs: number, s: Durations): string {
  if (status === 'closed') return 'closed';
  if (idleMs >= s.auto_close_duration * MINUTE_MS) return 'closed';
  if (status === 'open' && idleMs >= s.auto_resolve_duration * MINUTE_MS) return 'resolved';
  return status;
}

export function refreshLifecycle(domain: DomainContext, session: Session, settings: AiSettings): void {
  if (session.is_emulator) return;
  const since = lastActivity(session);
  const next = statusAfterIdle(session.status, domain.clock.now() - since, settings);
  if (next === session.status) return;
  const after = next === 'closed' ? settings.auto_close_duration : settings.auto_resolve_duration;
  domain.state.sessions.setStatus(session, next);
  session.updated_at = Math.max(session.updated_at, since + after * MINUTE_MS);
}

/**
 * The first instant an unclosed session can change status under `d`: an open one moves at the first of the two
 * durations, any other only by closing.
 */
function nextChangeUnder(d: Durations): (s: Session) => number {
  const openFor = Math.min(d.auto_resolve_duration, d.auto_close_duration) * MINUTE_MS;
  const otherFor = d.auto_close_duration * MINUTE_MS;
  return (s) => lastActivity(s) + (s.status === 'open' ? openFor : otherFor);
}

/**
 * Bring the project's sessions up to the clock's inactivity rules, visiting only the sessions that can be due: the
 * store keeps a schedule of the unclosed sessions by the instant each can next change (built on the first visit and
 * again when the durations change; activity since only moves a session's instant later, or, resuming, sooner, and
 * the store then schedules it again). A due session is moved if the rule moves it, and scheduled again unless closed.
 */
export function observeLifecycle(domain: DomainContext, project: Project): void {
  const store = domain.state.sessions;
  const { auto_resolve_duration: autoResolve, auto_close_duration: autoClose } = project.settings;
  let plan = store.lifecycleSchedule(project.id);
  if (plan?.autoResolve !== autoResolve || plan.autoClose !== autoClose) {
    plan = {
      autoResolve,
      autoClose,
      due: new Schedule(
        nextChangeUnder({ auto_resolve_duration: autoResolve, auto_close_duration: autoClose }),
      ),
    };
    for (const s of store.unclosedOf(project.id)) plan.due.schedule(s);
    store.setLifecycleSchedule(project.id, plan);
  }
  const now = domain.clock.now();
  const isDue = (at: number) => at <= now;
  for (let s = plan.due.next(isDue); s !== undefined; s = plan.due.next(isDue)) {
    visit(domain.cost, 1);
    // Stryker disable next-line StringLiteral: equivalent; no closed session comes due: one closed here is not scheduled again, and a session stored closed is never scheduled (index)
    if (store.get(s.id) !== s || s.status === 'closed') continue;
    // Ask the rule first, move only the sessions it would move.
    // Stryker disable next-line ArithmeticOperator: equivalent; this only spares a call of refreshLifecycle, which asks the rule again with the true idle time and moves only what the rule moves (no record visited either way)
    if (statusAfterIdle(s.status, now - lastActivity(s), project.settings) !== s.status)
      refreshLifecycle(domain, s, project.settings);
    if (s.status !== 'closed') plan.due.schedule(s);
  }
}
