/** What happens to a project's sessions over time, as fast-check arbitraries shared by the lifecycle model tests. */
import fc from 'fast-check';
import { MINUTE_MS } from './clock.js';
import type { DomainContext } from './context.js';
import { openNewSession } from './new-session.js';
import type { Project } from './state.js';

export type LifecycleOp =
  | { kind: 'advance'; minutes: number }
  | { kind: 'message'; pick: number }
  | { kind: 'session' }
  | { kind: 'settings'; resolve: number; close: number };

/** The clock moves, a message (and a resume) in some session, a new session, new inactivity durations. */
export const lifecycleOps: fc.Arbitrary<LifecycleOp>[] = [
  fc.record({ kind: fc.constant('advance' as const), minutes: fc.integer({ min: 0, max: 3000 }) }),
  fc.record({ kind: fc.constant('message' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('session' as const) }),
  fc.record({
    kind: fc.constant('settings' as const),
    resolve: fc.integer({ min: 5, max: 2000 }),
    close: fc.integer({ min: 5, max: 2000 }),
  }),
];

/** Apply a lifecycle op to the project's world; a message goes through `message` (the test's own widget turn). */
export function applyLifecycleOp(
  ctx: DomainContext,
  project: Project,
  op: LifecycleOp,
  message: (pick: number) => void,
): void {
  if (op.kind === 'advance') ctx.clock.advance(op.minutes * MINUTE_MS);
  if (op.kind === 'message') message(op.pick);
  if (op.kind === 'session')
    openNewSession(ctx, project, {
      segment: 'widget',
      visitor_id: 'v',
      visitor_data: {},
      session_meta: {},
      is_emulator: false,
    });
  if (op.kind === 'settings') {
    project.settings.auto_resolve_duration = op.resolve;
    project.settings.auto_close_duration = op.close;
  }
}
