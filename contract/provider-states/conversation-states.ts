/**
 * Provider states of conversations: past sessions with messages and execution logs, a session idle past its
 * auto-close or auto-resolve duration, history older than the retention. All of them are made by back-dating
 * records (created_at, last_message_time, message and log times), never by moving a clock.
 */
import { z } from 'zod';
import { settingsRanges } from '../limits.js';
import { Day, defineState, IsoDateTime, inProject, projectData, SessionUid, withTeardown } from './define.js';

const duration = (name: 'auto_close_duration' | 'auto_resolve_duration') =>
  z.number().int().min(settingsRanges[name].min).max(settingsRanges[name].max);

export const PastSession = z.object({
  session_uid: SessionUid,
  created_at: IsoDateTime,
  last_message_time: IsoDateTime.nullable(),
  /** Messages in the session (visitor and assistant alternating, visitor first). */
  messages: z.number().int().min(0),
});

export const projectWithConversationsState = defineState({
  name: 'project with conversations',
  version: 1,
  description:
    'Past widget conversations in a project: `sessions` sessions spread over `dates` (round robin; default one a day going back from yesterday), each starting at 00:00 UTC of its day plus ten minutes per earlier session that day, with `messages_per_session` messages a minute apart (visitor first, then the assistant; each assistant message rated `rate` and followed by a `reply` execution log). `sessions` lists them in the order made: session i is on dates[i mod n].',
  produce:
    'Insert sessions, messages and execution logs with back-dated created_at / last_message_time (or replay widget traffic and back-date it). Statuses follow the inactivity rules from each last activity.',
  params: z.object({
    ...inProject,
    sessions: z.number().int().min(1).max(200).default(3),
    messages_per_session: z.number().int().min(0).max(50).default(2),
    /** Days the sessions are spread over (none after today). */
    dates: z.array(Day).min(1).max(366).optional(),
    /** Visitor feedback on every assistant message. */
    rate: z.enum(['', 'like', 'dislike']).default(''),
  }),
  data: withTeardown({ ...projectData, sessions: z.array(PastSession) }),
});

export const sessionIdleState = defineState({
  name: 'session idle',
  version: 1,
  description:
    "A widget session (one visitor message and the assistant's reply) whose last activity lies `minutes_past` minutes beyond the project's auto_resolve_duration (`until: resolved`) or auto_close_duration (`until: closed`), so the next observation (getSessions) sees it resolved or closed. The durations are set first when given. For `resolved`, the idle time must stay below auto_close_duration.",
  produce:
    'Create the session and its messages, then back-date created_at, the messages and last_message_time by the idle time (and run the inactivity sweep, if it is not run on read).',
  params: z.object({
    ...inProject,
    until: z.enum(['resolved', 'closed']).default('closed'),
    minutes_past: z.number().int().min(0).max(43_200).default(1),
    auto_close_duration: duration('auto_close_duration').optional(),
    auto_resolve_duration: duration('auto_resolve_duration').optional(),
  }),
  data: withTeardown({
    ...projectData,
    session_uid: SessionUid,
    last_activity: IsoDateTime,
    auto_close_duration: z.number().int(),
    auto_resolve_duration: z.number().int(),
    /** The status the next observation shows. */
    expected_status: z.enum(['resolved', 'closed']),
  }),
});

export const historyPastRetentionState = defineState({
  name: 'history past retention',
  // 2: set_retention (a deployment at 1 would set the retention whatever the test asked).
  version: 2,
  description:
    'A project with retention_duration set and conversations on both sides of it: `expired_sessions` sessions whose last activity is `past_by_seconds` older than the retention (deleted, so absent from the next getSessions; the default hour covers a retention job that runs hourly) and `kept_sessions` sessions half the retention old (kept). With `set_retention: false` the retention_duration of the project is left as it is (the test set it through updateChatbot): the sessions are still placed around `retention_duration`, and the retention in force decides which go.',
  produce:
    'Insert sessions (one visitor message and one reply each) with back-dated times, set retention_duration (updateChatbot) unless `set_retention` is false, and let the retention job run (or run it) before answering.',
  params: z.object({
    ...inProject,
    retention_duration: z.number().int().min(1).max(315_360_000).default(86_400),
    expired_sessions: z.number().int().min(1).max(50).default(2),
    kept_sessions: z.number().int().min(0).max(50).default(1),
    past_by_seconds: z.number().int().min(1).max(31_536_000).default(3_600),
    /** false: leave the project's retention as it is; the sessions are placed around `retention_duration` all the same. */
    set_retention: z.boolean().default(true),
  }),
  data: withTeardown({
    ...projectData,
    /** The project's retention after the state (with `set_retention: false`, what the project had). */
    retention_duration: z.number().int(),
    expired_session_uids: z.array(SessionUid),
    kept_session_uids: z.array(SessionUid),
  }),
});

export const conversationStates = [
  projectWithConversationsState,
  sessionIdleState,
  historyPastRetentionState,
] as const;
