/** Who is calling: platform tokens and project API keys, resolved to their organization and project. */
import type { DomainContext } from './context.js';
import { errors } from './errors.js';
import { findMember } from './members.js';
import type { ApiToken, Member, Organization, Project } from './state.js';
import { tokenByValue } from './token-lookup.js';
import { isExpired, TOKEN_PREFIX } from './tokens.js';

export interface PlatformCaller {
  token: ApiToken;
  organization: Organization;
  creator: Member;
}

/** Parse `Authorization: Bearer <value>`; returns undefined when absent or malformed. */
export function bearerValue(header: string | undefined): string | undefined {
  // Stryker disable next-line ConditionalExpression: equivalent; without the guard the pattern is tried on "undefined" or "", which it never matches
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

export function authenticateToken(domain: DomainContext, value: string | undefined): PlatformCaller {
  if (!value?.startsWith(TOKEN_PREFIX)) throw errors.invalidToken();
  const token = tokenByValue(domain.state.tokens, value);
  if (token?.status !== 'active' || isExpired(domain, token)) throw errors.invalidToken();
  const organization = domain.state.organizations.get(token.organization_id);
  if (!organization) throw errors.invalidToken();
  const creator = findMember(domain, organization.id, token.creator_user_id);
  if (!creator || token.creator_removed) throw errors.creatorRemoved();
  return { token, organization, creator };
}

export interface ProjectKeyCaller {
  project: Project;
  organization: Organization;
}

export const PROJECT_KEY_PREFIX = 'apk-';

export function authenticateProjectKey(domain: DomainContext, value: string | undefined): ProjectKeyCaller {
  if (!value?.startsWith(PROJECT_KEY_PREFIX)) throw errors.invalidApiKey();
  const key = domain.state.projectKeys.get(value);
  const project = key && domain.state.projects.get(key.project_id);
  const organization = project && domain.state.organizations.get(project.organization_id);
  if (!project || !organization) throw errors.invalidApiKey();
  return { project, organization };
}
