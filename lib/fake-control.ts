/**
 * `FakeControl`: a typed handle over the fake's control API (`/_control/...`, FAKE-CONTROL-SECRET). Every call goes
 * through the real control routes of the fake's Koa app, in memory (no socket), so it behaves exactly as the same
 * request over HTTP; a non-2xx answer rejects with the envelope's message.
 */
import type { RequestListener } from 'node:http';
import inject from 'light-my-request';
import type { z } from 'zod';
import type { JournalEntry } from '../contract/control-journal.js';
import type { TargetConfig } from '../contract/index.js';
import type { ScriptedReply } from '../contract/requests/rag-script.js';
import type { ClockMode } from './fake-options.js';

/** A scripted reply as written (defaults may be left out), see POST /_control/projects/:uid/rag/replies. */
export type ScriptedReplyInput = z.input<typeof ScriptedReply>;

export interface ResetOptions {
  seed?: number;
  fixtures?: 'default' | 'empty';
  /** Virtual time after the reset, ISO 8601. */
  clock?: string;
  clock_mode?: ClockMode;
  /** The rate-limit window for this reset and every later one (FAKE-RATE-WINDOW-CONTROL). */
  rate_window?: { ms?: number; mode?: 'fixed' | 'sliding' };
}

export interface ClockAdvance {
  ms?: number;
  seconds?: number;
  minutes?: number;
  hours?: number;
  days?: number;
}

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
  outbox<T = unknown>(): Promise<T[]>;
  /** GET /rate-limits: the window and every live count. */
  rateLimits<T = unknown>(): Promise<T>;
  /** POST /rate-limits/reset: clear every count. */
  resetRateLimits(): Promise<void>;
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

interface Envelope {
  type?: string;
  message?: string;
  data?: unknown;
}

/** The control handle of the fake answering `handler`, its control API mounted at `prefix` and wanting `secret`. */
export function createFakeControl(handler: RequestListener, prefix: string, secret: string): FakeControl {
  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: string) =>
    inject(handler, {
      method,
      url: `${prefix}${path.startsWith('/') ? path : `/${path}`}`,
      headers: {
        'x-control-secret': secret,
        ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(payload !== undefined ? { payload } : {}),
    });
  const exchange = async <T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
    raw?: string,
  ): Promise<T> => {
    const res = await send(method, path, raw ?? (body !== undefined ? JSON.stringify(body) : undefined));
    let json: Envelope | undefined;
    try {
      json = JSON.parse(res.payload) as Envelope;
    } catch {
      json = undefined;
    }
    if (res.statusCode !== 200 || json?.type !== 'RXSUCCESS') {
      throw new FakeControlError(res.statusCode, method, path, json?.message ?? res.payload.slice(0, 200));
    }
    return json.data as T;
  };
  const project = (uid: string) => `/projects/${encodeURIComponent(uid)}/rag/replies`;
  return {
    reset: (options = {}) => exchange('POST', '/reset', options),
    target: () => exchange('GET', '/target'),
    now: async () => (await exchange<{ now: string }>('GET', '/clock')).now,
    advanceClock: async (by) => (await exchange<{ now: string }>('POST', '/clock/advance', by)).now,
    setClock: async (now) =>
      (
        await exchange<{ now: string }>('POST', '/clock/set', {
          now: typeof now === 'string' ? now : now.toISOString(),
        })
      ).now,
    scriptReplies: (uid, replies) => exchange('POST', project(uid), { replies }),
    scriptedReplies: (uid) => exchange('GET', project(uid)),
    clearScriptedReplies: async (uid) =>
      (await exchange<{ cleared: number }>('DELETE', project(uid))).cleared,
    journal: () => exchange('GET', '/journal'),
    clearJournal: async () => {
      await exchange('DELETE', '/journal');
    },
    outbox: () => exchange('GET', '/outbox'),
    rateLimits: () => exchange('GET', '/rate-limits'),
    resetRateLimits: async () => {
      await exchange('POST', '/rate-limits/reset', {});
    },
    exportState: async () => {
      const res = await send('GET', '/state');
      if (res.statusCode !== 200) {
        let message = res.payload.slice(0, 200);
        try {
          message = (JSON.parse(res.payload) as Envelope).message ?? message;
        } catch {}
        throw new FakeControlError(res.statusCode, 'GET', '/state', message);
      }
      return res.payload;
    },
    importState: (snapshot) => exchange('PUT', '/state', undefined, snapshot),
    get: (path) => exchange('GET', path),
    post: (path, body) => exchange('POST', path, body ?? {}),
    delete: (path) => exchange('DELETE', path),
  };
}
