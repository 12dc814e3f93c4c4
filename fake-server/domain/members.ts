/** Organization membership: who belongs, with which role. */
import type { MemberRole } from '../../contract/index.js';
import type { DomainContext } from './context.js';
import { DomainError } from './errors.js';
import type { Member } from './state.js';

/** The organization's membership of the user (read from the organization's own members, FAKE-PAGE-COST). */
export function findMember(ctx: DomainContext, organizationId: number, userId: number): Member | undefined {
  return ctx.state.members.findIn(organizationId, (m) => m.user_id === userId);
}

export function membersOf(ctx: DomainContext, organizationId: number): Member[] {
  return ctx.state.members.ofOrganization(organizationId).sort((a, b) => a.id - b.id);
}

export function addMember(
  ctx: DomainContext,
  organizationId: number,
  userId: number,
  role: MemberRole,
): Member {
  if (findMember(ctx, organizationId, userId))
    throw new DomainError(409, 'User is already a member of the organization');
  const now = ctx.clock.now();
  const member: Member = {
    id: ctx.ids.next('member'),
    user_id: userId,
    organization_id: organizationId,
    role,
    createdAt: now,
    updatedAt: now,
  };
  ctx.state.members.set(member.id, member);
  return member;
}

export function changeMemberRole(
  ctx: DomainContext,
  organizationId: number,
  userId: number,
  role: MemberRole,
): Member {
  const member = findMember(ctx, organizationId, userId);
  if (!member) throw new DomainError(404, 'Member not found');
  member.role = role;
  member.updatedAt = ctx.clock.now();
  return member;
}

/** Removing a member also removes them from every project of the organization. Their tokens become unusable. */
export function removeMember(ctx: DomainContext, organizationId: number, userId: number): void {
  const member = findMember(ctx, organizationId, userId);
  if (!member) throw new DomainError(404, 'Member not found');
  ctx.state.members.delete(member.id);
  for (const token of ctx.state.tokens.values()) {
    if (token.organization_id === organizationId && token.creator_user_id === userId)
      token.creator_removed = true;
  }
  for (const project of ctx.state.projects.ofOrganization(organizationId))
    project.members = project.members.filter((pm) => pm.user_id !== userId);
}
