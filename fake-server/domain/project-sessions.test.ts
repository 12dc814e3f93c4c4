/**
 * projectSessions: a project's sessions brought up to the clock, in (created_at, id) order, the playground ones only
 * when asked for [SESSIONS-ORDER-KEY, SESSIONS-EXCLUDE-PLAYGROUND, SESSION-AUTO-RESOLVE, SESSION-AUTO-CLOSE].
 */
import { describe, expect, it } from 'vitest';
import { Runtime } from '../runtime.js';
import { insertPastSession } from './back-dating.js';
import { DAY_MS, MINUTE_MS } from './clock.js';
import { createPlaygroundSession } from './playground.js';
import { createProject } from './projects.js';
import { projectSessions } from './sessions.js';
import { createSession } from './widget.js';

function world() {
  const runtime = new Runtime();
  const domain = runtime.domain;
  const project = createProject(domain, { organization_id: runtime.seeded!.organizationId, name: 'Listed' });
  const now = domain.clock.now();
  const widget = Number(createSession(domain, project, project.integration.widget_uid).session_uid);
  const playground = createPlaygroundSession(domain, project).session_uid;
  // Created two days ago but stored last: its id is the highest.
  const past = insertPastSession(domain, project, {
    createdAt: now - 2 * DAY_MS,
    messages: [],
    status: 'open',
    visitor: 'v',
  }).session_uid;
  domain.clock.advance(61 * MINUTE_MS);
  return { domain, project, widget, playground, past };
}

describe('projectSessions [SESSIONS-ORDER-KEY, SESSIONS-EXCLUDE-PLAYGROUND, SESSION-AUTO-RESOLVE, SESSION-AUTO-CLOSE]', () => {
  it('lists the widget sessions, oldest first, with the statuses the clock gives them', () => {
    const { domain, project, widget, past } = world();
    const listed = projectSessions(domain, project);
    expect(listed.map((s) => [s.session_uid, s.status])).toEqual([
      [past, 'closed'],
      [widget, 'resolved'],
    ]);
  });

  it('adds the playground sessions when asked, in the same (created_at, id) order', () => {
    const { domain, project, widget, playground, past } = world();
    expect(projectSessions(domain, project, true).map((s) => s.session_uid)).toEqual([
      past,
      widget,
      playground,
    ]);
    expect(projectSessions(domain, project, false).map((s) => s.session_uid)).toEqual([past, widget]);
  });
});
