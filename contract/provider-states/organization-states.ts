/** Provider states of organizations: a fresh organization, a project, a plan, a member, a pending invitation. */
import { z } from 'zod';
import { InvitationRole, MemberRole } from '../access.js';
import { PlanName } from '../plans.js';
import {
  defineState,
  inOrganization,
  OrganizationId,
  ProjectUid,
  projectData,
  TokenId,
  TokenValue,
  UserId,
  withTeardown,
} from './define.js';

const enterpriseCapOnly = (p: { plan: string; rag_cap_per_hour?: number | undefined }) =>
  p.rag_cap_per_hour === undefined || p.plan === 'enterprise';
const capMessage = {
  message: 'rag_cap_per_hour applies to the enterprise plan only',
  path: ['rag_cap_per_hour'],
};

export const organizationState = defineState({
  name: 'organization',
  version: 1,
  description:
    'A fresh organization on a plan with a credit balance; its owner (a new user) holds an owner-role token of scope all with no expiry, and it has one project (members: the owner) with a project key. Nothing else in it: every counter starts at zero.',
  produce:
    'Create a user, an organization owned by them on `plan` with `credits`, a project, a project key, and an API token (role owner, scope all, no expiry) created by the owner.',
  params: z
    .object({
      /** `free` is the fake's plan below Professional (PLAN-FREE); a deployment without one answers 400. */
      plan: PlanName.default('advanced'),
      credits: z.number().min(0).default(1_000_000),
      /** Enterprise only: the organization's RAG cap per hour. */
      rag_cap_per_hour: z.number().int().min(1).optional(),
    })
    .refine(enterpriseCapOnly, capMessage),
  data: withTeardown({
    ...projectData,
    plan: PlanName,
    owner_user_id: UserId,
    owner_token: TokenValue,
    owner_token_id: TokenId,
    project_id: z.number().int(),
  }),
});

export const ProjectMemberSpec = z.object({ user_id: UserId, role: z.string().min(1).max(50) });

export const projectState = defineState({
  name: 'project',
  version: 1,
  description:
    "A fresh project in the target's organization (or `organization_id`), with the members asked for (default: the organization's owners, so the target's owner token reaches it) and a new project key. No documents, sessions, limits or spent credits.",
  produce:
    'Create a project in the organization, set its members (user id and project role), create a project key.',
  params: z.object({
    ...inOrganization,
    name: z.string().min(1).max(200).optional(),
    /** Exactly these members; absent: the organization's owners, as owners. */
    members: z.array(ProjectMemberSpec).max(100).optional(),
  }),
  data: withTeardown({
    ...projectData,
    project_id: z.number().int(),
    members: z.array(ProjectMemberSpec),
  }),
});

export const planState = defineState({
  name: 'plan',
  version: 1,
  description:
    "An organization put on a plan (and, on Enterprise, a RAG cap per hour). Only for an organization the `organization` state made: never the target's own. Teardown puts the previous plan back.",
  produce: "Change the organization's subscription plan (and its Enterprise RAG cap) in the billing system.",
  params: z
    .object({
      organization_id: OrganizationId,
      plan: PlanName,
      rag_cap_per_hour: z.number().int().min(1).optional(),
    })
    .refine(enterpriseCapOnly, capMessage),
  data: withTeardown({
    organization_id: OrganizationId,
    plan: PlanName,
    /** The Enterprise cap in force; null on other plans (their caps are the spec's). */
    rag_cap_per_hour: z.number().int().nullable(),
  }),
});

export const memberState = defineState({
  name: 'member',
  version: 1,
  description:
    "A new user who is a member of the target's organization (or `organization_id`) with `role`, and optionally a member of some of its projects (project role = `role`).",
  produce:
    'Create a user and add them to the organization with the role (as accepting an invitation would), then to the projects.',
  params: z.object({
    ...inOrganization,
    role: MemberRole.default('viewer'),
    project_uids: z.array(ProjectUid).max(100).default([]),
  }),
  data: withTeardown({
    organization_id: OrganizationId,
    user_id: UserId,
    /** The membership's id (getOrganizationMembers' `id`). */
    member_id: z.number().int(),
    email: z.string().min(1),
    name: z.string(),
    role: MemberRole,
  }),
});

export const invitationPendingState = defineState({
  name: 'invitation pending',
  version: 1,
  description:
    "A pending invitation to the target's organization (or `organization_id`), sent by its owner to `email` (default: a fresh address) with `role`.",
  produce:
    'Invite the address as the organization owner would (dashboard or inviteOrganizationMember); do not accept it.',
  params: z.object({
    ...inOrganization,
    role: InvitationRole.default('viewer'),
    email: z.email().optional(),
  }),
  data: withTeardown({
    organization_id: OrganizationId,
    invitation_id: z.number().int(),
    email: z.string().min(1),
    role: InvitationRole,
  }),
});

export const organizationStates = [
  organizationState,
  projectState,
  planState,
  memberState,
  invitationPendingState,
] as const;
