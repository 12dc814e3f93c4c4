/**
 * What the scripts do through the fake's control API (README "The control API"), written once as generators of
 * HTTP calls: k6 drives them with its synchronous http.request (runSync), Node with undici (runAsync). Minting a
 * new organization per run gives counters that start at zero; moving the virtual clock past the window checks the
 * first request of the next window without waiting for it.
 */
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
  const org = yield* controlStep<{ id: number; owner: { id: number } }>(c, 'POST', '/organizations', {
    name: `load ${family} ${o.suffix}`,
    owner: { name: `Load ${family} ${o.suffix}`, email: `load-${family}-${o.suffix}@example.com` },
    plan,
    credits: mintedCredits,
  });
  if (plan === 'enterprise' && o.enterpriseCap !== undefined) {
    yield* controlStep(c, 'POST', `/organizations/${org.id}/plan`, {
      plan,
      rag_cap_per_hour: o.enterpriseCap,
    });
  }
  if (family === 'platform') {
    const token = yield* controlStep<{ value: string }>(c, 'POST', '/tokens', {
      organization_id: org.id,
      creator_user_id: org.owner.id,
      name: `load ${o.suffix}`,
      role: 'owner',
    });
    return { token: token.value };
  }
  const project = yield* controlStep<{ project_uid: string }>(c, 'POST', '/projects', {
    organization_id: org.id,
    name: `Load ${family} ${o.suffix}`,
  });
  const key = yield* controlStep<{ value: string }>(c, 'POST', `/projects/${project.project_uid}/keys`);
  return { projectKey: key.value };
}

/** Moves the fake's virtual clock one second past the rate-limit window (whatever its length or mode). */
export function* advancePastWindow(c: ControlAccess): Step<{ windowMs: number }> {
  const limits = yield* controlStep<{ window_ms: number }>(c, 'GET', '/rate-limits');
  if (!Number.isInteger(limits.window_ms) || limits.window_ms < 1) {
    throw new ControlError(`control GET /rate-limits: no window_ms in ${JSON.stringify(limits)}`);
  }
  yield* controlStep(c, 'POST', '/clock/advance', { ms: limits.window_ms + 1000 });
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
