/** getOrganizationDetail and getOrganizationMembers: shapes, the org base address, access and paging. */
import { describe, expect, it, type TestContext } from 'vitest';
import type { Invitation, Organization, OrganizationMember, Project } from '../../contract/index.js';
import { expectError, expectSuccess } from '../support/envelope.js';
import { FORBIDDEN, INVALID_PARAMS } from '../support/messages.js';
import { arranged, assumed } from '../support/strength.js';
import { enterState, need, useTarget } from '../support/use-target.js';
import { uniqueEmail } from '../support/world.js';
import type { Auth } from '../target/target.js';

const target = useTarget();

interface MembersData {
  organizationMember: OrganizationMember[];
  invitations: Invitation[];
}

async function detail(): Promise<Organization> {
  return expectSuccess<Organization>(
    await target().call('getOrganizationDetail', { body: {} }),
    'getOrganizationDetail',
  ).data;
}

async function members(
  body: Record<string, unknown>,
  auth?: Auth,
): Promise<{ data: MembersData; total: number }> {
  const res = await target().call('getOrganizationMembers', { body, auth });
  const { data, total } = expectSuccess<MembersData>(res, 'getOrganizationMembers');
  return { data, total: total as number };
}

/** The configured project as getMyProjects lists it (pages of the documented default size 100), if it does. */
async function configuredProject(uid: string): Promise<Project | undefined> {
  for (let page = 1; ; page += 1) {
    const res = await target().call('getMyProjects', { body: { limit: 100, page } });
    const { data } = expectSuccess<Project[]>(res, 'getMyProjects');
    const found = data.find((p) => p.project_uid === uid);
    if (found || data.length < 100 || page >= 50) return found;
  }
}

/** `obj` has every field the spec shows (hard); that it has no other is the fake's choice (CONV-NO-EXTRA-FIELDS). */
function expectFields(obj: object, fields: string[]): void {
  expect(Object.keys(obj)).toEqual(expect.arrayContaining(fields));
  assumed('CONV-NO-EXTRA-FIELDS', () => expect(Object.keys(obj).sort()).toEqual([...fields].sort()));
}

/**
 * A fresh organization (provider state `organization`: its owner alone) with `more` members added by the state
 * `member`; answers its owner's token, with a fresh hourly quota.
 */
async function organizationWithMembers(ctx: TestContext, more: number): Promise<Auth> {
  need(ctx, target(), { writes: true });
  const org = await enterState(ctx, target(), 'organization');
  for (let i = 0; i < more; i += 1)
    await enterState(ctx, target(), 'member', { organization_id: org.organization_id });
  return { bearer: org.owner_token };
}

describe('getOrganizationDetail', () => {
  it('takes the empty object and returns the organization resource [ORG-DETAIL-EMPTY-BODY, ORG-DETAIL-DATA, RES-ORGANIZATION-SHAPE, CONV-EMPTY-BODY-OBJECT, ORG-DETAIL-LISTS-COMPLETE]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    const org = await detail();
    expect(Number.isInteger(org.id)).toBe(true);
    // Which members the detail lists is not shown: that the list is complete (so holds the owner) is the fake's.
    assumed('ORG-DETAIL-LISTS-COMPLETE', () => expect(org.OrganizationMembers.length).toBeGreaterThan(0));
    for (const m of org.OrganizationMembers) expectFields(m, ['createdAt', 'id', 'role', 'user_id']);
    for (const p of org.OrganizationProjects) expectFields(p, ['id', 'name', 'project_uid']);
    expectFields(org.user, ['email', 'id', 'name']);
  });

  it("is the token's organization: the configured project belongs to it [ORG-DETAIL-EMPTY-BODY, ORG-DETAIL-DATA, ORG-DETAIL-LISTS-COMPLETE]", async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    const org = await detail();
    const uid = target().config.project_uid!;
    const project = await configuredProject(uid);
    arranged(ctx, project !== undefined, `getMyProjects does not list the configured project ${uid}`);
    expect(project.organization_id).toBe(org.id);
    // That OrganizationProjects lists every project of the organization is the fake's choice.
    assumed('ORG-DETAIL-LISTS-COMPLETE', () =>
      expect(org.OrganizationProjects.map((p) => p.project_uid)).toContain(uid),
    );
  });

  it('names the creator as its user [ORG-DETAIL-USER-IS-CREATOR]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    const org = await detail();
    expect(org.user.id).toBe(org.created_by);
    const { data } = await members({ limit: 1000 });
    const creator = data.organizationMember.find((m) => m.user_id === org.created_by);
    expect(creator, 'the creator is a member').toBeDefined();
    expect(org.user.email).toBe(creator!.Member.email);
    expect(org.user.name).toBe(creator!.Member.name);
  });

  it('lists every member and every project, unpaged [ORG-DETAIL-LISTS-COMPLETE]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    const org = await detail();
    const { data, total } = await members({ limit: 1000 });
    expect(org.OrganizationMembers.length).toBe(total);
    expect(org.OrganizationMembers.map((m) => [m.id, m.user_id, m.role]).sort()).toEqual(
      data.organizationMember.map((m) => [m.id, m.user_id, m.role]).sort(),
    );
    const projects = expectSuccess<Project[]>(
      await target().call('getMyProjects', { body: { limit: 1000 } }),
      'getMyProjects',
    ).data;
    const listed = new Set(org.OrganizationProjects.map((p) => p.project_uid));
    for (const p of projects) expect(listed.has(p.project_uid), p.project_uid).toBe(true);
    expect(new Set(org.OrganizationProjects.map((p) => p.id)).size).toBe(org.OrganizationProjects.length);
  });

  it('answers the same at {org_base_url} [ORG-BASE-URL, ORG-BASE-URL-OPERATIONS]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    const res = await target().call('getOrganizationDetail', { body: {}, base: 'org' });
    // Which operations {org_base_url} serves is not shown (ORG-BASE-URL-OPERATIONS); one it serves is the same
    // operation, with the same answer (ORG-BASE-URL).
    assumed('ORG-BASE-URL-OPERATIONS', () => expectSuccess(res, 'getOrganizationDetail'));
    if (res.status >= 200 && res.status < 300)
      expect(expectSuccess<Organization>(res, 'getOrganizationDetail').data).toEqual(await detail());
  });

  it('is open to the editor and viewer tokens [AUTH-ACCESS-GETORGANIZATIONDETAIL, AUTH-ROLE-VIEWER-READ-ONLY]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner', 'editor', 'viewer'] });
    const owner = await detail();
    for (const token of ['editor', 'viewer'] as const) {
      const res = await target().call('getOrganizationDetail', { body: {}, auth: { token } });
      expect(expectSuccess<Organization>(res, 'getOrganizationDetail').data.id, token).toBe(owner.id);
    }
  });

  // Documented by the access table: no role and no fine-grained entry for the operation (AUTH-PERMISSIONS-ONLY
  // adds nothing here that the row does not say).
  it('refuses a token with fine-grained permissions only [AUTH-ACCESS-GETORGANIZATIONDETAIL, ERR-403-MESSAGE]', async (ctx) => {
    need(ctx, target(), { tokens: ['fine_grained'] });
    const res = await target().call('getOrganizationDetail', { body: {}, auth: { token: 'fine_grained' } });
    expectError(res, 403, FORBIDDEN);
  });
});

describe('getOrganizationMembers', () => {
  it('returns total and {organizationMember, invitations} [MEMBERS-RESPONSE-SHAPE, RES-ORGANIZATION-MEMBER-SHAPE, RES-INVITATION-SHAPE, MEMBERS-MEMBER-IS-USER]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    const { data, total } = await members({});
    expect(Number.isInteger(total)).toBe(true);
    // The token's creator is a member (a token whose creator left is unusable), so page 1 is not empty.
    expect(data.organizationMember.length).toBeGreaterThan(0);
    const org = await detail();
    for (const m of data.organizationMember) {
      expect(m.organization_id).toBe(org.id);
      // The spec lists Member.id and user_id without relating them.
      assumed('MEMBERS-MEMBER-IS-USER', () => expect(m.Member.id).toBe(m.user_id));
    }
  });

  it('defaults to limit 10 and page 1 [MEMBERS-LIMIT-DEFAULT-10, MEMBERS-PAGE-DEFAULT-1, MEMBERS-TOTAL-COUNTS-MEMBERS, PAGING-SEMANTICS]', async (ctx) => {
    const auth = await organizationWithMembers(ctx, 14);
    const all = await members({ limit: 1000 }, auth);
    arranged(
      ctx,
      all.data.organizationMember.length > 10,
      'the organization does not list the 15 members made for this test',
    );
    const everyId = new Set(all.data.organizationMember.map((m) => m.id));
    const byDefault = await members({}, auth);
    expect(byDefault.data.organizationMember).toHaveLength(10);
    for (const m of byDefault.data.organizationMember) expect(everyId.has(m.id), `member ${m.id}`).toBe(true);
    const explicit = await members({ limit: 10, page: 1 }, auth);
    expect(explicit.data.organizationMember).toEqual(byDefault.data.organizationMember);
    const limitOnly = await members({ limit: 4 }, auth);
    const firstOf4 = await members({ limit: 4, page: 1 }, auth);
    expect(limitOnly.data.organizationMember).toEqual(firstOf4.data.organizationMember);
    // What total counts, and that a page is a slice of the whole ordered list, are the fake's choices.
    assumed('MEMBERS-TOTAL-COUNTS-MEMBERS', () => expect(byDefault.total).toBe(all.total));
    assumed('PAGING-SEMANTICS', () => {
      expect(byDefault.data.organizationMember).toEqual(all.data.organizationMember.slice(0, 10));
      expect(limitOnly.data.organizationMember).toEqual(all.data.organizationMember.slice(0, 4));
    });
  });

  it('accepts limit 1000 and returns every member [MEMBERS-LIMIT-MAX-1000, MEMBERS-TOTAL-COUNTS-MEMBERS]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    const { data, total } = await members({ limit: 1000 });
    assumed('MEMBERS-TOTAL-COUNTS-MEMBERS', () =>
      expect(data.organizationMember).toHaveLength(Math.min(total, 1000)),
    );
  });

  it('rejects limit 1001 [MEMBERS-LIMIT-MAX-1000, ERR-INVALID-PARAMS-MESSAGE]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    expectError(
      await target().call('getOrganizationMembers', { body: { limit: 1001 } }),
      400,
      INVALID_PARAMS,
    );
  });

  it('rejects limit 0, negative and fractional limits [PAGING-LIMIT-MIN-1]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    for (const limit of [0, -1, 2.5]) {
      expectError(await target().call('getOrganizationMembers', { body: { limit } }), 400, INVALID_PARAMS);
    }
  });

  it('rejects page 0 [PAGING-PAGE-MIN-1]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    for (const page of [0, -1]) {
      expectError(await target().call('getOrganizationMembers', { body: { page } }), 400, INVALID_PARAMS);
    }
  });

  it('pages without duplicates or gaps, by ascending member id [PAGING-SEMANTICS, MEMBERS-ORDER, MEMBERS-TOTAL-COUNTS-MEMBERS]', async (ctx) => {
    const auth = await organizationWithMembers(ctx, 14);
    const all = await members({ limit: 1000 }, auth);
    const ids = all.data.organizationMember.map((m) => m.id);
    // Every check of this test is a choice of the fake: the order (MEMBERS-ORDER), what total counts
    // (MEMBERS-TOTAL-COUNTS-MEMBERS) and what a page holds (PAGING-SEMANTICS).
    assumed('MEMBERS-ORDER', () => expect(ids).toEqual([...ids].sort((a, b) => a - b)));
    assumed('MEMBERS-TOTAL-COUNTS-MEMBERS', () => expect(all.total).toBe(ids.length));
    const paged: number[] = [];
    for (let page = 1; page <= Math.ceil(ids.length / 4); page += 1) {
      const res = await members({ limit: 4, page }, auth);
      assumed('MEMBERS-TOTAL-COUNTS-MEMBERS', () => expect(res.total).toBe(all.total));
      assumed('PAGING-SEMANTICS', () =>
        expect(res.data.organizationMember.length).toBe(Math.min(4, ids.length - (page - 1) * 4)),
      );
      paged.push(...res.data.organizationMember.map((m) => m.id));
    }
    assumed('PAGING-SEMANTICS', () => expect(paged).toEqual(ids));
  });

  it('returns an empty page past the end with the same total [PAGING-PAGE-PAST-END]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    const all = await members({ limit: 1000 });
    const past = await members({ limit: 10, page: Math.ceil(all.total / 10) + 1 });
    expect(past.data.organizationMember).toEqual([]);
    expect(past.total).toBe(all.total);
  });

  it('total counts members only; a new invitation is listed as pending on every page [MEMBERS-TOTAL-COUNTS-MEMBERS, MEMBERS-INVITATIONS-ALL-PENDING]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], writes: true });
    const before = await members({ limit: 1000 });
    const email = uniqueEmail('listed');
    const invited = expectSuccess<Invitation>(
      await target().call('inviteOrganizationMember', { body: { email, role: 'viewer' } }),
      'inviteOrganizationMember',
    ).data;
    const after = await members({ limit: 1000 });
    expect(after.total).toBe(before.total);
    expect(after.data.organizationMember).toEqual(before.data.organizationMember);
    expect(after.data.invitations.length).toBe(before.data.invitations.length + 1);
    for (const body of [
      {},
      { limit: 1, page: 1 },
      { limit: 1, page: 2 },
      { limit: 1, page: after.total + 5 },
    ]) {
      const { data } = await members(body);
      const listed = data.invitations.find((i) => i.id === invited.id);
      expect(listed, JSON.stringify(body)).toEqual(invited);
      for (const i of data.invitations) expect(i.status).toBe('pending');
    }
  });

  it('answers the same at {org_base_url} [ORG-BASE-URL-OPERATIONS]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    const res = await target().call('getOrganizationMembers', { body: { limit: 1000 }, base: 'org' });
    const atBase = await members({ limit: 1000 });
    assumed('ORG-BASE-URL-OPERATIONS', () => {
      const atOrg = expectSuccess<MembersData>(res, 'getOrganizationMembers');
      expect(atOrg.data).toEqual(atBase.data);
      expect(atOrg.total).toBe(atBase.total);
    });
  });

  it('is open to the editor and viewer tokens [AUTH-ACCESS-GETORGANIZATIONMEMBERS]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner', 'editor', 'viewer'] });
    const owner = await members({ limit: 1000 });
    for (const token of ['editor', 'viewer'] as const) {
      const res = await target().call('getOrganizationMembers', { body: { limit: 1000 }, auth: { token } });
      expect(expectSuccess<MembersData>(res, 'getOrganizationMembers').total, token).toBe(owner.total);
    }
  });

  it('refuses a token with fine-grained permissions only [AUTH-ACCESS-GETORGANIZATIONMEMBERS, ERR-403-MESSAGE]', async (ctx) => {
    need(ctx, target(), { tokens: ['fine_grained'] });
    const res = await target().call('getOrganizationMembers', { body: {}, auth: { token: 'fine_grained' } });
    expectError(res, 403, FORBIDDEN);
  });
});
