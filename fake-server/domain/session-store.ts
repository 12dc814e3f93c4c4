/**
 * The session store: sessions by uid; per project, the listed (non-emulator) sessions in creation order, the same
 * per status (a status filter reads its own), the unclosed ones, the emulator ones; and the schedules that tell the
 * lifecycle and the retention which sessions can be due (FAKE-PAGE-COST).
 *
 * Invariants (all writers keep them): `project_id`, `session_uid`, `is_emulator` and `created_at` never change after
 * a session is stored (the seed adjusts times before any read); a session's status changes only through
 * `setStatus`; a closed session is never reopened; after a schedule of a project is built (its first lifecycle or
 * retention visit), a session's activity only moves forward, through `appendMessage`, which notes it here.
 */
import { visit } from './cost.js';
import { bucket, IndexedMap } from './indexed-map.js';
import { type Bounds, OrderedSet, type Run } from './ordered-set.js';
import type { Session } from './records.js';
import type { Schedule } from './schedule.js';

const sessionTime = (s: Session): number => s.created_at;

/** The lifecycle's schedule of a project's unclosed sessions, by the instant each can next change status under the settings it was built with. */
export interface LifecycleSchedule {
  autoResolve: number;
  autoClose: number;
  due: Schedule<Session>;
}

export class SessionStore extends IndexedMap<Session> {
  private readonly uids = new Map<number, Session>();
  /** Non-emulator sessions per project, in creation order. */
  private readonly listed = new Map<number, OrderedSet<Session>>();
  /** The same per project and status. */
  private readonly byStatus = new Map<number, Map<string, OrderedSet<Session>>>();
  /** Non-emulator sessions per project that are not closed: the only ones the lifecycle can still move. */
  private readonly unclosed = new Map<number, Set<Session>>();
  private readonly emulators = new Map<number, Set<Session>>();
  private readonly lifecycles = new Map<number, LifecycleSchedule>();
  /** Per project, every session by its last activity (retention.ts). */
  private readonly retentions = new Map<number, Schedule<Session>>();

  private statusSet(projectId: number, status: string): OrderedSet<Session> {
    const statuses = bucket(this.byStatus, projectId, () => new Map<string, OrderedSet<Session>>());
    return bucket(statuses, status, () => new OrderedSet(sessionTime));
  }

  protected index(s: Session): void {
    this.uids.set(s.session_uid, s);
    this.retentions.get(s.project_id)?.schedule(s);
    if (s.is_emulator) {
      bucket(this.emulators, s.project_id, () => new Set()).add(s);
      return;
    }
    bucket(this.listed, s.project_id, () => new OrderedSet(sessionTime)).add(s);
    this.statusSet(s.project_id, s.status).add(s);
    if (s.status !== 'closed') {
      bucket(this.unclosed, s.project_id, () => new Set()).add(s);
      this.lifecycles.get(s.project_id)?.due.schedule(s);
    }
  }

  protected unindex(s: Session): void {
    const projectId = s.project_id;
    if (this.uids.get(s.session_uid) === s) this.uids.delete(s.session_uid);
    this.emulators.get(projectId)?.delete(s);
    this.listed.get(projectId)?.delete(s);
    this.byStatus.get(projectId)?.get(s.status)?.delete(s);
    this.unclosed.get(projectId)?.delete(s);
    // A project without sessions keeps no schedule (the next visit builds an empty one).
    if (!this.listed.get(projectId)?.size && !this.emulators.get(projectId)?.size) {
      this.lifecycles.delete(projectId);
      this.retentions.delete(projectId);
    }
  }

  protected clearIndexes(): void {
    for (const index of [this.uids, this.listed, this.byStatus, this.unclosed, this.emulators]) index.clear();
    this.lifecycles.clear();
    this.retentions.clear();
  }

  /** Change a session's status, and its place in the indexes. */
  setStatus(s: Session, status: string): void {
    if (s.status === status) return;
    if (s.is_emulator || this.get(s.id) !== s) {
      s.status = status;
      return;
    }
    // Stryker disable next-line OptionalChaining: equivalent; a stored listed session is in its project's set of its status (index and setStatus put it there, and no status set is ever dropped)
    this.byStatus.get(s.project_id)?.get(s.status)?.delete(s);
    s.status = status;
    this.statusSet(s.project_id, status).add(s);
    // Stryker disable next-line OptionalChaining: equivalent; a session closed here was unclosed, so index or an earlier setStatus made its project's unclosed set (no such set is ever dropped)
    if (status === 'closed') this.unclosed.get(s.project_id)?.delete(s);
    else {
      // Stryker disable next-line ArrowFunction: equivalent; the session was unclosed, so its project's unclosed set exists, unless it was closed, and a closed session is never reopened (the invariants above)
      bucket(this.unclosed, s.project_id, () => new Set()).add(s);
      // Resuming brings the next change closer (an open session moves sooner than a resolved one).
      this.lifecycles.get(s.project_id)?.due.schedule(s);
    }
  }

  lifecycleSchedule(projectId: number): LifecycleSchedule | undefined {
    return this.lifecycles.get(projectId);
  }

  setLifecycleSchedule(projectId: number, schedule: LifecycleSchedule): void {
    this.lifecycles.set(projectId, schedule);
  }

  retentionSchedule(projectId: number): Schedule<Session> | undefined {
    return this.retentions.get(projectId);
  }

  setRetentionSchedule(projectId: number, schedule: Schedule<Session>): void {
    this.retentions.set(projectId, schedule);
  }

  byUid(uid: number): Session | undefined {
    return this.uids.get(uid);
  }

  /** Every session of the project, emulator ones included, in no particular order (all counted as visited). */
  allOf(projectId: number): Session[] {
    const all = [...this.listedOf(projectId), ...(this.emulators.get(projectId) ?? [])];
    visit(this.cost, this.emulators.get(projectId)?.size ?? 0);
    return all;
  }

  /** The project's non-emulator sessions in ascending (created_at, id) order. */
  listedOf(projectId: number): readonly Session[] {
    return this.listed.get(projectId)?.ascending(this.cost) ?? [];
  }

  /** The project's non-emulator sessions within `bounds` on (created_at, id), in that order. */
  listedWithin(projectId: number, bounds: Bounds<Session>): Run<Session> {
    return this.listed.get(projectId)?.window(bounds, this.cost) ?? [];
  }

  /** The same, of one status only. */
  withStatusWithin(projectId: number, status: string, bounds: Bounds<Session>): Run<Session> {
    return this.byStatus.get(projectId)?.get(status)?.window(bounds, this.cost) ?? [];
  }

  /** The project's non-emulator sessions not known to be closed (a live view: callers may remove from it). */
  unclosedOf(projectId: number): Set<Session> {
    const set = bucket(this.unclosed, projectId, () => new Set<Session>());
    visit(this.cost, set.size);
    return set;
  }
}
