/**
 * One fake shared by parallel jobs, an organization each (FAKE-SHARED-FAKE): a job clears or removes its own
 * organization and touches no other. DELETE /organizations/:id removes the organization with everything it holds and
 * its hourly counts; POST /organizations/:id/rate-limits/reset clears the counts of its tokens and projects only.
 */
import type Router from '@koa/router';
import { findOrganization } from '../domain/organizations.js';
import { forgetOrganizationCounts } from '../domain/rate-keys.js';
import { deleteOrganization } from '../domain/removal.js';
import { sendSuccess } from '../http/envelope.js';
import type { Runtime } from '../runtime.js';
import { intParam } from './params.js';

export function registerSharedFakeRoutes(router: Router, runtime: Runtime): void {
  const domain = () => runtime.domain;
  router.delete('/organizations/:id', (ctx) => {
    const org = findOrganization(domain(), intParam(ctx.params.id));
    deleteOrganization(domain(), org.id);
    runtime.orgSecrets.forget(org.id);
    sendSuccess(ctx, { message: 'Organization removed' });
  });
  router.post('/organizations/:id/rate-limits/reset', (ctx) => {
    const org = findOrganization(domain(), intParam(ctx.params.id));
    const cleared = forgetOrganizationCounts(domain(), org.id);
    sendSuccess(ctx, { message: 'Rate limit counters of the organization reset', data: { cleared } });
  });
}
