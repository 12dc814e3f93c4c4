/** What each plan allocates to an organization (the fake's choice; the spec names the resources, not the numbers). */
import type { PlanName } from '../../contract/index.js';
import type { LimitType } from './state.js';

export const planAllocations: Record<PlanName, Record<LimitType, number>> = {
  free: { document: 5, webpages: 100, credits: 500, voice_credits: 0 },
  professional: { document: 50, webpages: 2_000, credits: 10_000, voice_credits: 0 },
  advanced: { document: 200, webpages: 10_000, credits: 40_000, voice_credits: 1_000 },
  agency: { document: 500, webpages: 20_000, credits: 100_000, voice_credits: 5_000 },
  enterprise: { document: 2_000, webpages: 100_000, credits: 1_000_000, voice_credits: 20_000 },
};
