/** An organization's plan, Enterprise RAG cap and credit balance, set directly (control API and provider states). */
import { describe, expect, it } from 'vitest';
import { Runtime } from '../runtime.js';
import { failure } from './errors.test-support.js';
import { clearOrganizationRagCap, setOrganizationCredits, setOrganizationPlan } from './organization-plan.js';
import { ragCapPerHour } from './rag-completion.js';

function world() {
  const runtime = new Runtime();
  const ctx = runtime.domain;
  return { ctx, org: ctx.state.organizations.get(runtime.seeded!.organizationId)! };
}

describe('organization plan and credits [FAKE-PROVIDER-STATES, RATE-ENTERPRISE-CAP]', () => {
  it('a plan replaces the plan; a given cap replaces the cap, an absent one keeps it; clearing restores the default', () => {
    const { ctx, org } = world();
    expect(setOrganizationPlan(ctx, org, 'enterprise', 5)).toBe(org);
    expect([org.plan, org.ragCapPerHour, ragCapPerHour(org)]).toEqual(['enterprise', 5, 5]);
    setOrganizationPlan(ctx, org, 'professional');
    expect([org.plan, org.ragCapPerHour, ragCapPerHour(org)]).toEqual(['professional', 5, 200]);
    setOrganizationPlan(ctx, org, 'enterprise');
    expect(ragCapPerHour(org)).toBe(5);
    clearOrganizationRagCap(ctx, org);
    expect(org.ragCapPerHour).toBeUndefined();
    expect(ragCapPerHour(org)).toBe(1000);
  });

  it('a cap that is not a positive integer is Invalid params and changes nothing', () => {
    const { ctx, org } = world();
    for (const cap of [0, -1, 1.5, Number.NaN]) {
      const err = failure(() => setOrganizationPlan(ctx, org, 'enterprise', cap));
      expect([err.status, err.message, err.details?.[0]?.path]).toEqual([
        400,
        'Invalid params',
        'rag_cap_per_hour',
      ]);
    }
    expect([org.plan, org.ragCapPerHour]).toEqual(['advanced', undefined]);
  });

  it('the smallest cap, 1, is accepted; a refused cap names rag_cap_per_hour as a positive integer', () => {
    const { ctx, org } = world();
    setOrganizationPlan(ctx, org, 'enterprise', 1);
    expect([org.plan, org.ragCapPerHour, ragCapPerHour(org)]).toEqual(['enterprise', 1, 1]);
    const err = failure(() => setOrganizationPlan(ctx, org, 'professional', 0));
    expect([err.status, err.message, err.details]).toEqual([
      400,
      'Invalid params',
      [{ path: 'rag_cap_per_hour', message: 'a positive integer' }],
    ]);
    expect([org.plan, org.ragCapPerHour]).toEqual(['enterprise', 1]);
  });

  it('credits: any number from 0; a negative or non-finite balance is Invalid params and changes nothing', () => {
    const { ctx, org } = world();
    expect(setOrganizationCredits(ctx, org, 0).credits).toBe(0);
    expect(setOrganizationCredits(ctx, org, 12.5).credits).toBe(12.5);
    for (const credits of [-0.001, Number.NaN, Number.POSITIVE_INFINITY]) {
      const err = failure(() => setOrganizationCredits(ctx, org, credits));
      expect([err.status, err.details?.[0]?.path]).toEqual([400, 'credits']);
    }
    expect(org.credits).toBe(12.5);
  });

  it('a refused balance names credits as a number of at least 0', () => {
    const { ctx, org } = world();
    const err = failure(() => setOrganizationCredits(ctx, org, -1));
    expect([err.status, err.message, err.details]).toEqual([
      400,
      'Invalid params',
      [{ path: 'credits', message: 'a number of at least 0' }],
    ]);
  });
});
