/** The organization seen from a token, called directly: its detail, its member views and its members listing. */
import { describe, expect, it } from 'vitest';
import { iso } from './clock.js';
import { inviteMember } from './invitations.js';
import { membersOf } from './members.js';
import { moveToEnd, orgWorld } from './org-world.test-support.js';
import { invitationView, memberView, organizationDetail, organizationMembers } from './organization.js';

describe('organizationDetail', () => {
  it("lists the organization's own members and projects, by ascending id [ORG-DETAIL-LISTS-COMPLETE, ORG-DETAIL-USER-IS-CREATOR, RES-ORGANIZATION-SHAPE]", () => {
    const w = orgWorld();
    // The project map no longer iterates in id order (as a restored hand-made snapshot may leave it).
    moveToEnd(w.ctx.state.projects, 2);
    moveToEnd(w.ctx.state.projects, 1);
    expect([...w.ctx.state.projects.keys()]).toEqual([3, 4, 2, 1]);
    const { main, travel, hr } = w.projects;

    const home = organizationDetail(w.ctx, w.home);
    expect(home.OrganizationProjects).toEqual([
      { id: 1, name: 'Acme Ledger Support', project_uid: main!.project_uid },
      { id: 2, name: 'Globex Travel Assistant', project_uid: travel!.project_uid },
      { id: 3, name: 'Initech HR Helpdesk', project_uid: hr!.project_uid },
    ]);
    expect(home.OrganizationMembers.map((m) => m.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const owner = w.ctx.state.users.get(w.users.owner!)!;
    expect(home.user).toEqual({ id: owner.id, name: owner.name, email: owner.email });

    const stamp = iso(w.other.createdAt);
    expect(organizationDetail(w.ctx, w.other)).toEqual({
      id: w.other.id,
      name: 'Other Org',
      created_by: w.otherOwner.id,
      createdAt: stamp,
      updatedAt: stamp,
      user: { id: w.otherOwner.id, name: 'Olga Other', email: 'olga@other.example' },
      OrganizationMembers: [
        { id: 8, user_id: w.otherOwner.id, role: 'owner', createdAt: stamp },
        { id: 9, user_id: w.users.editor, role: 'editor', createdAt: stamp },
      ],
      OrganizationProjects: [{ id: 4, name: 'Other project', project_uid: w.otherProject.project_uid }],
    });
  });

  it('names a creator missing from the store by id only, with empty name and email [ORG-DETAIL-USER-IS-CREATOR, RES-ORGANIZATION-SHAPE]', () => {
    const w = orgWorld();
    // Not reachable through the APIs (users are never deleted; a snapshot with a dangling creator is refused).
    w.ctx.state.users.delete(w.otherOwner.id);
    expect(organizationDetail(w.ctx, w.other).user).toEqual({ id: w.otherOwner.id, name: '', email: '' });
  });
});

describe('memberView', () => {
  it("shows the member's user, profile picture included [RES-ORGANIZATION-MEMBER-SHAPE]", () => {
    const w = orgWorld();
    const user = w.ctx.state.users.get(w.users.viewer!)!;
    user.profile_pic = 'https://cdn.example/pic/viewer.png';
    const member = membersOf(w.ctx, w.home.id).find((m) => m.user_id === user.id)!;
    member.updatedAt += 1_000;
    expect(memberView(w.ctx, member)).toEqual({
      id: member.id,
      user_id: user.id,
      organization_id: w.home.id,
      role: 'viewer',
      createdAt: iso(member.createdAt),
      updatedAt: iso(member.createdAt + 1_000),
      Member: {
        id: user.id,
        name: user.name,
        email: user.email,
        profile_pic: 'https://cdn.example/pic/viewer.png',
      },
    });
    const editor = membersOf(w.ctx, w.home.id).find((m) => m.user_id === w.users.editor)!;
    expect(memberView(w.ctx, editor).Member.profile_pic).toBeNull();
  });

  it('shows a member whose user is missing from the store with empty name and email, no picture [RES-ORGANIZATION-MEMBER-SHAPE]', () => {
    const w = orgWorld();
    // Not reachable through the APIs (users are never deleted; a snapshot with a dangling member is refused).
    w.ctx.state.users.delete(w.otherOwner.id);
    const member = membersOf(w.ctx, w.other.id)[0]!;
    expect(memberView(w.ctx, member).Member).toEqual({
      id: w.otherOwner.id,
      name: '',
      email: '',
      profile_pic: null,
    });
  });
});

describe('organizationMembers', () => {
  it("pages the organization's members and lists its pending invitations whole, by ascending id [MEMBERS-INVITATIONS-ALL-PENDING, MEMBERS-TOTAL-COUNTS-MEMBERS, MEMBERS-ORDER, PAGING-SEMANTICS]", () => {
    const w = orgWorld();
    const owner = w.users.owner!;
    const a = inviteMember(w.ctx, w.home, owner, 'a@invited.example', 'viewer');
    const accepted = inviteMember(w.ctx, w.home, owner, 'b@invited.example', 'editor');
    inviteMember(w.ctx, w.other, w.otherOwner.id, 'c@invited.example', 'viewer');
    const d = inviteMember(w.ctx, w.home, owner, 'd@invited.example', 'billing');
    const e = inviteMember(w.ctx, w.home, owner, 'e@invited.example', 'owner');
    // Another state (not shown by the public API, but a restored snapshot may hold one) and an out-of-order map.
    accepted.status = 'accepted';
    moveToEnd(w.ctx.state.invitations, a.id);
    expect([...w.ctx.state.invitations.keys()]).toEqual([2, 3, 4, 5, 1]);
    moveToEnd(w.ctx.state.members, 4);

    const page2 = organizationMembers(w.ctx, w.home, 3, 2);
    expect(page2.total).toBe(7);
    expect(page2.data.organizationMember.map((m) => m.id)).toEqual([4, 5, 6]);
    expect(page2.data.invitations).toEqual([a, d, e].map(invitationView));
    expect(page2.data.invitations.map((i) => i.email)).toEqual([
      'a@invited.example',
      'd@invited.example',
      'e@invited.example',
    ]);
    expect(organizationMembers(w.ctx, w.home, 3, 4)).toEqual({
      total: 7,
      data: { organizationMember: [], invitations: page2.data.invitations },
    });

    const other = organizationMembers(w.ctx, w.other, 10, 1);
    expect(other.total).toBe(2);
    expect(other.data.organizationMember.map((m) => [m.id, m.Member.email])).toEqual([
      [8, 'olga@other.example'],
      [9, w.ctx.state.users.get(w.users.editor!)!.email],
    ]);
    expect(other.data.invitations.map((i) => [i.id, i.email])).toEqual([[3, 'c@invited.example']]);
  });

  it('in variant mode (tie-orders) by createdAt, ties broken by descending id; by ascending id otherwise [FAKE-VARIANT, MEMBERS-ORDER]', () => {
    const ids = (w: ReturnType<typeof orgWorld>) => {
      const at = (id: number, createdAt: number) => {
        w.ctx.state.members.get(id)!.createdAt = createdAt;
      };
      at(1, 3_000);
      for (const id of [2, 3]) at(id, 1_000);
      for (const id of [4, 5, 6, 7]) at(id, 2_000);
      return organizationMembers(w.ctx, w.home, 10, 1).data.organizationMember.map((m) => m.id);
    };
    expect(ids(orgWorld(['tie-orders']))).toEqual([3, 2, 7, 6, 5, 4, 1]);
    expect(ids(orgWorld())).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});
