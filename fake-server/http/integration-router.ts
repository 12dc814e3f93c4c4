/**
 * The Project Integration family: the project key in `api-key`, the plan gate, the search cap, body validation,
 * then the operation's resolver. `/searchIndexDocument` is shared with the Platform family: a request with an
 * `api-key` header and no Authorization is this family's; any other goes on to the Platform route.
 */
import Router from '@koa/router';
import type { Context, Next } from 'koa';
import { integrationOperations, operationForRequest } from '../../contract/index.js';
import { authenticateProjectKey } from '../domain/authentication.js';
import { countSearch, requireIntegrationPlan } from '../domain/integration-access.js';
import { rateHeaders } from '../domain/rate-limit.js';
import { countIntegrationCall } from '../domain/variant-integration-caps.js';
import type { Runtime } from '../runtime.js';
import { readBody } from './body.js';
import { sendSuccess } from './envelope.js';
import { integrationHandlers } from './integration-handlers.js';
import type { Mounts } from './platform-router.js';
import { parseWith } from './validate.js';

export function integrationRouter(runtime: Runtime, mounts: Mounts): Router {
  const router = new Router();
  for (const op of integrationOperations) {
    router.post(`${mounts.basePath}${op.path}`, async (ctx: Context, next: Next) => {
      // A path the Platform family shares (/searchIndexDocument): the credentials say which operation it is.
      if (operationForRequest(op.path, (header) => ctx.get(header) !== '')?.id !== op.id) return next();
      const domain = runtime.domain;
      ctx.state.operation = op.id;
      const caller = authenticateProjectKey(domain, ctx.get('api-key') || undefined);
      if (op.id === 'searchIndexDocumentByProjectKey')
        ctx.set(rateHeaders(countSearch(domain, caller.project)));
      // Variant mode only (FAKE-VARIANT, integration-caps): the other operations' caps.
      const capped = domain.variant && countIntegrationCall(domain, caller.project, op.id);
      if (capped) ctx.set(rateHeaders(capped));
      requireIntegrationPlan(caller.organization.plan, op.id);
      const body = parseWith(op.request, await readBody(ctx, op.encoding));
      // Keyed by the table's literal ids: an operation without a resolver does not compile.
      sendSuccess(ctx, integrationHandlers[op.id]({ domain, caller, body }));
    });
  }
  return router;
}
