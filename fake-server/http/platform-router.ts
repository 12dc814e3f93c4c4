/**
 * The Platform family: for each operation of the contract table, a route that authenticates the token, applies
 * the plan gate, the hourly cap, the permission table, body validation and project resolution (all domain rules),
 * then runs the operation's resolver.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { type Operation, type PlatformOperationId, platformOperations } from '../../contract/index.js';
import { authenticateToken, bearerValue } from '../domain/authentication.js';
import { requireOperation, requirePlatformPlan, resolveProject } from '../domain/authorization.js';
import { countPlatformRequest } from '../domain/platform-cap.js';
import { rateHeaders } from '../domain/rate-limit.js';
import type { Project } from '../domain/state.js';
import { requireVariantAccess } from '../domain/variant-access.js';
import type { Runtime } from '../runtime.js';
import { readBody } from './body.js';
import { sendSuccess } from './envelope.js';
import { platformHandlers } from './platform-handlers.js';
import { parseWith } from './validate.js';
import { parseWithHistoryField } from './variant-playground-history.js';

export interface Mounts {
  basePath: string;
  orgBasePath: string;
}

export function platformRouter(runtime: Runtime, mounts: Mounts): Router {
  const router = new Router();
  for (const op of platformOperations) {
    const handle = async (ctx: Context) => runPlatform(runtime, op, ctx);
    router.post(`${mounts.basePath}${op.path}`, handle);
    if (op.orgLevel && mounts.orgBasePath !== mounts.basePath)
      router.post(`${mounts.orgBasePath}${op.path}`, handle);
  }
  return router;
}

async function runPlatform(
  runtime: Runtime,
  op: Operation & { readonly id: PlatformOperationId },
  ctx: Context,
): Promise<void> {
  const domain = runtime.domain;
  ctx.state.operation = op.id;
  const caller = authenticateToken(domain, bearerValue(ctx.get('authorization') || undefined));
  const decision = countPlatformRequest(domain, caller);
  ctx.set(rateHeaders(decision));
  requirePlatformPlan(caller.organization.plan);
  if (op.access) requireOperation(caller, op.access);
  // Variant mode only (FAKE-VARIANT): auth-not-shown's stricter access and playground-history-field's field name.
  if (domain.variant) requireVariantAccess(domain, op.id, caller);
  const raw = await readBody(ctx, op.encoding);
  const body = (
    domain.variant
      ? parseWithHistoryField(domain, op.id, raw, (input) => parseWith(op.request, input))
      : parseWith(op.request, raw)
  ) as Record<string, unknown>;
  let project: Project | undefined;
  if (op.projectScoped) project = resolveProject(domain, caller, String(body.project_uid));
  // Keyed by the table's literal ids: an operation without a resolver does not compile.
  sendSuccess(ctx, platformHandlers[op.id]({ domain, caller, body, project: project as Project }));
}
