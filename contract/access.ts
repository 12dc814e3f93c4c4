/** Roles, modules and actions named by the spec's Authentication section. One source for all of them. */
import { z } from 'zod';

/** Roles an API token can carry (Access Role in the token resource). */
export const tokenRoles = ['owner', 'editor', 'viewer'] as const;
export const TokenRole = z.enum(tokenRoles);
export type TokenRole = z.infer<typeof TokenRole>;

/** Organization member roles: the four invitation roles plus the Trainer and Operator roles that operations name. */
export const memberRoles = ['owner', 'editor', 'viewer', 'billing', 'trainer', 'operator'] as const;
export const MemberRole = z.enum(memberRoles);
export type MemberRole = z.infer<typeof MemberRole>;

/** Roles that can be assigned through an invitation. */
export const invitationRoles = ['owner', 'editor', 'viewer', 'billing'] as const;
export const InvitationRole = z.enum(invitationRoles);
export type InvitationRole = z.infer<typeof InvitationRole>;

/** Fine-grained permission modules named by the spec (the full list is not shown). */
export const permissionModules = ['Setting', 'Debugging', 'Conversation', 'Chatbot'] as const;
export const PermissionModule = z.enum(permissionModules);
export type PermissionModule = z.infer<typeof PermissionModule>;

export const permissionActions = ['Read', 'Write'] as const;
export const PermissionAction = z.enum(permissionActions);
export type PermissionAction = z.infer<typeof PermissionAction>;

export const Permission = z.object({ module: PermissionModule, action: PermissionAction });
export type Permission = z.infer<typeof Permission>;

export const scopeTypes = ['all', 'selected'] as const;
export const ScopeType = z.enum(scopeTypes);
export type ScopeType = z.infer<typeof ScopeType>;

/** Expiration choices for a token: 7, 30, 60, 90 days, custom (a date), or none. */
export const expirationPresets = ['7', '30', '60', '90', 'custom', 'none'] as const;
export const ExpirationPreset = z.enum(expirationPresets);
export type ExpirationPreset = z.infer<typeof ExpirationPreset>;

/**
 * Required access of one operation: roles OR a fine-grained permission.
 * `any` means any valid token. `level` says whether the role (organization) or the
 * fine-grained permission (project) governs when a token has both.
 */
export interface AccessRule {
  readonly any?: true;
  readonly roles: readonly MemberRole[];
  readonly fineGrained?: Permission;
  readonly level: 'organization' | 'project';
}
