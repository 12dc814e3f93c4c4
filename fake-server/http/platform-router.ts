/**
 * The Platform family: for each operation of the contract table, a route through the one pipeline
 * (operation-pipeline.ts): the token, the hourly cap, the plan gate and the permission table, body validation, then
 * project resolution and the operation's resolver (all domain rules).
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { type Operation, type PlatformOperationId, platformOperations } from '../../contract/index.js';
import { authenticateToken, bearerValue } from '../domain/authentication.js';
import { requireOperation, requirePlatformPlan, resolveProject } from '../domain/authorization.js';
import { countPlatformRequest } from '../domain/platform-cap.js';
import type { Project } from '../domain/state.js';
import { requireVariantAccess } from '../domain/variant-access.js';
import type { Runtime } from '../runtime.js';
import { runOperation } from './operation-pipeline.js';
import { platformHandlers } from './platform-handlers.js';
import { parseWith } from './validate.js';
import { publicBodyLimit } from './variant-body-limit.js';
import { lenientInputs } from './variant-lenient-inputs.js';
import { parseWithHistoryField } from './variant-playground-history.js';

export interface Mounts {
  basePath: string;
  orgBasePath: string;
}

export function platformRouter(runtime: Runtime, mounts: Mounts): Router {
  const router = new Router();
  for (const op of platformOperations) {
    const handle = async (ctx: Context) => runPlatform(runtime, op, ctx);
    // Every operation under {base_url}; an organization-level one under {org_base_url} too (once, should the two
    // bases be one).
    const bases = new Set(op.orgLevel ? [mounts.basePath, mounts.orgBasePath] : [mounts.basePath]);
    for (const base of bases) router.post(`${base}${op.path}`, handle);
  }
  return router;
}

/** The Platform family's steps of the one pipeline (operation-pipeline.ts). */
function runPlatform(
  runtime: Runtime,
  op: Operation & { readonly id: PlatformOperationId },
  ctx: Context,
): Promise<void> {
  const domain = runtime.domain;
  return runOperation(ctx, op, {
    authenticate: (c) => authenticateToken(domain, bearerValue(c.get('authorization') || undefined)),
    count: (caller) => [countPlatformRequest(domain, caller)],
    gate: (caller) => {
      requirePlatformPlan(caller.organization.plan);
      if (op.access) requireOperation(caller, op.access);
      // Variant mode only (FAKE-VARIANT): auth-not-shown's stricter access.
      if (domain.variant) requireVariantAccess(domain, op.id, caller);
    },
    // Variant mode only: no-body-limit's ceiling; playground-history-field's field name.
    maxBodyBytes: publicBodyLimit(domain),
    parse: (raw) =>
      (domain.variant
        ? parseWithHistoryField(domain, op.id, raw, (input) =>
            parseWith(op.request, lenientInputs(domain, op.request, input)),
          )
        : parseWith(op.request, raw)) as Record<string, unknown>,
    resolve: (caller, body) => {
      const project = op.projectScoped ? resolveProject(domain, caller, String(body.project_uid)) : undefined;
      // Keyed by the table's literal ids: an operation without a resolver does not compile.
      return platformHandlers[op.id]({ domain, caller, body, project: project as Project });
    },
  });
}
