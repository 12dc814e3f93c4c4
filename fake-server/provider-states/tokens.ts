/** Provider states of API tokens: `token` and every step of its lifecycle (contract/provider-states/token-states.ts). */
import type { ParamsOf } from '../../contract/provider-states/index.js';
import { backdateTokenCreation, backdateTokenExpiry } from '../domain/back-dating.js';
import { DAY_MS, iso } from '../domain/clock.js';
import { changeMemberRole, removeMember } from '../domain/members.js';
import type { ApiToken, Organization, Project } from '../domain/state.js';
import { applyLifecycle, createToken } from '../domain/tokens.js';
import type { StateHandlers, StatesContext } from './context.js';
import { freshProject, newMember, organizationOf, ownerOf, projectIn } from './support.js';

type TokenParams = ParamsOf<'token'>;

interface Made {
  org: Organization;
  token: ApiToken;
}

/**
 * The token `p` configures. Its creator: the organization's owner for creator_role `owner` (unless `newCreator`),
 * else a new member with creator_role, made a member of creator_project_uids (default: the selected projects, or
 * every project of the organization for scope all). `before` runs once the organization is known (a project the
 * creator must not be a member of is made there, before the creator).
 */
function makeToken(
  s: StatesContext,
  p: TokenParams,
  options: { newCreator?: boolean; before?: (org: Organization) => void } = {},
): Made {
  const d = s.domain;
  const org = organizationOf(s, p.organization_id);
  const selected = p.project_uids.map((uid) => projectIn(s, org, uid));
  const creatorProjects = (): Project[] =>
    p.creator_project_uids !== undefined
      ? p.creator_project_uids.map((uid) => projectIn(s, org, uid))
      : p.scope === 'selected'
        ? selected
        : [...d.state.projects.values()].filter((x) => x.organization_id === org.id);
  options.before?.(org);
  const creator =
    p.creator_role === 'owner' && !options.newCreator
      ? ownerOf(s, org)
      : newMember(s, org, p.creator_role, creatorProjects()).user_id;
  const token = createToken(d, {
    organization_id: org.id,
    creator_user_id: creator,
    name: p.name ?? `Provider state token ${d.ids.next('provider_state_token')}`,
    role: p.role === 'none' ? null : p.role,
    permissions: p.permissions,
    scope_type: p.scope,
    project_ids: selected.map((x) => x.id),
    expiration: p.expiration,
    ...(p.expires_at !== undefined ? { expires_at: Date.parse(p.expires_at) } : {}),
  });
  s.undo.push({ undo: 'revoke_token', token_id: token.id });
  return { org, token };
}

/** The data every token state returns (its current value). */
function tokenData(token: ApiToken) {
  return {
    organization_id: token.organization_id,
    value: token.value,
    id: token.id,
    creator_user_id: token.creator_user_id,
    expires_at: token.expires_at === null ? null : iso(token.expires_at),
  };
}

export const tokenStates = {
  token: (s, p) => tokenData(makeToken(s, p).token),

  'token deactivated': (s, p) => {
    const { token } = makeToken(s, p);
    return tokenData(applyLifecycle(s.domain, token.id, 'deactivate'));
  },

  'token reactivated': (s, p) => {
    const { token } = makeToken(s, p);
    applyLifecycle(s.domain, token.id, 'deactivate');
    return tokenData(applyLifecycle(s.domain, token.id, 'reactivate'));
  },

  'token regenerated': (s, p) => {
    const { token } = makeToken(s, p);
    const values = [token.value];
    for (let i = 0; i < p.regenerations; i++)
      values.push(applyLifecycle(s.domain, token.id, 'regenerate').value);
    const old_values = values.slice(0, -1);
    return { ...tokenData(token), old_value: old_values.at(-1)!, old_values };
  },

  'token revoked': (s, p) => {
    const { token } = makeToken(s, p);
    return tokenData(applyLifecycle(s.domain, token.id, 'revoke'));
  },

  'token expired': (s, p) => {
    // A custom expiry is made in the future (as the dashboard requires), then back-dated with the creation.
    const now = s.domain.clock.now();
    const { expired_seconds_ago, ...spec } = p;
    const configured = {
      ...spec,
      expires_at: p.expiration === 'custom' ? iso(now + DAY_MS) : undefined,
    };
    const { token } = makeToken(s, configured);
    const expired = backdateTokenExpiry(s.domain, token, expired_seconds_ago * 1000);
    return { ...tokenData(expired), expires_at: iso(expired.expires_at!) };
  },

  'token created earlier': (s, p) => {
    const { created_seconds_ago, ...spec } = p;
    const { token } = makeToken(s, spec);
    const aged = backdateTokenCreation(s.domain, token, created_seconds_ago * 1000);
    return { ...tokenData(aged), created_at: iso(aged.createdAt) };
  },

  'token creator removed': (s, p) => {
    const { org, token } = makeToken(s, p, { newCreator: true });
    removeMember(s.domain, org.id, token.creator_user_id);
    return tokenData(token);
  },

  'token creator role changed': (s, p) => {
    const { org, token } = makeToken(s, p, { newCreator: true });
    const member = changeMemberRole(s.domain, org.id, token.creator_user_id, p.new_role);
    return { ...tokenData(token), creator_role: member.role };
  },

  'token creator not project member': (s, p) => {
    let project: Project | undefined;
    const { token } = makeToken(s, p, {
      newCreator: true,
      before: (org) => {
        project = p.project_uid === undefined ? freshProject(s, org) : projectIn(s, org, p.project_uid);
      },
    });
    return { ...tokenData(token), project_uid: project!.project_uid };
  },
} satisfies Partial<StateHandlers>;
