/**
 * Where each route of the fake's control API lives: its method and its path (relative to the control prefix,
 * `/_control` by default) with `:name` parameters. Zod-free and import-free on purpose, so the k6 scripts of load/
 * can import it as they import contract/limits.ts; contract/control/api.ts adds each route's body and data schemas.
 * Every route needs the admin secret in `x-control-secret` (FAKE-CONTROL-SECRET).
 */

export type ControlMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ControlRoute {
  readonly method: ControlMethod;
  readonly path: string;
}

/** The lifecycle actions of POST /tokens/:id/:action. */
export const tokenLifecycleActions = ['deactivate', 'reactivate', 'regenerate', 'revoke'] as const;
export type TokenLifecycleAction = (typeof tokenLifecycleActions)[number];

export const controlRoutes = {
  reset: { method: 'POST', path: '/reset' },
  target: { method: 'GET', path: '/target' },

  clock: { method: 'GET', path: '/clock' },
  advance: { method: 'POST', path: '/clock/advance' },
  setClock: { method: 'POST', path: '/clock/set' },

  createUser: { method: 'POST', path: '/users' },
  createOrganization: { method: 'POST', path: '/organizations' },
  organization: { method: 'GET', path: '/organizations/:id' },
  setPlan: { method: 'POST', path: '/organizations/:id/plan' },
  setCredits: { method: 'POST', path: '/organizations/:id/credits' },
  addMember: { method: 'POST', path: '/organizations/:id/members' },
  changeRole: { method: 'POST', path: '/organizations/:id/members/:userId/role' },
  removeMember: { method: 'DELETE', path: '/organizations/:id/members/:userId' },
  /** The organization and everything it holds, its hourly counts included (FAKE-SHARED-FAKE). */
  deleteOrganization: { method: 'DELETE', path: '/organizations/:id' },
  /** The hourly counts of the organization's tokens and projects only (FAKE-SHARED-FAKE). */
  resetOrganizationRateLimits: { method: 'POST', path: '/organizations/:id/rate-limits/reset' },

  createProject: { method: 'POST', path: '/projects' },
  project: { method: 'GET', path: '/projects/:uid' },
  addProjectMember: { method: 'POST', path: '/projects/:uid/members' },
  removeProjectMember: { method: 'DELETE', path: '/projects/:uid/members/:userId' },
  createKey: { method: 'POST', path: '/projects/:uid/keys' },
  addDocument: { method: 'POST', path: '/projects/:uid/documents' },
  removeDocument: { method: 'DELETE', path: '/projects/:uid/documents/:docId' },
  bulkSeed: { method: 'POST', path: '/projects/:uid/bulk-seed' },

  scriptedReplies: { method: 'GET', path: '/projects/:uid/rag/replies' },
  scriptReplies: { method: 'POST', path: '/projects/:uid/rag/replies' },
  clearReplies: { method: 'DELETE', path: '/projects/:uid/rag/replies' },

  createToken: { method: 'POST', path: '/tokens' },
  tokens: { method: 'GET', path: '/tokens' },
  token: { method: 'GET', path: '/tokens/:id' },
  /** `:action` is one of tokenLifecycleActions. */
  tokenAction: { method: 'POST', path: '/tokens/:id/:action' },

  rateMessage: { method: 'POST', path: '/messages/:id/rate' },

  models: { method: 'GET', path: '/models' },
  upsertModel: { method: 'POST', path: '/models' },
  removeModel: { method: 'DELETE', path: '/models/:value' },

  outbox: { method: 'GET', path: '/outbox' },
  journal: { method: 'GET', path: '/journal' },
  clearJournal: { method: 'DELETE', path: '/journal' },

  rateLimits: { method: 'GET', path: '/rate-limits' },
  resetRateLimits: { method: 'POST', path: '/rate-limits/reset' },
  setRateWindow: { method: 'POST', path: '/rate-limits/window' },

  addFault: { method: 'POST', path: '/faults' },
  faults: { method: 'GET', path: '/faults' },
  removeFault: { method: 'DELETE', path: '/faults/:id' },
  clearFaults: { method: 'DELETE', path: '/faults' },

  /** The answer is the snapshot document itself, not an envelope (FAKE-STATE-SNAPSHOT). */
  exportState: { method: 'GET', path: '/state' },
  /** The body is a snapshot document, sent as is. */
  importState: { method: 'PUT', path: '/state' },

  /** Query `?max=N` (FAKE-CONSISTENCY-CHECK). */
  consistency: { method: 'GET', path: '/consistency' },
} as const satisfies Record<string, ControlRoute>;

export type ControlRouteId = keyof typeof controlRoutes;

/** The `:name` parameters of a path template. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The parameter values a route's path needs (an empty object for a path without any). */
export type ControlPathParams<K extends ControlRouteId> = Record<
  PathParams<(typeof controlRoutes)[K]['path']>,
  string | number
>;

/** A path template filled with `params` (each value URI-encoded), then `query` (undefined values left out). */
export function controlPath(
  template: string,
  params: Readonly<Record<string, string | number>> = {},
  query: Readonly<Record<string, string | number | undefined>> = {},
): string {
  const path = template.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`control path ${template}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  const pairs = Object.entries(query).filter((e): e is [string, string | number] => e[1] !== undefined);
  if (pairs.length === 0) return path;
  return `${path}?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`).join('&')}`;
}

/** The path of route `id` with its parameters. */
export function controlRoutePath<K extends ControlRouteId>(id: K, params: ControlPathParams<K>): string {
  return controlPath(controlRoutes[id].path, params as Record<string, string | number>);
}
