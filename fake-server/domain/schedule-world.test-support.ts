/**
 * Test support for the sweeps' schedules (lifecycle, retention): a new project of the seeded organization, sessions
 * opened on its widget, and the records one call visits (FAKE-PAGE-COST).
 */
import { Runtime } from '../runtime.js';
import { countVisits, stopCounting } from './cost-counting.js';
import { createProject } from './projects.js';
import { createSession } from './widget.js';

export function scheduleWorld(name: string) {
  const runtime = new Runtime();
  const domain = runtime.domain;
  const project = createProject(domain, { organization_id: runtime.seeded!.organizationId, name });
  /** A new session of the project, as stored. */
  const open = () => {
    const uid = Number(createSession(domain, project, project.integration.widget_uid).session_uid);
    return domain.state.sessions.byUid(uid)!;
  };
  /** The records `run` visits. */
  const visits = (run: () => unknown): number => {
    const counter = countVisits(domain);
    run();
    stopCounting(domain);
    return counter.visited;
  };
  return { domain, project, open, visits };
}
