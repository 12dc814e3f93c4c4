/**
 * observeSessions visits only unclosed sessions, and only when one can be due: it must leave every session as
 * refreshing all of them at the same instants would [SESSION-AUTO-RESOLVE, SESSION-AUTO-CLOSE, SESSION-INACTIVITY-PRECEDENCE].
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Runtime } from '../runtime.js';
import type { DomainContext } from './context.js';
import { refreshLifecycle } from './session-lifecycle.js';
import { appendMessage, observeSessions } from './sessions.js';
import { applyLifecycleOp, type LifecycleOp, lifecycleOps } from './sessions.test-support.js';
import type { Project } from './state.js';

type Op = LifecycleOp | { kind: 'observe' };

/** 400 runs, or FC_RUNS (the mutation runs take 30, mutation/setup.ts, so that every mutant it covers meets it). */
const RUNS = Number.parseInt(process.env.FC_RUNS ?? '', 10) || 400;

const opArb: fc.Arbitrary<Op> = fc.oneof(
  ...lifecycleOps,
  fc.record({ kind: fc.constant('observe' as const) }),
);

function world() {
  const runtime = new Runtime({ seed: 3 });
  const ctx = runtime.domain;
  const project = [...ctx.state.projects.values()][0]!;
  return { ctx, project };
}

/** The widget's turn as far as the lifecycle sees it: a message, and a resolved conversation resumes. */
function turn(ctx: DomainContext, project: Project, pick: number): void {
  const open = [...ctx.state.sessions.values()].filter(
    (s) => s.project_id === project.id && s.status !== 'closed',
  );
  const s = open[pick % Math.max(1, open.length)];
  if (!s || s.is_emulator) return;
  appendMessage(ctx, s, 'user', 'hello');
  ctx.state.sessions.setStatus(s, 'open');
}

const snapshot = (ctx: DomainContext) =>
  [...ctx.state.sessions.values()].map((s) => `${s.id}:${s.status}:${s.updated_at}`).join(' ');

describe('observeSessions', () => {
  it('moves sessions exactly as refreshing every session at the same instants does', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 40 }), (ops) => {
        const fast = world();
        const naive = world();
        for (const op of [...ops, { kind: 'observe' } as Op]) {
          for (const { ctx, project } of [fast, naive]) {
            if (op.kind !== 'observe') applyLifecycleOp(ctx, project, op, (pick) => turn(ctx, project, pick));
          }
          if (op.kind === 'observe') {
            observeSessions(fast.ctx, fast.project);
            for (const s of naive.ctx.state.sessions.values())
              if (s.project_id === naive.project.id) refreshLifecycle(naive.ctx, s, naive.project.settings);
            expect(snapshot(fast.ctx)).toBe(snapshot(naive.ctx));
          }
        }
      }),
      { numRuns: RUNS },
    );
    // 400 runs of two fresh runtimes each: about 15 s of CPU, more on a loaded machine (the default 30 s is too tight).
  }, 180_000);
});
