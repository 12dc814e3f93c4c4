/** `createFakeServer(options)`: the stateful fake as a Koa app, plus its runtime and its own target config. */
import Koa from 'koa';
import type { TargetConfig } from '../contract/index.js';
import { controlRouter } from './control/router.js';
import { cors } from './http/cors.js';
import { DEFAULT_CORS_ORIGINS } from './http/cors-origins.js';
import { errorMiddleware } from './http/error-middleware.js';

export { answerClientErrorsWithEnvelope } from './http/client-error.js';
export { CorsOriginsError, DEFAULT_CORS_ORIGINS } from './http/cors-origins.js';
export { StateFileError } from './persistence/state-file.js';

import { DEFAULT_ADMIN_SECRET } from './admin/secret.js';
import { fallback } from './http/fallback.js';
import { faultInjection } from './http/fault-injection.js';
import { health } from './http/health.js';
import { integrationRouter } from './http/integration-router.js';
import { journal } from './http/journal.js';
import { openApiRoute } from './http/openapi-route.js';
import { platformRouter } from './http/platform-router.js';
import { ragRouter } from './http/rag-router.js';
import { gatedRoutes } from './http/route-gate.js';
import { axesOf, variantAnswers, variantFormat } from './http/variant-middleware.js';
import type { DurableState } from './persistence/durable-state.js';
import { openRuntime } from './persistence/open-runtime.js';
import { persistWrites } from './persistence/persist-writes.js';
import { DEFAULT_PROVIDER_STATES_PREFIX, providerStatesMount } from './provider-states/router.js';
import type { Runtime, RuntimeOptions } from './runtime.js';
import { describeFake } from './target.js';
import { checkVariant } from './variant/axes.js';

/** The control API's secret when `adminSecret` is not given. */
export { DEFAULT_ADMIN_SECRET } from './admin/secret.js';

export interface FakeServerOptions extends Partial<RuntimeOptions> {
  /** Path of {base_url} on this server. Default `/api/v1`. */
  basePath?: string;
  /** Path of {org_base_url} on this server. Default `/org/api/v1`. */
  orgBasePath?: string;
  /** Prefix of the control API. Default `/_control`. */
  controlPrefix?: string;
  /** Secret the control API requires in `x-control-secret` (the provider states in `x-provider-states-secret`). Default `fake-admin-secret`. */
  adminSecret?: string;
  /** Where the provider states are (FAKE-PROVIDER-STATES). Default `/_provider-states`. */
  providerStatesPrefix?: string;
  /** Called with errors that escaped every rule (they answer 500 in the envelope). */
  onUnexpectedError?: (err: unknown) => void;
  /**
   * Path of a state file (FAKE-STATE-FILE): resumed from when it exists, created at once from the seed when not;
   * every acknowledged write is in it before its answer leaves. A file that is not a valid snapshot throws a
   * StateFileError and is left untouched.
   */
  state?: string;
  /**
   * Page origins a browser may call the public API from (FAKE-CORS): exact origins, `scheme://host:*` for any port,
   * `null`, or `*`. Default DEFAULT_CORS_ORIGINS (localhost, 127.0.0.1 and [::1] on any port). A pattern that is
   * not one throws a CorsOriginsError.
   */
  corsOrigins?: readonly string[];
}

export interface FakeServer {
  app: Koa;
  runtime: Runtime;
  /** The state file it is kept in, when started with `state`. */
  persistence?: DurableState;
  /** The fake's target config as seen from `origin` (e.g. `http://127.0.0.1:4010`). */
  targetConfig(origin: string): TargetConfig;
}

export function createFakeServer(options: FakeServerOptions = {}): FakeServer {
  const basePath = options.basePath ?? '/api/v1';
  const orgBasePath = options.orgBasePath ?? '/org/api/v1';
  const controlPrefix = options.controlPrefix ?? '/_control';
  const providerStatesPrefix = options.providerStatesPrefix ?? DEFAULT_PROVIDER_STATES_PREFIX;
  const secret = options.adminSecret ?? DEFAULT_ADMIN_SECRET;
  // Variant mode (FAKE-VARIANT): an unknown axis id is refused before anything starts.
  if (options.variant !== undefined) options = { ...options, variant: checkVariant(options.variant) };
  const { runtime, durable } = openRuntime(options, options.state);
  let origin = 'http://127.0.0.1:4010';
  const describe = () =>
    describeFake(runtime, { origin, basePath, orgBasePath, controlPrefix, providerStatesPrefix, secret });

  const app = new Koa();
  app.silent = true;
  const mounts = { basePath, orgBasePath };
  const onUnexpected =
    options.onUnexpectedError ?? ((err: unknown) => console.error('[fake] unexpected error', err));
  // CORS outermost (FAKE-CORS): every answer below keeps the grant; the admin surfaces get none.
  app.use(
    cors({
      origins: options.corsOrigins ?? DEFAULT_CORS_ORIGINS,
      exempt: [controlPrefix, providerStatesPrefix],
    }),
  );
  // The readiness probe (FAKE-HEALTH): no credential, nothing secret, outside every mount.
  app.use(health(runtime));
  // Provider states (FAKE-PROVIDER-STATES) next: not the public API, so never journaled, faulted or varied.
  app.use(providerStatesMount(runtime, { prefix: providerStatesPrefix, secret, durable, onUnexpected }));
  // Variant mode only (FAKE-VARIANT): the JSON text outermost, the answers' rewrites around the error middleware.
  const variant = axesOf(runtime) !== null;
  if (variant) app.use(variantFormat(runtime, controlPrefix));
  app.use(journal(runtime, controlPrefix));
  if (variant) app.use(variantAnswers(runtime, { ...mounts, controlPrefix }));
  app.use(errorMiddleware(onUnexpected));
  // With a state file, every write is on disk before its answer leaves (FAKE-STATE-ACKNOWLEDGED-DURABLE).
  if (durable) app.use(persistWrites(durable, controlPrefix, onUnexpected));
  // Fault rules of the control API, before any router (FAKE-FAULT-INJECTION); a no-op while there is none.
  app.use(faultInjection(runtime, mounts));
  // Each router behind a check of the paths it can match, so a request pays only for the router that can answer it.
  app.use(openApiRoute(mounts));
  app.use(gatedRoutes(controlRouter(runtime, { prefix: controlPrefix, secret, describe })));
  app.use(gatedRoutes(ragRouter(runtime, mounts, onUnexpected)));
  app.use(gatedRoutes(integrationRouter(runtime, mounts)));
  app.use(gatedRoutes(platformRouter(runtime, mounts)));
  app.use(fallback(mounts));

  return {
    app,
    runtime,
    ...(durable ? { persistence: durable } : {}),
    targetConfig(o: string) {
      origin = o;
      return describe();
    },
  };
}
