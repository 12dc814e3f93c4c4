/** Project API keys (`apk-…`), created in a project's integration settings. */

import { PROJECT_KEY_PREFIX } from './authentication.js';
import type { DomainContext } from './context.js';
import type { Project, ProjectKey } from './state.js';

export function createProjectKey(domain: DomainContext, project: Project): ProjectKey {
  const key: ProjectKey = {
    value: `${PROJECT_KEY_PREFIX}${domain.ids.token(32)}`,
    project_id: project.id,
    createdAt: domain.clock.now(),
  };
  domain.state.projectKeys.set(key.value, key);
  return key;
}
