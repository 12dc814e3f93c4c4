/**
 * The per-status index of the session store answers a status filter as a scan of the project's sessions would,
 * through random activity, resumes, clock moves, duration changes and retention (model test) [SESSIONS-STATUS-FILTER,
 * SESSION-AUTO-RESOLVE, SESSION-AUTO-CLOSE, SESSION-RESOLVED-RESUMABLE, RETENTION-SWEEP, FAKE-PAGE-COST].
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Runtime } from '../runtime.js';
import { appendMessage, listSessions, observeSessions } from './sessions.js';
import { applyLifecycleOp, type LifecycleOp, lifecycleOps } from './sessions.test-support.js';

type Op =
  | LifecycleOp
  | { kind: 'retention'; minutes: number }
  | { kind: 'read'; status: 'open' | 'closed' | 'resolved'; limit: number; page: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  ...lifecycleOps,
  fc.record({ kind: fc.constant('retention' as const), minutes: fc.integer({ min: 0, max: 5000 }) }),
  fc.record({
    kind: fc.constant('read' as const),
    status: fc.constantFrom('open' as const, 'closed' as const, 'resolved' as const),
    limit: fc.integer({ min: 1, max: 5 }),
    page: fc.integer({ min: 1, max: 4 }),
  }),
);

describe('sessions by status', () => {
  it('a status page is the page of a filter over all the project’s sessions, in (created_at, id) order', () => {
    const runtime = new Runtime({ seed: 5 });
    const ctx = runtime.domain;
    const project = [...ctx.state.projects.values()][0]!;
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 30 }), (ops) => {
        for (const op of ops) {
          if (op.kind === 'retention') project.retention_duration = op.minutes * 60;
          else if (op.kind !== 'read')
            applyLifecycleOp(ctx, project, op, (pick) => {
              observeSessions(ctx, project);
              const live = ctx.state.sessions.listedOf(project.id).filter((s) => s.status !== 'closed');
              const s = live[pick % Math.max(1, live.length)];
              if (s) {
                appendMessage(ctx, s, 'user', 'hello');
                ctx.state.sessions.setStatus(s, 'open');
              }
            });
          if (op.kind === 'read') {
            const q = { status: op.status, limit: op.limit, page: op.page, orderBy: 'DESC' as const };
            const page = listSessions(ctx, project, q as Parameters<typeof listSessions>[2]);
            const all = [...ctx.state.sessions.values()]
              .filter((s) => s.project_id === project.id && !s.is_emulator && s.status === op.status)
              .sort((a, b) => b.created_at - a.created_at || b.id - a.id);
            expect(page.total).toBe(all.length);
            expect(page.items.map((s) => s.id)).toEqual(
              all.slice((op.page - 1) * op.limit, op.page * op.limit).map((s) => s.id),
            );
          }
        }
      }),
      { numRuns: 150 },
    );
  });
});
