/**
 * The Project Integration family: the project key in `api-key`, the search cap, the plan gate, body validation,
 * then the operation's resolver (the one pipeline of operation-pipeline.ts). `/searchIndexDocument` is shared with the Platform family: a request with an
 * `api-key` header and no Authorization is this family's; any other goes on to the Platform route.
 */
import Router from '@koa/router';
import type { Context, Next } from 'koa';
import { integrationOperations, operationForRequest } from '../../contract/index.js';
import { authenticateProjectKey } from '../domain/authentication.js';
import { countSearch, requireIntegrationPlan } from '../domain/integration-access.js';
import { countIntegrationCall } from '../domain/variant-integration-caps.js';
import type { Runtime } from '../runtime.js';
import { integrationHandlers } from './integration-handlers.js';
import { runOperation } from './operation-pipeline.js';
import type { Mounts } from './platform-router.js';
import { parseWith } from './validate.js';
import { publicBodyLimit } from './variant-body-limit.js';
import { execLogsDateTimes } from './variant-iso-breadth.js';
import { lenientInputs } from './variant-lenient-inputs.js';

export function integrationRouter(runtime: Runtime, mounts: Mounts): Router {
  const router = new Router();
  for (const op of integrationOperations) {
    router.post(`${mounts.basePath}${op.path}`, async (ctx: Context, next: Next) => {
      // A path the Platform family shares (/searchIndexDocument): the credentials say which operation it is.
      // Stryker disable next-line OptionalChaining: equivalent; op.path is an operation's own path, so an operation is always found
      if (operationForRequest(op.path, (header) => ctx.get(header) !== '')?.id !== op.id) return next();
      const domain = runtime.domain;
      // The Project Integration family's steps of the one pipeline (operation-pipeline.ts).
      await runOperation(ctx, op, {
        authenticate: (c) => authenticateProjectKey(domain, c.get('api-key') || undefined),
        count: (caller) => [
          op.id === 'searchIndexDocumentByProjectKey' ? countSearch(domain, caller.project) : undefined,
          // Variant mode only (FAKE-VARIANT, integration-caps): the other operations' caps.
          (domain.variant && countIntegrationCall(domain, caller.project, op.id)) || undefined,
        ],
        gate: (caller) => requireIntegrationPlan(caller.organization.plan, op.id),
        // Variant mode only (FAKE-VARIANT, no-body-limit): the ceiling instead of the contract's limit.
        maxBodyBytes: publicBodyLimit(domain),
        // Variant mode only (FAKE-VARIANT): other representations read leniently (lenient-inputs), a date-time
        // from/to of the execution logs read as its UTC day (iso-breadth).
        parse: (raw) =>
          parseWith(
            op.request,
            domain.variant ? execLogsDateTimes(domain, op.id, lenientInputs(domain, op.request, raw)) : raw,
          ) as Record<string, unknown>,
        // Keyed by the table's literal ids: an operation without a resolver does not compile.
        resolve: (caller, body) => integrationHandlers[op.id]({ domain, caller, body }),
      });
    });
  }
  return router;
}
