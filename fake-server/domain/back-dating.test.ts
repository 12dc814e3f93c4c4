/**
 * Back-dating called directly: tokens whose expiry lies in the past, past sessions with their messages and logs, an
 * idle session, history on both sides of a retention; the clock never moves.
 */
import { describe, expect, it } from 'vitest';
import {
  backdateTokenExpiry,
  conversationMessages,
  insertHistoryAroundRetention,
  insertIdleSession,
  insertPastConversations,
  insertPastSession,
} from './back-dating.js';
import { backDatingWorld } from './back-dating.test-support.js';
import { DAY_MS, MINUTE_MS } from './clock.js';
import { checkConsistency } from './consistency.js';
import { failure } from './errors.test-support.js';
import { observeSessions } from './sessions.js';
import { isExpired, observedState } from './tokens.js';

const world = backDatingWorld;

describe('back-dated tokens [TOKEN-EXPIRED-401, TOKEN-EXPIRY-INSTANT]', () => {
  it('creation and expiry move back together: the expiry lies `ago` before now, the lifetime is kept', () => {
    const { ctx, now, token } = world();
    const preset = backdateTokenExpiry(ctx, token('7'), 90_000);
    expect([preset.expires_at, preset.createdAt]).toEqual([now - 90_000, now - 90_000 - 7 * DAY_MS]);
    expect(observedState(ctx, preset)).toBe('expired');
    const custom = token('custom', now + 3 * DAY_MS);
    const lifetime = custom.expires_at! - custom.createdAt;
    backdateTokenExpiry(ctx, custom, 0);
    expect([custom.expires_at, custom.expires_at! - custom.createdAt]).toEqual([now, lifetime]);
    expect(isExpired(ctx, custom)).toBe(true);
    expect(ctx.clock.now()).toBe(now);
  });

  it('a token without expiry, or a negative or fractional `ago`, is Invalid params and unchanged', () => {
    const { ctx, token } = world();
    const forever = token('none');
    expect(failure(() => backdateTokenExpiry(ctx, forever, 0)).details?.[0]?.path).toBe('expiration');
    const seven = token('7');
    const before = { ...seven };
    for (const ago of [-1, 0.5]) expect(failure(() => backdateTokenExpiry(ctx, seven, ago)).status).toBe(400);
    expect(seven).toEqual(before);
  });
});

describe('past sessions [SESSION-ACTIVITY, SESSION-AUTO-CLOSE]', () => {
  it('messages a step apart after the creation, a reply log per answer, status from the rules or left open', () => {
    const { ctx, project, now } = world();
    const createdAt = now - 2 * DAY_MS;
    const s = insertPastSession(ctx, project, {
      createdAt,
      messages: conversationMessages(3, 'dislike'),
      status: 'lifecycle',
      visitor: 'v',
      stepMs: 2 * MINUTE_MS,
    });
    expect([s.status, s.created_at, s.last_message_time]).toEqual([
      'closed',
      createdAt,
      createdAt + 6 * MINUTE_MS,
    ]);
    const messages = ctx.state.messages.ofSession(s.id);
    expect(messages.map((m) => [m.send_by, m.createdAt - createdAt, m.rate])).toEqual([
      ['user', 2 * MINUTE_MS, ''],
      ['assistant', 4 * MINUTE_MS, 'dislike'],
      ['user', 6 * MINUTE_MS, ''],
    ]);
    const logs = ctx.state.executionLogs.ofSession(s.id);
    expect(logs.map((l) => [l.task, l.createdAt, l.data.message_id])).toEqual([
      ['reply', createdAt + 4 * MINUTE_MS, messages[1]!.id],
    ]);
    const open = insertPastSession(ctx, project, { createdAt, messages: [], status: 'open', visitor: 'w' });
    expect([open.status, open.last_message_time]).toEqual(['open', null]);
    observeSessions(ctx, project);
    expect(open.status).toBe('closed');
    expect(checkConsistency(ctx).consistent).toBe(true);
  });

  it('a session whose last message would lie after now is Invalid params, and nothing is stored', () => {
    const { ctx, project, now } = world();
    const before = ctx.state.sessions.size;
    const err = failure(() =>
      insertPastSession(ctx, project, {
        createdAt: now - MINUTE_MS,
        messages: conversationMessages(2),
        status: 'open',
        visitor: 'v',
      }),
    );
    expect([err.status, err.details?.[0]?.path]).toEqual([400, 'dates']);
    expect(ctx.state.sessions.size).toBe(before);
    insertPastSession(ctx, project, {
      createdAt: now - 2 * MINUTE_MS,
      messages: conversationMessages(2),
      status: 'open',
      visitor: 'v',
    });
    expect(ctx.state.sessions.size).toBe(before + 1);
  });

  it('conversations: round robin over the days, ten minutes apart within a day; default one a day from yesterday', () => {
    const { ctx, project, now } = world();
    const made = insertPastConversations(ctx, project, {
      sessions: 3,
      messagesPerSession: 1,
      dates: ['2026-01-05', '2025-12-31'],
      rate: '',
    });
    expect(made.map((s) => new Date(s.created_at).toISOString())).toEqual([
      '2026-01-05T00:00:00.000Z',
      '2025-12-31T00:00:00.000Z',
      '2026-01-05T00:10:00.000Z',
    ]);
    const defaults = insertPastConversations(ctx, project, { sessions: 2, messagesPerSession: 0, rate: '' });
    expect(defaults.map((s) => s.created_at)).toEqual([
      Math.floor(now / DAY_MS) * DAY_MS - DAY_MS,
      Math.floor(now / DAY_MS) * DAY_MS - 2 * DAY_MS,
    ]);
    for (const dates of [['2026-01-06'], ['not a day']])
      expect(
        failure(() =>
          insertPastConversations(ctx, project, { sessions: 1, messagesPerSession: 0, dates, rate: '' }),
        ).status,
      ).toBe(400);
  });
});

describe('idle sessions [SESSION-AUTO-RESOLVE, SESSION-AUTO-CLOSE, SESSION-INACTIVITY-PRECEDENCE]', () => {
  it('stored open with its last activity the duration plus minutes_past ago; the next observation moves it', () => {
    const { ctx, project, now, statuses } = world();
    project.settings.auto_resolve_duration = 30;
    project.settings.auto_close_duration = 90;
    const resolved = insertIdleSession(ctx, project, 'resolved', 59);
    expect(resolved.lastActivity).toBe(now - 89 * MINUTE_MS);
    expect(resolved.session.last_message_time).toBe(resolved.lastActivity);
    const closed = insertIdleSession(ctx, project, 'closed', 0);
    expect(closed.lastActivity).toBe(now - 90 * MINUTE_MS);
    expect([resolved.session.status, closed.session.status]).toEqual(['open', 'open']);
    expect(statuses()).toEqual([
      [closed.session.session_uid, 'closed'],
      [resolved.session.session_uid, 'resolved'],
    ]);
  });

  it('resolved that would reach auto_close_duration is Invalid params', () => {
    const { ctx, project } = world();
    project.settings.auto_resolve_duration = 30;
    project.settings.auto_close_duration = 90;
    expect(failure(() => insertIdleSession(ctx, project, 'resolved', 60)).details?.[0]?.path).toBe(
      'minutes_past',
    );
  });
});

describe('history around a retention [RETENTION-AUTO-DELETE, RETENTION-AGE-FROM-LAST-ACTIVITY]', () => {
  it('the expired sessions go at the next observation, the kept ones stay; the retention is set', () => {
    const { ctx, project, statuses } = world();
    const { expired, kept } = insertHistoryAroundRetention(ctx, project, {
      retentionSeconds: 2,
      expired: 2,
      kept: 2,
      pastByMs: 1,
    });
    expect(project.retention_duration).toBe(2);
    expect(statuses().map(([uid]) => uid)).toEqual(kept.map((s) => s.session_uid));
    for (const s of expired) expect(ctx.state.sessions.has(s.id)).toBe(false);
    expect(checkConsistency(ctx).consistent).toBe(true);
  });
});
