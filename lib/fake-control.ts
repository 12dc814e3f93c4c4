/**
 * `FakeControl`: a typed handle over the fake's control API (`/_control/...`, FAKE-CONTROL-SECRET). Every call goes
 * through the real control routes of the fake's Koa app, in memory (no socket), so it behaves exactly as the same
 * request over HTTP; a non-2xx answer rejects with the envelope's message. The routes, their bodies and answers are
 * those of contract/control/ (the typed client there does the calls and checks every answer).
 */
import type { RequestListener } from 'node:http';
import inject from 'light-my-request';
import {
  type ControlBody,
  type ControlExchange,
  type ControlOutboxEmail,
  type ControlRateLimits,
  createControlApi,
  fetchExchange,
  type JournalEntry,
  readControlAnswer,
  type ScriptedReply,
} from '../contract/control/index.js';
import type { TargetConfig } from '../contract/index.js';

/** A scripted reply as written (defaults may be left out), see POST /_control/projects/:uid/rag/replies. */
export type ScriptedReplyInput = ControlBody<'scriptReplies'>['replies'][number];

/** POST /reset's options: seed, fixtures, virtual time after the reset (ISO 8601), clock mode, rate window. */
export type ResetOptions = ControlBody<'reset'>;

/** POST /clock/advance: the sum of the given amounts. */
export type ClockAdvance = ControlBody<'advance'>;

export interface FakeControl {
  /** POST /reset: all state rebuilt from the seed; resolves to the fresh target config. */
  reset(options?: ResetOptions): Promise<TargetConfig>;
  /** GET /target: the fake's current target config. */
  target(): Promise<TargetConfig>;
  /** GET /clock: virtual now, ISO 8601. */
  now(): Promise<string>;
  /** POST /clock/advance: move virtual time forward; resolves to the new now. */
  advanceClock(by: ClockAdvance): Promise<string>;
  /** POST /clock/set: move virtual time forward to `now`. */
  setClock(now: string | Date): Promise<string>;
  /** POST /projects/:uid/rag/replies: queue the next RAG answers of a project (FAKE-MODEL-SCRIPT); the queue. */
  scriptReplies(projectUid: string, replies: ScriptedReplyInput[]): Promise<ScriptedReply[]>;
  /** GET /projects/:uid/rag/replies: the replies still queued. */
  scriptedReplies(projectUid: string): Promise<ScriptedReply[]>;
  /** DELETE /projects/:uid/rag/replies: empty the queue; resolves to how many were dropped. */
  clearScriptedReplies(projectUid: string): Promise<number>;
  /** GET /journal: the latest public API requests, oldest first (FAKE-REQUEST-JOURNAL). */
  journal(): Promise<JournalEntry[]>;
  /** DELETE /journal. */
  clearJournal(): Promise<void>;
  /** GET /outbox: the e-mails the fake would have sent. */
  outbox<T = ControlOutboxEmail>(): Promise<T[]>;
  /** GET /rate-limits: the window and every live count. */
  rateLimits<T = ControlRateLimits>(): Promise<T>;
  /** POST /rate-limits/reset: clear every count. */
  resetRateLimits(): Promise<void>;
  /**
   * POST /organizations/:id/rate-limits/reset: clear the counts of that organization's tokens and projects only
   * (one fake shared by parallel jobs, an organization each); resolves to how many counts were cleared.
   */
  resetOrganizationRateLimits(organizationId: number): Promise<number>;
  /** DELETE /organizations/:id: the organization with everything it holds and its counts; the others stay. */
  deleteOrganization(organizationId: number): Promise<void>;
  /**
   * GET /state: the whole state as a snapshot document, the format of the state file (FAKE-STATE-SNAPSHOT); save
   * it and start a fake from it (`state: FILE`), or give it to importState.
   */
  exportState(): Promise<string>;
  /**
   * PUT /state: replace the whole state with a snapshot document (checked as a state file is; an invalid one
   * rejects with 400 and changes nothing); resolves to the target config of the imported state.
   */
  importState(snapshot: string): Promise<TargetConfig>;
  /** Any control route, path relative to the control prefix (e.g. `/tokens`); resolves to the envelope's data. */
  get<T = unknown>(path: string): Promise<T>;
  post<T = unknown>(path: string, body?: unknown): Promise<T>;
  delete<T = unknown>(path: string): Promise<T>;
}

/** The error a control call rejects with: the status and the envelope's message. */
export class FakeControlError extends Error {
  constructor(
    readonly status: number,
    readonly method: string,
    readonly path: string,
    message: string,
  ) {
    super(`control ${method} ${path} answered ${status}: ${message}`);
    this.name = 'FakeControlError';
  }
}

/** The control handle of the fake answering `handler`, its control API mounted at `prefix` and wanting `secret`. */
export function createFakeControl(handler: RequestListener, prefix: string, secret: string): FakeControl {
  const exchange: ControlExchange = async (method, path, body, options) => {
    const payload = options?.text ?? (body !== undefined ? JSON.stringify(body) : undefined);
    const res = await inject(handler, {
      method,
      url: `${prefix}${path.startsWith('/') ? path : `/${path}`}`,
      headers: {
        'x-control-secret': secret,
        ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(payload !== undefined ? { payload } : {}),
    });
    if (options?.textAnswer && res.statusCode === 200) return res.payload;
    return answerOf(res.statusCode, res.payload, method, path);
  };
  return fakeControlOver(exchange);
}

/**
 * The control handle of a fake already running (`npm start`, `npx chatbot-fake`, another job's `startFake()`), over
 * HTTP: `controlUrl` is its control prefix, e.g. `http://127.0.0.1:4010/_control` (a target config's `control.url`, with its `control.secret`).
 * Parallel jobs sharing that fake each take an organization of their own through it (docs/client-developers.md,
 * "One fake, many parallel jobs").
 */
export function connectFakeControl(controlUrl: string, secret = 'fake-admin-secret'): FakeControl {
  return fakeControlOver(
    fetchExchange(
      controlUrl,
      secret,
      (status, method, path, message) => new FakeControlError(status, method, path, message),
    ),
  );
}

function answerOf(status: number, text: string, method: string, path: string): unknown {
  const answer = readControlAnswer(status, text);
  if (!answer.ok) throw new FakeControlError(status, method, path, answer.message);
  return answer.data;
}

function fakeControlOver(exchange: ControlExchange): FakeControl {
  const api = createControlApi(exchange);
  return {
    reset: (options = {}) => api.reset(options),
    target: () => api.target(),
    now: () => api.clock(),
    advanceClock: (by) => api.advance(by),
    setClock: (now) => api.setClock(now),
    scriptReplies: (uid, replies) => api.scriptReplies(uid, { replies }),
    scriptedReplies: (uid) => api.scriptedReplies(uid),
    clearScriptedReplies: (uid) => api.clearReplies(uid),
    journal: () => api.journal(),
    clearJournal: () => api.clearJournal(),
    outbox: async <T>() => (await api.outbox()) as T[],
    rateLimits: async <T>() => (await api.rateLimits()) as T,
    resetOrganizationRateLimits: (id) => api.resetOrganizationRateLimits(id),
    deleteOrganization: (id) => api.deleteOrganization(id),
    resetRateLimits: async () => {
      await api.resetRateLimits();
    },
    exportState: () => api.exportState(),
    importState: (snapshot) => api.importState(snapshot),
    get: (path) => api.get(path),
    post: (path, body) => api.post(path, body),
    delete: (path) => api.delete(path),
  };
}
