/**
 * Organizations on a plan, as provider states: a fresh `organization` on a plan and a `plan` change of one. A plan
 * below Professional is the fake's `free` (PLAN-FREE); a deployment that has none answers 400 to it, and the test
 * then skips, saying so, instead of failing on a set-up the spec does not promise.
 */
import type { TestContext } from 'vitest';
import type { PlanName } from '../../contract/index.js';
import type { ParamsInput } from '../../contract/provider-states/index.js';
import { ProviderStateError } from '../target/provider-states-client.js';
import type { Target } from '../target/target.js';
import { enterState } from './use-target.js';

/** Run `enter`; a 400 to plan `free` skips the test (the target has no plan below Professional). */
async function unlessNoFreePlan<T>(ctx: TestContext, plan: PlanName, enter: () => Promise<T>): Promise<T> {
  try {
    return await enter();
  } catch (err) {
    if (plan === 'free' && err instanceof ProviderStateError && err.status === 400)
      ctx.skip(`target has no plan below Professional (plan free refused: ${err.message})`);
    throw err;
  }
}

/**
 * A fresh organization on `plan` with a project, its key and an owner token (state `organization`), with `more` of
 * the state's params (credits, the Enterprise cap).
 */
export const organizationOnPlan = (
  ctx: TestContext,
  t: Target,
  plan: PlanName,
  more: Omit<ParamsInput<'organization'>, 'plan'> = {},
) => unlessNoFreePlan(ctx, plan, () => enterState(ctx, t, 'organization', { ...more, plan }));

/** Put an organization the `organization` state made on `plan` (state `plan`; teardown puts the previous one back). */
export const putOnPlan = (ctx: TestContext, t: Target, organization_id: number, plan: PlanName) =>
  unlessNoFreePlan(ctx, plan, () => enterState(ctx, t, 'plan', { organization_id, plan }));
