/**
 * Back-dating: records written with older timestamps, never a moved clock (the provider states, docs/qa-staging.md
 * "Provider states"). A real backend produces the same states by writing past instants into its database; so does the
 * fake.
 *
 * Sessions are stored with their final created_at before the store first sees them, and their messages and logs
 * arrive through appendMessage and writeLog with their own past instants, so the store's indexes (store-indexes.ts)
 * hold: the activity they note only brings the lifecycle's next visit closer.
 */
import { DAY_MS, MINUTE_MS } from './clock.js';
import type { DomainContext } from './context.js';
import { invalidParams } from './errors.js';
import { logReply } from './execution-logs.js';
import { nextSessionUid } from './new-session.js';
import { updateChatbot } from './projects.js';
import { statusAfterIdle } from './session-lifecycle.js';
import { appendMessage } from './sessions.js';
import type { ApiToken, Project, Session } from './state.js';

/**
 * Move a token's creation and expiry back together so that its expiry instant lies `agoMs` before now (0: now,
 * the first instant it is expired, TOKEN-EXPIRY-INSTANT). Its configured lifetime is unchanged.
 */
export function backdateTokenExpiry(domain: DomainContext, token: ApiToken, agoMs: number): ApiToken {
  if (token.expires_at === null)
    throw invalidParams([{ path: 'expiration', message: 'a token without expiry cannot be expired' }]);
  if (!(Number.isInteger(agoMs) && agoMs >= 0))
    throw invalidParams([{ path: 'expired_seconds_ago', message: 'at least 0' }]);
  const shift = token.expires_at - (domain.clock.now() - agoMs);
  token.createdAt -= shift;
  token.expires_at -= shift;
  return token;
}

/**
 * Move a token's creation `agoMs` into the past, as if it had been created then: a preset expiry counts from the
 * new instant (so it may lie in the past: the token is expired), a custom expiry instant or none stays.
 */
export function backdateTokenCreation(domain: DomainContext, token: ApiToken, agoMs: number): ApiToken {
  if (!(Number.isInteger(agoMs) && agoMs >= 0))
    throw invalidParams([{ path: 'created_seconds_ago', message: 'at least 0' }]);
  if (agoMs > domain.clock.now())
    throw invalidParams([{ path: 'created_seconds_ago', message: 'before the epoch' }]);
  token.createdAt -= agoMs;
  if (token.expiration !== 'none' && token.expiration !== 'custom' && token.expires_at !== null)
    token.expires_at -= agoMs;
  return token;
}

export interface PastMessage {
  send_by: 'user' | 'assistant';
  text: string;
  /** Visitor feedback on an assistant message. */
  rate?: '' | 'like' | 'dislike';
}

export interface PastSessionSpec {
  createdAt: number;
  /** Stored in order, `stepMs` apart, the first one `stepMs` after createdAt. */
  messages: readonly PastMessage[];
  stepMs?: number;
  /**
   * `lifecycle`: stored with the status the inactivity rules give it now; `open`: stored open, so the next
   * observation applies the rules (what a deployment whose sweeper has not run yet shows).
   */
  status: 'lifecycle' | 'open';
  visitor: string;
}

/** A widget session of `project` that happened in the past, with its messages and a `reply` log per answer. */
export function insertPastSession(domain: DomainContext, project: Project, spec: PastSessionSpec): Session {
  const step = spec.stepMs ?? MINUTE_MS;
  const lastAt = spec.createdAt + spec.messages.length * step;
  const now = domain.clock.now();
  if (lastAt > now)
    throw invalidParams([{ path: 'dates', message: 'back-dated records cannot lie in the future' }]);
  const lastActivity = spec.messages.length > 0 ? lastAt : spec.createdAt;
  const session: Session = {
    id: domain.ids.next('session'),
    session_uid: nextSessionUid(domain),
    project_id: project.id,
    integration_id: project.integration.id,
    status: spec.status === 'open' ? 'open' : statusAfterIdle('open', now - lastActivity, project.settings),
    chat_mode: 'ai',
    state: 'pending',
    segment: 'widget',
    country: '',
    created_at: spec.createdAt,
    updated_at: spec.createdAt,
    last_message_time: null,
    last_message: null,
    visitor_id: spec.visitor,
    visitor_data: { visitor_id: spec.visitor },
    contact_data: {},
    session_meta: { source: 'widget' },
    is_emulator: false,
  };
  domain.state.sessions.set(session.id, session);
  spec.messages.forEach((m, i) => {
    const at = spec.createdAt + (i + 1) * step;
    const message = appendMessage(domain, session, m.send_by, m.text, { at, rate: m.rate ?? '' });
    if (m.send_by === 'assistant') logReply(domain, session, message, at);
  });
  return session;
}

/** `count` messages alternating visitor and assistant, visitor first. */
export function conversationMessages(count: number, rate: PastMessage['rate'] = ''): PastMessage[] {
  return Array.from({ length: count }, (_, i) =>
    i % 2 === 0
      ? { send_by: 'user' as const, text: `Visitor question ${i / 2 + 1}: how do I get a refund?` }
      : {
          send_by: 'assistant' as const,
          text: `Answer ${(i + 1) / 2}: refunds are issued within 14 days.`,
          rate,
        },
  );
}

/** Midnight UTC of a YYYY-MM-DD day. */
const dayStart = (day: string): number => Date.parse(`${day}T00:00:00.000Z`);

/**
 * Past conversations: session i on `dates[i mod n]` (default: one a day going back from yesterday), at midnight
 * UTC plus ten minutes per earlier session that day, each with `messagesPerSession` messages a minute apart.
 * Statuses follow the inactivity rules from each last activity.
 */
export function insertPastConversations(
  domain: DomainContext,
  project: Project,
  input: {
    sessions: number;
    messagesPerSession: number;
    dates?: readonly string[];
    rate: PastMessage['rate'];
  },
): Session[] {
  const today = Math.floor(domain.clock.now() / DAY_MS) * DAY_MS;
  const starts =
    input.dates?.map(dayStart) ?? Array.from({ length: input.sessions }, (_, i) => today - (i + 1) * DAY_MS);
  if (starts.some((s) => !Number.isFinite(s) || s > today))
    throw invalidParams([{ path: 'dates', message: 'days up to today (UTC) only' }]);
  const messages = conversationMessages(input.messagesPerSession, input.rate);
  const out: Session[] = [];
  for (let i = 0; i < input.sessions; i++) {
    const createdAt = starts[i % starts.length]! + Math.floor(i / starts.length) * 10 * MINUTE_MS;
    out.push(
      insertPastSession(domain, project, {
        createdAt,
        messages,
        // Stryker disable next-line StringLiteral: equivalent for 'lifecycle', insertPastSession tells only 'open' apart (it also skips the visitor template, which back-dating.sessions.test.ts pins)
        status: 'lifecycle',
        visitor: `past-${i + 1}`,
      }),
    );
  }
  return out;
}

/**
 * A session whose last activity lies `minutesPast` minutes beyond the project's auto-resolve or auto-close duration,
 * stored open: the next observation resolves or closes it (SESSION-AUTO-RESOLVE, SESSION-AUTO-CLOSE). For
 * `resolved` the idle time must stay below auto_close_duration, or the session would close instead.
 */
export function insertIdleSession(
  domain: DomainContext,
  project: Project,
  until: 'resolved' | 'closed',
  minutesPast: number,
): { session: Session; lastActivity: number } {
  const { auto_close_duration, auto_resolve_duration } = project.settings;
  const idleMinutes = (until === 'closed' ? auto_close_duration : auto_resolve_duration) + minutesPast;
  if (until === 'resolved' && idleMinutes >= auto_close_duration)
    throw invalidParams([
      {
        path: 'minutes_past',
        message: `auto_resolve_duration + minutes_past (${idleMinutes}) must stay below auto_close_duration (${auto_close_duration})`,
      },
    ]);
  const lastActivity = domain.clock.now() - idleMinutes * MINUTE_MS;
  const session = insertPastSession(domain, project, {
    createdAt: lastActivity - 2 * MINUTE_MS,
    messages: conversationMessages(2),
    status: 'open',
    visitor: `idle-${until}`,
  });
  return { session, lastActivity };
}

/**
 * Conversations on both sides of a retention: `expired` sessions whose last activity is `pastByMs` older than
 * `retentionSeconds`, `kept` ones half the retention old; then the project's retention_duration is set, so the next
 * observation deletes the expired ones (RETENTION-AUTO-DELETE, RETENTION-AGE-FROM-LAST-ACTIVITY). With `setRetention`
 * false the retention stays as it is (set through updateChatbot): the retention in force decides what goes.
 */
export function insertHistoryAroundRetention(
  domain: DomainContext,
  project: Project,
  input: {
    retentionSeconds: number;
    expired: number;
    kept: number;
    pastByMs: number;
    setRetention?: boolean;
  },
): { expired: Session[]; kept: Session[] } {
  const now = domain.clock.now();
  const retentionMs = input.retentionSeconds * 1000;
  const messages = conversationMessages(2);
  const span = messages.length * MINUTE_MS;
  const session = (lastActivity: number, visitor: string) =>
    insertPastSession(domain, project, {
      createdAt: lastActivity - span,
      messages,
      // Stryker disable next-line StringLiteral: equivalent; insertPastSession only tells 'open' from any other status
      status: 'lifecycle',
      visitor,
    });
  const expired = Array.from({ length: input.expired }, (_, i) =>
    session(now - retentionMs - input.pastByMs - i * MINUTE_MS, `expired-${i + 1}`),
  );
  const kept = Array.from({ length: input.kept }, (_, i) =>
    session(now - Math.floor(retentionMs / 2) + i, `kept-${i + 1}`),
  );
  if (input.setRetention !== false)
    updateChatbot(domain, project, { retention_duration: input.retentionSeconds });
  return { expired, kept };
}
