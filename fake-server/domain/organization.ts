/** The organization seen from a token: its detail and its members with pending invitations. */
import type {
  Invitation as InvitationView,
  OrganizationMember as MemberView,
  Organization as OrganizationView,
} from '../../contract/index.js';
import { iso } from './clock.js';
import type { DomainContext } from './context.js';
import { membersOf } from './members.js';
import { paginate } from './paging.js';
import type { Invitation, Member, Organization } from './state.js';
import { reverseTies } from './variant-tie-orders.js';

export function organizationDetail(domain: DomainContext, org: Organization): OrganizationView {
  const creator = domain.state.users.get(org.created_by);
  return {
    id: org.id,
    name: org.name,
    created_by: org.created_by,
    createdAt: iso(org.createdAt),
    updatedAt: iso(org.updatedAt),
    user: { id: creator?.id ?? org.created_by, name: creator?.name ?? '', email: creator?.email ?? '' },
    OrganizationMembers: membersOf(domain, org.id).map((m) => ({
      id: m.id,
      user_id: m.user_id,
      role: m.role,
      createdAt: iso(m.createdAt),
    })),
    OrganizationProjects: domain.state.projects
      .ofOrganization(org.id)
      .sort((a, b) => a.id - b.id)
      .map((p) => ({ id: p.id, name: p.name, project_uid: p.project_uid })),
  };
}

export function memberView(domain: DomainContext, m: Member): MemberView {
  const user = domain.state.users.get(m.user_id);
  return {
    id: m.id,
    user_id: m.user_id,
    organization_id: m.organization_id,
    role: m.role,
    createdAt: iso(m.createdAt),
    updatedAt: iso(m.updatedAt),
    Member: {
      id: m.user_id,
      name: user?.name ?? '',
      email: user?.email ?? '',
      profile_pic: user?.profile_pic ?? null,
    },
  };
}

export function invitationView(i: Invitation): InvitationView {
  return {
    id: i.id,
    sent_by: i.sent_by,
    email: i.email,
    role: i.role,
    hash: i.hash,
    status: i.status,
    createdAt: iso(i.createdAt),
  };
}

/** Members are paged (total counts them); pending invitations come whole. */
export function organizationMembers(domain: DomainContext, org: Organization, limit: number, page: number) {
  // By id; in variant mode by createdAt, ties by descending id (FAKE-VARIANT, tie-orders).
  const members = paginate(
    reverseTies(domain, membersOf(domain, org.id), (m) => m.createdAt, 'ASC'),
    limit,
    page,
  );
  const invitations = domain.state.invitations
    .ofOrganization(org.id)
    .filter((i) => i.status === 'pending')
    .sort((a, b) => a.id - b.id);
  return {
    total: members.total,
    data: {
      organizationMember: members.items.map((m) => memberView(domain, m)),
      invitations: invitations.map(invitationView),
    },
  };
}
