/** Provider states of organizations: `organization`, `project`, `plan`, `member`, `invitation pending`. */
import type { PlanName } from '../../contract/index.js';
import { invalidParams } from '../domain/errors.js';
import { inviteMember } from '../domain/invitations.js';
import { setOrganizationPlan } from '../domain/organization-plan.js';
import { createOrganization, findOrganization } from '../domain/organizations.js';
import { addProjectMember } from '../domain/projects.js';
import { ragCapPerHour } from '../domain/rag-completion.js';
import { createToken } from '../domain/tokens.js';
import type { StateHandlers, StatesContext } from './context.js';
import {
  freshProject,
  newMember,
  newUser,
  organizationOf,
  ownerOf,
  projectFacts,
  projectIn,
} from './support.js';

/**
 * A new organization owned by a new user, on `plan` with `credits`, with one project (members: the owner) and an
 * owner-role token of the owner (scope all, no expiry); teardown deletes the whole organization.
 */
export function freshOrganization(
  s: StatesContext,
  options: { plan: PlanName; credits: number; rag_cap_per_hour?: number | undefined },
) {
  const d = s.domain;
  const owner = newUser(s, 'Owner');
  const org = createOrganization(d, {
    name: `Provider state organization ${d.ids.next('provider_state_organization')}`,
    owner_user_id: owner.id,
    plan: options.plan,
    credits: options.credits,
  });
  s.undo.push({ undo: 'delete_organization', organization_id: org.id });
  if (options.rag_cap_per_hour !== undefined)
    setOrganizationPlan(d, org, options.plan, options.rag_cap_per_hour);
  const project = freshProject(s, org);
  const token = createToken(d, {
    organization_id: org.id,
    creator_user_id: owner.id,
    name: 'Owner token',
    role: 'owner',
    scope_type: 'all',
    expiration: 'none',
  });
  return { org, owner, project, token };
}

export const organizationStates = {
  organization: (s, p) => {
    const { org, owner, project, token } = freshOrganization(s, p);
    return {
      ...projectFacts(s, project),
      project_id: project.id,
      plan: org.plan,
      owner_user_id: owner.id,
      owner_token: token.value,
      owner_token_id: token.id,
    };
  },

  project: (s, p) => {
    const org = organizationOf(s, p.organization_id);
    const members = p.members ?? [];
    for (const m of members)
      if (!s.domain.state.users.has(m.user_id))
        throw invalidParams([{ path: 'members', message: `user ${m.user_id} does not exist` }]);
    const project = freshProject(s, org, {
      ...(p.name !== undefined ? { name: p.name } : {}),
      ...(p.members !== undefined ? { members: [] } : {}),
    });
    for (const m of members) addProjectMember(s.domain, project, m.user_id, m.role);
    return { ...projectFacts(s, project), project_id: project.id, members: project.members };
  },

  plan: (s, p) => {
    const org = findOrganization(s.domain, p.organization_id);
    if (org.id === s.targetOrganizationId)
      throw invalidParams([
        {
          path: 'organization_id',
          message: "the target's own organization: plan applies to organizations the organization state made",
        },
      ]);
    s.undo.push({
      undo: 'restore_plan',
      organization_id: org.id,
      plan: org.plan,
      rag_cap_per_hour: org.ragCapPerHour ?? null,
    });
    setOrganizationPlan(s.domain, org, p.plan, p.rag_cap_per_hour);
    return {
      organization_id: org.id,
      plan: org.plan,
      rag_cap_per_hour: org.plan === 'enterprise' ? (ragCapPerHour(org) ?? null) : null,
    };
  },

  member: (s, p) => {
    const org = organizationOf(s, p.organization_id);
    const projects = p.project_uids.map((uid) => projectIn(s, org, uid));
    const member = newMember(s, org, p.role, projects);
    const user = s.domain.state.users.get(member.user_id)!;
    return {
      organization_id: org.id,
      user_id: user.id,
      member_id: member.id,
      email: user.email,
      name: user.name,
      role: member.role,
    };
  },

  'invitation pending': (s, p) => {
    const org = organizationOf(s, p.organization_id);
    const email = p.email ?? `invitee-${s.domain.ids.next('provider_state_invitee')}@provider-states.example`;
    const invitation = inviteMember(s.domain, org, ownerOf(s, org), email, p.role);
    s.undo.push({ undo: 'cancel_invitation', invitation_id: invitation.id });
    return { organization_id: org.id, invitation_id: invitation.id, email: invitation.email, role: p.role };
  },
} satisfies Partial<StateHandlers>;
