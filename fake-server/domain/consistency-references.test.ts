/**
 * The consistency checker's identity and reference invariants, on the small world of consistency.test-support.ts:
 * each test spoils named records and expects exactly their violations, while the healthy world reports none.
 */
import { describe, expect, it } from 'vitest';
import { checkConsistency } from './consistency.js';
import { session, smallWorld, violationsOf } from './consistency.test-support.js';
import type { DomainContext } from './context.js';

/** The details of the violations of one invariant, in the order the checker found them. */
const detailsOf = (ctx: DomainContext, invariant: string): string[] =>
  violationsOf(ctx)
    .filter((v) => v.invariant === invariant)
    .map((v) => v.detail);

describe('consistency checker: identities and references [FAKE-CONSISTENCY-CHECK]', () => {
  it('the small world (invitations, outbox, emulator session, knowledgebase, script queue) is consistent [FUZZ-STATE-CONSISTENT]', () => {
    const { ctx } = smallWorld();
    const report = checkConsistency(ctx);
    expect(report.violations).toEqual([]);
    expect(report.violationCount).toBe(0);
    expect(report.consistent).toBe(true);
    expect(report.checked).toEqual({
      users: 3,
      organizations: 1,
      members: 2,
      projects: 2,
      projectKeys: 1,
      tokens: 2,
      invitations: 2,
      outbox: 2,
      sessions: 3,
      messages: 3,
      executionLogs: 2,
    });
  });

  it('reports a record of each map whose id is not the key it is stored under', () => {
    const { ctx, state } = smallWorld();
    state.users.get(3)!.id = 1003;
    state.organizations.get(10)!.id = 1010;
    state.members.get(21)!.id = 1021;
    state.projects.get(31)!.id = 1031;
    state.tokens.get(50)!.id = 1050;
    state.invitations.get(61)!.id = 1061;
    state.sessions.get(81)!.id = 1081;
    state.messages.get(92)!.id = 1092;
    state.executionLogs.get(101)!.id = 1101;
    state.projectKeys.get('key-30')!.value = 'key-31';
    expect(detailsOf(ctx, 'key-matches-id')).toEqual([
      'users: key 3 holds id 1003',
      'organizations: key 10 holds id 1010',
      'members: key 21 holds id 1021',
      'projects: key 31 holds id 1031',
      'tokens: key 50 holds id 1050',
      'invitations: key 61 holds id 1061',
      'sessions: key 81 holds id 1081',
      'messages: key 92 holds id 1092',
      'executionLogs: key 101 holds id 1101',
      'projectKeys: key key-30 holds key-31',
    ]);
  });

  it('reports a project key stored under another value, and nothing else', () => {
    const { ctx, state } = smallWorld();
    state.projectKeys.get('key-30')!.value = 'key-31';
    expect(violationsOf(ctx)).toEqual([
      { invariant: 'key-matches-id', detail: 'projectKeys: key key-30 holds key-31' },
    ]);
  });

  it('reports each identifying value that appears twice (emails compared case-insensitively)', () => {
    const { ctx, state } = smallWorld();
    const p31 = state.projects.get(31)!;
    p31.project_uid = 'uid-30';
    p31.integration.widget_uid = 'widget-30';
    p31.integration.id = 40;
    state.tokens.get(51)!.value = 'token-50';
    state.sessions.get(81)!.session_uid = 1080;
    state.users.get(2)!.email = 'ANN@example.com';
    state.members.get(21)!.user_id = 1;
    state.models[1]!.value = state.models[0]!.value;
    state.outbox[1]!.id = 70;
    state.projects.get(30)!.members.push({ user_id: 2, role: 'admin' });
    expect(detailsOf(ctx, 'unique-values')).toEqual([
      'project_uid uid-30 appears twice',
      'widget_uid widget-30 appears twice',
      'integration id 40 appears twice',
      'token value token-50 appears twice',
      'session_uid 1080 appears twice',
      'user email ann@example.com appears twice',
      'member 10/1 appears twice',
      `model value ${state.models[0]!.value} appears twice`,
      'outbox email id 70 appears twice',
      'project 30 member 2 appears twice',
    ]);
  });

  it('reports an organization whose creator or plan does not exist', () => {
    const { ctx, state } = smallWorld();
    const org = state.organizations.get(10)!;
    org.created_by = 99;
    (org as { plan: string }).plan = 'gold';
    expect(violationsOf(ctx)).toEqual([
      { invariant: 'organization-refs', detail: 'organization 10: creator 99' },
      { invariant: 'organization-refs', detail: 'plan gold' },
    ]);
  });

  it('reports a member whose organization or whose user does not exist', () => {
    const { ctx, state } = smallWorld();
    state.members.get(20)!.user_id = 99;
    state.members.get(21)!.organization_id = 11;
    expect(violationsOf(ctx)).toEqual([
      { invariant: 'member-refs', detail: 'member 20: organization 10, user 99' },
      { invariant: 'member-refs', detail: 'member 21: organization 11, user 2' },
    ]);
  });

  it('reports a project whose organization, integration or member user is wrong, and orphan per-project data', () => {
    const { ctx, state } = smallWorld();
    const p30 = state.projects.get(30)!;
    p30.integration.project_id = 31;
    p30.members.push({ user_id: 99, role: 'member' });
    state.projects.get(31)!.organization_id = 11;
    state.knowledgebases.set(99, state.knowledgebases.get(30)!);
    state.ragScripts.set(98, []);
    expect(violationsOf(ctx)).toEqual([
      { invariant: 'project-refs', detail: 'project 30: integration' },
      { invariant: 'project-refs', detail: 'project 30: member user 99' },
      { invariant: 'project-refs', detail: 'project 31: organization' },
      { invariant: 'project-refs', detail: 'knowledgebase of project 99' },
      { invariant: 'project-refs', detail: 'scripted replies of project 98' },
    ]);
  });

  it('reports a project key of a project that does not exist', () => {
    const { ctx, state } = smallWorld();
    state.projectKeys.set('key-99', { value: 'key-99', project_id: 99, createdAt: 0 });
    expect(violationsOf(ctx)).toEqual([{ invariant: 'project-key-refs', detail: 'key of project 99' }]);
  });

  it('reports a token with an unknown organization, creator or status, or a selected scope without projects', () => {
    const { ctx, state } = smallWorld();
    const t50 = state.tokens.get(50)!;
    t50.organization_id = 11;
    t50.creator_user_id = 99;
    t50.scope_type = 'selected';
    t50.project_ids = [31];
    const t51 = state.tokens.get(51)!;
    (t51 as { status: string }).status = 'revoked';
    t51.project_ids = [];
    expect(violationsOf(ctx)).toEqual([
      { invariant: 'token-refs', detail: 'token 50: organization' },
      { invariant: 'token-refs', detail: 'token 50: creator 99' },
      { invariant: 'token-refs', detail: 'token 50: project 31 is not a project of its organization' },
      { invariant: 'token-refs', detail: 'token 51: status revoked' },
      { invariant: 'token-refs', detail: 'token 51: selected scope without projects' },
    ]);
  });

  it('reports an invitation with an unknown organization or sender, and outbox emails of another invitation', () => {
    const { ctx, state } = smallWorld();
    state.invitations.get(60)!.organization_id = 11;
    state.invitations.get(61)!.sent_by = 99;
    state.outbox.push({ ...state.outbox[1]!, id: 72, invitation_id: 99 });
    expect(violationsOf(ctx)).toEqual([
      { invariant: 'invitation-refs', detail: 'invitation 60: organization 11, sender 1' },
      { invariant: 'invitation-refs', detail: 'invitation 61: organization 10, sender 99' },
      { invariant: 'invitation-refs', detail: 'outbox email 70: invitation 60' },
      { invariant: 'invitation-refs', detail: 'outbox email 72: invitation 99' },
    ]);
  });

  it('reports sessions whose project, integration or status is wrong', () => {
    const { ctx, state } = smallWorld();
    state.sessions.get(80)!.integration_id = 41;
    state.sessions.get(81)!.project_id = 99;
    state.sessions.get(82)!.status = 'archived';
    expect(detailsOf(ctx, 'session-refs')).toEqual([
      'session 80: integration 41',
      'session 81: project 99',
      'session 82: status archived',
    ]);
  });

  it('reports a session of a missing project once, without comparing its integration', () => {
    const { ctx, state } = smallWorld();
    state.sessions.set(83, session(83, 99, 30, { is_emulator: true }));
    expect(violationsOf(ctx)).toEqual([{ invariant: 'session-refs', detail: 'session 83: project 99' }]);
  });

  it('reports messages and execution logs whose session is gone or belongs to another project', () => {
    const { ctx, state } = smallWorld();
    state.messages.get(92)!.session_id = 99;
    state.executionLogs.get(100)!.project_id = 31;
    state.executionLogs.get(101)!.session_id = 99;
    expect(detailsOf(ctx, 'message-refs')).toEqual(['message 92: session 99']);
    expect(detailsOf(ctx, 'execution-log-refs')).toEqual([
      'execution log 100: session 80, project 31',
      'execution log 101: session 99, project 30',
    ]);
  });
});
