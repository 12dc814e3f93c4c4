/** Project usage limits: each bounded above by the plan allocation and below by current usage. */
import type { ProjectUsageLimit, RemovableLimitType, SettableLimitType } from '../../contract/index.js';
import type { DomainContext } from './context.js';
import { errors, invalidParams } from './errors.js';
import { knowledgebaseCounts } from './knowledgebase.js';
import { planAllocations } from './plan-allocations.js';
import type { LimitType, Organization, Project } from './state.js';

export function usageOf(domain: DomainContext, project: Project, type: LimitType): number {
  switch (type) {
    case 'document':
      return knowledgebaseCounts(domain, project).document;
    case 'webpages':
      return knowledgebaseCounts(domain, project).webpages;
    case 'credits':
      return Math.ceil(project.creditsUsed);
    case 'voice_credits':
      return 0;
  }
}

/**
 * The limit in force: the project's own, or the full organization allocation when unset. A limit set under a
 * larger plan never exceeds the current allocation (USAGE-LIMIT-PLAN-DOWNGRADE).
 */
export function limitOf(org: Organization, project: Project, type: LimitType): number {
  const allocation = planAllocations[org.plan][type];
  const own = project.limits[type];
  return own === undefined ? allocation : Math.min(own, allocation);
}

export function getUsageLimits(
  domain: DomainContext,
  org: Organization,
  project: Project,
): ProjectUsageLimit {
  const entry = (type: LimitType) => ({
    limit: limitOf(org, project, type),
    usage: usageOf(domain, project, type),
  });
  return { document: entry('document'), webpages: entry('webpages'), credits: entry('credits') };
}

/** All-or-nothing: every item is checked before any is written. */
export function setUsageLimits(
  domain: DomainContext,
  org: Organization,
  project: Project,
  limits: readonly { limit_type: SettableLimitType; limit: number }[],
): void {
  const types = limits.map((l) => l.limit_type);
  const repeated = types.find((t, i) => types.indexOf(t) !== i);
  if (repeated)
    throw invalidParams([{ path: 'limits', message: `limit_type ${repeated} appears more than once` }]);
  for (const { limit_type, limit } of limits) {
    if (limit > planAllocations[org.plan][limit_type]) {
      throw errors.limitAbovePlan(limit_type);
    }
    if (limit < usageOf(domain, project, limit_type)) {
      throw errors.limitBelowUsage(limit_type);
    }
  }
  for (const { limit_type, limit } of limits) project.limits[limit_type] = limit;
  project.updatedAt = domain.clock.now();
}

/** Removing a limit that is not set changes nothing (USAGE-LIMIT-REMOVE-IDEMPOTENT). */
export function removeUsageLimit(domain: DomainContext, project: Project, type: RemovableLimitType): void {
  if (project.limits[type] === undefined) return;
  delete project.limits[type];
  project.updatedAt = domain.clock.now();
}
