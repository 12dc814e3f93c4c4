/** Organization membership called directly: listing, adding, changing a role and removing, in a two-organization store. */
import { describe, expect, it } from 'vitest';
import { refusal } from './errors.test-support.js';
import { addMember, changeMemberRole, findMember, membersOf, removeMember } from './members.js';
import { moveToEnd, orgWorld } from './org-world.test-support.js';
import { createToken } from './tokens.js';

const memberIds = (list: { id: number }[]) => list.map((m) => m.id);

describe('membersOf', () => {
  it("lists the organization's own members only, by ascending member id [MEMBERS-ORDER, ORG-DETAIL-LISTS-COMPLETE]", () => {
    const w = orgWorld();
    // The map no longer iterates in id order (as a restored hand-made snapshot may leave it).
    moveToEnd(w.ctx.state.members, 3);
    moveToEnd(w.ctx.state.members, 1);
    moveToEnd(w.ctx.state.members, 5);
    expect([...w.ctx.state.members.keys()]).toEqual([2, 4, 6, 7, 8, 9, 3, 1, 5]);

    expect(memberIds(membersOf(w.ctx, w.home.id))).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(membersOf(w.ctx, w.other.id).map((m) => [m.id, m.user_id, m.role])).toEqual([
      [8, w.otherOwner.id, 'owner'],
      [9, w.users.editor, 'editor'],
    ]);
    expect(membersOf(w.ctx, 999)).toEqual([]);
  });
});

describe('addMember', () => {
  it('adds a user to a second organization with a new membership stamped now [FAKE-CONTROL-SEEDING]', () => {
    const w = orgWorld();
    w.ctx.clock.advance(60_000);
    const member = addMember(w.ctx, w.other.id, w.users.viewer!, 'viewer');
    expect(member).toEqual({
      id: 10,
      user_id: w.users.viewer,
      organization_id: w.other.id,
      role: 'viewer',
      createdAt: w.ctx.clock.now(),
      updatedAt: w.ctx.clock.now(),
    });
    expect(w.ctx.state.members.get(10)).toBe(member);
    expect(memberIds(membersOf(w.ctx, w.other.id))).toEqual([8, 9, 10]);
  });

  it('refuses a second membership of the same user in the same organization with 409 [FAKE-CONTROL-SEEDING]', () => {
    const w = orgWorld();
    expect(refusal(() => addMember(w.ctx, w.home.id, w.users.editor!, 'viewer'))).toEqual({
      status: 409,
      message: 'User is already a member of the organization',
      param: undefined,
    });
    expect(w.ctx.state.members.size).toBe(9);
    expect(findMember(w.ctx, w.home.id, w.users.editor!)?.role).toBe('editor');
  });
});

describe('changeMemberRole', () => {
  it('changes the role in that organization only, stamped now [AUTH-EFFECTIVE-ACCESS-FOLLOWS-CREATOR]', () => {
    const w = orgWorld();
    const before = findMember(w.ctx, w.home.id, w.users.editor!)!.updatedAt;
    w.ctx.clock.advance(5_000);
    const member = changeMemberRole(w.ctx, w.other.id, w.users.editor!, 'viewer');
    expect(member).toMatchObject({ id: 9, organization_id: w.other.id, role: 'viewer' });
    expect(member.updatedAt).toBe(w.ctx.clock.now());
    expect(findMember(w.ctx, w.home.id, w.users.editor!)).toMatchObject({
      id: 2,
      role: 'editor',
      updatedAt: before,
    });
  });

  it('refuses a user who is not a member of the organization with 404 [AUTH-EFFECTIVE-ACCESS-FOLLOWS-CREATOR]', () => {
    const w = orgWorld();
    expect(refusal(() => changeMemberRole(w.ctx, w.home.id, w.otherOwner.id, 'viewer'))).toEqual({
      status: 404,
      message: 'Member not found',
      param: undefined,
    });
    expect(findMember(w.ctx, w.other.id, w.otherOwner.id)?.role).toBe('owner');
  });
});

describe('removeMember', () => {
  it('drops the membership in that organization only [AUTH-EFFECTIVE-ACCESS-FOLLOWS-CREATOR]', () => {
    const w = orgWorld();
    removeMember(w.ctx, w.home.id, w.users.editor!);
    expect(findMember(w.ctx, w.home.id, w.users.editor!)).toBeUndefined();
    expect(memberIds(membersOf(w.ctx, w.home.id))).toEqual([1, 3, 4, 5, 6, 7]);
    expect(memberIds(membersOf(w.ctx, w.other.id))).toEqual([8, 9]);
  });

  it('makes unusable exactly the tokens the user created in that organization [TOKEN-CREATOR-REMOVED-401, TOKEN-CREATOR-REMOVED-PERMANENT]', () => {
    const w = orgWorld();
    const elsewhere = createToken(w.ctx, {
      organization_id: w.other.id,
      creator_user_id: w.users.editor!,
      name: 'Editor elsewhere',
      role: 'editor',
    });
    const otherOwners = createToken(w.ctx, {
      organization_id: w.other.id,
      creator_user_id: w.otherOwner.id,
      name: 'Other owner',
      role: 'owner',
    });
    removeMember(w.ctx, w.home.id, w.users.editor!);
    const removed = [...w.ctx.state.tokens.values()].filter((t) => t.creator_removed).map((t) => t.name);
    expect(removed).toEqual(['Editor token', 'Settings and debugging']);
    expect(elsewhere.creator_removed).toBe(false);
    expect(otherOwners.creator_removed).toBe(false);
  });

  it('takes the user off every project of that organization, and of no other [AUTH-CREATOR-MEMBER-OF-PROJECT, PROJECTS-SCOPE-FILTER]', () => {
    const w = orgWorld();
    const { owner, editor, viewer, billing, trainer, operator, editor2 } = w.users;
    removeMember(w.ctx, w.home.id, editor!);
    const userIds = (p: { members: { user_id: number }[] }) => p.members.map((m) => m.user_id);
    expect(userIds(w.projects.main!)).toEqual([owner, viewer, billing, trainer, operator, editor2]);
    expect(userIds(w.projects.travel!)).toEqual([owner, viewer, billing, trainer, operator, editor2]);
    expect(userIds(w.projects.hr!)).toEqual([owner, viewer, trainer]);
    expect(w.otherProject.members).toEqual([
      { user_id: w.otherOwner.id, role: 'owner' },
      { user_id: editor, role: 'editor' },
    ]);
  });

  it('refuses a user who is not (or no longer) a member with 404 and changes nothing [TOKEN-CREATOR-REMOVED-PERMANENT]', () => {
    const w = orgWorld();
    expect(refusal(() => removeMember(w.ctx, w.home.id, w.otherOwner.id))).toEqual({
      status: 404,
      message: 'Member not found',
      param: undefined,
    });
    expect(w.ctx.state.members.size).toBe(9);
    expect(w.otherProject.members.map((m) => m.user_id)).toEqual([w.otherOwner.id, w.users.editor]);
    removeMember(w.ctx, w.home.id, w.users.viewer!);
    expect(refusal(() => removeMember(w.ctx, w.home.id, w.users.viewer!)).status).toBe(404);
    expect(w.ctx.state.members.size).toBe(8);
  });
});
