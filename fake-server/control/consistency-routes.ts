/**
 * GET /_control/consistency (FAKE-CONSISTENCY-CHECK): the store's invariants checked now; 200 with
 * `{consistent, checked, violations, violationCount}` in the success envelope, whatever it finds. `?max=N` lists
 * at most N violations (default 100).
 */
import type Router from '@koa/router';
import { checkConsistency } from '../domain/consistency.js';
import { errors } from '../domain/errors.js';
import { sendSuccess } from '../http/envelope.js';
import type { Runtime } from '../runtime.js';

const DEFAULT_MAX = 100;

export function registerConsistencyRoutes(router: Router, runtime: Runtime): void {
  router.get('/consistency', (ctx) => {
    const raw = ctx.query.max;
    const max = raw === undefined ? DEFAULT_MAX : Number(raw);
    if (!Number.isInteger(max) || max < 0) throw errors.consistencyMax();
    const report = checkConsistency(runtime.domain, max);
    const message = report.consistent ? 'Consistent' : `${report.violationCount} violations`;
    sendSuccess(ctx, { message, data: report });
  });
}
