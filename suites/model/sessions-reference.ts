/**
 * The reference model of widget sessions (sessions.model.test.ts; the commands: sessions-commands.ts): a session is
 * its uid, creation instant, last activity and messages in order; its status is a function of its idle time
 * (SESSION-AUTO-RESOLVE, SESSION-AUTO-CLOSE, SESSION-INACTIVITY-PRECEDENCE): closed at auto_close_duration, else
 * resolved at auto_resolve_duration; lists are in creation order (ids follow it), pages are slices of it, DESC is its
 * reverse. A session carries the assumed clauses the model's knowledge of it rests on (`grounds`).
 */

export const MINUTE = 60_000;

export interface Turn {
  fromAssistant: boolean;
  text: string;
}

export interface SessionModel {
  uid: number;
  createdAt: number;
  lastActivity: number;
  turns: Turn[];
  lastMessage: string | null;
  /** Assumed clauses the model's knowledge of this session rests on (how it came to exist). */
  grounds: ReadonlySet<string>;
}

export interface Model {
  now: number;
  resolveMin: number;
  closeMin: number;
  sessions: SessionModel[];
}

export function statusOf(m: Model, s: SessionModel): 'open' | 'resolved' | 'closed' {
  const idle = m.now - s.lastActivity;
  if (idle >= m.closeMin * MINUTE) return 'closed';
  if (idle >= m.resolveMin * MINUTE) return 'resolved';
  return 'open';
}

/** The assumed clauses the status the model gives a session rests on (its value, and which duration won). */
export function statusGrounds(m: Model, s: SessionModel): string[] {
  const status = statusOf(m, s);
  if (status === 'resolved') return ['SESSION-RESOLVED-STATUS-VALUE'];
  // Closed after having been resolved, or both durations equal: the fake's precedence.
  if (status === 'closed' && m.resolveMin <= m.closeMin) return ['SESSION-INACTIVITY-PRECEDENCE'];
  return [];
}

export type Order = 'ASC' | 'DESC' | undefined;

export function slice<T>(ascending: readonly T[], limit: number, page: number, order: Order): T[] {
  const list = order === 'DESC' ? [...ascending].reverse() : ascending;
  return list.slice((page - 1) * limit, page * limit);
}
