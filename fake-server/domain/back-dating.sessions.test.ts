/**
 * Back-dated sessions, field by field: the stored Session, the last activity the status follows, the texts of the
 * generated conversations, the exact refusals, the visitor names and the instants each provider-state helper writes.
 * The clock never moves.
 */
import { describe, expect, it } from 'vitest';
import {
  conversationMessages,
  insertHistoryAroundRetention,
  insertIdleSession,
  insertPastConversations,
  insertPastSession,
} from './back-dating.js';
import { backDatingWorld, invalid, refused } from './back-dating.test-support.js';
import { DAY_MS, isoDay, MINUTE_MS } from './clock.js';

function world() {
  const w = backDatingWorld();
  w.project.settings.auto_resolve_duration = 30;
  w.project.settings.auto_close_duration = 90;
  return w;
}

describe('the stored past session [FAKE-PROVIDER-STATES, SESSION-ACTIVITY]', () => {
  it('a widget session in AI mode, pending, no country, the visitor in visitor_data, created and updated at created_at', () => {
    const { ctx, project, now } = world();
    const createdAt = now - 3 * DAY_MS;
    const s = insertPastSession(ctx, project, {
      createdAt,
      messages: [],
      status: 'open',
      visitor: 'visitor-7',
    });
    expect(ctx.state.sessions.get(s.id)).toBe(s);
    expect(s).toEqual({
      id: s.id,
      session_uid: s.session_uid,
      project_id: project.id,
      integration_id: project.integration.id,
      status: 'open',
      chat_mode: 'ai',
      state: 'pending',
      segment: 'widget',
      country: '',
      created_at: createdAt,
      updated_at: createdAt,
      last_message_time: null,
      last_message: null,
      visitor_id: 'visitor-7',
      visitor_data: { visitor_id: 'visitor-7' },
      contact_data: {},
      session_meta: { source: 'widget' },
      is_emulator: false,
    });
  });

  it('with messages the status follows the last one, not created_at; the last may lie at now, not after', () => {
    const { ctx, project, now } = world();
    const spec = (createdAt: number) => ({
      createdAt,
      messages: conversationMessages(2),
      stepMs: 60 * MINUTE_MS,
      status: 'lifecycle' as const,
      visitor: 'v',
    });
    // created 120 minutes ago (past auto_close_duration), last message now: open.
    const atNow = insertPastSession(ctx, project, spec(now - 120 * MINUTE_MS));
    expect([atNow.status, atNow.last_message_time]).toEqual(['open', now]);
    // created 150 minutes ago, last message 30 minutes ago (auto_resolve_duration): resolved, not closed.
    const resolved = insertPastSession(ctx, project, spec(now - 150 * MINUTE_MS));
    expect([resolved.status, resolved.last_message_time]).toEqual(['resolved', now - 30 * MINUTE_MS]);
    const before = ctx.state.sessions.size;
    expect(refused(() => insertPastSession(ctx, project, spec(now - 120 * MINUTE_MS + 1)))).toEqual(
      invalid('dates', 'back-dated records cannot lie in the future'),
    );
    expect(ctx.state.sessions.size).toBe(before);
  });

  it('with no messages the status follows created_at, and the step plays no part, whatever its value', () => {
    const { ctx, project, now } = world();
    const createdAt = now - 60 * MINUTE_MS;
    for (const stepMs of [undefined, MINUTE_MS, Number.POSITIVE_INFINITY, Number.NaN]) {
      const s = insertPastSession(ctx, project, {
        createdAt,
        messages: [],
        status: 'lifecycle',
        visitor: 'v',
        ...(stepMs !== undefined ? { stepMs } : {}),
      });
      expect([stepMs, s.status, s.last_message_time]).toEqual([stepMs, 'resolved', null]);
    }
    const old = insertPastSession(ctx, project, {
      createdAt: now - 90 * MINUTE_MS,
      messages: [],
      status: 'lifecycle',
      visitor: 'v',
    });
    expect(old.status).toBe('closed');
  });
});

describe('conversation texts [FAKE-PROVIDER-STATES, SESSION-ACTIVITY]', () => {
  it('visitor questions and numbered answers alternate, visitor first; the answers carry the rate, by default none', () => {
    expect(conversationMessages(6, 'like')).toEqual([
      { send_by: 'user', text: 'Visitor question 1: how do I get a refund?' },
      { send_by: 'assistant', text: 'Answer 1: refunds are issued within 14 days.', rate: 'like' },
      { send_by: 'user', text: 'Visitor question 2: how do I get a refund?' },
      { send_by: 'assistant', text: 'Answer 2: refunds are issued within 14 days.', rate: 'like' },
      { send_by: 'user', text: 'Visitor question 3: how do I get a refund?' },
      { send_by: 'assistant', text: 'Answer 3: refunds are issued within 14 days.', rate: 'like' },
    ]);
    expect(conversationMessages(2)).toEqual([
      { send_by: 'user', text: 'Visitor question 1: how do I get a refund?' },
      { send_by: 'assistant', text: 'Answer 1: refunds are issued within 14 days.', rate: '' },
    ]);
    expect(conversationMessages(0)).toEqual([]);
  });

  it('the stored messages carry those texts and rates', () => {
    const { ctx, project, now } = world();
    const s = insertPastSession(ctx, project, {
      createdAt: now - DAY_MS,
      messages: conversationMessages(4),
      status: 'lifecycle',
      visitor: 'v',
    });
    expect(ctx.state.messages.ofSession(s.id).map((m) => [m.send_by, m.message, m.rate])).toEqual([
      ['user', 'Visitor question 1: how do I get a refund?', ''],
      ['assistant', 'Answer 1: refunds are issued within 14 days.', ''],
      ['user', 'Visitor question 2: how do I get a refund?', ''],
      ['assistant', 'Answer 2: refunds are issued within 14 days.', ''],
    ]);
  });
});

describe('past conversations over days [FAKE-PROVIDER-STATES, SESSION-AUTO-CLOSE]', () => {
  it('any day after today (UTC), or one that is not a day, is refused before anything is stored', () => {
    const { ctx, project, now } = world();
    const today = isoDay(now);
    const tomorrow = isoDay(now + DAY_MS);
    const before = ctx.state.sessions.size;
    for (const dates of [
      [tomorrow],
      [today, tomorrow],
      ['2025-12-31', tomorrow],
      ['not a day'],
      [today, 'x'],
    ])
      expect(
        refused(() =>
          insertPastConversations(ctx, project, { sessions: 2, messagesPerSession: 2, dates, rate: '' }),
        ),
      ).toEqual(invalid('dates', 'days up to today (UTC) only'));
    expect(ctx.state.sessions.size).toBe(before);
  });

  it('today is accepted, from midnight UTC; the visitors are past-1, past-2, ...', () => {
    const { ctx, project, now } = world();
    const midnight = Math.floor(now / DAY_MS) * DAY_MS;
    const made = insertPastConversations(ctx, project, {
      sessions: 3,
      messagesPerSession: 2,
      dates: [isoDay(now)],
      rate: 'like',
    });
    expect(made.map((s) => [s.visitor_id, s.visitor_data, s.created_at])).toEqual([
      ['past-1', { visitor_id: 'past-1' }, midnight],
      ['past-2', { visitor_id: 'past-2' }, midnight + 10 * MINUTE_MS],
      ['past-3', { visitor_id: 'past-3' }, midnight + 20 * MINUTE_MS],
    ]);
    const defaults = insertPastConversations(ctx, project, { sessions: 2, messagesPerSession: 0, rate: '' });
    expect(defaults.map((s) => s.visitor_id)).toEqual(['past-1', 'past-2']);
  });
});

describe('idle sessions [SESSION-AUTO-RESOLVE, SESSION-AUTO-CLOSE, SESSION-INACTIVITY-PRECEDENCE]', () => {
  it('resolved past auto_close_duration: the message gives the sum and the close duration', () => {
    const { ctx, project } = world();
    project.settings.auto_close_duration = 80;
    const before = ctx.state.sessions.size;
    expect(refused(() => insertIdleSession(ctx, project, 'resolved', 55))).toEqual(
      invalid(
        'minutes_past',
        'auto_resolve_duration + minutes_past (85) must stay below auto_close_duration (80)',
      ),
    );
    expect(ctx.state.sessions.size).toBe(before);
  });

  it('the visitor is idle-resolved or idle-closed; created two minutes before its last activity', () => {
    const { ctx, project, now } = world();
    const resolved = insertIdleSession(ctx, project, 'resolved', 5);
    const closed = insertIdleSession(ctx, project, 'closed', 5);
    expect(
      [resolved, closed].map(({ session: s, lastActivity }) => [s.visitor_id, s.created_at, lastActivity]),
    ).toEqual([
      ['idle-resolved', now - 37 * MINUTE_MS, now - 35 * MINUTE_MS],
      ['idle-closed', now - 97 * MINUTE_MS, now - 95 * MINUTE_MS],
    ]);
  });
});

describe('history around a retention [RETENTION-AUTO-DELETE, RETENTION-AGE-FROM-LAST-ACTIVITY]', () => {
  it('expired i lies pastBy and i minutes beyond the retention, kept i half the retention old plus i ms', () => {
    const { ctx, project, now } = world();
    const retentionMs = 3_601_000;
    const { expired, kept } = insertHistoryAroundRetention(ctx, project, {
      retentionSeconds: retentionMs / 1000,
      expired: 3,
      kept: 3,
      pastByMs: 7,
    });
    const placed = (list: typeof expired) =>
      list.map((s) => [ctx.state.sessions.get(s.id)?.visitor_id, s.created_at, s.last_message_time]);
    const expiredAt = (i: number) => now - retentionMs - 7 - i * MINUTE_MS;
    expect(placed(expired)).toEqual(
      [0, 1, 2].map((i) => [`expired-${i + 1}`, expiredAt(i) - 2 * MINUTE_MS, expiredAt(i)]),
    );
    const keptAt = (i: number) => now - retentionMs / 2 + i;
    expect(placed(kept)).toEqual(
      [0, 1, 2].map((i) => [`kept-${i + 1}`, keptAt(i) - 2 * MINUTE_MS, keptAt(i)]),
    );
    expect(expired.map((s) => s.visitor_id)).toEqual(['expired-1', 'expired-2', 'expired-3']);
    expect(kept.map((s) => s.visitor_id)).toEqual(['kept-1', 'kept-2', 'kept-3']);
  });
});
