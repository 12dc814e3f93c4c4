/**
 * What the scripts do through the fake's control API (docs/client-developers.md "The control API"), written once as
 * generators of HTTP calls: k6 drives them with its synchronous http.request (runSync), Node with undici (runAsync).
 * Minting a new organization per run gives counters that start at zero; moving the virtual clock past the window
 * checks the first request of the next window without waiting for it.
 *
 * Routes, bodies and answers are those of contract/control/: the routes table (zod-free) at run time, the body and
 * data types at compile time only (k6 cannot load zod, so answers are not checked here as the Node clients do).
 */
import type { ControlBody, ControlData } from '../../contract/control/api.ts';
import {
  type ControlPathParams,
  type ControlRouteId,
  controlRoutePath,
  controlRoutes,
} from '../../contract/control/routes.ts';
import type { CapFamily, RagPlan } from './caps.ts';
import type { ControlAccess } from './config.ts';
import type { HttpCall, HttpResult } from './http.ts';
import type { Credentials } from './requests.ts';

/** A sequence of HTTP calls that ends with a value: `yield` a call, get its result back. */
export type Step<T> = Generator<HttpCall, T, HttpResult>;

/** Credits of a minted organization: RAG requests are billed per token, and a run must not run out. */
export const mintedCredits = 1_000_000_000;

export class ControlError extends Error {
  override name = 'ControlError';
}

function controlCall(c: ControlAccess, method: HttpCall['method'], path: string, body?: unknown): HttpCall {
  return {
    method,
    url: `${c.url}${path}`,
    headers: {
      'x-control-secret': c.secret,
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  };
}

/** One control call; its `data` on a 2xx, else a ControlError naming the call and the answer. */
export function* controlStep<T>(
  c: ControlAccess,
  method: HttpCall['method'],
  path: string,
  body?: unknown,
): Step<T> {
  const res = yield controlCall(c, method, path, body);
  if (res.status < 200 || res.status >= 300) {
    throw new ControlError(`control ${method} ${path} answered ${res.status}: ${res.body.slice(0, 300)}`);
  }
  try {
    return (JSON.parse(res.body) as { data: T }).data;
  } catch {
    throw new ControlError(
      `control ${method} ${path} answered a body that is not JSON: ${res.body.slice(0, 300)}`,
    );
  }
}

/** The control routes a script can call: those whose method k6's HttpCall has. */
type StepRouteId = {
  [K in ControlRouteId]: (typeof controlRoutes)[K]['method'] extends HttpCall['method'] ? K : never;
}[ControlRouteId];

/** One call of a route of contract/control/routes.ts, typed by contract/control/api.ts; its `data` on a 2xx. */
export function* routeStep<K extends StepRouteId>(
  c: ControlAccess,
  id: K,
  params: ControlPathParams<K>,
  body?: ControlBody<K>,
): Step<ControlData<K>> {
  const method = controlRoutes[id].method as HttpCall['method'];
  return yield* controlStep<ControlData<K>>(c, method, controlRoutePath(id, params), body);
}

export interface MintOptions {
  /** Makes names and emails unique across runs on the same fake. */
  suffix: string;
  /** Plan of the organization behind a project key (the Platform family always gets Advanced). */
  plan: RagPlan;
  /** Enterprise only: the organization's RAG cap (RATE-ENTERPRISE-CAP). */
  enterpriseCap?: number;
}

/**
 * Fresh credentials for `family` in a new organization: a Platform token of its owner (role owner), or a new
 * project's key. New ids mean new counters (the caps count per token and per project).
 */
export function* mintCredentials(c: ControlAccess, family: CapFamily, o: MintOptions): Step<Credentials> {
  const plan = family === 'platform' ? 'advanced' : o.plan;
  const org = yield* routeStep(
    c,
    'createOrganization',
    {},
    {
      name: `load ${family} ${o.suffix}`,
      owner: { name: `Load ${family} ${o.suffix}`, email: `load-${family}-${o.suffix}@example.com` },
      plan,
      credits: mintedCredits,
    },
  );
  if (plan === 'enterprise' && o.enterpriseCap !== undefined) {
    yield* routeStep(c, 'setPlan', { id: org.id }, { plan, rag_cap_per_hour: o.enterpriseCap });
  }
  if (family === 'platform') {
    const token = yield* routeStep(
      c,
      'createToken',
      {},
      {
        organization_id: org.id,
        creator_user_id: org.owner.id,
        name: `load ${o.suffix}`,
        role: 'owner',
      },
    );
    return { token: token.value };
  }
  const project = yield* routeStep(
    c,
    'createProject',
    {},
    {
      organization_id: org.id,
      name: `Load ${family} ${o.suffix}`,
    },
  );
  const key = yield* routeStep(c, 'createKey', { uid: project.project_uid });
  return { projectKey: key.value };
}

/** Moves the fake's virtual clock one second past the rate-limit window (whatever its length or mode). */
export function* advancePastWindow(c: ControlAccess): Step<{ windowMs: number }> {
  const limits = yield* routeStep(c, 'rateLimits', {});
  if (!Number.isInteger(limits.window_ms) || limits.window_ms < 1) {
    throw new ControlError(`control GET /rate-limits: no window_ms in ${JSON.stringify(limits)}`);
  }
  yield* routeStep(c, 'advance', {}, { ms: limits.window_ms + 1000 });
  return { windowMs: limits.window_ms };
}

/** Drive a step with a synchronous sender (k6). */
export function runSync<T>(step: Step<T>, send: (call: HttpCall) => HttpResult): T {
  let next = step.next();
  while (!next.done) next = step.next(send(next.value));
  return next.value;
}

/** Drive a step with an asynchronous sender (Node). */
export async function runAsync<T>(step: Step<T>, send: (call: HttpCall) => Promise<HttpResult>): Promise<T> {
  let next = step.next();
  while (!next.done) next = step.next(await send(next.value));
  return next.value;
}
