/** Credits: the organization's balance, capped per project by its `credits` usage limit. */
import type { DomainContext } from './context.js';
import { errors } from './errors.js';
import type { Organization, Project } from './state.js';
import { limitOf } from './usage-limits.js';

export function ensureCredits(org: Organization, project: Project, cost: number): void {
  if (org.credits < cost || project.creditsUsed + cost > limitOf(org, project, 'credits')) {
    throw errors.insufficientCredits();
  }
}

export function deductCredits(_ctx: DomainContext, org: Organization, project: Project, cost: number): void {
  ensureCredits(org, project, cost);
  org.credits = Math.round((org.credits - cost) * 1000) / 1000;
  project.creditsUsed = Math.round((project.creditsUsed + cost) * 1000) / 1000;
}
