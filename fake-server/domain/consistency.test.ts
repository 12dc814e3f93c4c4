/** The store's invariant checker: quiet on a consistent store, and it names each violation planted in one. */
import { afterEach, describe, expect, it } from 'vitest';
import { Runtime } from '../runtime.js';
import { checkConsistency } from './consistency.js';
import type { DomainContext } from './context.js';
import { openNewSession } from './new-session.js';
import { appendMessage } from './sessions.js';

function seeded(): DomainContext {
  return new Runtime({ seed: 2 }).domain;
}

const invariants = (ctx: DomainContext) => checkConsistency(ctx).violations.map((v) => v.invariant);
const firstProject = (ctx: DomainContext) => [...ctx.state.projects.values()][0]!;
const firstSession = (ctx: DomainContext) => [...ctx.state.sessions.values()][0]!;

describe('checkConsistency [FAKE-CONSISTENCY-CHECK]', () => {
  it('finds nothing wrong with the seeded store, and counts what it checked', () => {
    const report = checkConsistency(seeded());
    expect(report.violations).toEqual([]);
    expect(report.consistent).toBe(true);
    expect(report.checked.sessions).toBeGreaterThan(0);
    expect(report.checked.messages).toBeGreaterThan(0);
    expect(report.checked.tokens).toBeGreaterThan(0);
  });

  it('an empty store is consistent', () => {
    expect(checkConsistency(new Runtime({ fixtures: 'empty' }).domain).consistent).toBe(true);
  });

  it('reports a session whose project is gone, and the messages and logs left under it', () => {
    const ctx = seeded();
    const session = firstSession(ctx);
    ctx.state.projects.delete(session.project_id);
    expect(invariants(ctx)).toContain('session-refs');
    ctx.state.sessions.delete(session.id);
    expect(invariants(ctx)).toEqual(expect.arrayContaining(['message-refs', 'execution-log-refs']));
  });

  it('reports a token whose organization, creator or selected project does not exist', () => {
    const ctx = seeded();
    const token = [...ctx.state.tokens.values()][0]!;
    token.project_ids = [999];
    token.scope_type = 'selected';
    token.creator_user_id = 999;
    const details = checkConsistency(ctx)
      .violations.filter((v) => v.invariant === 'token-refs')
      .map((v) => v.detail);
    expect(details).toEqual([
      `token ${token.id}: creator 999`,
      `token ${token.id}: project 999 is not a project of its organization`,
    ]);
  });

  it('reports credits and settings out of range', () => {
    const ctx = seeded();
    const project = firstProject(ctx);
    ctx.state.organizations.get(project.organization_id)!.credits = Number.NaN;
    project.creditsUsed = -1;
    project.settings.temperature = 2.5;
    project.limits.credits = 1.5;
    const details = checkConsistency(ctx).violations.map((v) => v.detail);
    expect(details).toEqual(
      expect.arrayContaining([
        `organization ${project.organization_id}: credits NaN`,
        `project ${project.id}: credits used -1`,
        `project ${project.id}: temperature 2.5`,
        `project ${project.id}: limit credits = 1.5`,
      ]),
    );
  });

  it('reports duplicate identifiers and a record stored under another id', () => {
    const ctx = seeded();
    const [a, b] = [...ctx.state.tokens.values()];
    b!.value = a!.value;
    const user = [...ctx.state.users.values()][0]!;
    ctx.state.users.set(user.id + 1000, user);
    expect(invariants(ctx)).toEqual(expect.arrayContaining(['unique-values', 'key-matches-id']));
  });

  it('reports a member of a user that does not exist', () => {
    const ctx = seeded();
    const member = [...ctx.state.members.values()][0]!;
    ctx.state.users.delete(member.user_id);
    expect(invariants(ctx)).toContain('member-refs');
  });

  it('reports indexes that disagree with their maps (a field an index relies on changed after storing)', () => {
    const ctx = seeded();
    const session = firstSession(ctx);
    session.session_uid += 1; // the uid index still files it under the old uid
    expect(invariants(ctx)).toContain('session-index');

    const other = seeded();
    const message = [...other.state.messages.values()][0]!;
    const moved = [...other.state.sessions.values()].find((s) => s.id !== message.session_id)!;
    message.session_id = moved.id; // the by-session index still lists it under its first session
    expect(invariants(other)).toContain('message-index');
  });

  it('reports an open session missing from its project index of unclosed sessions', () => {
    const ctx = seeded();
    const project = firstProject(ctx);
    const session = openNewSession(ctx, project, {
      segment: 'widget',
      visitor_id: 'v',
      visitor_data: {},
      session_meta: {},
      is_emulator: false,
    });
    appendMessage(ctx, session, 'user', 'hello');
    expect(checkConsistency(ctx).consistent).toBe(true);
    ctx.state.sessions.unclosedOf(project.id).delete(session);
    expect(checkConsistency(ctx).violations).toEqual([
      {
        invariant: 'session-index',
        detail: `session ${session.id} is open but not in its project's unclosed index`,
      },
    ]);
  });

  describe('prototype pollution', () => {
    afterEach(() => {
      delete (Object.prototype as Record<string, unknown>).polluted;
    });

    it('reports an enumerable property on Object.prototype', () => {
      (Object.prototype as Record<string, unknown>).polluted = true;
      expect(checkConsistency(seeded()).violations).toContainEqual({
        invariant: 'prototype-clean',
        detail: 'Object.prototype has an enumerable property polluted',
      });
    });
  });

  it('lists at most maxViolations but counts them all', () => {
    const ctx = seeded();
    for (const m of ctx.state.messages.values()) m.session_id = -1;
    const report = checkConsistency(ctx, 3);
    expect(report.violations).toHaveLength(3);
    expect(report.violationCount).toBeGreaterThan(3);
    expect(report.consistent).toBe(false);
  });
});
