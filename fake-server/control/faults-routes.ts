/**
 * Control routes of fault injection (FAKE-FAULT-INJECTION): POST /faults adds a rule, GET /faults lists the rules
 * with their counters, DELETE /faults/:id removes one, DELETE /faults removes all. A reset removes them too.
 */
import type Router from '@koa/router';
import { FaultRuleInput } from '../../contract/control/faults.js';
import { errors } from '../domain/errors.js';
import { addFault, clearFaults, removeFault } from '../domain/faults.js';
import { readBody } from '../http/body.js';
import { sendSuccess } from '../http/envelope.js';
import { parseWith } from '../http/validate.js';
import type { Runtime } from '../runtime.js';

export function registerFaultRoutes(router: Router, runtime: Runtime): void {
  const faults = () => runtime.domain.state.faults;
  router.post('/faults', async (ctx) => {
    const input = parseWith(FaultRuleInput, await readBody(ctx, 'json'));
    sendSuccess(ctx, { message: 'Fault rule added', data: addFault(faults(), input) });
  });
  router.get('/faults', (ctx) => sendSuccess(ctx, { message: 'Fault rules', data: faults().rules }));
  router.delete('/faults/:id', (ctx) => {
    const id = Number(ctx.params.id);
    if (!Number.isInteger(id)) throw errors.idNotInteger();
    sendSuccess(ctx, { message: 'Fault rule removed', data: removeFault(faults(), id) });
  });
  router.delete('/faults', (ctx) =>
    sendSuccess(ctx, { message: 'Fault rules removed', data: { removed: clearFaults(faults()) } }),
  );
}
