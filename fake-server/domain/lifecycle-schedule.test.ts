/**
 * What the lifecycle's sweep visits (FAKE-PAGE-COST): each session whose scheduled instant is due, once; a removed
 * session's entry once, then never again; a session it closes is not scheduled again [SESSION-AUTO-RESOLVE,
 * SESSION-AUTO-CLOSE].
 */
import { describe, expect, it } from 'vitest';
import { MINUTE_MS } from './clock.js';
import { deleteSessions } from './removal.js';
import { scheduleWorld } from './schedule-world.test-support.js';
import { observeSessions } from './sessions.js';

function world() {
  const { domain, project, open, visits } = scheduleWorld('Swept');
  project.settings.auto_resolve_duration = 60;
  project.settings.auto_close_duration = 1440;
  /** The records one observation of the project visits. */
  const observe = () => visits(() => observeSessions(domain, project));
  return { domain, project, open, observe };
}

describe('the lifecycle schedule [FAKE-PAGE-COST, SESSION-AUTO-RESOLVE, SESSION-AUTO-CLOSE]', () => {
  it('visits a removed session’s entry once, and a session it closes no more', () => {
    const { domain, project, open, observe } = world();
    const kept = open();
    const removed = open();
    observeSessions(domain, project);
    deleteSessions(domain, [removed.id]);
    domain.clock.advance(61 * MINUTE_MS);
    // Both entries are due: the kept session resolves, the removed one's entry is dropped.
    expect(observe()).toBe(2);
    expect(kept.status).toBe('resolved');
    domain.clock.advance(1380 * MINUTE_MS);
    // Only the kept session is due again: it closes.
    expect(observe()).toBe(1);
    expect(kept.status).toBe('closed');
    domain.clock.advance(3 * 1440 * MINUTE_MS);
    expect(observe()).toBe(0);
  });
});
