/** Plans named by the spec and what each unlocks. One source for plan gating. */
import { z } from 'zod';

/**
 * The four plans the spec names, plus `free` below Professional: the spec gates the Project Integration API at
 * "Professional and above", so the fake has a lower plan to show that gate (assumed clause PLAN-FREE).
 */
export const planNames = ['free', 'professional', 'advanced', 'agency', 'enterprise'] as const;
export const PlanName = z.enum(planNames);
export type PlanName = z.infer<typeof PlanName>;

/** Plans on which the Platform (Bearer token) API is available. */
export const platformPlans: readonly PlanName[] = ['advanced', 'agency', 'enterprise'];
/** Plans on which the Project Integration API is available (Professional and above). */
export const integrationPlans: readonly PlanName[] = ['professional', 'advanced', 'agency', 'enterprise'];
/** Plans on which tier-1 models may be used (Advanced and above). */
export const tierOnePlans: readonly PlanName[] = ['advanced', 'agency', 'enterprise'];

export const planRank: Record<PlanName, number> = {
  free: 0,
  professional: 1,
  advanced: 2,
  agency: 3,
  enterprise: 4,
};
