/**
 * Provider states of conversations, all made by back-dating (domain/back-dating.ts): `project with conversations`,
 * `session idle`, `history past retention`.
 */
import {
  insertHistoryAroundRetention,
  insertIdleSession,
  insertPastConversations,
} from '../domain/back-dating.js';
import { iso } from '../domain/clock.js';
import { updateProjectSettings } from '../domain/settings.js';
import type { Session } from '../domain/state.js';
import type { StateHandlers, StatesContext } from './context.js';
import { givenOrFreshProject, organizationOf, projectFacts } from './support.js';

/** Sessions made in a project that stays: teardown deletes them (a fresh project goes whole). */
function undoSessions(s: StatesContext, fresh: boolean, sessions: readonly Session[]): void {
  if (!fresh) s.undo.push({ undo: 'delete_sessions', session_ids: sessions.map((x) => x.id) });
}

export const conversationStates = {
  'project with conversations': (s, p) => {
    const org = organizationOf(s, p.organization_id);
    const { project, fresh } = givenOrFreshProject(s, org, p.project_uid);
    const sessions = insertPastConversations(s.domain, project, {
      sessions: p.sessions,
      messagesPerSession: p.messages_per_session,
      ...(p.dates !== undefined ? { dates: p.dates } : {}),
      rate: p.rate,
    });
    undoSessions(s, fresh, sessions);
    return {
      ...projectFacts(s, project),
      sessions: sessions.map((x) => ({
        session_uid: x.session_uid,
        created_at: iso(x.created_at),
        last_message_time: x.last_message_time === null ? null : iso(x.last_message_time),
        messages: p.messages_per_session,
      })),
    };
  },

  'session idle': (s, p) => {
    const org = organizationOf(s, p.organization_id);
    const { project, fresh } = givenOrFreshProject(s, org, p.project_uid);
    const durations = {
      ...(p.auto_close_duration !== undefined ? { auto_close_duration: p.auto_close_duration } : {}),
      ...(p.auto_resolve_duration !== undefined ? { auto_resolve_duration: p.auto_resolve_duration } : {}),
    };
    if (Object.keys(durations).length > 0) {
      if (!fresh) {
        const { auto_close_duration, auto_resolve_duration } = project.settings;
        s.undo.push({
          undo: 'restore_settings',
          project_id: project.id,
          auto_close_duration,
          auto_resolve_duration,
        });
      }
      updateProjectSettings(s.domain, org, project, durations);
    }
    const { session, lastActivity } = insertIdleSession(s.domain, project, p.until, p.minutes_past);
    undoSessions(s, fresh, [session]);
    return {
      ...projectFacts(s, project),
      session_uid: session.session_uid,
      last_activity: iso(lastActivity),
      auto_close_duration: project.settings.auto_close_duration,
      auto_resolve_duration: project.settings.auto_resolve_duration,
      expected_status: p.until,
    };
  },

  'history past retention': (s, p) => {
    const org = organizationOf(s, p.organization_id);
    const { project, fresh } = givenOrFreshProject(s, org, p.project_uid);
    if (!fresh && p.set_retention)
      s.undo.push({
        undo: 'restore_retention',
        project_id: project.id,
        retention_duration: project.retention_duration,
      });
    const { expired, kept } = insertHistoryAroundRetention(s.domain, project, {
      retentionSeconds: p.retention_duration,
      expired: p.expired_sessions,
      kept: p.kept_sessions,
      pastByMs: p.past_by_seconds * 1000,
      setRetention: p.set_retention,
    });
    undoSessions(s, fresh, [...expired, ...kept]);
    return {
      ...projectFacts(s, project),
      retention_duration: project.retention_duration,
      expired_session_uids: expired.map((x) => x.session_uid),
      kept_session_uids: kept.map((x) => x.session_uid),
    };
  },
} satisfies Partial<StateHandlers>;
