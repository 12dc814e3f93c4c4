/** API token lifecycle: create, deactivate, reactivate, regenerate, revoke, expiry. */
import type { ExpirationPreset, Permission, ScopeType, TokenRole } from '../../contract/index.js';
import { DAY_MS } from './clock.js';
import type { DomainContext } from './context.js';
import { type DomainError, errors, invalidParams } from './errors.js';
import { findMember } from './members.js';
import type { ApiToken } from './state.js';

export const TOKEN_PREFIX = 'api-v1-';

export interface CreateTokenInput {
  organization_id: number;
  creator_user_id: number;
  name: string;
  role?: TokenRole | null;
  permissions?: Permission[];
  scope_type?: ScopeType;
  project_ids?: number[];
  expiration?: ExpirationPreset;
  /** With expiration `custom`: the expiry instant (epoch ms). */
  expires_at?: number;
}

const presetDays: Partial<Record<ExpirationPreset, number>> = { '7': 7, '30': 30, '60': 60, '90': 90 };

function newTokenValue(domain: DomainContext): string {
  return `${TOKEN_PREFIX}${domain.ids.token(40)}`;
}

export function createToken(domain: DomainContext, input: CreateTokenInput): ApiToken {
  const role = input.role ?? null;
  const permissions = input.permissions ?? [];
  if (role === null && permissions.length === 0) {
    throw invalidParams([
      { path: 'role', message: 'at least one of access role or fine-grained permissions is required' },
    ]);
  }
  if (!domain.state.organizations.has(input.organization_id)) throw errors.organizationNotFound();
  // Tokens are created in the dashboard by a member of the organization.
  if (!findMember(domain, input.organization_id, input.creator_user_id)) {
    throw invalidParams([
      { path: 'creator_user_id', message: 'the creator must be a member of the organization' },
    ]);
  }
  const scope_type = input.scope_type ?? 'all';
  const project_ids = scope_type === 'selected' ? [...new Set(input.project_ids ?? [])] : [];
  if (scope_type === 'selected' && project_ids.length === 0) {
    throw invalidParams([{ path: 'project_ids', message: 'scope selected needs at least one project' }]);
  }
  for (const id of project_ids) {
    const project = domain.state.projects.get(id);
    if (!project || project.organization_id !== input.organization_id) {
      throw invalidParams([{ path: 'project_ids', message: `project ${id} is not in the organization` }]);
    }
  }
  const now = domain.clock.now();
  const expiration = input.expiration ?? 'none';
  let expires_at: number | null = null;
  if (expiration === 'custom') {
    if (input.expires_at === undefined || input.expires_at <= now) {
      throw invalidParams([{ path: 'expires_at', message: 'custom expiration needs a future instant' }]);
    }
    expires_at = input.expires_at;
  } else if (expiration !== 'none') {
    expires_at = now + (presetDays[expiration] ?? 0) * DAY_MS;
  }
  const token: ApiToken = {
    id: domain.ids.next('token'),
    organization_id: input.organization_id,
    name: input.name,
    value: newTokenValue(domain),
    role,
    permissions: dedupePermissions(permissions),
    scope_type,
    project_ids,
    expiration,
    expires_at,
    creator_user_id: input.creator_user_id,
    creator_removed: false,
    status: 'active',
    createdAt: now,
  };
  domain.state.tokens.set(token.id, token);
  return token;
}

function dedupePermissions(perms: Permission[]): Permission[] {
  const seen = new Set<string>();
  return perms.filter((p) => {
    const key = `${p.module}:${p.action}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function findToken(domain: DomainContext, id: number): ApiToken {
  const token = domain.state.tokens.get(id);
  if (!token || token.status === 'deleted') throw errors.tokenNotFound(id);
  return token;
}

export type LifecycleAction = 'deactivate' | 'reactivate' | 'regenerate' | 'revoke';

/**
 * Apply one lifecycle transition; refuses transitions the state table does not have (409, TOKEN-TRANSITION-GUARDS).
 * Deactivate and Regenerate start from `active` only: an expired token, or one whose creator left, is no longer
 * active in the table; it can still be revoked.
 */
export function applyLifecycle(domain: DomainContext, id: number, action: LifecycleAction): ApiToken {
  const token = findToken(domain, id);
  const active = observedState(domain, token) === 'active';
  switch (action) {
    case 'deactivate':
      if (!active) throw conflict(domain, token, action);
      token.status = 'deactivated';
      return token;
    case 'reactivate':
      if (token.status !== 'deactivated') throw conflict(domain, token, action);
      token.status = 'active';
      return token;
    case 'regenerate':
      if (!active) throw conflict(domain, token, action);
      token.value = newTokenValue(domain);
      return token;
    case 'revoke':
      token.status = 'deleted';
      return token;
  }
}

function conflict(domain: DomainContext, token: ApiToken, action: LifecycleAction): DomainError {
  return errors.tokenTransition(action, observedState(domain, token));
}

export function isExpired(domain: DomainContext, token: ApiToken): boolean {
  return token.expires_at !== null && domain.clock.now() >= token.expires_at;
}

/** The state a client would observe, derived from status, expiry and the creator's membership. */
export function observedState(
  domain: DomainContext,
  token: ApiToken,
): 'active' | 'deactivated' | 'deleted' | 'expired' | 'unusable' {
  if (token.status !== 'active') return token.status;
  if (isExpired(domain, token)) return 'expired';
  const member = findMember(domain, token.organization_id, token.creator_user_id);
  return member && !token.creator_removed ? 'active' : 'unusable';
}
