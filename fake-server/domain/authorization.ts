/** The permission table of the spec's Authentication section, applied to a caller. */
import {
  type AccessRule,
  type MemberRole,
  type Permission,
  type PlanName,
  platformPlans,
  type TokenRole,
} from '../../contract/index.js';
import type { PlatformCaller } from './authentication.js';
import type { DomainContext } from './context.js';
import { errors } from './errors.js';
import type { Project } from './state.js';

export interface Grant {
  tokenRole: TokenRole | null;
  permissions: readonly Permission[];
  /** The creator's current organization role: a token never exceeds it. */
  creatorRole: MemberRole;
}

/** Write on a module grants Read on it too. */
export function hasPermission(perms: readonly Permission[], needed: Permission): boolean {
  return perms.some(
    (p) => p.module === needed.module && (p.action === needed.action || p.action === 'Write'),
  );
}

/**
 * Role OR fine-grained permission, capped by the creator's current role. When a token has both,
 * project-level operations with a fine-grained entry are decided by the permissions alone.
 */
export function allows(access: AccessRule, grant: Grant): boolean {
  if (access.any) return true;
  const creatorMay = grant.creatorRole === 'owner' || access.roles.includes(grant.creatorRole);
  if (!creatorMay) return false;
  const { tokenRole } = grant;
  // Stryker disable next-line ConditionalExpression: equivalent; no rule lists a null role, so includes(null) is false too
  const hasRole = tokenRole !== null;
  const roleOk = hasRole && access.roles.includes(tokenRole);
  const fineOk = access.fineGrained !== undefined && hasPermission(grant.permissions, access.fineGrained);
  // With no role, roleOk is false and both paths below give fineOk: `both` needs no null check of its own.
  const both = grant.permissions.length > 0 && hasRole;
  if (both && access.level === 'project' && access.fineGrained) return fineOk;
  return roleOk || fineOk;
}

export function grantOf(caller: PlatformCaller): Grant {
  return {
    tokenRole: caller.token.role,
    permissions: caller.token.permissions,
    creatorRole: caller.creator.role,
  };
}

export function requirePlatformPlan(plan: PlanName): void {
  if (!platformPlans.includes(plan)) throw errors.platformPlan();
}

export function requireOperation(caller: PlatformCaller, access: AccessRule): void {
  if (!allows(access, grantOf(caller))) throw errors.forbidden();
}

/** Whether the token's scope covers a project (`all` covers current and future projects). */
export function inScope(caller: PlatformCaller, project: Project): boolean {
  return caller.token.scope_type === 'all' || caller.token.project_ids.includes(project.id);
}

export function isProjectMember(project: Project, userId: number): boolean {
  return project.members.some((m) => m.user_id === userId);
}

/** Existence (404), scope (403), then creator membership (403). */
export function resolveProject(domain: DomainContext, caller: PlatformCaller, projectUid: string): Project {
  const project = domain.state.projects.byUid(projectUid);
  // A project of another organization is not found either.
  if (!project || project.organization_id !== caller.organization.id) throw errors.projectNotFound();
  if (!inScope(caller, project)) throw errors.forbidden();
  if (!isProjectMember(project, caller.token.creator_user_id)) throw errors.notProjectMember();
  return project;
}
