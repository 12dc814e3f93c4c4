/**
 * The lifecycle's transitions as the sweep makes them: when a session moves, updated_at becomes the instant the rule
 * moved it (its last activity plus the duration that fired); a session the rules leave alone, and a playground
 * session, keep their status and updated_at [SESSION-AUTO-RESOLVE, SESSION-AUTO-CLOSE, SESSION-INACTIVITY-PRECEDENCE,
 * SESSION-ACTIVITY].
 */
import { describe, expect, it } from 'vitest';
import { Runtime } from '../runtime.js';
import { iso, MINUTE_MS } from './clock.js';
import { createPlaygroundSession } from './playground.js';
import { createProject } from './projects.js';
import { refreshLifecycle } from './session-lifecycle.js';
import { appendMessage, listSessions } from './sessions.js';
import { createSession } from './widget.js';

function world(durations: { auto_resolve_duration: number; auto_close_duration: number }) {
  const runtime = new Runtime();
  const domain = runtime.domain;
  const project = createProject(domain, { organization_id: runtime.seeded!.organizationId, name: 'Clocked' });
  Object.assign(project.settings, durations);
  const open = () => {
    const uid = Number(createSession(domain, project, project.integration.widget_uid).session_uid);
    return domain.state.sessions.byUid(uid)!;
  };
  /** The sessions as getSessions lists them: uid, status and updated_at. */
  const listed = () =>
    listSessions(domain, project, { limit: 100, page: 1, orderBy: 'ASC' }).items.map((s) => [
      s.session_uid,
      s.status,
      s.updated_at,
    ]);
  return { domain, project, open, listed, t0: domain.clock.now() };
}

describe('automatic transitions date updated_at [SESSION-AUTO-RESOLVE, SESSION-AUTO-CLOSE, SESSION-INACTIVITY-PRECEDENCE, SESSION-ACTIVITY]', () => {
  it('resolving at last activity + auto_resolve_duration, closing at last activity + auto_close_duration', () => {
    const { domain, open, listed, t0 } = world({ auto_resolve_duration: 60, auto_close_duration: 1440 });
    const talked = open();
    const silent = open();
    domain.clock.advance(5 * MINUTE_MS);
    appendMessage(domain, talked, 'user', 'hello');
    const spoke = t0 + 5 * MINUTE_MS;
    domain.clock.advance(90 * MINUTE_MS);
    expect(listed()).toEqual([
      [talked.session_uid, 'resolved', iso(spoke + 60 * MINUTE_MS)],
      [silent.session_uid, 'resolved', iso(t0 + 60 * MINUTE_MS)],
    ]);
    domain.clock.advance(2000 * MINUTE_MS);
    expect(listed()).toEqual([
      [talked.session_uid, 'closed', iso(spoke + 1440 * MINUTE_MS)],
      [silent.session_uid, 'closed', iso(t0 + 1440 * MINUTE_MS)],
    ]);
  });

  it('an open session idle past both durations closes at last activity + auto_close_duration', () => {
    const { domain, open, listed, t0 } = world({ auto_resolve_duration: 60, auto_close_duration: 1440 });
    const session = open();
    domain.clock.advance(3000 * MINUTE_MS);
    expect(listed()).toEqual([[session.session_uid, 'closed', iso(t0 + 1440 * MINUTE_MS)]]);
  });

  it('with auto_close_duration the shorter, an open session closes at last activity + auto_close_duration', () => {
    const { domain, open, listed, t0 } = world({ auto_resolve_duration: 30, auto_close_duration: 10 });
    const session = open();
    domain.clock.advance(10 * MINUTE_MS - 1);
    expect(listed()).toEqual([[session.session_uid, 'open', iso(t0)]]);
    domain.clock.advance(1);
    expect(listed()).toEqual([[session.session_uid, 'closed', iso(t0 + 10 * MINUTE_MS)]]);
  });
});

describe('refreshLifecycle [SESSION-AUTO-RESOLVE, SESSION-AUTO-CLOSE]', () => {
  it('leaves a session the rules do not move as it is, updated_at included', () => {
    const { domain, project, open, t0 } = world({ auto_resolve_duration: 60, auto_close_duration: 1440 });
    const session = open();
    domain.clock.advance(59 * MINUTE_MS);
    refreshLifecycle(domain, session, project.settings);
    expect([session.status, session.updated_at]).toEqual(['open', t0]);
  });

  it('leaves a playground session as it is, however long idle [SESSIONS-EXCLUDE-PLAYGROUND]', () => {
    const { domain, project, t0 } = world({ auto_resolve_duration: 60, auto_close_duration: 1440 });
    const playground = domain.state.sessions.get(createPlaygroundSession(domain, project).id)!;
    domain.clock.advance(3000 * MINUTE_MS);
    refreshLifecycle(domain, playground, project.settings);
    expect([playground.status, playground.updated_at]).toEqual(['open', t0]);
  });
});
