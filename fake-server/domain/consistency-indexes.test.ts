/**
 * The consistency checker's index invariants (store-indexes.ts) and its prototype check, on the small world of
 * consistency.test-support.ts. An index goes stale when a field it files a record under changes after storing,
 * or when a sort time changes after the index was first read in order.
 */
import { describe, expect, it } from 'vitest';
import { checkConsistency } from './consistency.js';
import { session, smallWorld, violationsOf } from './consistency.test-support.js';

describe('consistency checker: session indexes [FAKE-CONSISTENCY-CHECK]', () => {
  it('reports a session missing from the uid index', () => {
    const { ctx, state } = smallWorld();
    state.sessions.get(80)!.session_uid = 2000;
    expect(violationsOf(ctx)).toEqual([{ invariant: 'session-index', detail: 'session 80: uid index' }]);
  });

  it('reports the listed sessions of both projects when a session moves to another project', () => {
    const { ctx, state } = smallWorld();
    const s81 = state.sessions.get(81)!;
    s81.project_id = 31;
    s81.integration_id = 41;
    state.executionLogs.get(101)!.project_id = 31;
    expect(violationsOf(ctx).filter((v) => v.invariant === 'session-index')).toEqual([
      { invariant: 'session-index', detail: 'project 30: 2 listed sessions indexed, 1 stored' },
      { invariant: 'session-index', detail: 'project 31: 0 listed sessions indexed, 1 stored' },
    ]);
  });

  it('reports listed sessions out of creation order (a creation time changed after the index was read)', () => {
    const { ctx, state } = smallWorld();
    expect(checkConsistency(ctx).consistent).toBe(true);
    const s81 = state.sessions.get(81)!;
    s81.created_at += 10 * 60_000;
    s81.updated_at += 10 * 60_000;
    expect(violationsOf(ctx)).toEqual([
      { invariant: 'session-index', detail: 'project 30: 2 listed sessions indexed, 2 stored' },
    ]);
  });

  it('reports two listed sessions with the same id and creation time as out of order', () => {
    const { ctx, state } = smallWorld();
    state.sessions.set(83, session(80, 30, 10, { session_uid: 1083 }));
    expect(violationsOf(ctx)).toEqual([
      { invariant: 'key-matches-id', detail: 'sessions: key 83 holds id 80' },
      { invariant: 'session-index', detail: 'project 30: 3 listed sessions indexed, 3 stored' },
      {
        invariant: 'session-index',
        detail: 'project 30: unclosed index holds session 80, which is not stored there',
      },
    ]);
  });

  it('reports open and resolved sessions missing from the unclosed index, but not a closed one', () => {
    const { ctx, state } = smallWorld();
    state.sessions.set(84, session(84, 30, 12, { status: 'resolved' }));
    const unclosed = state.sessions.unclosedOf(30);
    unclosed.delete(state.sessions.get(80)!);
    unclosed.delete(state.sessions.get(84)!);
    expect(violationsOf(ctx)).toEqual([
      { invariant: 'session-index', detail: "session 80 is open but not in its project's unclosed index" },
      {
        invariant: 'session-index',
        detail: "session 84 is resolved but not in its project's unclosed index",
      },
    ]);
  });

  it('reports an unclosed index holding a session that is not stored, or stored in another project', () => {
    const { ctx, state } = smallWorld();
    state.sessions.set(84, session(84, 31, 12, { integration_id: 41 }));
    state.sessions.unclosedOf(30).add(session(85, 30, 13));
    state.sessions.unclosedOf(30).add(state.sessions.get(84)!);
    expect(violationsOf(ctx)).toEqual([
      {
        invariant: 'session-index',
        detail: 'project 30: unclosed index holds session 85, which is not stored there',
      },
      {
        invariant: 'session-index',
        detail: 'project 30: unclosed index holds session 84, which is not stored there',
      },
    ]);
  });

  it('reports an unclosed index holding a session of a project that has no listed sessions', () => {
    const { ctx, state } = smallWorld();
    state.sessions.unclosedOf(31).add(state.sessions.get(80)!);
    expect(violationsOf(ctx)).toEqual([
      {
        invariant: 'session-index',
        detail: 'project 31: unclosed index holds session 80, which is not stored there',
      },
    ]);
  });
});

describe('consistency checker: message and execution-log indexes [FAKE-CONSISTENCY-CHECK]', () => {
  it('reports the message index of both sessions when a message moves to another session', () => {
    const { ctx, state } = smallWorld();
    state.messages.get(91)!.session_id = 81;
    expect(violationsOf(ctx)).toEqual([
      { invariant: 'message-index', detail: 'session 80: 2 messages indexed, 1 stored' },
      { invariant: 'message-index', detail: 'session 81: 1 messages indexed, 2 stored' },
    ]);
  });

  it('reports the by-session log index of both sessions when a log moves to another session', () => {
    const { ctx, state } = smallWorld();
    state.executionLogs.get(100)!.session_id = 81;
    expect(violationsOf(ctx)).toEqual([
      { invariant: 'execution-log-index', detail: 'session 80: 1 logs indexed, 0 stored' },
      { invariant: 'execution-log-index', detail: 'session 81: 1 logs indexed, 2 stored' },
    ]);
  });

  it('reports the by-project log index of both projects when a log moves to another project', () => {
    const { ctx, state } = smallWorld();
    state.executionLogs.get(101)!.project_id = 31;
    expect(violationsOf(ctx)).toEqual([
      { invariant: 'execution-log-refs', detail: 'execution log 101: session 81, project 31' },
      { invariant: 'execution-log-index', detail: 'project 30: 2 logs indexed, 1 stored' },
      { invariant: 'execution-log-index', detail: 'project 31: 0 logs indexed, 1 stored' },
    ]);
  });

  it('reports project logs out of time order (a log time changed after the index was read)', () => {
    const { ctx, state } = smallWorld();
    expect(checkConsistency(ctx).consistent).toBe(true);
    state.executionLogs.get(101)!.createdAt += 10 * 60_000;
    expect(violationsOf(ctx)).toEqual([
      { invariant: 'execution-log-index', detail: 'project 30: 2 logs indexed, 2 stored' },
    ]);
  });
});

describe('consistency checker: prototype pollution [FAKE-CONSISTENCY-CHECK]', () => {
  const prototypes: [string, object][] = [
    ['Array.prototype', Array.prototype],
    ['Function.prototype', Function.prototype],
    ['String.prototype', String.prototype],
  ];
  for (const [name, proto] of prototypes) {
    it(`reports an enumerable property on ${name}`, () => {
      const { ctx } = smallWorld();
      const target = proto as Record<string, unknown>;
      target.pollutedForTest = true;
      let violations: unknown;
      try {
        violations = checkConsistency(ctx).violations;
      } finally {
        delete target.pollutedForTest;
      }
      expect(violations).toEqual([
        { invariant: 'prototype-clean', detail: `${name} has an enumerable property pollutedForTest` },
      ]);
    });
  }
});
