/**
 * An organization's subscription: its plan (with the Enterprise RAG cap, RATE-ENTERPRISE-CAP) and its credit
 * balance. Billing changes them on a real deployment; the control API and the provider states do here.
 */
import type { PlanName } from '../../contract/index.js';
import type { DomainContext } from './context.js';
import { invalidParams } from './errors.js';
import type { Organization } from './state.js';

/** Put the organization on `plan`; a given RAG cap replaces the organization's own, an absent one keeps it. */
export function setOrganizationPlan(
  _ctx: DomainContext,
  org: Organization,
  plan: PlanName,
  ragCapPerHour?: number,
): Organization {
  if (ragCapPerHour !== undefined && !(Number.isInteger(ragCapPerHour) && ragCapPerHour >= 1))
    throw invalidParams([{ path: 'rag_cap_per_hour', message: 'a positive integer' }]);
  org.plan = plan;
  if (ragCapPerHour !== undefined) org.ragCapPerHour = ragCapPerHour;
  return org;
}

/** Forget the organization's own RAG cap (the plan's default applies again). */
export function clearOrganizationRagCap(_ctx: DomainContext, org: Organization): void {
  delete org.ragCapPerHour;
}

/** Set the organization's credit balance (never negative). */
export function setOrganizationCredits(
  _ctx: DomainContext,
  org: Organization,
  credits: number,
): Organization {
  if (!(Number.isFinite(credits) && credits >= 0))
    throw invalidParams([{ path: 'credits', message: 'a number of at least 0' }]);
  org.credits = credits;
  return org;
}
