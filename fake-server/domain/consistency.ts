/**
 * The store's invariants, checked on demand (FAKE-CONSISTENCY-CHECK): every reference points at a stored record,
 * every id is unique and matches its key, numbers are in range, the indexes of store-indexes.ts agree with their
 * maps, and no object prototype carries an enumerable property (what prototype pollution leaves behind).
 * It only reads the store (asking an index for a project's unclosed sessions may create its empty bucket).
 */

import type { ConsistencyReport, ConsistencyViolation as Violation } from '../../contract/control/views.js';
import { aiModes, planNames, removableLimitTypes, settingsRanges } from '../../contract/index.js';
import type { DomainContext } from './context.js';
import type { ExecutionLog, Message, Session, State } from './state.js';

/** The report as the control API shows it (GET /_control/consistency): declared in contract/control/views.ts. */
export type { ConsistencyReport, Violation };

const SESSION_STATUSES = new Set(['open', 'resolved', 'closed']);
const TOKEN_STATUSES = new Set(['active', 'deactivated', 'deleted']);

/** Collects violations, keeping the first `max`. */
class Findings {
  readonly listed: Violation[] = [];
  count = 0;
  constructor(private readonly max: number) {}
  add(invariant: string, detail: string): void {
    this.count += 1;
    if (this.listed.length < this.max) this.listed.push({ invariant, detail });
  }
  /** Report when `ok` is false. */
  expect(ok: boolean, invariant: string, detail: () => string): void {
    if (!ok) this.add(invariant, detail());
  }
}

const finite = (n: unknown): n is number => Number.isFinite(n);
const nonNegative = (n: unknown): boolean => finite(n) && n >= 0;
const inRange = (n: unknown, r: { min: number; max: number }): boolean =>
  finite(n) && n >= r.min && n <= r.max;

/** Each record of a map is stored under its own id. */
function keysMatchIds(f: Findings, state: State): void {
  const maps: [string, Map<number, { id: number }>][] = [
    ['users', state.users],
    ['organizations', state.organizations],
    ['members', state.members],
    ['projects', state.projects],
    ['tokens', state.tokens],
    ['invitations', state.invitations],
    ['sessions', state.sessions],
    ['messages', state.messages],
    ['executionLogs', state.executionLogs],
  ];
  for (const [name, map] of maps) {
    for (const [key, record] of map) {
      f.expect(key === record.id, 'key-matches-id', () => `${name}: key ${key} holds id ${record.id}`);
    }
  }
  for (const [key, k] of state.projectKeys) {
    f.expect(key === k.value, 'key-matches-id', () => `projectKeys: key ${key} holds ${k.value}`);
  }
}

/** Values that identify a record are unique across the store. */
function uniqueValues(f: Findings, state: State): void {
  const unique = <T>(what: string, items: Iterable<T>, keyOf: (t: T) => string | number): void => {
    const seen = new Set<string | number>();
    for (const item of items) {
      const key = keyOf(item);
      f.expect(!seen.has(key), 'unique-values', () => `${what} ${String(key)} appears twice`);
      seen.add(key);
    }
  };
  const projects = [...state.projects.values()];
  unique('project_uid', projects, (p) => p.project_uid);
  unique('widget_uid', projects, (p) => p.integration.widget_uid);
  unique('integration id', projects, (p) => p.integration.id);
  unique('token value', state.tokens.values(), (t) => t.value);
  unique('session_uid', state.sessions.values(), (s) => s.session_uid);
  unique('user email', state.users.values(), (u) => u.email.toLowerCase());
  unique('member', state.members.values(), (m) => `${m.organization_id}/${m.user_id}`);
  unique('model value', state.models, (m) => m.value);
  unique('outbox email id', state.outbox, (e) => e.id);
  for (const p of projects) unique(`project ${p.id} member`, p.members, (m) => m.user_id);
}

/** Organizations, members, projects, keys, tokens, invitations and the outbox refer to stored records. */
function organizationRefs(f: Findings, state: State): void {
  const { users, organizations, projects } = state;
  for (const o of organizations.values()) {
    f.expect(
      users.has(o.created_by),
      'organization-refs',
      () => `organization ${o.id}: creator ${o.created_by}`,
    );
    f.expect((planNames as readonly string[]).includes(o.plan), 'organization-refs', () => `plan ${o.plan}`);
    f.expect(nonNegative(o.credits), 'numbers-in-range', () => `organization ${o.id}: credits ${o.credits}`);
  }
  for (const m of state.members.values()) {
    f.expect(
      organizations.has(m.organization_id) && users.has(m.user_id),
      'member-refs',
      () => `member ${m.id}: organization ${m.organization_id}, user ${m.user_id}`,
    );
  }
  for (const p of projects.values()) {
    f.expect(organizations.has(p.organization_id), 'project-refs', () => `project ${p.id}: organization`);
    f.expect(p.integration.project_id === p.id, 'project-refs', () => `project ${p.id}: integration`);
    for (const pm of p.members) {
      f.expect(users.has(pm.user_id), 'project-refs', () => `project ${p.id}: member user ${pm.user_id}`);
    }
  }
  for (const k of state.projectKeys.values()) {
    f.expect(projects.has(k.project_id), 'project-key-refs', () => `key of project ${k.project_id}`);
  }
  for (const t of state.tokens.values()) {
    f.expect(organizations.has(t.organization_id), 'token-refs', () => `token ${t.id}: organization`);
    f.expect(users.has(t.creator_user_id), 'token-refs', () => `token ${t.id}: creator ${t.creator_user_id}`);
    f.expect(TOKEN_STATUSES.has(t.status), 'token-refs', () => `token ${t.id}: status ${t.status}`);
    f.expect(
      t.scope_type === 'all' || t.project_ids.length > 0,
      'token-refs',
      () => `token ${t.id}: selected scope without projects`,
    );
    for (const id of t.project_ids) {
      f.expect(
        projects.get(id)?.organization_id === t.organization_id,
        'token-refs',
        () => `token ${t.id}: project ${id} is not a project of its organization`,
      );
    }
  }
  for (const i of state.invitations.values()) {
    f.expect(
      organizations.has(i.organization_id) && users.has(i.sent_by),
      'invitation-refs',
      () => `invitation ${i.id}: organization ${i.organization_id}, sender ${i.sent_by}`,
    );
  }
  for (const e of state.outbox) {
    f.expect(
      state.invitations.get(e.invitation_id)?.organization_id === e.organization_id,
      'invitation-refs',
      () => `outbox email ${e.id}: invitation ${e.invitation_id}`,
    );
  }
  for (const id of state.knowledgebases.keys()) {
    f.expect(projects.has(id), 'project-refs', () => `knowledgebase of project ${id}`);
  }
  for (const id of state.ragScripts.keys()) {
    f.expect(projects.has(id), 'project-refs', () => `scripted replies of project ${id}`);
  }
}

/** Project settings, limits, credits and retention hold values the contract allows. */
function projectNumbers(f: Findings, state: State): void {
  for (const p of state.projects.values()) {
    const s = p.settings;
    for (const [field, range] of Object.entries(settingsRanges)) {
      const value = s[field as keyof typeof settingsRanges];
      f.expect(inRange(value, range), 'numbers-in-range', () => `project ${p.id}: ${field} ${value}`);
    }
    f.expect(
      (aiModes as readonly string[]).includes(s.mode),
      'numbers-in-range',
      () => `project ${p.id}: mode ${s.mode}`,
    );
    f.expect(
      typeof s.model === 'string' && s.model !== '',
      'numbers-in-range',
      () => `project ${p.id}: model`,
    );
    f.expect(
      Number.isInteger(p.retention_duration) && p.retention_duration >= 0,
      'numbers-in-range',
      () => `project ${p.id}: retention_duration ${p.retention_duration}`,
    );
    f.expect(
      nonNegative(p.creditsUsed),
      'numbers-in-range',
      () => `project ${p.id}: credits used ${p.creditsUsed}`,
    );
    for (const [type, limit] of Object.entries(p.limits)) {
      f.expect(
        (removableLimitTypes as readonly string[]).includes(type) && Number.isInteger(limit) && limit! >= 0,
        'numbers-in-range',
        () => `project ${p.id}: limit ${type} = ${limit}`,
      );
    }
    f.expect(
      p.createdAt <= p.updatedAt,
      'timestamps-ordered',
      () => `project ${p.id}: updated before created`,
    );
  }
}

/** Sessions, messages and execution logs refer to stored records. */
function conversationRefs(f: Findings, state: State): void {
  for (const s of state.sessions.values()) {
    const project = state.projects.get(s.project_id);
    f.expect(project !== undefined, 'session-refs', () => `session ${s.id}: project ${s.project_id}`);
    f.expect(
      project === undefined || s.integration_id === project.integration.id,
      'session-refs',
      () => `session ${s.id}: integration ${s.integration_id}`,
    );
    f.expect(SESSION_STATUSES.has(s.status), 'session-refs', () => `session ${s.id}: status ${s.status}`);
    f.expect(
      finite(s.created_at) && finite(s.updated_at) && s.created_at <= s.updated_at,
      'timestamps-ordered',
      () => `session ${s.id}: created ${s.created_at}, updated ${s.updated_at}`,
    );
  }
  for (const m of state.messages.values()) {
    f.expect(
      state.sessions.has(m.session_id),
      'message-refs',
      () => `message ${m.id}: session ${m.session_id}`,
    );
  }
  for (const l of state.executionLogs.values()) {
    const session = state.sessions.get(l.session_id);
    f.expect(
      session !== undefined && session.project_id === l.project_id,
      'execution-log-refs',
      () => `execution log ${l.id}: session ${l.session_id}, project ${l.project_id}`,
    );
  }
}

const sameMembers = <T>(a: readonly T[], b: readonly T[]): boolean => {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((x) => set.has(x));
};

const byTimeThenId =
  <T extends { id: number }>(time: (t: T) => number) =>
  (a: T, b: T): number =>
    time(a) - time(b) || a.id - b.id;

const inOrder = <T>(items: readonly T[], compare: (a: T, b: T) => number): boolean =>
  items.every((t, i) => i === 0 || compare(items[i - 1]!, t) < 0);

function groupBy<T, K>(items: Iterable<T>, keyOf: (t: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** The session store's indexes (by uid, listed per project, unclosed per project) agree with its map. */
function sessionIndexes(f: Findings, state: State): void {
  const store = state.sessions;
  for (const s of store.values()) {
    f.expect(store.byUid(s.session_uid) === s, 'session-index', () => `session ${s.id}: uid index`);
  }
  const listed = groupBy(
    [...store.values()].filter((s) => !s.is_emulator),
    (s) => s.project_id,
  );
  const projectIds = new Set([...state.projects.keys(), ...listed.keys()]);
  const order = byTimeThenId<Session>((s) => s.created_at);
  for (const projectId of projectIds) {
    const expected = listed.get(projectId) ?? [];
    const indexed = store.listedOf(projectId);
    f.expect(
      sameMembers(indexed, expected) && inOrder(indexed, order),
      'session-index',
      () => `project ${projectId}: ${indexed.length} listed sessions indexed, ${expected.length} stored`,
    );
    // Also for a project without listed sessions: its unclosed index must then be empty.
    const unclosed = store.unclosedOf(projectId);
    for (const s of expected) {
      f.expect(
        s.status === 'closed' || unclosed.has(s),
        'session-index',
        () => `session ${s.id} is ${s.status} but not in its project's unclosed index`,
      );
    }
    for (const s of unclosed) {
      f.expect(
        store.get(s.id) === s && s.project_id === projectId,
        'session-index',
        () => `project ${projectId}: unclosed index holds session ${s.id}, which is not stored there`,
      );
    }
  }
}

/** Messages by session, and execution logs by project and by session, agree with their maps. */
function conversationIndexes(f: Findings, state: State): void {
  const sessionIds = new Set(state.sessions.keys());
  const messages = groupBy<Message, number>(state.messages.values(), (m) => m.session_id);
  for (const id of new Set([...sessionIds, ...messages.keys()])) {
    const expected = messages.get(id) ?? [];
    const indexed = state.messages.ofSession(id);
    f.expect(
      sameMembers(indexed, expected),
      'message-index',
      () => `session ${id}: ${indexed.length} messages indexed, ${expected.length} stored`,
    );
  }
  const logs = [...state.executionLogs.values()];
  const bySession = groupBy<ExecutionLog, number>(logs, (l) => l.session_id);
  for (const id of new Set([...sessionIds, ...bySession.keys()])) {
    const expected = bySession.get(id) ?? [];
    const indexed = state.executionLogs.ofSession(id);
    f.expect(
      sameMembers(indexed, expected),
      'execution-log-index',
      () => `session ${id}: ${indexed.length} logs indexed, ${expected.length} stored`,
    );
  }
  const byProject = groupBy<ExecutionLog, number>(logs, (l) => l.project_id);
  const order = byTimeThenId<ExecutionLog>((l) => l.createdAt);
  for (const id of new Set([...state.projects.keys(), ...byProject.keys()])) {
    const expected = byProject.get(id) ?? [];
    const indexed = state.executionLogs.ofProject(id);
    f.expect(
      sameMembers(indexed, expected) && inOrder(indexed, order),
      'execution-log-index',
      () => `project ${id}: ${indexed.length} logs indexed, ${expected.length} stored`,
    );
  }
}

/** No enumerable property was added to the prototypes every parsed body inherits from. */
function prototypesClean(f: Findings): void {
  const prototypes: [string, object][] = [
    ['Object.prototype', Object.prototype],
    ['Array.prototype', Array.prototype],
    ['Function.prototype', Function.prototype],
    ['String.prototype', String.prototype],
  ];
  for (const [name, proto] of prototypes) {
    for (const key in proto) f.add('prototype-clean', `${name} has an enumerable property ${key}`);
  }
}

export function checkConsistency(domain: DomainContext, maxViolations = 100): ConsistencyReport {
  const state = domain.state;
  const f = new Findings(maxViolations);
  keysMatchIds(f, state);
  uniqueValues(f, state);
  organizationRefs(f, state);
  projectNumbers(f, state);
  conversationRefs(f, state);
  sessionIndexes(f, state);
  conversationIndexes(f, state);
  prototypesClean(f);
  return {
    consistent: f.count === 0,
    checked: {
      users: state.users.size,
      organizations: state.organizations.size,
      members: state.members.size,
      projects: state.projects.size,
      projectKeys: state.projectKeys.size,
      tokens: state.tokens.size,
      invitations: state.invitations.size,
      outbox: state.outbox.length,
      sessions: state.sessions.size,
      messages: state.messages.size,
      executionLogs: state.executionLogs.size,
    },
    violations: f.listed,
    violationCount: f.count,
  };
}
