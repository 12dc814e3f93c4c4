/** The supported model list, filtered by plan: tier 1 needs Advanced and above. */
import { type PlanName, tierOnePlans } from '../../contract/index.js';
import type { DomainContext } from './context.js';
import type { SupportedModelEntry } from './state.js';

export function modelsForPlan(domain: DomainContext, plan: PlanName): SupportedModelEntry[] {
  const tierOne = tierOnePlans.includes(plan);
  // Stryker disable next-line ConditionalExpression: equivalent; a tier is 0 or 1 (the control API's ModelBody, the seeded list)
  return domain.state.models.filter((m) => m.tier === 0 || (m.tier === 1 && tierOne));
}

export function findModelForPlan(
  domain: DomainContext,
  plan: PlanName,
  value: string,
): SupportedModelEntry | undefined {
  return modelsForPlan(domain, plan).find((m) => m.value === value);
}

export function modelView(m: SupportedModelEntry) {
  return {
    value: m.value,
    tier: m.tier,
    name: m.name,
    provider: m.provider,
    credits_per_call: m.credits_per_call,
  };
}

/** The list changes over time (VERSION-MODEL-LIST-DYNAMIC): add or replace an entry. */
export function upsertModel(domain: DomainContext, entry: SupportedModelEntry): void {
  const i = domain.state.models.findIndex((m) => m.value === entry.value);
  if (i >= 0) domain.state.models[i] = entry;
  else domain.state.models.push(entry);
}

export function removeModel(domain: DomainContext, value: string): boolean {
  const i = domain.state.models.findIndex((m) => m.value === value);
  if (i < 0) return false;
  domain.state.models.splice(i, 1);
  return true;
}
