/**
 * Test support (imported by tests only): the seeded store plus a second organization, so that "this organization's
 * members, projects and invitations" differ from "everyone's". The seeded organization ("home") has users and
 * members 1-7 (the owner first) and projects 1-3; the second one ("other") is owned by a user of its own and has
 * the seeded editor as an editor too, and a project of its own that both of them belong to.
 */
import type { PlanName } from '../../contract/index.js';
import type { VariantAxis } from '../../contract/variant-axes.js';
import { Runtime } from '../runtime.js';
import type { DomainContext } from './context.js';
import { addMember } from './members.js';
import { createOrganization, createUser } from './organizations.js';
import { createProject } from './projects.js';
import type { Organization, Project, User } from './state.js';

export interface OrgWorld {
  runtime: Runtime;
  ctx: DomainContext;
  home: Organization;
  other: Organization;
  /** The seeded users by key (owner, editor, viewer, billing, trainer, operator, editor2). */
  users: Record<string, number>;
  /** The seeded projects by key (main, travel, hr), all of home. */
  projects: Record<string, Project>;
  otherOwner: User;
  otherProject: Project;
}

/** A new organization owned by a new user of its own (`owner`, else named after it): the owner and the organization. */
export function ownedOrganization(
  ctx: DomainContext,
  name: string,
  o: { plan?: PlanName; credits?: number; owner?: { name: string; email: string } } = {},
): { owner: User; org: Organization } {
  const { plan = 'advanced', credits = 0 } = o;
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const owner = createUser(ctx, o.owner ?? { name: `${name} owner`, email: `owner@${slug}.example` });
  return { owner, org: createOrganization(ctx, { name, owner_user_id: owner.id, plan, credits }) };
}

export function orgWorld(variant: VariantAxis[] = []): OrgWorld {
  const runtime = new Runtime({ variant });
  const ctx = runtime.domain;
  const seeded = runtime.seeded!;
  const home = ctx.state.organizations.get(seeded.organizationId)!;
  const { owner: otherOwner, org: other } = ownedOrganization(ctx, 'Other Org', {
    credits: 100,
    owner: { name: 'Olga Other', email: 'olga@other.example' },
  });
  addMember(ctx, other.id, seeded.users.editor!, 'editor');
  const otherProject = createProject(ctx, {
    organization_id: other.id,
    name: 'Other project',
    members: [
      { user_id: otherOwner.id, role: 'owner' },
      { user_id: seeded.users.editor!, role: 'editor' },
    ],
  });
  return {
    runtime,
    ctx,
    home,
    other,
    users: seeded.users,
    projects: seeded.projects,
    otherOwner,
    otherProject,
  };
}

/** Moves the record `id` to the end of its map, so the map no longer iterates in id order. */
export function moveToEnd<T>(map: Map<number, T>, id: number): void {
  const record = map.get(id);
  if (record === undefined) throw new Error(`no record ${id} to move`);
  map.delete(id);
  map.set(id, record);
}
