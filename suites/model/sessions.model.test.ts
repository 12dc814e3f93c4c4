/**
 * Model-based test of widget sessions and their messages: random sequences of createSession, sendMessage (to open,
 * resolved, closed and unknown sessions), pages of getSessionMessages and getSessions in either order (with the
 * status filter), and steps of the virtual clock, compared command by command with a small reference model:
 * - a session is its uid, creation instant, last activity and messages in order;
 * - its status is a function of its idle time (SESSION-AUTO-RESOLVE, SESSION-AUTO-CLOSE,
 *   SESSION-INACTIVITY-PRECEDENCE): closed at auto_close_duration, else resolved at auto_resolve_duration;
 * - a message to a closed session opens a new session holding that turn (SESSION-CLOSED-SENDMESSAGE);
 * - lists are in creation order (ids follow it), pages are slices of it, DESC is its reverse.
 * Reply texts are not predicted: the model records the one sendMessage answered and expects it back in the lists.
 * Each run uses a new project with its own key and durations drawn for the run.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Session, SessionMessage } from '../../contract/index.js';
import { expectError, expectSuccess } from '../support/envelope.js';
import { need, useTarget } from '../support/use-target.js';
import { clockNow, createOrganizationVia, createProjectVia, orgTokenVia } from '../support/world.js';

const target = useTarget();

const MINUTE = 60_000;
const SESSION_NOT_FOUND = 'Session not found';
/** No session has this uid (uids are issued by the target; this one is far beyond any a test run reaches). */
const UNKNOWN_UID = 999_999_999_999;

// ---------------------------------------------------------------------------------------------------------------
// The reference model

interface Turn {
  fromAssistant: boolean;
  text: string;
}

interface SessionModel {
  uid: number;
  createdAt: number;
  lastActivity: number;
  turns: Turn[];
  lastMessage: string | null;
}

interface Model {
  now: number;
  resolveMin: number;
  closeMin: number;
  sessions: SessionModel[];
}

function statusOf(m: Model, s: SessionModel): 'open' | 'resolved' | 'closed' {
  const idle = m.now - s.lastActivity;
  if (idle >= m.closeMin * MINUTE) return 'closed';
  if (idle >= m.resolveMin * MINUTE) return 'resolved';
  return 'open';
}

type Order = 'ASC' | 'DESC' | undefined;

function slice<T>(ascending: readonly T[], limit: number, page: number, order: Order): T[] {
  const list = order === 'DESC' ? [...ascending].reverse() : ascending;
  return list.slice((page - 1) * limit, page * limit);
}

// ---------------------------------------------------------------------------------------------------------------
// The real system

interface Real {
  widget_uid: string;
  key: string;
  bearer: string;
  project_uid: string;
}

const MAX_SESSIONS = 6;
const TOPICS = [
  'How do I get a refund?',
  'How do I reset my password?',
  'Why is my invoice PDF blank?',
  'hello',
];
let asked = 0;

class CreateSession implements fc.AsyncCommand<Model, Real> {
  check = (m: Readonly<Model>) => m.sessions.length < MAX_SESSIONS;
  async run(m: Model, r: Real) {
    const res = await target().call('createSession', {
      auth: { apiKey: r.key },
      body: { widget_uid: r.widget_uid },
    });
    const data = expectSuccess<{ session_uid: string; state: string; status: string }>(
      res,
      'createSession',
    ).data;
    expect({ state: data.state, status: data.status }).toEqual({ state: 'pending', status: 'open' });
    const uid = Number(data.session_uid);
    expect(m.sessions.map((s) => s.uid)).not.toContain(uid);
    m.sessions.push({ uid, createdAt: m.now, lastActivity: m.now, turns: [], lastMessage: null });
  }
  toString = () => 'createSession';
}

class SendMessage implements fc.AsyncCommand<Model, Real> {
  /** `pick` undefined: a session_uid that names no session. */
  constructor(
    readonly pick: number | undefined,
    readonly topic: string,
  ) {}
  check = (m: Readonly<Model>) => this.pick === undefined || m.sessions.length > 0;
  async run(m: Model, r: Real) {
    asked += 1;
    const message = `${this.topic} (turn ${asked})`;
    const s = this.pick === undefined ? undefined : m.sessions[this.pick % m.sessions.length]!;
    const session_uid = String(s?.uid ?? UNKNOWN_UID);
    const res = await target().call('sendMessage', {
      auth: { apiKey: r.key },
      body: { widget_uid: r.widget_uid, session_uid, message },
    });
    if (!s) {
      expectError(res, 404, SESSION_NOT_FOUND);
      return;
    }
    const data = expectSuccess<{ send_by: string; message: string; session_uid?: string }>(
      res,
      'sendMessage',
    ).data;
    expect(data.send_by).toBe('assistant');
    const turns: Turn[] = [
      { fromAssistant: false, text: message },
      { fromAssistant: true, text: data.message },
    ];
    if (statusOf(m, s) === 'closed') {
      // Closing is permanent: the turn opens a new session, whose uid the answer carries.
      expect(data.session_uid, 'a new session_uid').toBeDefined();
      const uid = Number(data.session_uid);
      expect(m.sessions.map((x) => x.uid)).not.toContain(uid);
      m.sessions.push({ uid, createdAt: m.now, lastActivity: m.now, turns, lastMessage: data.message });
      return;
    }
    if (data.session_uid !== undefined) expect(data.session_uid).toBe(session_uid);
    s.turns.push(...turns);
    s.lastActivity = m.now;
    s.lastMessage = data.message;
  }
  toString = () => `send(${this.pick === undefined ? 'unknown' : `#${this.pick}`})`;
}

class ReadMessages implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number | undefined,
    readonly limit: number,
    readonly page: number,
    readonly orderBy: Order,
  ) {}
  check = (m: Readonly<Model>) => this.pick === undefined || m.sessions.length > 0;
  async run(m: Model, r: Real) {
    const s = this.pick === undefined ? undefined : m.sessions[this.pick % m.sessions.length]!;
    const res = await target().call('getSessionMessages', {
      auth: { bearer: r.bearer },
      body: {
        project_uid: r.project_uid,
        session_uid: s?.uid ?? UNKNOWN_UID,
        limit: this.limit,
        page: this.page,
        ...(this.orderBy ? { orderBy: this.orderBy } : {}),
      },
    });
    if (!s) {
      expectError(res, 404, SESSION_NOT_FOUND);
      return;
    }
    const data = expectSuccess<SessionMessage[]>(res, 'getSessionMessages').data;
    const got = data.map((x) => ({ fromAssistant: x.send_by === 'assistant', text: x.message }));
    expect(got).toEqual(slice(s.turns, this.limit, this.page, this.orderBy));
    const ids = data.map((x) => x.id);
    const sorted = [...ids].sort((a, b) => a - b);
    expect(ids).toEqual(this.orderBy === 'DESC' ? sorted.reverse() : sorted);
  }
  toString = () =>
    `messages(${this.pick === undefined ? 'unknown' : `#${this.pick}`}, ${this.limit}, ${this.page}, ${this.orderBy})`;
}

class ListSessions implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly limit: number,
    readonly page: number,
    readonly orderBy: Order,
    readonly status: 'open' | 'closed' | undefined,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const res = await target().call('getSessions', {
      auth: { bearer: r.bearer },
      body: {
        project_uid: r.project_uid,
        limit: this.limit,
        page: this.page,
        ...(this.orderBy ? { orderBy: this.orderBy } : {}),
        ...(this.status ? { status: this.status } : {}),
      },
    });
    const body = expectSuccess<Session[]>(res, 'getSessions');
    const matching = m.sessions.filter((s) => this.status === undefined || statusOf(m, s) === this.status);
    const expected = slice(matching, this.limit, this.page, this.orderBy).map((s) => ({
      session_uid: s.uid,
      status: statusOf(m, s),
      last_message: s.lastMessage,
      created_at: s.createdAt,
    }));
    const got = body.data.map((s) => ({
      session_uid: s.session_uid,
      status: s.status,
      last_message: s.last_message,
      created_at: Date.parse(s.created_at),
    }));
    expect(got).toEqual(expected);
    if (body.total !== undefined) expect(body.total).toBe(matching.length);
  }
  toString = () => `sessions(${this.limit}, ${this.page}, ${this.orderBy}, ${this.status})`;
}

class Advance implements fc.AsyncCommand<Model, Real> {
  constructor(readonly minutes: number) {}
  check = () => true;
  async run(m: Model) {
    await target().control!.advance({ minutes: this.minutes });
    m.now += this.minutes * MINUTE;
  }
  toString = () => `advance(${this.minutes}min)`;
}

/** To the instant a session resolves or closes, or 1 ms before it: the boundaries of SESSION-AUTO-*. */
class AdvanceToBoundary implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly which: 'resolve' | 'close',
    readonly offsetMs: 0 | -1,
  ) {}
  private instant(m: Readonly<Model>): number | undefined {
    const s = m.sessions[this.pick % Math.max(1, m.sessions.length)];
    if (!s) return undefined;
    return s.lastActivity + (this.which === 'resolve' ? m.resolveMin : m.closeMin) * MINUTE + this.offsetMs;
  }
  check = (m: Readonly<Model>) => (this.instant(m) ?? 0) > m.now;
  async run(m: Model) {
    const ms = this.instant(m)! - m.now;
    await target().control!.advance({ ms });
    m.now += ms;
  }
  toString = () => `advanceTo(#${this.pick} ${this.which}, ${this.offsetMs}ms)`;
}

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
  return { widget_uid: project.widget_uid, key, bearer, project_uid: project.project_uid };
}

describe('widget sessions against a reference model', () => {
  it('random sequences of sessions, messages, pages of both lists and clock steps match the model command by command [MODEL-SESSIONS, SEND-MESSAGE-RECORDED, SEND-MESSAGE-UNKNOWN-SESSION, SESSION-MESSAGES-UNKNOWN-SESSION, SESSION-AUTO-RESOLVE, SESSION-AUTO-CLOSE, SESSION-INACTIVITY-PRECEDENCE, SESSION-RESOLVED-RESUMABLE, SESSION-RESOLVED-STATUS-VALUE, SESSION-CLOSED-SENDMESSAGE, SESSION-CLOSE-PERMANENT, SESSIONS-STATUS-FILTER, SESSIONS-ORDER-KEY, SESSION-MESSAGES-ORDER-KEY, CREATE-SESSION-LISTED]', async (ctx) => {
    need(ctx, target(), { control: true });
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
