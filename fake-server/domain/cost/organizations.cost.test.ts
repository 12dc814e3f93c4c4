/**
 * What the organization's lists cost as organizations are added (FAKE-PAGE-COST): getOrganizationMembers and
 * getMyProjects (with the token's authentication) read the caller's organization's members, invitations and
 * projects, not those of every organization. Worlds of 100 and 1,000 other organizations, each with an owner, two
 * more members, two pending invitations and two projects.
 */
import { describe, it } from 'vitest';
import { Runtime } from '../../runtime.js';
import { authenticateToken } from '../authentication.js';
import { resolveProject } from '../authorization.js';
import { countVisits, stopCounting } from '../cost-counting.js';
import { inviteMember } from '../invitations.js';
import { addMember } from '../members.js';
import { organizationMembers } from '../organization.js';
import { createOrganization, createUser } from '../organizations.js';
import { createProject, listProjects, projectOfUid } from '../projects.js';
import { expectNotGrowing } from './cost.test-support.js';

const ORGANIZATIONS = [100, 1_000] as const;

function organizationsWorld(count: number) {
  const runtime = new Runtime();
  const ctx = runtime.domain;
  for (let i = 0; i < count; i++) {
    const user = (role: string) =>
      createUser(ctx, { name: `${role} ${i}`, email: `${role}-${i}@example.com` });
    const owner = user('owner');
    const org = createOrganization(ctx, {
      name: `Org ${i}`,
      owner_user_id: owner.id,
      plan: 'enterprise',
      credits: 10,
    });
    addMember(ctx, org.id, user('editor').id, 'editor');
    addMember(ctx, org.id, user('viewer').id, 'viewer');
    inviteMember(ctx, org, owner.id, `invited-a-${i}@example.com`, 'editor');
    inviteMember(ctx, org, owner.id, `invited-b-${i}@example.com`, 'viewer');
    createProject(ctx, { organization_id: org.id, name: `Bot ${i}a` });
    createProject(ctx, { organization_id: org.id, name: `Bot ${i}b` });
  }
  return {
    visits(read: (caller: ReturnType<typeof authenticateToken>) => unknown): number {
      const call = () => read(authenticateToken(ctx, runtime.seeded!.tokens.owner));
      call();
      const counter = countVisits(ctx);
      call();
      stopCounting(ctx);
      return counter.visited;
    },
    ctx,
    uid: undefined as string | undefined,
  };
}

let worlds: ReturnType<typeof organizationsWorld>[] | undefined;
const counts = (
  read: (w: ReturnType<typeof organizationsWorld>, caller: ReturnType<typeof authenticateToken>) => unknown,
) => {
  worlds ??= ORGANIZATIONS.map(organizationsWorld);
  return worlds.map((w) => w.visits((caller) => read(w, caller)));
};
const sizes = ORGANIZATIONS.map((n) => `${n} other organizations`);

describe('lists of the organization cost that organization, not every organization [FAKE-PAGE-COST]', () => {
  it('getOrganizationMembers: its members and pending invitations [MEMBERS-ORDER, MEMBERS-INVITATIONS-ALL-PENDING]', () => {
    expectNotGrowing(
      counts((w, caller) => organizationMembers(w.ctx, caller.organization, 10, 1)),
      100,
      sizes,
    );
  });

  it('getMyProjects: its projects in scope, with the viewer’s membership [PROJECTS-SCOPE-FILTER]', () => {
    expectNotGrowing(
      counts((w, caller) => listProjects(w.ctx, caller, { limit: 10, page: 1, orderBy: 'ASC' })),
      100,
      sizes,
    );
  });
});

describe('finding a project by its uid costs one record, whatever the number of projects [FAKE-PAGE-COST]', () => {
  it('a Platform request naming project_uid, and the control API naming a project [AUTH-UNKNOWN-PROJECT]', () => {
    // The seeded organization's first project (its uid read once, outside the count).
    const found = counts((w, caller) => {
      w.uid ??= w.ctx.state.projects.ofOrganization(caller.organization.id)[0]!.project_uid;
      resolveProject(w.ctx, caller, w.uid);
      projectOfUid(w.ctx, w.uid);
    });
    // Authenticating the owner's token, then one record for each lookup.
    expectNotGrowing(found, 12, sizes);
  });
});
