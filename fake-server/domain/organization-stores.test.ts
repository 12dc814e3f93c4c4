/**
 * The per-organization index of the organization's tables (FAKE-PAGE-COST): it follows the map through set, delete
 * and clear, a read of one organization visits only that organization's records, and an organization left with no
 * records keeps no bucket.
 */
import { describe, expect, it } from 'vitest';
import type { CostCounter } from './cost.js';
import { MemberStore, ProjectStore } from './organization-stores.js';
import type { Member, Project } from './records.js';

const member = (id: number, organization_id: number, user_id = 100 + id): Member => ({
  id,
  user_id,
  organization_id,
  role: 'viewer',
  createdAt: 0,
  updatedAt: 0,
});

const project = (id: number, organization_id: number): Project =>
  ({ id, organization_id, project_uid: `uid-${id}` }) as Project;

/** The organizations the store keeps a bucket for (white-box: the private index). */
const buckets = (store: MemberStore) =>
  [...(store as unknown as { byOrganization: Map<number, Set<Member>> }).byOrganization.keys()].sort();

function counted(store: MemberStore): CostCounter {
  const counter = { visited: 0 };
  store.cost = counter;
  return counter;
}

describe('organization stores index records per organization [FAKE-PAGE-COST]', () => {
  it("deleting an organization's last record drops its bucket; the others keep theirs and their order", () => {
    const store = new MemberStore();
    for (const m of [member(1, 7), member(2, 8), member(3, 7)]) store.set(m.id, m);
    expect(buckets(store)).toEqual([7, 8]);
    store.delete(2);
    expect(buckets(store)).toEqual([7]);
    store.delete(1);
    expect(buckets(store)).toEqual([7]);
    expect(store.ofOrganization(7).map((m) => m.id)).toEqual([3]);
    store.delete(3);
    expect(buckets(store)).toEqual([]);
    const counter = counted(store);
    expect([store.ofOrganization(7), store.ofOrganization(8)]).toEqual([[], []]);
    expect(store.findIn(7, () => true)).toBeUndefined();
    expect(counter.visited).toBe(0);
    store.set(4, member(4, 7));
    expect(store.ofOrganization(7).map((m) => m.id)).toEqual([4]);
  });

  it('replacing a record under its key moves it out of the old bucket (dropped when emptied)', () => {
    const store = new MemberStore();
    store.set(1, member(1, 7));
    store.set(1, member(1, 7, 555));
    expect(store.ofOrganization(7).map((m) => m.user_id)).toEqual([555]);
    expect(buckets(store)).toEqual([7]);
  });

  it('clear empties the index with the map: no organization lists or finds anything afterwards', () => {
    const store = new MemberStore();
    for (const m of [member(1, 7), member(2, 8)]) store.set(m.id, m);
    store.clear();
    const counter = counted(store);
    expect([store.ofOrganization(7), store.ofOrganization(8)]).toEqual([[], []]);
    expect(store.findIn(7, () => true)).toBeUndefined();
    expect(counter.visited).toBe(0);
    expect(buckets(store)).toEqual([]);
    store.set(3, member(3, 8));
    expect(store.ofOrganization(8).map((m) => m.id)).toEqual([3]);
    expect(store.ofOrganization(7)).toEqual([]);
  });

  it('clearing the projects clears their organizations and their uids', () => {
    const store = new ProjectStore();
    store.set(1, project(1, 7));
    store.clear();
    expect(store.ofOrganization(7)).toEqual([]);
    expect(store.byUid('uid-1')).toBeUndefined();
  });

  it('an organization with no records finds nothing and visits nothing, whatever the predicate', () => {
    const store = new MemberStore();
    store.set(1, member(1, 7));
    const counter = counted(store);
    const seen: unknown[] = [];
    expect(
      store.findIn(8, (m) => {
        seen.push(m);
        return true;
      }),
    ).toBeUndefined();
    expect(seen).toEqual([]);
    expect(counter.visited).toBe(0);
    expect(store.findIn(7, () => true)?.id).toBe(1);
    expect(counter.visited).toBe(1);
  });

  it('deleting a record whose organization has no bucket (its organization changed, against the rule) only drops it from the map', () => {
    const store = new MemberStore();
    const moved = member(1, 7);
    store.set(1, moved);
    store.set(2, member(2, 8));
    moved.organization_id = 9;
    expect(store.delete(1)).toBe(true);
    expect(store.has(1)).toBe(false);
    expect(store.ofOrganization(9)).toEqual([]);
    expect(store.ofOrganization(8).map((m) => m.id)).toEqual([2]);
  });

  it('a project leaves the uid index when deleted, and finding one by uid visits one record, not finding visits none', () => {
    const store = new ProjectStore();
    for (const id of [1, 2]) store.set(id, project(id, 7));
    const counter = { visited: 0 };
    store.cost = counter;
    expect(store.byUid('uid-2')?.id).toBe(2);
    expect(counter.visited).toBe(1);
    expect(store.byUid('uid-9')).toBeUndefined();
    expect(counter.visited).toBe(1);
    store.delete(2);
    expect(store.byUid('uid-2')).toBeUndefined();
    expect(store.byUid('uid-1')?.id).toBe(1);
    expect(counter.visited).toBe(2);
  });

  it('deleting a record whose uid was stored again under another key (against the rule) leaves the uid to the later one', () => {
    const store = new ProjectStore();
    store.set(1, project(1, 7));
    const again = { ...project(2, 7), project_uid: 'uid-1' };
    store.set(2, again);
    store.delete(1);
    expect(store.byUid('uid-1')).toBe(again);
  });
});
