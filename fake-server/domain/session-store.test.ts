/**
 * The session store's indexes through status changes and removals (FAKE-PAGE-COST): a status filter reads the
 * status's own set, the lifecycle reads the unclosed sessions and its schedule, the retention its schedule; a
 * playground (emulator) session, or one no longer stored, is in none of them [SESSIONS-STATUS-FILTER,
 * SESSIONS-EXCLUDE-PLAYGROUND, SESSION-CLOSE-PERMANENT].
 */
import { describe, expect, it } from 'vitest';
import type { CostCounter } from './cost.js';
import { Schedule } from './schedule.js';
import { SessionStore } from './session-store.js';
import type { Session } from './state.js';

const session = (id: number, project_id: number, status: string, is_emulator = false): Session =>
  ({ id, session_uid: 1000 + id, project_id, created_at: 10 * id, status, is_emulator }) as Session;

function store(...sessions: Session[]): SessionStore {
  const s = new SessionStore();
  for (const x of sessions) s.set(x.id, x);
  return s;
}

const ids = (sessions: Iterable<Session>) => [...sessions].map((s) => s.id);
const withStatus = (s: SessionStore, projectId: number, status: string) => {
  const run = s.withStatusWithin(projectId, status, {});
  return Array.from({ length: run.length }, (_, i) => run.at(i)!.id);
};
const lifecycle = (): { autoResolve: number; autoClose: number; due: Schedule<Session> } => ({
  autoResolve: 60,
  autoClose: 1440,
  due: new Schedule<Session>((s) => s.created_at),
});

describe('setStatus [FAKE-PAGE-COST, SESSIONS-STATUS-FILTER, SESSIONS-EXCLUDE-PLAYGROUND, SESSION-RESOLVED-RESUMABLE]', () => {
  it('moves a listed session to the set of its new status; closing takes it out of the unclosed ones', () => {
    const a = session(1, 7, 'open');
    const b = session(2, 7, 'open');
    const s = store(a, b);
    s.setStatus(a, 'closed');
    expect([withStatus(s, 7, 'open'), withStatus(s, 7, 'closed')]).toEqual([[2], [1]]);
    expect(ids(s.unclosedOf(7))).toEqual([2]);
    s.setStatus(b, 'resolved');
    expect([withStatus(s, 7, 'open'), withStatus(s, 7, 'resolved')]).toEqual([[], [2]]);
    expect(ids(s.unclosedOf(7))).toEqual([2]);
  });

  it('resumes a resolved session before the project has a lifecycle schedule, and schedules it once it has one', () => {
    const a = session(1, 7, 'resolved');
    const b = session(2, 7, 'resolved');
    const s = store(a, b);
    s.setStatus(a, 'open');
    expect(s.lifecycleSchedule(7)).toBeUndefined();
    expect(withStatus(s, 7, 'open')).toEqual([1]);
    const plan = lifecycle();
    s.setLifecycleSchedule(7, plan);
    s.setStatus(b, 'open');
    expect(plan.due.size).toBe(1);
    expect(plan.due.next(() => true)).toBe(b);
  });

  it('only sets the status of a playground session, or of a session no longer stored: no index takes it', () => {
    const listed = session(1, 7, 'open');
    const playground = session(2, 7, 'open', true);
    const gone = session(3, 7, 'open');
    const s = store(listed, playground, gone);
    const plan = lifecycle();
    s.setLifecycleSchedule(7, plan);
    s.delete(gone.id);
    for (const [x, status] of [
      [playground, 'resolved'],
      [gone, 'resolved'],
      [playground, 'closed'],
      [gone, 'closed'],
      [playground, 'open'],
      [gone, 'open'],
    ] as const) {
      s.setStatus(x, status);
      expect(x.status).toBe(status);
      expect([withStatus(s, 7, 'open'), withStatus(s, 7, 'resolved'), withStatus(s, 7, 'closed')]).toEqual([
        [1],
        [],
        [],
      ]);
      expect(ids(s.unclosedOf(7))).toEqual([1]);
      expect(plan.due.size).toBe(0);
    }
  });
});

describe('removal [FAKE-PAGE-COST, FAKE-PROVIDER-STATES, SESSIONS-EXCLUDE-PLAYGROUND]', () => {
  it('removes the playground sessions of a project that has no listed session', () => {
    const s = store(session(1, 9, 'open', true), session(2, 9, 'open', true));
    s.setRetentionSchedule(9, new Schedule<Session>((x) => x.created_at));
    expect(s.delete(1)).toBe(true);
    expect(s.retentionSchedule(9)).toBeDefined();
    expect(s.delete(2)).toBe(true);
    expect(s.retentionSchedule(9)).toBeUndefined();
    expect(s.allOf(9)).toEqual([]);
  });

  it('removes a playground session from a project whose listed sessions are all closed', () => {
    const s = store(session(1, 7, 'closed'), session(2, 7, 'open', true));
    expect(s.delete(2)).toBe(true);
    expect(ids(s.allOf(7))).toEqual([1]);
    expect(withStatus(s, 7, 'closed')).toEqual([1]);
  });

  it('a project keeps its schedules while it has a session, listed or playground, and drops them with the last', () => {
    const s = store(session(1, 7, 'open'), session(2, 7, 'open', true), session(3, 8, 'open'));
    for (const p of [7, 8]) {
      s.setLifecycleSchedule(p, lifecycle());
      s.setRetentionSchedule(p, new Schedule<Session>((x) => x.created_at));
    }
    const schedules = (p: number) => [
      s.lifecycleSchedule(p) !== undefined,
      s.retentionSchedule(p) !== undefined,
    ];
    s.delete(1);
    expect(schedules(7)).toEqual([true, true]);
    s.delete(2);
    expect(schedules(7)).toEqual([false, false]);
    expect(schedules(8)).toEqual([true, true]);
    s.delete(3);
    expect(schedules(8)).toEqual([false, false]);
  });
});

describe('reads and activity [FAKE-PAGE-COST, SESSION-ACTIVITY, SESSION-CLOSE-PERMANENT]', () => {
  it('allOf hands out every session of the project, playground ones included, each counted once', () => {
    const s = store(
      session(1, 7, 'open'),
      session(2, 7, 'closed'),
      session(3, 7, 'open', true),
      session(4, 8, 'open'),
    );
    // The first read builds the order (counted as visiting every listed session once more).
    s.listedOf(7);
    s.listedOf(8);
    const counter: CostCounter = { visited: 0 };
    s.cost = counter;
    expect(ids(s.allOf(7)).sort()).toEqual([1, 2, 3]);
    expect(counter.visited).toBe(3);
    expect(ids(s.allOf(8))).toEqual([4]);
    expect(counter.visited).toBe(4);
  });
});
