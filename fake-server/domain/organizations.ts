/** Creating organizations and users (control API and seeding). */
import type { PlanName } from '../../contract/index.js';
import type { DomainContext } from './context.js';
import { errors } from './errors.js';
import { addMember } from './members.js';
import type { Organization, User } from './state.js';

export function createUser(domain: DomainContext, input: { name: string; email: string }): User {
  const email = input.email.trim().toLowerCase();
  for (const u of domain.state.users.values()) {
    if (u.email === email) throw errors.emailTaken(email);
  }
  const user: User = { id: domain.ids.next('user'), name: input.name, email, profile_pic: null };
  domain.state.users.set(user.id, user);
  return user;
}

/** A new organization whose creator becomes its owner. */
export function createOrganization(
  domain: DomainContext,
  input: { name: string; owner_user_id: number; plan: PlanName; credits: number },
): Organization {
  if (!domain.state.users.has(input.owner_user_id)) throw errors.userNotFound();
  const now = domain.clock.now();
  const org: Organization = {
    id: domain.ids.next('organization'),
    name: input.name,
    created_by: input.owner_user_id,
    createdAt: now,
    updatedAt: now,
    plan: input.plan,
    credits: input.credits,
  };
  domain.state.organizations.set(org.id, org);
  addMember(domain, org.id, input.owner_user_id, 'owner');
  return org;
}

export function findOrganization(domain: DomainContext, id: number): Organization {
  const org = domain.state.organizations.get(id);
  if (!org) throw errors.organizationNotFound();
  return org;
}
