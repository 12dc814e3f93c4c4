/**
 * The retention sweep's schedule (RETENTION-SWEEP, FAKE-PAGE-COST): a session scheduled at its last activity keeps
 * that entry when it talks again, so the sweep meets it early and must judge it on its activity since; a removed
 * session's entry is visited once and dropped.
 */
import { describe, expect, it } from 'vitest';
import { deleteSessions } from './removal.js';
import { applyRetention } from './retention.js';
import { scheduleWorld } from './schedule-world.test-support.js';
import { appendMessage } from './sessions.js';

const SECOND = 1000;

function world(retentionSeconds: number) {
  const { domain, project, open, visits } = scheduleWorld('Kept');
  project.retention_duration = retentionSeconds;
  /** The records one sweep visits. */
  const sweep = () => visits(() => applyRetention(domain, project));
  return { domain, project, open, sweep };
}

describe('the retention schedule [RETENTION-SWEEP, FAKE-PAGE-COST]', () => {
  it('a session that talked after it was scheduled is kept while its age from that message is at most the retention, to the millisecond [RETENTION-AGE-FROM-LAST-ACTIVITY, RETENTION-AUTO-DELETE]', () => {
    const { domain, project, open } = world(60);
    const session = open();
    applyRetention(domain, project);
    domain.clock.advance(10 * SECOND);
    appendMessage(domain, session, 'user', 'still here');
    domain.clock.advance(60 * SECOND);
    applyRetention(domain, project);
    expect(domain.state.sessions.has(session.id)).toBe(true);
    domain.clock.advance(1);
    applyRetention(domain, project);
    expect(domain.state.sessions.has(session.id)).toBe(false);
  });

  it('a removed session’s entry is visited once when it comes due, never again', () => {
    const { domain, project, open, sweep } = world(60);
    const removed = open();
    applyRetention(domain, project);
    domain.clock.advance(10 * SECOND);
    appendMessage(domain, removed, 'user', 'hello');
    domain.clock.advance(5 * SECOND);
    // Another session keeps the project's schedule (a project left without sessions keeps none).
    const kept = open();
    domain.clock.advance(5 * SECOND);
    deleteSessions(domain, [removed.id]);
    domain.clock.advance(41 * SECOND);
    // At 61 s the removed session's entry (0 s) is due, the kept one's (15 s) is not.
    expect(sweep()).toBe(1);
    domain.clock.advance(14 * SECOND);
    // At 75 s the removed session's message (10 s) is older than the retention: it is not met again.
    expect(sweep()).toBe(0);
    expect(domain.state.sessions.has(kept.id)).toBe(true);
  });
});
