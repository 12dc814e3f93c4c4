/**
 * The organization's tables, indexed per organization as they change, so that a read of one organization's members,
 * projects or invitations costs what that organization holds, not what every organization holds (FAKE-PAGE-COST).
 * Each index keeps a record's insertion order (the order a scan of the whole map would meet them in).
 *
 * Invariant (all writers keep it): a record's `organization_id`, a member's `user_id` and a project's
 * `project_uid` never change after it is stored.
 */
import { visit } from './cost.js';
import { bucket, IndexedMap } from './indexed-map.js';
import type { Invitation, Member, Project } from './records.js';

/** A map of records indexed by their organization. */
class ByOrganization<T extends { organization_id: number }> extends IndexedMap<T> {
  private readonly byOrganization = new Map<number, Set<T>>();

  protected index(t: T): void {
    bucket(this.byOrganization, t.organization_id, () => new Set()).add(t);
  }

  protected unindex(t: T): void {
    const set = this.byOrganization.get(t.organization_id);
    set?.delete(t);
    if (set?.size === 0) this.byOrganization.delete(t.organization_id);
  }

  protected clearIndexes(): void {
    this.byOrganization.clear();
  }

  /** The organization's records, in the order they were stored (all counted as visited). */
  ofOrganization(organizationId: number): T[] {
    const set = this.byOrganization.get(organizationId);
    if (set === undefined) return [];
    visit(this.cost, set.size);
    return [...set];
  }

  /** The first of the organization's records, in stored order, that `matches` (those before it counted). */
  findIn(organizationId: number, matches: (t: T) => boolean): T | undefined {
    for (const t of this.byOrganization.get(organizationId) ?? []) {
      visit(this.cost, 1);
      if (matches(t)) return t;
    }
    return undefined;
  }
}

export class MemberStore extends ByOrganization<Member> {}

export class InvitationStore extends ByOrganization<Invitation> {}

/** Projects, indexed by organization and by `project_uid` (unique across organizations). */
export class ProjectStore extends ByOrganization<Project> {
  private readonly uids = new Map<string, Project>();

  protected override index(p: Project): void {
    super.index(p);
    this.uids.set(p.project_uid, p);
  }

  protected override unindex(p: Project): void {
    super.unindex(p);
    if (this.uids.get(p.project_uid) === p) this.uids.delete(p.project_uid);
  }

  protected override clearIndexes(): void {
    super.clearIndexes();
    this.uids.clear();
  }

  /** The project with this uid, whatever its organization (one record visited when found). */
  byUid(projectUid: string): Project | undefined {
    const project = this.uids.get(projectUid);
    if (project !== undefined) visit(this.cost, 1);
    return project;
  }
}
