/** Organization membership: who belongs, with which role. */
import type { MemberRole } from '../../contract/index.js';
import type { DomainContext } from './context.js';
import { errors } from './errors.js';
import type { Member } from './state.js';

/** The organization's membership of the user (read from the organization's own members, FAKE-PAGE-COST). */
export function findMember(
  domain: DomainContext,
  organizationId: number,
  userId: number,
): Member | undefined {
  return domain.state.members.findIn(organizationId, (m) => m.user_id === userId);
}

export function membersOf(domain: DomainContext, organizationId: number): Member[] {
  return domain.state.members.ofOrganization(organizationId).sort((a, b) => a.id - b.id);
}

export function addMember(
  domain: DomainContext,
  organizationId: number,
  userId: number,
  role: MemberRole,
): Member {
  if (findMember(domain, organizationId, userId)) throw errors.alreadyOrganizationMember();
  const now = domain.clock.now();
  const member: Member = {
    id: domain.ids.next('member'),
    user_id: userId,
    organization_id: organizationId,
    role,
    createdAt: now,
    updatedAt: now,
  };
  domain.state.members.set(member.id, member);
  return member;
}

export function changeMemberRole(
  domain: DomainContext,
  organizationId: number,
  userId: number,
  role: MemberRole,
): Member {
  const member = findMember(domain, organizationId, userId);
  if (!member) throw errors.memberNotFound();
  member.role = role;
  member.updatedAt = domain.clock.now();
  return member;
}

/** Removing a member also removes them from every project of the organization. Their tokens become unusable. */
export function removeMember(domain: DomainContext, organizationId: number, userId: number): void {
  const member = findMember(domain, organizationId, userId);
  if (!member) throw errors.memberNotFound();
  domain.state.members.delete(member.id);
  for (const token of domain.state.tokens.values()) {
    if (token.organization_id === organizationId && token.creator_user_id === userId)
      token.creator_removed = true;
  }
  for (const project of domain.state.projects.ofOrganization(organizationId))
    project.members = project.members.filter((pm) => pm.user_id !== userId);
}
