/**
 * What bringing a project's sessions up to the clock costs (FAKE-PAGE-COST): the lifecycle and the retention sweep,
 * run by every read of the project, visit the sessions that are due (and those whose activity changed), not every
 * session that could one day be due. Worlds of 1k and 10k sessions (100 a day) in which almost every session is
 * unclosed (a close duration of ten years) or kept (a retention just short of the seeded span); each read first
 * moves the clock 15 minutes (about one session comes due) and sends a message in a recent session.
 */
import { describe, expect, it } from 'vitest';
import { bulkSeed } from '../../control/bulk-seed.js';
import { Runtime } from '../../runtime.js';
import { DAY_MS, MINUTE_MS } from '../clock.js';
import { countVisits, stopCounting } from '../cost-counting.js';
import { appendMessage, listSessions } from '../sessions.js';
import type { Project } from '../state.js';
import { expectNotGrowing, SIZES } from './cost.test-support.js';

const PER_DAY = 100;
const TEN_YEARS_MIN = 10 * 365 * 24 * 60;

function sweepWorld(sessions: number, setUp: (project: Project, spanMs: number) => void) {
  const runtime = new Runtime();
  const ctx = runtime.domain;
  const project = Object.values(runtime.seeded!.projects)[0]!;
  setUp(project, (sessions / PER_DAY) * DAY_MS);
  bulkSeed(ctx, project, { sessions, messages_per_session: 4, chunks: 0, days: sessions / PER_DAY });
  const recent = ctx.state.sessions.listedOf(project.id).at(-3)!;
  const read = () => {
    ctx.clock.advance(15 * MINUTE_MS);
    appendMessage(ctx, recent, 'user', 'still there?');
    if (recent.status !== 'closed') ctx.state.sessions.setStatus(recent, 'open');
    return listSessions(ctx, project, { limit: 10, page: 1, orderBy: 'DESC' });
  };
  read(); // the first read builds the schedules (and sweeps what is already due)
  read();
  const store = ctx.state.sessions;
  const resolved = () => store.withStatusWithin(project.id, 'resolved', {}).length;
  const [sessionsBefore, resolvedBefore] = [store.size, resolved()];
  const counter = countVisits(ctx);
  read();
  stopCounting(ctx);
  // What the counted read changed: sessions deleted, and sessions resolved (net of the one that resumed).
  return {
    visited: counter.visited,
    deleted: sessionsBefore - store.size,
    resolved: resolved() - resolvedBefore,
  };
}

const counts = (setUp: (project: Project, spanMs: number) => void) => SIZES.map((n) => sweepWorld(n, setUp));
const sizes = SIZES.map((n) => `${n} sessions`);

describe('the lifecycle visits what is due, not every unclosed session [FAKE-PAGE-COST, SESSION-AUTO-RESOLVE, SESSION-AUTO-CLOSE]', () => {
  it('after new activity and a due session, a read of a page visits the page and a few sessions', () => {
    const lifecycle = counts((project) => {
      project.settings.auto_close_duration = TEN_YEARS_MIN;
    });
    for (const w of lifecycle) expect(w.resolved).toBeGreaterThan(0);
    expectNotGrowing(
      lifecycle.map((w) => w.visited),
      40,
      sizes,
    );
  });
});

describe('retention visits what is due, not every session of the project [FAKE-PAGE-COST, RETENTION-SWEEP]', () => {
  it('with a retention longer than the seeded span (nothing due), a read visits the page', () => {
    const kept = counts((project, spanMs) => {
      project.retention_duration = (2 * spanMs) / 1000;
    });
    expect(kept.map((w) => w.deleted)).toEqual([0, 0]);
    expectNotGrowing(
      kept.map((w) => w.visited),
      40,
      sizes,
    );
  });

  it('with the oldest sessions coming due one by one, a read visits those and their records', () => {
    const due = counts((project, spanMs) => {
      project.retention_duration = (spanMs - 60 * MINUTE_MS) / 1000;
    });
    for (const w of due) expect(w.deleted).toBeGreaterThan(0);
    expectNotGrowing(
      due.map((w) => w.visited),
      60,
      sizes,
    );
  });
});
