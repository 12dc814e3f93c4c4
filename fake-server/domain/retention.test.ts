/** Retention called directly: which sessions (with their messages and logs) a sweep deletes, to the millisecond. */
import { describe, expect, it } from 'vitest';
import { Runtime } from '../runtime.js';
import { applyRetention, lastActivity } from './retention.js';
import { createSession, sendMessage } from './widget.js';

function world() {
  const runtime = new Runtime();
  const ctx = runtime.domain;
  const [project, other] = Object.values(runtime.seeded!.projects);
  const org = ctx.state.organizations.get(project!.organization_id)!;
  const otherOrg = ctx.state.organizations.get(other!.organization_id)!;
  const { sessions, messages, executionLogs } = ctx.state;
  // Start from the project's own sessions only: the seed's would age alongside.
  for (const s of [...sessions.values()]) if (s.project_id === project!.id) sessions.delete(s.id);
  /** A new widget session of `p`, with one turn (two messages, three logs) when `talk`; its internal id. */
  const open = (p = project!, talk = false): number => {
    const widget_uid = p.integration.widget_uid;
    const { session_uid } = createSession(ctx, p, widget_uid);
    if (talk)
      sendMessage(ctx, p === project ? org : otherOrg, p, { widget_uid, session_uid, message: 'Hello?' });
    return [...sessions.values()].find((s) => s.session_uid === Number(session_uid))!.id;
  };
  /** What the store holds of a session: is it there, how many messages and logs. */
  const held = (id: number) => [
    sessions.has(id),
    messages.ofSession(id).length,
    [...messages.values()].filter((m) => m.session_id === id).length,
    executionLogs.ofSession(id).length,
    [...executionLogs.values()].filter((l) => l.session_id === id).length,
  ];
  return { ctx, project: project!, other: other!, open, held, sessions, messages, executionLogs };
}

const SECOND = 1000;

describe('retention', () => {
  it('a session is deleted, with its messages and logs, only once its age exceeds retention_duration seconds [RETENTION-AUTO-DELETE, RETENTION-SECONDS, RETENTION-SWEEP]', () => {
    const { ctx, project, open, held, messages, executionLogs } = world();
    project.retention_duration = 60;
    const old = open(project, true);
    expect(held(old)).toEqual([true, 2, 2, 3, 3]);
    ctx.clock.advance(30 * SECOND);
    const young = open(project, true);
    ctx.clock.advance(30 * SECOND);
    // Exactly 60 s since the old session's turn: not older than the retention yet.
    applyRetention(ctx, project);
    expect(held(old)).toEqual([true, 2, 2, 3, 3]);
    const [messageCount, logCount] = [messages.size, executionLogs.size];
    ctx.clock.advance(1);
    applyRetention(ctx, project);
    expect(held(old)).toEqual([false, 0, 0, 0, 0]);
    // Only the old session's two messages and three logs went; the young one (30.001 s) keeps everything.
    expect([messages.size, executionLogs.size]).toEqual([messageCount - 2, logCount - 3]);
    expect(held(young)).toEqual([true, 2, 2, 3, 3]);
    ctx.clock.advance(30 * SECOND - 1);
    applyRetention(ctx, project);
    expect(held(young)).toEqual([true, 2, 2, 3, 3]);
    ctx.clock.advance(1);
    applyRetention(ctx, project);
    expect(held(young)).toEqual([false, 0, 0, 0, 0]);
    expect([messages.size, executionLogs.size]).toEqual([messageCount - 4, logCount - 6]);
  });

  it('age runs from the last message, else from the creation [RETENTION-AGE-FROM-LAST-ACTIVITY, SESSION-ACTIVITY]', () => {
    const { ctx, project, open, held, sessions } = world();
    project.retention_duration = 10;
    const silent = open(project);
    const talked = open(project);
    const created = ctx.clock.now();
    ctx.clock.advance(5 * SECOND);
    const session = sessions.get(talked)!;
    const widget_uid = project.integration.widget_uid;
    const org = ctx.state.organizations.get(project.organization_id)!;
    sendMessage(ctx, org, project, { widget_uid, session_uid: String(session.session_uid), message: 'Hi' });
    expect([lastActivity(sessions.get(silent)!), lastActivity(session)]).toEqual([
      created,
      created + 5 * SECOND,
    ]);
    ctx.clock.advance(5 * SECOND + 1);
    // 10.001 s since the silent one was created; 5.001 s since the other's last message, 10.001 s since its creation.
    applyRetention(ctx, project);
    expect([held(silent)[0], held(talked)]).toEqual([false, [true, 2, 2, 3, 3]]);
    ctx.clock.advance(5 * SECOND - 1);
    applyRetention(ctx, project);
    expect(held(talked)[0]).toBe(true);
    ctx.clock.advance(1);
    applyRetention(ctx, project);
    expect(held(talked)).toEqual([false, 0, 0, 0, 0]);
  });

  it('only the project’s own sessions are swept; 0 keeps history forever [RETENTION-ZERO-FOREVER, RETENTION-AUTO-DELETE]', () => {
    const { ctx, project, other, open, held } = world();
    project.retention_duration = 1;
    other.retention_duration = 0;
    const mine = open(project, true);
    const theirs = open(other, true);
    ctx.clock.advance(400 * 24 * 3600 * SECOND);
    applyRetention(ctx, other);
    expect([held(mine), held(theirs)]).toEqual([
      [true, 2, 2, 3, 3],
      [true, 2, 2, 3, 3],
    ]);
    applyRetention(ctx, project);
    expect([held(mine), held(theirs)]).toEqual([
      [false, 0, 0, 0, 0],
      [true, 2, 2, 3, 3],
    ]);
    other.retention_duration = 1;
    applyRetention(ctx, other);
    expect(held(theirs)).toEqual([false, 0, 0, 0, 0]);
  });
});
