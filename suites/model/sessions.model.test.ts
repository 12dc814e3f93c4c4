/**
 * Model-based test of widget sessions and their messages: random sequences of createSession, sendMessage (to open,
 * resolved, closed and unknown sessions), pages of getSessionMessages and getSessions in either order (with the
 * status filter), and steps of the virtual clock, compared command by command with a small reference model:
 * - a session is its uid, creation instant, last activity and messages in order;
 * - its status is a function of its idle time (SESSION-AUTO-RESOLVE, SESSION-AUTO-CLOSE,
 *   SESSION-INACTIVITY-PRECEDENCE): closed at auto_close_duration, else resolved at auto_resolve_duration;
 * - a message to a closed session opens a new session holding that turn (SESSION-CLOSED-SENDMESSAGE);
 * - lists are in creation order (ids follow it), pages are slices of it, DESC is its reverse.
 * The model: sessions-reference.ts; the commands, one class per operation: sessions-commands.ts.
 * Reply texts are not predicted: the model records the one sendMessage answered and expects it back in the lists.
 * Each run uses a new project with its own key and durations drawn for the run.
 *
 * Two strengths (HARNESS-TWO-STRENGTHS): what the spec documents is checked hard (a created session is pending and
 * open, a message to an existing open or resolved session is answered by the assistant, a page holds at most
 * `limit` items, the status filter keeps only that status, a message to no session is refused); everything the
 * model predicts beyond that (the order of ties, what is recorded, the status values and timings, what a closed
 * session does) is checked under the assumed clauses it rests on, MODEL-SESSIONS first. A session the model only
 * knows through an assumed behaviour carries that clause (`grounds`) into every check that relies on it.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { expectSuccess } from '../support/envelope.js';
import { need, useTarget } from '../support/use-target.js';
import { clockNow, createOrganizationVia, createProjectVia, orgTokenVia } from '../support/world.js';
import {
  Advance,
  AdvanceToBoundary,
  CreateSession,
  ListSessions,
  MAX_SESSIONS,
  ReadMessages,
  type Real,
  SendMessage,
  TOPICS,
} from './sessions-commands.js';
import type { Model, Order } from './sessions-reference.js';

const target = useTarget();

const pickArb = fc.option(fc.nat({ max: MAX_SESSIONS - 1 }), { nil: undefined, freq: 8 });
const orderArb = fc.constantFrom<Order>(undefined, 'ASC', 'DESC');
const commandArbs = [
  fc.constant(new CreateSession()),
  // Messages twice as often as each other command, so that sessions hold several pages.
  ...Array.from({ length: 2 }, () =>
    fc.tuple(pickArb, fc.constantFrom(...TOPICS)).map(([p, t]) => new SendMessage(p, t)),
  ),
  fc
    .tuple(pickArb, fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 5 }), orderArb)
    .map(([p, l, pg, o]) => new ReadMessages(p, l, pg, o)),
  fc
    .tuple(
      fc.integer({ min: 1, max: 4 }),
      fc.integer({ min: 1, max: 3 }),
      orderArb,
      fc.constantFrom<'open' | 'closed' | undefined>(undefined, 'open', 'closed'),
    )
    .map(([l, pg, o, s]) => new ListSessions(l, pg, o, s)),
  fc.integer({ min: 1, max: 45 }).map((min) => new Advance(min)),
  fc
    .tuple(
      fc.nat({ max: MAX_SESSIONS - 1 }),
      fc.constantFrom<'resolve' | 'close'>('resolve', 'close'),
      fc.constantFrom<0 | -1>(0, -1),
    )
    .map(([p, w, o]) => new AdvanceToBoundary(p, w, o)),
];

/** auto_resolve_duration and auto_close_duration of a run, in minutes (equal ones included). */
const durationsArb = fc.record({
  resolveMin: fc.integer({ min: 5, max: 40 }),
  closeMin: fc.integer({ min: 5, max: 60 }),
});

async function newWorld(resolveMin: number, closeMin: number): Promise<Real> {
  const control = target().control!;
  const org = await createOrganizationVia(control);
  const project = await createProjectVia(control, org.organization_id, undefined);
  const key = (await control.post<{ value: string }>(`/projects/${project.project_uid}/keys`)).value;
  const bearer = (await orgTokenVia(control, org)).value;
  const res = await target().call('updateProjectSettings', {
    auth: { bearer },
    body: {
      project_uid: project.project_uid,
      auto_resolve_duration: resolveMin,
      auto_close_duration: closeMin,
    },
  });
  expectSuccess(res, 'updateProjectSettings');
  return { target: target(), widget_uid: project.widget_uid, key, bearer, project_uid: project.project_uid };
}

describe('widget sessions against a reference model', () => {
  it('random sequences of sessions, messages, pages of both lists and clock steps match the model command by command [MODEL-SESSIONS, SEND-MESSAGE-RECORDED, SEND-MESSAGE-UNKNOWN-SESSION, SESSION-MESSAGES-UNKNOWN-SESSION, SESSION-AUTO-RESOLVE, SESSION-AUTO-CLOSE, SESSION-INACTIVITY-PRECEDENCE, SESSION-RESOLVED-RESUMABLE, SESSION-RESOLVED-STATUS-VALUE, SESSION-CLOSED-SENDMESSAGE, SESSION-CLOSE-PERMANENT, SESSIONS-STATUS-FILTER, SESSIONS-ORDER-KEY, SESSION-MESSAGES-ORDER-KEY, CREATE-SESSION-LISTED]', async (ctx) => {
    need(ctx, target(), { control: 'the clock' });
    await fc.assert(
      fc.asyncProperty(
        durationsArb,
        fc.commands(commandArbs, { maxCommands: 25, size: 'max' }),
        async (d, cmds) => {
          const real = await newWorld(d.resolveMin, d.closeMin);
          const model: Model = { now: await clockNow(target().control!), ...d, sessions: [] };
          await fc.asyncModelRun(() => ({ model, real }), cmds);
        },
      ),
      { numRuns: 30 },
    );
  });
});
