/**
 * The organization provider states (`organization`, `project`, `plan`, `member`, `invitation pending`), each
 * entered on the fake and observed only through the public API.
 */
import { describe, expect, it } from 'vitest';
import { statesFake } from './states.test-support.js';

const PLAN_REQUIRED = 'The Platform API requires the Advanced plan or above';

describe('organization [FAKE-PROVIDER-STATES]', () => {
  it('a fresh organization: its owner token sees its one project, its key works, nothing of the target shows [ORG-DETAIL-DATA, PROJECTS-SCOPE-FILTER]', async () => {
    const f = statesFake();
    const org = await f.enter('organization', { plan: 'agency' });
    expect(org.plan).toBe('agency');
    const owner = { bearer: org.owner_token };
    const detail = await f.call('getOrganizationDetail', owner);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({ id: org.organization_id, created_by: org.owner_user_id });
    const projects = await f.call('getMyProjects', owner);
    expect(projects.body.total).toBe(1);
    expect(projects.body.data[0]).toMatchObject({ project_uid: org.project_uid, id: org.project_id });
    const session = await f.call('createSession', { key: org.project_key }, { widget_uid: org.widget_uid });
    expect(session.status).toBe(200);
    // The target's own owner token does not reach it.
    const outside = await f.call('getProjectUsageLimit', f.owner, { project_uid: org.project_uid });
    expect(outside.status).toBeGreaterThanOrEqual(400);
  });

  it('on Professional the Platform API is refused, the Project Integration API is not [AUTH-PLATFORM-PLAN, AUTH-PLATFORM-PLAN-STATUS, INTEGRATION-PLAN]', async () => {
    const f = statesFake();
    const org = await f.enter('organization', { plan: 'professional' });
    const res = await f.call('getMyProjects', { bearer: org.owner_token });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(PLAN_REQUIRED);
    expect(
      (await f.call('createSession', { key: org.project_key }, { widget_uid: org.widget_uid })).status,
    ).toBe(200);
  });

  it('params the state refuses: 400 Invalid params (an RAG cap off Enterprise, an unknown plan) [FAKE-PROVIDER-STATES]', async () => {
    const f = statesFake();
    for (const params of [{ plan: 'advanced', rag_cap_per_hour: 10 }, { plan: 'gold' }, { credits: -1 }]) {
      const res = await f.enterRaw({ state: 'organization', params });
      expect(res.status, JSON.stringify(params)).toBe(400);
      expect(res.body.message).toBe('Invalid params');
    }
  });

  it('teardown deletes the organization: its owner token gets 401 [TOKEN-INVALID-401]', async () => {
    const f = statesFake();
    const org = await f.enter('organization');
    expect((await f.teardown('organization', org.teardown)).status).toBe(200);
    expect((await f.call('getMyProjects', { bearer: org.owner_token })).status).toBe(401);
    expect((await f.consistency()).body.data.consistent).toBe(true);
  });
});

describe('project [FAKE-PROVIDER-STATES]', () => {
  it("a fresh project of the target's organization, reached by its owner token, empty [PROJECTS-SCOPE-FILTER, USAGE-LIMIT-USAGE-COUNTS]", async () => {
    const f = statesFake();
    const project = await f.enter('project', { name: 'Fresh bot' });
    const listed = await f.call('getMyProjects', f.owner, { search: 'Fresh bot' });
    expect(listed.body.data.map((p: { project_uid: string }) => p.project_uid)).toEqual([
      project.project_uid,
    ]);
    expect(await f.sessions(project.project_uid)).toEqual([]);
    const limits = await f.call('getProjectUsageLimit', f.owner, { project_uid: project.project_uid });
    expect(limits.body.data.document.usage).toBe(0);
    expect(limits.body.data.credits.usage).toBe(0);
  });

  it('with exactly the members asked: the owner token, not among them, does not list it [PROJECTS-SCOPE-FILTER]', async () => {
    const f = statesFake();
    const member = await f.enter('member', { role: 'editor' });
    const project = await f.enter('project', { members: [{ user_id: member.user_id, role: 'editor' }] });
    expect(project.members).toEqual([{ user_id: member.user_id, role: 'editor' }]);
    const listed = await f.call('getMyProjects', f.owner, { limit: 1000 });
    expect(listed.body.data.map((p: { project_uid: string }) => p.project_uid)).not.toContain(
      project.project_uid,
    );
    const unknownUser = await f.enterRaw({
      state: 'project',
      params: { members: [{ user_id: 99999, role: 'editor' }] },
    });
    expect(unknownUser.status).toBe(400);
  });
});

describe('plan [FAKE-PROVIDER-STATES]', () => {
  it('puts a fresh organization on a plan; teardown puts the previous one back [AUTH-PLATFORM-PLAN]', async () => {
    const f = statesFake();
    const org = await f.enter('organization', { plan: 'advanced' });
    const owner = { bearer: org.owner_token };
    const plan = await f.enter('plan', { organization_id: org.organization_id, plan: 'professional' });
    expect(plan).toMatchObject({ plan: 'professional', rag_cap_per_hour: null });
    expect((await f.call('getMyProjects', owner)).status).toBe(403);
    await f.teardown('plan', plan.teardown);
    expect((await f.call('getMyProjects', owner)).status).toBe(200);
  });

  it('Enterprise with a RAG cap; never the target organization [RATE-ENTERPRISE-CAP]', async () => {
    const f = statesFake();
    const org = await f.enter('organization');
    const plan = await f.enter('plan', {
      organization_id: org.organization_id,
      plan: 'enterprise',
      rag_cap_per_hour: 7,
    });
    expect(plan.rag_cap_per_hour).toBe(7);
    const own = await f.enterRaw({ state: 'plan', params: { organization_id: 1, plan: 'professional' } });
    expect(own.status).toBe(400);
    expect(own.body.message).toBe('Invalid params');
    expect((await f.call('getMyProjects', f.owner)).status).toBe(200);
  });
});

describe('member [FAKE-PROVIDER-STATES]', () => {
  it('a new member with the role, listed by getOrganizationMembers; teardown removes them [MEMBERS-RESPONSE-SHAPE, RES-ORGANIZATION-MEMBER-SHAPE]', async () => {
    const f = statesFake();
    const member = await f.enter('member', { role: 'trainer', project_uids: [f.target.project_uid!] });
    const list = async () =>
      (await f.call('getOrganizationMembers', f.owner, { limit: 1000 })).body.data.organizationMember as {
        id: number;
        user_id: number;
        role: string;
        Member: { email: string };
      }[];
    const listed = (await list()).find((m) => m.user_id === member.user_id);
    expect(listed).toMatchObject({ id: member.member_id, role: 'trainer', Member: { email: member.email } });
    const projects = await f.call('getMyProjects', f.owner, { limit: 1000 });
    const main = projects.body.data.find(
      (p: { project_uid: string }) => p.project_uid === f.target.project_uid,
    );
    expect(main.ProjectMembers).toContainEqual({ user_id: member.user_id, role: 'trainer' });
    await f.teardown('member', member.teardown);
    expect((await list()).map((m) => m.user_id)).not.toContain(member.user_id);
  });
});

describe('invitation pending [FAKE-PROVIDER-STATES]', () => {
  it('a pending invitation listed with the members; teardown withdraws it [MEMBERS-INVITATIONS-ALL-PENDING, INVITE-STATUS-PENDING]', async () => {
    const f = statesFake();
    const invitation = await f.enter('invitation pending', { role: 'billing', email: 'Pat@Example.com' });
    expect(invitation.email).toBe('pat@example.com');
    const invitations = async () =>
      (await f.call('getOrganizationMembers', f.owner, { limit: 1000 })).body.data.invitations as {
        id: number;
        status: string;
        role: string;
      }[];
    expect((await invitations()).find((i) => i.id === invitation.invitation_id)).toMatchObject({
      status: 'pending',
      role: 'billing',
    });
    const again = await f.call('inviteOrganizationMember', f.owner, {
      email: 'pat@example.com',
      role: 'viewer',
    });
    expect(again.status).toBe(400);
    await f.teardown('invitation pending', invitation.teardown);
    expect((await invitations()).map((i) => i.id)).not.toContain(invitation.invitation_id);
  });
});
