/**
 * A typed client of the fake's control API over any transport: the caller injects `exchange` (undici for the
 * suites, so record and replay keep working; an in-memory dispatch for the library; fetch or undici for the bench
 * and the fuzzer), and gets one method per route of ./api.ts. Every answer is checked against its route's data
 * schema; one that does not match rejects with a ControlContractError naming the route. No HTTP here.
 *
 * Conventions: path parameters come first, in path order, then the route's body as its schema's input. The clock
 * routes resolve to virtual now (ISO 8601); every other route to its `data`.
 */
import { z } from 'zod';
import { type ControlApiTable, type ControlBody, type ControlData, controlApi } from './api.js';
import type { FaultRule } from './faults.js';
import type { ScriptedReply } from './rag-script.js';
import {
  type ControlMethod,
  type ControlPathParams,
  type ControlRouteId,
  controlPath,
  type TokenLifecycleAction,
} from './routes.js';
import type {
  BulkSeedResult,
  ConsistencyReport,
  ControlCreatedOrganization,
  ControlCredits,
  ControlDocument,
  ControlMember,
  ControlMessageRate,
  ControlModel,
  ControlOrganization,
  ControlOutboxEmail,
  ControlPlan,
  ControlProject,
  ControlProjectKey,
  ControlRateLimits,
  ControlToken,
  ControlUser,
  JournalEntry,
} from './views.js';

export interface ExchangeOptions {
  /** Send this text as the body, as is (PUT /state's snapshot document), instead of `body` as JSON. */
  text?: string;
  /** The answer is not an envelope: resolve to its text (GET /state). */
  textAnswer?: boolean;
}

/**
 * One control request over the caller's transport. `path` is relative to the control prefix (query included);
 * the exchange adds `x-control-secret`, sends `body` as JSON when it is defined, and resolves to the success
 * envelope's `data` (undefined when it has none); any other answer rejects, with the caller's own error.
 */
export type ControlExchange = (
  method: ControlMethod,
  path: string,
  body?: unknown,
  options?: ExchangeOptions,
) => Promise<unknown>;

/** A control answer read: the success envelope's data, or the refusal's message (for the caller's error). */
export type ControlOutcome = { ok: true; data: unknown } | { ok: false; message: string };

/** Reads a control answer: 2xx with an RXSUCCESS envelope is a success; anything else a refusal. */
export function readControlAnswer(status: number, text: string): ControlOutcome {
  let json: { type?: unknown; message?: unknown; data?: unknown } | undefined;
  try {
    json = text.length > 0 ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (status >= 200 && status < 300 && json?.type === 'RXSUCCESS') return { ok: true, data: json.data };
  return { ok: false, message: typeof json?.message === 'string' ? json.message : text.slice(0, 200) };
}

/**
 * The exchange over HTTP with the global fetch, for a fake running elsewhere: `controlUrl` is its control prefix
 * (a target config's `control.url`), `secret` goes in `x-control-secret`, and a refusal rejects with `refused`'s
 * error (the status, and the envelope's message).
 */
export function fetchExchange(
  controlUrl: string,
  secret: string,
  refused: (status: number, method: ControlMethod, path: string, message: string) => Error,
): ControlExchange {
  const base = controlUrl.replace(/\/+$/, '');
  return async (method, path, body, options) => {
    const text = options?.text ?? (body !== undefined ? JSON.stringify(body) : undefined);
    const res = await fetch(`${base}${path.startsWith('/') ? path : `/${path}`}`, {
      method,
      headers: {
        'x-control-secret': secret,
        ...(text !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(text !== undefined ? { body: text } : {}),
    });
    const answerText = await res.text();
    if (options?.textAnswer && res.status === 200) return answerText;
    const answer = readControlAnswer(res.status, answerText);
    if (!answer.ok) throw refused(res.status, method, path, answer.message);
    return answer.data;
  };
}

/** An answer of the control API that does not match its route's data schema in contract/control/api.ts. */
export class ControlContractError extends Error {
  override name = 'ControlContractError';
  constructor(
    readonly route: ControlRouteId,
    readonly method: ControlMethod,
    readonly path: string,
    readonly issues: readonly z.core.$ZodIssue[],
  ) {
    super(
      `control ${method} ${path} (route ${route}): the answer's data does not match contract/control: ${z.prettifyError(new z.ZodError([...issues]))}`,
    );
  }
}

export interface ControlApi {
  /** POST /reset: all state rebuilt from the seed; the fresh target config. */
  reset(body?: ControlBody<'reset'>): Promise<ControlData<'reset'>>;
  /** GET /target: the fake's target config (answered bare, not in the envelope: a target file as it is). */
  target(): Promise<ControlData<'target'>>;

  /** GET /clock: virtual now. */
  clock(): Promise<string>;
  /** POST /clock/advance: move virtual time forward; the new now. */
  advance(by: ControlBody<'advance'>): Promise<string>;
  /** POST /clock/set: move virtual time forward to `now`; the new now. */
  setClock(now: string | Date): Promise<string>;

  createUser(body: ControlBody<'createUser'>): Promise<ControlUser>;
  createOrganization(body: ControlBody<'createOrganization'>): Promise<ControlCreatedOrganization>;
  organization(id: number): Promise<ControlOrganization>;
  setPlan(organizationId: number, body: ControlBody<'setPlan'>): Promise<ControlPlan>;
  setCredits(organizationId: number, body: ControlBody<'setCredits'>): Promise<ControlCredits>;
  addMember(organizationId: number, body: ControlBody<'addMember'>): Promise<ControlMember>;
  changeRole(organizationId: number, userId: number, body: ControlBody<'changeRole'>): Promise<ControlMember>;
  removeMember(organizationId: number, userId: number): Promise<void>;
  /** The organization and everything it holds, its hourly counts included. */
  deleteOrganization(organizationId: number): Promise<void>;
  /** Clear the hourly counts of the organization's tokens and projects only; resolves to how many were cleared. */
  resetOrganizationRateLimits(organizationId: number): Promise<number>;

  createProject(body: ControlBody<'createProject'>): Promise<ControlProject>;
  project(uid: string): Promise<ControlProject>;
  addProjectMember(uid: string, body: ControlBody<'addProjectMember'>): Promise<ControlProject>;
  removeProjectMember(uid: string, userId: number): Promise<ControlProject>;
  createKey(uid: string): Promise<ControlProjectKey>;
  /** The project's documents afterwards. */
  addDocument(uid: string, body: ControlBody<'addDocument'>): Promise<ControlDocument[]>;
  removeDocument(uid: string, docId: string): Promise<void>;
  bulkSeed(uid: string, body?: ControlBody<'bulkSeed'>): Promise<BulkSeedResult>;

  /** POST /projects/:uid/rag/replies (FAKE-MODEL-SCRIPT): the whole queue afterwards. */
  scriptReplies(uid: string, body: ControlBody<'scriptReplies'>): Promise<ScriptedReply[]>;
  scriptedReplies(uid: string): Promise<ScriptedReply[]>;
  /** How many queued replies were dropped. */
  clearReplies(uid: string): Promise<number>;

  createToken(body: ControlBody<'createToken'>): Promise<ControlToken>;
  tokens(): Promise<ControlToken[]>;
  token(id: number): Promise<ControlToken>;
  tokenAction(id: number, action: TokenLifecycleAction): Promise<ControlToken>;

  rateMessage(messageId: number, body: ControlBody<'rateMessage'>): Promise<ControlMessageRate>;

  /** The supported models with their prices (each model route answers the whole list). */
  models(): Promise<ControlModel[]>;
  upsertModel(body: ControlBody<'upsertModel'>): Promise<ControlModel[]>;
  removeModel(value: string): Promise<ControlModel[]>;

  outbox(): Promise<ControlOutboxEmail[]>;
  journal(): Promise<JournalEntry[]>;
  clearJournal(): Promise<void>;

  rateLimits(): Promise<ControlRateLimits>;
  resetRateLimits(): Promise<ControlRateLimits>;
  setRateWindow(body: ControlBody<'setRateWindow'>): Promise<ControlRateLimits>;

  /** POST /faults (FAKE-FAULT-INJECTION). */
  addFault(body: ControlBody<'addFault'>): Promise<FaultRule>;
  faults(): Promise<FaultRule[]>;
  removeFault(id: number): Promise<FaultRule>;
  /** How many rules were removed. */
  clearFaults(): Promise<number>;

  /** GET /state: the snapshot document (FAKE-STATE-SNAPSHOT). */
  exportState(): Promise<string>;
  /** PUT /state: replace the whole state; the target config of the imported state. */
  importState(snapshot: string): Promise<ControlData<'importState'>>;

  /** GET /consistency (FAKE-CONSISTENCY-CHECK), listing at most `max` violations. */
  consistency(query?: ControlQuery<'consistency'>): Promise<ConsistencyReport>;

  /** Any control route, unchecked: the envelope's data as `T`. Kept for tests that send what no method sends. */
  get<T = unknown>(path: string): Promise<T>;
  post<T = unknown>(path: string, body?: unknown): Promise<T>;
  delete<T = unknown>(path: string): Promise<T>;
}

type ControlQuery<K extends ControlRouteId> = ControlApiTable[K] extends { query: z.ZodType }
  ? z.input<ControlApiTable[K]['query']>
  : never;

/** A bare answer's JSON (GET /target); text that is not JSON stays text, so the data check names the route. */
const jsonOrText = (answer: unknown): unknown => {
  try {
    return typeof answer === 'string' ? JSON.parse(answer) : answer;
  } catch {
    return answer;
  }
};

const iso = (now: string | Date) => (typeof now === 'string' ? now : now.toISOString());

/** The typed control client over `exchange`. */
export function createControlApi(exchange: ControlExchange): ControlApi {
  const call = async <K extends ControlRouteId>(
    id: K,
    params: ControlPathParams<K>,
    body?: unknown,
    query: Readonly<Record<string, string | number | undefined>> = {},
  ): Promise<ControlData<K>> => {
    const route = controlApi[id];
    const path = controlPath(route.path, params as Record<string, string | number>, query);
    const snapshot = 'snapshot' in route ? route.snapshot : undefined;
    const bare = 'bare' in route && route.bare;
    const options: ExchangeOptions | undefined =
      snapshot === 'answer' || bare
        ? { textAnswer: true }
        : snapshot === 'body'
          ? { text: String(body) }
          : undefined;
    // A POST that reads no body still sends `{}`, as the untyped post() does.
    const sent = snapshot === 'body' ? undefined : (body ?? (route.method === 'POST' ? {} : undefined));
    const answer = await exchange(route.method, path, sent, options);
    const parsed = (route.data as z.ZodType).safeParse(bare ? jsonOrText(answer) : answer);
    if (!parsed.success) throw new ControlContractError(id, route.method, path, parsed.error.issues);
    return parsed.data as ControlData<K>;
  };
  const now = async (answer: Promise<{ now: string }>) => (await answer).now;
  return {
    reset: (body = {}) => call('reset', {}, body),
    target: () => call('target', {}),

    clock: () => now(call('clock', {})),
    advance: (by) => now(call('advance', {}, by)),
    setClock: (at) => now(call('setClock', {}, { now: iso(at) })),

    createUser: (body) => call('createUser', {}, body),
    createOrganization: (body) => call('createOrganization', {}, body),
    organization: (id) => call('organization', { id }),
    setPlan: (id, body) => call('setPlan', { id }, body),
    setCredits: (id, body) => call('setCredits', { id }, body),
    addMember: (id, body) => call('addMember', { id }, body),
    changeRole: (id, userId, body) => call('changeRole', { id, userId }, body),
    removeMember: async (id, userId) => {
      await call('removeMember', { id, userId });
    },
    deleteOrganization: async (id) => {
      await call('deleteOrganization', { id });
    },
    resetOrganizationRateLimits: async (id) => (await call('resetOrganizationRateLimits', { id })).cleared,

    createProject: (body) => call('createProject', {}, body),
    project: (uid) => call('project', { uid }),
    addProjectMember: (uid, body) => call('addProjectMember', { uid }, body),
    removeProjectMember: (uid, userId) => call('removeProjectMember', { uid, userId }),
    createKey: (uid) => call('createKey', { uid }),
    addDocument: (uid, body) => call('addDocument', { uid }, body),
    removeDocument: async (uid, docId) => {
      await call('removeDocument', { uid, docId });
    },
    bulkSeed: (uid, body = {}) => call('bulkSeed', { uid }, body),

    scriptReplies: (uid, body) => call('scriptReplies', { uid }, body),
    scriptedReplies: (uid) => call('scriptedReplies', { uid }),
    clearReplies: async (uid) => (await call('clearReplies', { uid })).cleared,

    createToken: (body) => call('createToken', {}, body),
    tokens: () => call('tokens', {}),
    token: (id) => call('token', { id }),
    tokenAction: (id, action) => call('tokenAction', { id, action }),

    rateMessage: (id, body) => call('rateMessage', { id }, body),

    models: () => call('models', {}),
    upsertModel: (body) => call('upsertModel', {}, body),
    removeModel: (value) => call('removeModel', { value }),

    outbox: () => call('outbox', {}),
    journal: () => call('journal', {}),
    clearJournal: async () => {
      await call('clearJournal', {});
    },

    rateLimits: () => call('rateLimits', {}),
    resetRateLimits: () => call('resetRateLimits', {}),
    setRateWindow: (body) => call('setRateWindow', {}, body),

    addFault: (body) => call('addFault', {}, body),
    faults: () => call('faults', {}),
    removeFault: (id) => call('removeFault', { id }),
    clearFaults: async () => (await call('clearFaults', {})).removed,

    exportState: () => call('exportState', {}),
    importState: (snapshot) => call('importState', {}, snapshot),

    consistency: (query = {}) => call('consistency', {}, undefined, query),

    get: async <T>(path: string) => (await exchange('GET', path)) as T,
    post: async <T>(path: string, body?: unknown) => (await exchange('POST', path, body ?? {})) as T,
    delete: async <T>(path: string) => (await exchange('DELETE', path)) as T,
  };
}
