/** Gates of the Project Integration API: Professional and above; the knowledgebase search has its own message and cap. */
import { hourlyCaps, integrationPlans, type PlanName } from '../../contract/index.js';
import type { DomainContext } from './context.js';
import { errors, messages } from './errors.js';
import { projectRateKey } from './rate-keys.js';
import type { RateDecision } from './rate-limit.js';
import type { Project } from './state.js';

export function requireIntegrationPlan(plan: PlanName, operationId: string): void {
  if (integrationPlans.includes(plan)) return;
  throw operationId === 'searchIndexDocumentByProjectKey' ? errors.searchPlan() : errors.integrationPlan();
}

/** Project-key knowledgebase search: 100 requests an hour per project (RATE-SEARCH-KEY-100, RATE-SEARCH-KEY-SCOPE). */
export function countSearch(domain: DomainContext, project: Project): RateDecision {
  return domain.limiter.hit(
    projectRateKey('search-key', project.id),
    hourlyCaps.projectKeySearchPerHour,
    domain.clock.now(),
    messages.searchRateLimited,
  );
}
