/** Project AI settings: partial updates, the model checked against the plan's supported list. */
import type { AiSettingsPatch } from '../../contract/requests/platform.js';
import type { DomainContext } from './context.js';
import { errors } from './errors.js';
import { findModelForPlan } from './models.js';
import { observeLifecycle } from './session-lifecycle.js';
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
  // SESSION-CLOSE-PERMANENT: what inactivity did under the durations in force until now stands, read or not; only
  // what is still to come follows the new ones.
  if (
    next.auto_close_duration !== project.settings.auto_close_duration ||
    next.auto_resolve_duration !== project.settings.auto_resolve_duration
  )
    observeLifecycle(domain, project);
  project.settings = next;
  project.updatedAt = domain.clock.now();
}
