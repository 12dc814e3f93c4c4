/** Project AI settings: partial updates, the model checked against the plan's supported list. */
import type { AiSettingsPatch } from '../../contract/requests/platform.js';
import type { DomainContext } from './context.js';
import { errors } from './errors.js';
import { findModelForPlan } from './models.js';
import type { Organization, Project } from './state.js';

/** Only included fields change; the whole patch is checked before anything is written. */
export function updateProjectSettings(
  domain: DomainContext,
  org: Organization,
  project: Project,
  patch: AiSettingsPatch,
): void {
  if (patch.model !== undefined && !findModelForPlan(domain, org.plan, patch.model)) {
    throw errors.invalidModel(patch.model);
  }
  const next = { ...project.settings };
  let included = false;
  for (const [key, value] of Object.entries(patch) as [keyof AiSettingsPatch, unknown][]) {
    if (value === undefined) continue;
    (next as Record<string, unknown>)[key] = value;
    included = true;
  }
  // SET-NO-FIELDS: a request with no settings field changes nothing, updatedAt included.
  if (!included) return;
  project.settings = next;
  project.updatedAt = domain.clock.now();
}
