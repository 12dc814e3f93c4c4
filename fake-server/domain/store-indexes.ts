/**
 * The conversation store's maps, indexed as they change, so that reads cost what a page costs rather than what
 * the whole store holds: sessions by uid, by project in creation order and by project while not closed; messages
 * by session; execution logs by project in time order and by session. They are plain Maps to every other reader.
 *
 * Invariants the indexes rely on (all writers keep them): `project_id`, `session_id`, `session_uid` and
 * `is_emulator` never change after a record is stored; a closed session is never reopened; a record's sort time
 * (`created_at`, `createdAt`) is final by the time the store is first read in order (the seed adjusts timestamps
 * right after storing, before any read); after the lifecycle first visits a project, a session's activity only
 * moves forward, through `appendMessage`, which notes it here.
 */
import { type CostCounter, visit } from './cost.js';
import { type Bounds, OrderedSet, type Run } from './ordered-set.js';
import type { ExecutionLog, Message, Session } from './state.js';

export { OrderedSet } from './ordered-set.js';

/** Get-or-create in a map of per-key collections. */
function bucket<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

/**
 * A Map whose `set`/`delete`/`clear` keep secondary indexes up to date. With a cost counter attached (cost.ts), an
 * iteration over the whole map counts every record as visited, and so do the index reads below.
 */
abstract class IndexedMap<T> extends Map<number, T> {
  cost: CostCounter | undefined = undefined;

  protected abstract index(t: T): void;
  protected abstract unindex(t: T): void;
  protected abstract clearIndexes(): void;

  override set(key: number, value: T): this {
    const previous = super.get(key);
    if (previous === value) return this;
    if (previous !== undefined) this.unindex(previous);
    super.set(key, value);
    this.index(value);
    return this;
  }

  override delete(key: number): boolean {
    const previous = super.get(key);
    if (previous === undefined) return super.delete(key);
    super.delete(key);
    this.unindex(previous);
    return true;
  }

  override clear(): void {
    super.clear();
    this.clearIndexes();
  }

  override values() {
    visit(this.cost, this.size);
    return super.values();
  }

  override entries() {
    visit(this.cost, this.size);
    return super.entries();
  }

  override [Symbol.iterator]() {
    visit(this.cost, this.size);
    return super[Symbol.iterator]();
  }

  override forEach(each: (value: T, key: number, map: Map<number, T>) => void, thisArg?: unknown): void {
    visit(this.cost, this.size);
    super.forEach(each, thisArg);
  }
}

const sessionTime = (s: Session): number => s.created_at;

/**
 * What the last full lifecycle visit of a project learnt: the earliest instant one of its unclosed sessions can
 * change status (`dueAt`, under the settings it was computed with), and the earliest activity noted since
 * (new unclosed sessions, new messages), which can bring that instant closer.
 */
export interface LifecycleHint {
  dueAt: number;
  autoResolve: number;
  autoClose: number;
  activitySince: number;
}

export class SessionStore extends IndexedMap<Session> {
  private readonly uids = new Map<number, Session>();
  /** Non-emulator sessions per project, in creation order. */
  private readonly listed = new Map<number, OrderedSet<Session>>();
  /** Non-emulator sessions per project that are not closed: the only ones the lifecycle can still move. */
  private readonly unclosed = new Map<number, Set<Session>>();
  private readonly hints = new Map<number, LifecycleHint>();

  protected index(s: Session): void {
    this.uids.set(s.session_uid, s);
    if (s.is_emulator) return;
    bucket(this.listed, s.project_id, () => new OrderedSet(sessionTime)).add(s);
    if (s.status !== 'closed') {
      bucket(this.unclosed, s.project_id, () => new Set()).add(s);
      this.noteActivity(s.project_id, s.last_message_time ?? s.created_at);
    }
  }

  protected unindex(s: Session): void {
    if (this.uids.get(s.session_uid) === s) this.uids.delete(s.session_uid);
    this.listed.get(s.project_id)?.delete(s);
    this.unclosed.get(s.project_id)?.delete(s);
  }

  protected clearIndexes(): void {
    this.uids.clear();
    this.listed.clear();
    this.unclosed.clear();
    this.hints.clear();
  }

  /** Activity at `at` in a project (a new unclosed session, a message). */
  noteActivity(projectId: number, at: number): void {
    const hint = this.hints.get(projectId);
    if (hint && at < hint.activitySince) hint.activitySince = at;
  }

  lifecycleHint(projectId: number): LifecycleHint | undefined {
    return this.hints.get(projectId);
  }

  setLifecycleHint(projectId: number, hint: LifecycleHint): void {
    this.hints.set(projectId, hint);
  }

  byUid(uid: number): Session | undefined {
    return this.uids.get(uid);
  }

  /** The project's non-emulator sessions in ascending (created_at, id) order. */
  listedOf(projectId: number): readonly Session[] {
    return this.listed.get(projectId)?.ascending(this.cost) ?? [];
  }

  /** The project's non-emulator sessions within `bounds` on (created_at, id), in that order. */
  listedWithin(projectId: number, bounds: Bounds<Session>): Run<Session> {
    return this.listed.get(projectId)?.window(bounds, this.cost) ?? [];
  }

  /** The project's non-emulator sessions not known to be closed (a live view: callers may remove from it). */
  unclosedOf(projectId: number): Set<Session> {
    const set = bucket(this.unclosed, projectId, () => new Set<Session>());
    visit(this.cost, set.size);
    return set;
  }
}

export class MessageStore extends IndexedMap<Message> {
  private readonly bySession = new Map<number, Set<Message>>();

  protected index(m: Message): void {
    bucket(this.bySession, m.session_id, () => new Set()).add(m);
  }

  protected unindex(m: Message): void {
    const set = this.bySession.get(m.session_id);
    set?.delete(m);
    if (set?.size === 0) this.bySession.delete(m.session_id);
  }

  protected clearIndexes(): void {
    this.bySession.clear();
  }

  /** The session's messages in the order they were stored. */
  ofSession(sessionId: number): Message[] {
    const set = this.bySession.get(sessionId);
    if (set === undefined) return [];
    visit(this.cost, set.size);
    return [...set];
  }
}

const logTime = (l: ExecutionLog): number => l.createdAt;

export class ExecutionLogStore extends IndexedMap<ExecutionLog> {
  private readonly byProject = new Map<number, OrderedSet<ExecutionLog>>();
  private readonly bySession = new Map<number, Set<ExecutionLog>>();

  protected index(l: ExecutionLog): void {
    bucket(this.byProject, l.project_id, () => new OrderedSet(logTime)).add(l);
    bucket(this.bySession, l.session_id, () => new Set()).add(l);
  }

  protected unindex(l: ExecutionLog): void {
    this.byProject.get(l.project_id)?.delete(l);
    const set = this.bySession.get(l.session_id);
    set?.delete(l);
    if (set?.size === 0) this.bySession.delete(l.session_id);
  }

  protected clearIndexes(): void {
    this.byProject.clear();
    this.bySession.clear();
  }

  /** The project's logs in ascending (createdAt, id) order. */
  ofProject(projectId: number): readonly ExecutionLog[] {
    return this.byProject.get(projectId)?.ascending(this.cost) ?? [];
  }

  /** The project's logs within `bounds` on (createdAt, id), in that order. */
  ofProjectWithin(projectId: number, bounds: Bounds<ExecutionLog>): Run<ExecutionLog> {
    return this.byProject.get(projectId)?.window(bounds, this.cost) ?? [];
  }

  /** The session's logs in the order they were stored. */
  ofSession(sessionId: number): ExecutionLog[] {
    const set = this.bySession.get(sessionId);
    if (set === undefined) return [];
    visit(this.cost, set.size);
    return [...set];
  }
}
