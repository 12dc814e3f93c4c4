/**
 * The fake's provider-state endpoint (FAKE-PROVIDER-STATES), the reference implementation of the protocol in
 * contract/provider-states/: GET {prefix} lists the catalogue, POST {prefix} enters a state, POST {prefix}/teardown
 * undoes one. Every request needs the admin secret in `x-provider-states-secret`.
 *
 * Mounted ahead of the public API's middleware (fake-server/index.ts): like the control API, it is not part of the
 * API, so the request journal does not record it and fault rules never touch it; with a state file, a state entered
 * or torn down is on disk before the answer leaves. Handlers parse with the catalogue's schemas and call domain
 * functions; a state that fails half-way is undone before the error answers, so a refusal changes nothing.
 */
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import {
  EnterStateRequest,
  isStateName,
  PROVIDER_STATES_PROTOCOL,
  providerStateCatalogue,
  providerStates,
  type StateName,
  TeardownRequest,
} from '../../contract/provider-states/index.js';
import { sameSecret } from '../admin/secret.js';
import { errors } from '../domain/errors.js';
import { readBody } from '../http/body.js';
import { sendSuccess } from '../http/envelope.js';
import { errorMiddleware } from '../http/error-middleware.js';
import { underPrefix } from '../http/journal.js';
import { parseWith } from '../http/validate.js';
import type { DurableState } from '../persistence/durable-state.js';
import { persistWrites } from '../persistence/persist-writes.js';
import type { Runtime } from '../runtime.js';
import type { StateHandler, StateHandlers, StatesContext } from './context.js';
import { conversationStates } from './conversations.js';
import { organizationStates } from './organizations.js';
import { decodeTeardown, encodeTeardown, runTeardown } from './teardown.js';
import { tokenStates } from './tokens.js';
import { usageStates } from './usage.js';
import { variantStateParams } from './variant-small-credits.js';

/** The header the fake's target config names for its provider states, carrying the admin secret. */
export const PROVIDER_STATES_SECRET_HEADER = 'x-provider-states-secret';
export const DEFAULT_PROVIDER_STATES_PREFIX = '/_provider-states';

/** Every state of the catalogue: the type requires one handler per name. */
export const stateHandlers: StateHandlers = {
  ...organizationStates,
  ...tokenStates,
  ...conversationStates,
  ...usageStates,
};

export interface ProviderStatesOptions {
  prefix: string;
  secret: string;
}

/** Enter `name` with its parsed params; undone whole if it fails. */
function enter(runtime: Runtime, name: StateName, params: unknown) {
  const s: StatesContext = {
    domain: runtime.domain,
    targetOrganizationId: runtime.seeded?.organizationId,
    undo: [],
  };
  const handler = stateHandlers[name] as StateHandler<StateName> as (s: StatesContext, p: unknown) => object;
  try {
    const data = handler(s, params);
    return { ...data, ...(s.undo.length > 0 ? { teardown: encodeTeardown(s.undo) } : {}) };
  } catch (err) {
    runTeardown(runtime.domain, s.undo);
    throw err;
  }
}

/** The organization the request's secret is scoped to, when it is not the admin secret. */
const scopedOrganization = (ctx: Context): number | undefined =>
  (ctx.state as { scopedOrganization?: number }).scopedOrganization;

/** The organization a state is entered in: its `organization_id`, or its `project_uid`'s; undefined when neither. */
function stateOrganization(runtime: Runtime, params: unknown): number | undefined {
  const p = (params ?? {}) as { organization_id?: unknown; project_uid?: unknown };
  if (typeof p.organization_id === 'number') return p.organization_id;
  if (typeof p.project_uid === 'string')
    return runtime.domain.state.projects.byUid(p.project_uid)?.organization_id;
  return undefined;
}

/** The routes (the secret is checked before them, in providerStatesMount). */
function providerStatesRouter(runtime: Runtime, prefix: string): Router {
  // Case-sensitive like the mount's prefix check: only the exact prefix reaches these routes.
  const r = new Router({ prefix, sensitive: true });
  r.get('/', (ctx) =>
    sendSuccess(ctx, {
      message: 'Provider states',
      data: {
        protocol: PROVIDER_STATES_PROTOCOL,
        teardown: true,
        states: providerStates.map((s) => ({ name: s.name, version: s.version, description: s.description })),
      },
    }),
  );

  r.post('/', async (ctx) => {
    const request = parseWith(EnterStateRequest, await readBody(ctx, 'json'));
    if (!isStateName(request.state)) throw errors.unknownProviderState(request.state);
    // A secret scoped to one organization enters states in that organization only (FAKE-CONTROL-SCOPED-SECRET).
    const scoped = scopedOrganization(ctx);
    if (scoped !== undefined && stateOrganization(runtime, request.params) !== scoped)
      throw errors.controlOutOfScope(scoped);
    const definition = providerStateCatalogue[request.state];
    // Variant mode only (small-credit-balance): an `organization` without credits starts small.
    const params = variantStateParams(runtime.domain, request.state, request.params);
    const data = enter(runtime, request.state, parseWith(definition.params, params));
    const teardown = (data as { teardown?: unknown }).teardown;
    if (scoped !== undefined && teardown !== undefined)
      runtime.orgSecrets.allowTeardown(scoped, String(teardown));
    // The reference implementation answers what its own catalogue promises (a mismatch is a bug: 500).
    sendSuccess(ctx, {
      message: `Provider state entered: ${request.state}`,
      data: (definition.data as { parse(v: unknown): unknown }).parse(data),
    });
  });

  r.post('/teardown', async (ctx) => {
    const request = parseWith(TeardownRequest, await readBody(ctx, 'json'));
    if (!isStateName(request.state)) throw errors.unknownProviderState(request.state);
    const scoped = scopedOrganization(ctx);
    if (scoped !== undefined && !runtime.orgSecrets.mayTearDown(scoped, String(request.teardown)))
      throw errors.controlOutOfScope(scoped);
    const undone = runTeardown(runtime.domain, decodeTeardown(request.teardown));
    sendSuccess(ctx, {
      message: `Provider state torn down: ${request.state}`,
      data: { state: request.state, undone },
    });
  });
  return r;
}

/** What no route under the prefix answered: 405 on a known path, 404 elsewhere. */
function unanswered(prefix: string): Middleware {
  const paths: Record<string, string> = { [prefix]: 'GET, POST', [`${prefix}/teardown`]: 'POST' };
  return (ctx) => {
    const allow = paths[ctx.path.replace(/\/+$/, '')];
    if (allow) throw errors.methodNotAllowed(ctx.method, allow);
    throw errors.routeNotFound();
  };
}

/** Run middlewares in order, each one's `next` the following one. */
function chain(middlewares: readonly Middleware[]): (ctx: Context) => Promise<void> {
  const run = async (ctx: Context, i: number): Promise<void> => {
    const mw = middlewares[i];
    if (mw) await mw(ctx as never, () => run(ctx, i + 1));
  };
  return (ctx) => run(ctx, 0);
}

/**
 * The whole endpoint as one middleware for the top of the app: requests under the prefix get their own error
 * envelope and persistence, and never reach the public API's middleware; all others go straight on.
 */
export function providerStatesMount(
  runtime: Runtime,
  opts: ProviderStatesOptions & { durable?: DurableState | undefined; onUnexpected: (err: unknown) => void },
): Middleware {
  const router = providerStatesRouter(runtime, opts.prefix);
  const secret: Middleware = async (ctx, next) => {
    const given = ctx.get(PROVIDER_STATES_SECRET_HEADER) || undefined;
    if (!sameSecret(given, opts.secret)) {
      const organizationId = given === undefined ? undefined : runtime.orgSecrets.organizationOf(given);
      if (organizationId === undefined) throw errors.providerStatesSecret();
      ctx.state.scopedOrganization = organizationId;
    }
    await next();
  };
  const handle = chain([
    errorMiddleware(opts.onUnexpected) as Middleware,
    ...(opts.durable ? [persistWrites(opts.durable, opts.prefix, opts.onUnexpected) as Middleware] : []),
    secret,
    router.routes() as unknown as Middleware,
    unanswered(opts.prefix),
  ]);
  return (ctx, next) => (underPrefix(ctx.path, opts.prefix) ? handle(ctx as unknown as Context) : next());
}
