/**
 * What a breaking rule knows of the tokens a run uses: the target config's own (by kind), and those the run makes
 * through provider states or the control API, learned from their requests and answers as they pass the proxy: each
 * token's role, fine-grained permissions, scope and the organization role of its creator.
 */
import type { TargetConfig } from '../contract/index.js';
import { jsonOf } from './bodies.js';
import type { Answer, Exchange } from './rule.js';

export interface KnownToken {
  /** `owner`, `editor`, `viewer`, or `none` for a token with fine-grained permissions only. */
  role?: string;
  /** With scope `selected`: the project_uids it covers. */
  projects?: readonly string[];
  /** Its fine-grained permissions, where known. */
  permissions?: readonly { module: string; action: string }[];
  /** The organization role its creator holds now, where known (`owner` for the organization's own owner). */
  creatorRole?: string;
  /** The projects its creator is a member of, where the provider state that made it named them. */
  creatorProjects?: readonly string[];
  /** A token of its organization with the owner role, where known (else the config's owner token). */
  ownerToken?: string;
  /**
   * Its validity may have changed since it was made: it was made with an expiry, or went through a lifecycle action
   * (deactivate, reactivate, regenerate, revoke) of the control API. The proxy cannot tell whether such a token is
   * still valid, so no rule stands in for its checks: a server with a swapped permission still refuses a dead token.
   */
  validityChanges?: boolean;
}

export interface TokenRegistry {
  lookup(value: string): KnownToken | undefined;
  /** Learn from a provider-state or control exchange. */
  observe(req: Exchange, res: Answer): void;
  /** A token of the config with the owner role (what a swapped permission check lets through). */
  readonly owner: string | undefined;
}

type TokenData = {
  id?: unknown;
  value?: unknown;
  role?: unknown;
  permissions?: unknown;
  creator_user_id?: unknown;
  expires_at?: unknown;
};
type StateParams = {
  role?: string;
  creator_project_uids?: string[];
  scope?: string;
  project_uids?: string[];
  permissions?: { module: string; action: string }[];
  creator_role?: string;
  new_role?: string;
};

const MEMBER_ROLE_PATH = /^\/organizations\/\d+\/members\/(\d+)\/role$/;
const LIFECYCLE_PATH = /^\/tokens\/(\d+)\/(deactivate|reactivate|regenerate|revoke)$/;

export function tokenRegistry(config: TargetConfig): TokenRegistry {
  const known = new Map<string, KnownToken>();
  /** Control-made tokens: the user who made each, whose role is read at lookup (it may change). */
  const creatorOf = new Map<string, number>();
  const roleOfUser = new Map<number, string>();
  /** Each organization made by the provider state `organization`: its owner token. */
  const ownerOfOrganization = new Map<number, string>();
  /** Control-made tokens: the id of each value it has had, and the ids whose validity may have changed. */
  const idOf = new Map<string, number>();
  const changing = new Set<number>();
  const kinds = ['owner', 'editor', 'viewer', 'selected', 'fine_grained'] as const;
  for (const kind of kinds) {
    const values = [config.tokens[kind], ...(config.token_pools?.[kind] ?? [])];
    for (const value of values) {
      if (!value) continue;
      if (kind === 'selected') known.set(value, { role: 'owner', projects: [config.project_uid ?? ''] });
      else if (kind !== 'fine_grained') known.set(value, { role: kind });
    }
  }
  const learnControl = (req: Exchange, data: TokenData | undefined) => {
    const body = jsonOf(req) as { user_id?: unknown; role?: unknown } | undefined;
    const roleChange = MEMBER_ROLE_PATH.exec(req.path);
    if (roleChange && typeof body?.role === 'string') roleOfUser.set(Number(roleChange[1]), body.role);
    else if (/^\/organizations\/\d+\/members$/.test(req.path) && typeof body?.user_id === 'number')
      roleOfUser.set(body.user_id, String(body.role));
    if (typeof data?.value !== 'string' || !('role' in data)) return;
    if (typeof data.id === 'number') {
      idOf.set(data.value, data.id);
      if (LIFECYCLE_PATH.test(req.path) || (data.expires_at !== null && data.expires_at !== undefined))
        changing.add(data.id);
    }
    known.set(data.value, {
      role: typeof data.role === 'string' ? data.role : 'none',
      ...(Array.isArray(data.permissions)
        ? { permissions: data.permissions as KnownToken['permissions'] }
        : {}),
    });
    if (typeof data.creator_user_id === 'number') creatorOf.set(data.value, data.creator_user_id);
  };
  return {
    lookup(value) {
      const token = known.get(value);
      const creator = creatorOf.get(value);
      const role = creator === undefined ? undefined : roleOfUser.get(creator);
      const id = idOf.get(value);
      const changes = id !== undefined && changing.has(id) ? { validityChanges: true } : {};
      return token && (role || id !== undefined)
        ? { ...token, ...(role ? { creatorRole: role } : {}), ...changes }
        : token;
    },
    owner: config.tokens.owner,
    observe(req, res) {
      if (res.status !== 200) return;
      const data = jsonOf(res)?.data as TokenData | undefined;
      if (req.route === 'control') return learnControl(req, data);
      if (req.route !== 'states') return;
      const made = data as (TokenData & { organization_id?: unknown; owner_token?: unknown }) | undefined;
      if (typeof made?.organization_id === 'number' && typeof made.owner_token === 'string')
        ownerOfOrganization.set(made.organization_id, made.owner_token);
      if (typeof data?.value !== 'string') return;
      const params = (jsonOf(req)?.params ?? {}) as StateParams;
      const owner =
        typeof made?.organization_id === 'number' ? ownerOfOrganization.get(made.organization_id) : undefined;
      known.set(data.value, {
        role: params.role ?? 'owner',
        ...(params.scope === 'selected' ? { projects: params.project_uids ?? [] } : {}),
        permissions: params.permissions ?? [],
        creatorRole: params.new_role ?? params.creator_role ?? 'owner',
        ...(params.creator_project_uids ? { creatorProjects: params.creator_project_uids } : {}),
        ...(owner ? { ownerToken: owner } : {}),
      });
    },
  };
}
