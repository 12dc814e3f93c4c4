/**
 * The commands of the widget sessions model (sessions.model.test.ts), one class per operation, run against the
 * target and checked against the reference (sessions-reference.ts) in two strengths (HARNESS-TWO-STRENGTHS): what
 * the spec documents hard; what the model predicts beyond it under the assumed clauses it rests on, MODEL-SESSIONS
 * first. Reply texts are not predicted: the model records the one sendMessage answered and expects it back in the
 * lists.
 */
import type fc from 'fast-check';
import { expect } from 'vitest';
import type { Session, SessionMessage } from '../../contract/index.js';
import { expectError, expectRefused, expectSuccess } from '../support/envelope.js';
import { assumed, documented, readable } from '../support/strength.js';
import type { Target } from '../target/target.js';
import { under } from './grounds.js';
import {
  MINUTE,
  type Model,
  type Order,
  type SessionModel,
  slice,
  statusGrounds,
  statusOf,
  type Turn,
} from './sessions-reference.js';

const SESSION_NOT_FOUND = 'Session not found';
/** No session has this uid (uids are issued by the target; this one is far beyond any a test run reaches). */
const UNKNOWN_UID = 999_999_999_999;

/** The real system: the target, and the project, widget, key and token of the run. */
export interface Real {
  target: Target;
  widget_uid: string;
  key: string;
  bearer: string;
  project_uid: string;
}

export const MAX_SESSIONS = 6;
export const TOPICS = [
  'How do I get a refund?',
  'How do I reset my password?',
  'Why is my invoice PDF blank?',
  'hello',
];
let asked = 0;

export class CreateSession implements fc.AsyncCommand<Model, Real> {
  check = (m: Readonly<Model>) => m.sessions.length < MAX_SESSIONS;
  async run(m: Model, r: Real) {
    const res = await r.target.call('createSession', {
      auth: { apiKey: r.key },
      body: { widget_uid: r.widget_uid },
    });
    const data = expectSuccess<{ session_uid: string; state: string; status: string }>(
      res,
      'createSession',
    ).data;
    readable('CREATE-SESSION-INITIAL-STATE', () =>
      expect({ state: data.state, status: data.status }).toEqual({ state: 'pending', status: 'open' }),
    );
    const uid = Number(data.session_uid);
    expect(m.sessions.map((s) => s.uid)).not.toContain(uid);
    m.sessions.push({
      uid,
      createdAt: m.now,
      lastActivity: m.now,
      turns: [],
      lastMessage: null,
      grounds: new Set(),
    });
  }
  toString = () => 'createSession';
}

export class SendMessage implements fc.AsyncCommand<Model, Real> {
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
    const res = await r.target.call('sendMessage', {
      auth: { apiKey: r.key },
      body: { widget_uid: r.widget_uid, session_uid, message },
    });
    expect(res.status, `no server error: ${res.text.slice(0, 200)}`).toBeLessThan(500);
    if (!s) {
      // A session must be created before messages are sent (documented); the 404 is the fake's.
      readable('SEND-MESSAGE-REQUIRES-SESSION', () =>
        expect(res.status, `a refusal; body: ${res.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400),
      );
      expectRefused(res);
      expectError(res, 404, SESSION_NOT_FOUND);
      return;
    }
    const success = res.status >= 200 && res.status < 300;
    const data = (
      res.json as { data?: { send_by: string; message: string; session_uid?: string } } | undefined
    )?.data;
    // Answered (bound to the rule that lets this session take a message: a resolved one is resumable), by the
    // assistant (its own rule).
    const answered = () => {
      const rule = statusOf(m, s) === 'resolved' ? 'SESSION-RESOLVED-RESUMABLE' : 'SEND-MESSAGE-FIELDS';
      readable(rule, () =>
        expect(res.status, `a reply; body: ${res.text.slice(0, 200)}`).toBeGreaterThanOrEqual(200),
      );
      readable(rule, () => expect(res.status, `a reply; body: ${res.text.slice(0, 200)}`).toBeLessThan(300));
      const body = expectSuccess<{ send_by: string; message: string; session_uid?: string }>(
        res,
        'sendMessage',
      );
      documented('SEND-MESSAGE-ASSISTANT', () => expect(body.data.send_by).toBe('assistant'));
    };
    if (statusOf(m, s) === 'closed') {
      // Closing is permanent: the turn opens a new session, whose uid the answer carries (the fake's reading).
      const grounds = ['SESSION-CLOSED-SENDMESSAGE', ...s.grounds, ...statusGrounds(m, s)];
      const known = m.sessions.map((x) => x.uid);
      under(grounds, () => {
        answered();
        expect(data?.session_uid, 'a new session_uid').toBeDefined();
        expect(known).not.toContain(Number(data!.session_uid));
      });
      if (!success || data?.session_uid === undefined || known.includes(Number(data.session_uid))) return;
      m.sessions.push({
        uid: Number(data.session_uid),
        createdAt: m.now,
        lastActivity: m.now,
        turns: [
          { fromAssistant: false, text: message },
          { fromAssistant: true, text: data.message },
        ],
        lastMessage: data.message,
        grounds: new Set(grounds),
      });
      return;
    }
    // An open session, or a resolved one (resumable): answered by the assistant.
    under(s.grounds, answered);
    if (!success || data === undefined) return;
    assumed('MODEL-SESSIONS', () => {
      if (data.session_uid !== undefined) expect(data.session_uid).toBe(session_uid);
    });
    s.turns.push({ fromAssistant: false, text: message }, { fromAssistant: true, text: data.message });
    s.lastActivity = m.now;
    s.lastMessage = data.message;
  }
  toString = () => `send(${this.pick === undefined ? 'unknown' : `#${this.pick}`})`;
}

export class ReadMessages implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number | undefined,
    readonly limit: number,
    readonly page: number,
    readonly orderBy: Order,
  ) {}
  check = (m: Readonly<Model>) => this.pick === undefined || m.sessions.length > 0;
  async run(m: Model, r: Real) {
    const s = this.pick === undefined ? undefined : m.sessions[this.pick % m.sessions.length]!;
    const res = await r.target.call('getSessionMessages', {
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
      // Reading a session that does not exist: the fake refuses it with its 404.
      assumed('SESSION-MESSAGES-UNKNOWN-SESSION', () => {
        expectRefused(res);
        expect(res.status).toBe(404);
        expect((res.json as { message?: unknown }).message).toBe(SESSION_NOT_FOUND);
      });
      return;
    }
    const ok = () => expectSuccess<SessionMessage[]>(res, 'getSessionMessages');
    under(s.grounds, ok);
    if (res.status < 200 || res.status >= 300) return;
    const data = ok().data;
    documented('SESSION-MESSAGES-LIMIT-RANGE', () =>
      expect(data.length, 'at most limit messages').toBeLessThanOrEqual(this.limit),
    );
    const got = data.map((x) => ({ fromAssistant: x.send_by === 'assistant', text: x.message }));
    const expected = slice(s.turns, this.limit, this.page, this.orderBy);
    // What is recorded, whatever the order (when the page holds the whole conversation).
    if (this.page === 1 && s.turns.length <= this.limit) {
      const key = (t: Turn) => `${t.fromAssistant}:${t.text}`;
      under(['SEND-MESSAGE-RECORDED', ...s.grounds], () =>
        expect(got.map(key).sort()).toEqual(expected.map(key).sort()),
      );
    }
    // The order, ties included: createdAt then id in the orderBy direction.
    const ids = data.map((x) => x.id);
    const sorted = [...ids].sort((a, b) => a - b);
    under(['MODEL-SESSIONS', 'SESSION-MESSAGES-ORDER-KEY', ...s.grounds], () => {
      expect(got).toEqual(expected);
      expect(ids).toEqual(this.orderBy === 'DESC' ? [...sorted].reverse() : sorted);
    });
  }
  toString = () =>
    `messages(${this.pick === undefined ? 'unknown' : `#${this.pick}`}, ${this.limit}, ${this.page}, ${this.orderBy})`;
}

export class ListSessions implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly limit: number,
    readonly page: number,
    readonly orderBy: Order,
    readonly status: 'open' | 'closed' | undefined,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const res = await r.target.call('getSessions', {
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
    documented('SESSIONS-LIMIT-RANGE', () =>
      expect(body.data.length, 'at most limit sessions').toBeLessThanOrEqual(this.limit),
    );
    // The filter keeps only sessions with that status (documented).
    if (this.status)
      documented('SESSIONS-STATUS-FILTER', () => {
        for (const s of body.data) expect(s.status, `session ${s.session_uid}`).toBe(this.status);
      });
    const matching = m.sessions.filter((s) => this.status === undefined || statusOf(m, s) === this.status);
    const row = (s: SessionModel) => ({
      session_uid: s.uid,
      status: statusOf(m, s),
      last_message: s.lastMessage,
      created_at: s.createdAt,
    });
    // created_at as precisely as the answer writes it: "ISO 8601" allows whole seconds, so a server that writes no
    // fraction is held to the second, never to the milliseconds it does not show.
    const unit = writtenUnit(body.data.map((s) => s.created_at));
    const expected = slice(matching, this.limit, this.page, this.orderBy)
      .map(row)
      .map((x) => ({ ...x, created_at: Math.floor(x.created_at / unit) * unit }));
    const got = body.data.map((s) => ({
      session_uid: s.session_uid,
      status: s.status,
      last_message: s.last_message,
      created_at: Date.parse(s.created_at),
    }));
    // Which sessions match rests on every session's status and on how the model knows it.
    const grounds = m.sessions.flatMap((s) => [...s.grounds, ...statusGrounds(m, s)]);
    if (this.page === 1 && matching.length <= this.limit) {
      const byUid = (a: { session_uid: number }, b: { session_uid: number }) => a.session_uid - b.session_uid;
      under(['CREATE-SESSION-LISTED', 'SEND-MESSAGE-RECORDED', ...grounds], () =>
        expect([...got].sort(byUid)).toEqual([...expected].sort(byUid)),
      );
    }
    under(['MODEL-SESSIONS', 'SESSIONS-ORDER-KEY', ...grounds], () => {
      expect(got).toEqual(expected);
      if (body.total !== undefined) expect(body.total).toBe(matching.length);
    });
  }
  toString = () => `sessions(${this.limit}, ${this.page}, ${this.orderBy}, ${this.status})`;
}

/** The finest unit, in ms, the datetimes of an answer are written in: 1 with a millisecond fraction, 1000 with none. */
function writtenUnit(stamps: readonly string[]): number {
  const digits = stamps.map((t) => /T[^.,]*[.,](\d+)/.exec(t)?.[1]?.length ?? 0);
  return 10 ** (3 - Math.min(3, Math.max(0, ...digits)));
}

export class Advance implements fc.AsyncCommand<Model, Real> {
  constructor(readonly minutes: number) {}
  check = () => true;
  async run(m: Model, r: Real) {
    await r.target.control!.advance({ minutes: this.minutes });
    m.now += this.minutes * MINUTE;
  }
  toString = () => `advance(${this.minutes}min)`;
}

/** To the instant a session resolves or closes, or 1 ms before it: the boundaries of SESSION-AUTO-*. */
export class AdvanceToBoundary implements fc.AsyncCommand<Model, Real> {
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
  async run(m: Model, r: Real) {
    const ms = this.instant(m)! - m.now;
    await r.target.control!.advance({ ms });
    m.now += ms;
  }
  toString = () => `advanceTo(#${this.pick} ${this.which}, ${this.offsetMs}ms)`;
}
