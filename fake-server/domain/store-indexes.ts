/**
 * The conversation store's maps, indexed as they change, so that reads cost what a page costs rather than what
 * the whole store holds: messages by session; execution logs by project in time order and by session; sessions in
 * session-store.ts. They are plain Maps to every other reader.
 *
 * Invariants the indexes rely on (all writers keep them): `project_id` and `session_id` never change after a
 * record is stored; a record's sort time (`createdAt`) is final by the time the store is first read in order (the
 * seed adjusts timestamps right after storing, before any read).
 */
import { visit } from './cost.js';
import { bucket, IndexedMap } from './indexed-map.js';
import { type Bounds, OrderedSet, type Run } from './ordered-set.js';
import type { ExecutionLog, Message } from './records.js';

export { OrderedSet } from './ordered-set.js';
export { SessionStore } from './session-store.js';

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
