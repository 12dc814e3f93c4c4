/** Provider states of Platform API tokens: a token as configured, and each step of its lifecycle. */
import { z } from 'zod';
import { ExpirationPreset, MemberRole, Permission, ScopeType, TokenRole } from '../access.js';
import {
  defineState,
  IsoDateTime,
  inOrganization,
  OrganizationId,
  ProjectUid,
  TokenId,
  TokenValue,
  UserId,
  withTeardown,
} from './define.js';

/** A token's access role, or `none` for a token with fine-grained permissions only. */
export const TokenRoleOrNone = z.enum([...TokenRole.options, 'none']);

/**
 * How the token is configured and who creates it. `creator_role` is the organization role of its creator: `owner`
 * is the organization's own owner; any other role is a new member with that role, made a member of
 * `creator_project_uids` (default: the selected projects, or every project of the organization for scope `all`).
 */
const tokenShape = {
  ...inOrganization,
  name: z.string().min(1).max(200).optional(),
  role: TokenRoleOrNone.default('owner'),
  permissions: z.array(Permission).max(20).default([]),
  scope: ScopeType.default('all'),
  /** With scope `selected`: the projects it covers (at least one). */
  project_uids: z.array(ProjectUid).max(100).default([]),
  expiration: ExpirationPreset.default('none'),
  /** With expiration `custom`: the expiry instant (in the future). */
  expires_at: IsoDateTime.optional(),
  creator_role: MemberRole.default('owner'),
  creator_project_uids: z.array(ProjectUid).max(100).optional(),
};

interface TokenSpecLike {
  role: string;
  permissions: readonly unknown[];
  scope: string;
  project_uids: readonly unknown[];
  expiration: string;
  expires_at?: string | undefined;
}

/** The spec's rules on a token's configuration (TOKEN-ROLE-OR-PERMISSIONS-REQUIRED, scope, custom expiry). */
const checkTokenSpec =
  (options: { customNeedsInstant: boolean }) =>
  (spec: TokenSpecLike, ctx: z.RefinementCtx): void => {
    if (spec.role === 'none' && spec.permissions.length === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['permissions'],
        message: 'at least one of access role or fine-grained permissions is required',
      });
    if (spec.scope === 'selected' && spec.project_uids.length === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['project_uids'],
        message: 'scope selected needs at least one project',
      });
    if (spec.scope === 'all' && spec.project_uids.length > 0)
      ctx.addIssue({
        code: 'custom',
        path: ['project_uids'],
        message: 'project_uids go with scope selected',
      });
    if (options.customNeedsInstant && spec.expiration === 'custom' && spec.expires_at === undefined)
      ctx.addIssue({ code: 'custom', path: ['expires_at'], message: 'expiration custom needs expires_at' });
    if (spec.expiration !== 'custom' && spec.expires_at !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['expires_at'],
        message: 'expires_at goes with expiration custom',
      });
  };

const tokenParams = z.object(tokenShape).superRefine(checkTokenSpec({ customNeedsInstant: true }));

const tokenData = {
  organization_id: OrganizationId,
  /** The token's current value (what the test sends as Bearer). */
  value: TokenValue,
  id: TokenId,
  creator_user_id: UserId,
  expires_at: IsoDateTime.nullable(),
};

export const tokenState = defineState({
  name: 'token',
  version: 1,
  description:
    "An active API token of the target's organization (or `organization_id`) configured as asked: access role (or none), fine-grained permissions, scope all or selected projects, expiration preset or custom instant, created by a member with `creator_role`.",
  produce:
    'Create the token as the dashboard does (Settings, API Tokens) while signed in as the creator; a creator of another role than owner is a new member of that role, added to the projects it needs.',
  params: tokenParams,
  data: withTeardown(tokenData),
});

export const tokenDeactivatedState = defineState({
  name: 'token deactivated',
  version: 1,
  description:
    'A token configured as for `token`, then deactivated: requests with it get 401 until reactivated.',
  produce: 'Create the token, then Deactivate it in the dashboard.',
  params: tokenParams,
  data: withTeardown(tokenData),
});

export const tokenReactivatedState = defineState({
  name: 'token reactivated',
  version: 1,
  description:
    'A token configured as for `token`, deactivated and then reactivated: the same value works again.',
  produce: 'Create the token, Deactivate it, then Reactivate it.',
  params: tokenParams,
  data: withTeardown(tokenData),
});

export const tokenRegeneratedState = defineState({
  name: 'token regenerated',
  version: 1,
  description:
    'A token configured as for `token`, regenerated `regenerations` times: `value` is the newest value, `old_value` the one just before it, `old_values` every earlier value (oldest first); old values get 401.',
  produce: 'Create the token, then Regenerate it (as many times as asked), keeping each value shown.',
  params: z
    .object({ ...tokenShape, regenerations: z.number().int().min(1).max(5).default(1) })
    .superRefine(checkTokenSpec({ customNeedsInstant: true })),
  data: withTeardown({
    ...tokenData,
    old_value: TokenValue,
    old_values: z.array(TokenValue).min(1),
  }),
});

export const tokenRevokedState = defineState({
  name: 'token revoked',
  version: 1,
  description:
    'A token configured as for `token`, then revoked (deleted for good): requests with it get 401.',
  produce: 'Create the token, then Revoke it.',
  params: tokenParams,
  data: withTeardown(tokenData),
});

export const tokenExpiredState = defineState({
  name: 'token expired',
  version: 1,
  description:
    'A token configured as for `token` with an expiration (default 7 days) whose expiry instant lies `expired_seconds_ago` seconds in the past (0: it expires at this very instant). Made by back-dating, not by moving a clock.',
  produce:
    'Create the token, then back-date its creation (preset) or its expiry instant (custom) in the database so that created_at + the preset (or expires_at) = now - expired_seconds_ago.',
  params: z
    .object({
      ...tokenShape,
      expiration: ExpirationPreset.exclude(['none']).default('7'),
      expired_seconds_ago: z.number().int().min(0).max(31_536_000).default(60),
    })
    .superRefine(checkTokenSpec({ customNeedsInstant: false })),
  data: withTeardown({ ...tokenData, expires_at: IsoDateTime }),
});

/** The longest back-dating of a token's creation a state accepts: twenty years, in seconds. */
const MAX_CREATED_SECONDS_AGO = 20 * 365 * 86_400;

export const tokenCreatedEarlierState = defineState({
  name: 'token created earlier',
  version: 1,
  description:
    'A token configured as for `token`, as if it had been created `created_seconds_ago` seconds ago: its creation is back-dated and a preset expiration counts from that instant, so it may already have lapsed (a 7-day token created 7 days and a minute ago is expired; one created 7 days less a minute ago still works). A custom expiry instant, or none, stays as configured. Made by back-dating, not by moving a clock.',
  produce:
    'Create the token, then back-date its created_at in the database by created_seconds_ago (a preset expiry computed from created_at moves with it; a stored expires_at of a preset moves back by the same amount).',
  params: z
    .object({
      ...tokenShape,
      created_seconds_ago: z.number().int().min(0).max(MAX_CREATED_SECONDS_AGO).default(86_400),
    })
    .superRefine(checkTokenSpec({ customNeedsInstant: true })),
  data: withTeardown({ ...tokenData, created_at: IsoDateTime }),
});

const newCreatorNote =
  'The creator is always a new member with `creator_role` (default as noted), made a member of `creator_project_uids` (default as for `token`).';

export const tokenCreatorRemovedState = defineState({
  name: 'token creator removed',
  version: 1,
  description: `A token configured as for \`token\` whose creator was then removed from the organization: requests with it get 401 naming that the creator is no longer a member. ${newCreatorNote} Default creator_role: editor.`,
  produce:
    'Create a member, create the token signed in as them, then remove the member from the organization.',
  params: z
    .object({ ...tokenShape, creator_role: MemberRole.exclude(['owner']).default('editor') })
    .superRefine(checkTokenSpec({ customNeedsInstant: true })),
  data: withTeardown(tokenData),
});

export const tokenCreatorRoleChangedState = defineState({
  name: 'token creator role changed',
  version: 1,
  description: `A token configured as for \`token\` whose creator's organization role was then changed from \`creator_role\` (default owner) to \`new_role\`: its access follows the new role. ${newCreatorNote}`,
  produce:
    'Create a member with creator_role, create the token signed in as them, then change their role to new_role.',
  params: z
    .object({ ...tokenShape, new_role: MemberRole })
    .superRefine(checkTokenSpec({ customNeedsInstant: true })),
  data: withTeardown({ ...tokenData, creator_role: MemberRole }),
});

export const tokenCreatorNotProjectMemberState = defineState({
  name: 'token creator not project member',
  version: 1,
  description: `A token configured as for \`token\` whose creator is not a member of \`project_uid\` (default: a fresh project of the organization whose only members are its owners): project-level requests there get 403 \`User is not a member of the project\`. ${newCreatorNote} Default creator_role: editor; default creator_project_uids: none.`,
  produce:
    'Create a member (not added to the project), create the token signed in as them; the project is one they do not belong to.',
  params: z
    .object({
      ...tokenShape,
      creator_role: MemberRole.default('editor'),
      creator_project_uids: z.array(ProjectUid).max(100).default([]),
      project_uid: ProjectUid.optional(),
    })
    .superRefine(checkTokenSpec({ customNeedsInstant: true }))
    .refine((p) => p.project_uid === undefined || !p.creator_project_uids.includes(p.project_uid), {
      message: 'the creator cannot be a member of project_uid',
      path: ['creator_project_uids'],
    }),
  data: withTeardown({ ...tokenData, project_uid: ProjectUid }),
});

export const tokenStates = [
  tokenState,
  tokenDeactivatedState,
  tokenReactivatedState,
  tokenRegeneratedState,
  tokenRevokedState,
  tokenExpiredState,
  tokenCreatedEarlierState,
  tokenCreatorRemovedState,
  tokenCreatorRoleChangedState,
  tokenCreatorNotProjectMemberState,
] as const;
