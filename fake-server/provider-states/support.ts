/**
 * What several provider states share: the organization they build in, a project (given or fresh), new users and
 * members. Each helper calls domain functions and notes in the context's undo list what teardown removes.
 */
import type { MemberRole } from '../../contract/index.js';
import { DomainError, errors, invalidParams } from '../domain/errors.js';
import { addMember } from '../domain/members.js';
import { createUser, findOrganization } from '../domain/organizations.js';
import { createProjectKey } from '../domain/project-keys.js';
import { addProjectMember, createProject } from '../domain/projects.js';
import type { Member, Organization, Project, User } from '../domain/state.js';
import type { StatesContext } from './context.js';

/** `organization_id`'s organization, else the target's own (the fake's seeded organization). */
export function organizationOf(s: StatesContext, organizationId: number | undefined): Organization {
  if (organizationId !== undefined) return findOrganization(s.domain, organizationId);
  if (s.targetOrganizationId === undefined)
    throw invalidParams([
      { path: 'organization_id', message: 'required: this fake has no seeded organization (fixtures empty)' },
    ]);
  return findOrganization(s.domain, s.targetOrganizationId);
}

/** The organization's owner who created it, else any owner. */
export function ownerOf(s: StatesContext, org: Organization): number {
  const owners = [...s.domain.state.members.values()].filter(
    (m) => m.organization_id === org.id && m.role === 'owner',
  );
  const owner = owners.find((m) => m.user_id === org.created_by) ?? owners[0];
  if (!owner) throw errors.organizationWithoutOwner(org.id);
  return owner.user_id;
}

/** A project of `org` by its uid (404 `Project not found` when it is not one of the organization's). */
export function projectIn(s: StatesContext, org: Organization, projectUid: string): Project {
  for (const p of s.domain.state.projects.values())
    if (p.project_uid === projectUid && p.organization_id === org.id) return p;
  throw errors.projectNotFound();
}

/** A fresh project of `org` (members: as given, else its owners); teardown deletes it. */
export function freshProject(
  s: StatesContext,
  org: Organization,
  options: { name?: string; members?: { user_id: number; role: string }[] } = {},
): Project {
  const project = createProject(s.domain, {
    organization_id: org.id,
    name: options.name ?? `Provider state project ${s.domain.ids.next('provider_state_project')}`,
    ...(options.members !== undefined ? { members: options.members } : {}),
  });
  s.undo.push({ undo: 'delete_project', project_id: project.id });
  return project;
}

/** `projectUid`'s project in `org`, or a fresh one; `fresh` says which. */
export function givenOrFreshProject(
  s: StatesContext,
  org: Organization,
  projectUid: string | undefined,
): { project: Project; fresh: boolean } {
  return projectUid === undefined
    ? { project: freshProject(s, org), fresh: true }
    : { project: projectIn(s, org, projectUid), fresh: false };
}

/** What every project state returns: where it is, and a new key of it. */
export function projectFacts(s: StatesContext, project: Project) {
  return {
    organization_id: project.organization_id,
    project_uid: project.project_uid,
    widget_uid: project.integration.widget_uid,
    project_key: createProjectKey(s.domain, project).value,
  };
}

/** A new user with an address no one has (`label-N@provider-states.example`). */
export function newUser(s: StatesContext, label: string): User {
  const slug = label.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  for (;;) {
    const n = s.domain.ids.next('provider_state_user');
    try {
      return createUser(s.domain, { name: `${label} ${n}`, email: `${slug}-${n}@provider-states.example` });
    } catch (err) {
      // Someone took that address through the control API: the next number.
      if (!(err instanceof DomainError && err.status === 409)) throw err;
    }
  }
}

/** A new user who joins `org` with `role` and the given projects (project role = `role`); teardown removes them. */
export function newMember(
  s: StatesContext,
  org: Organization,
  role: MemberRole,
  projects: readonly Project[],
): Member {
  const user = newUser(s, `${role} member`);
  const member = addMember(s.domain, org.id, user.id, role);
  for (const p of projects) addProjectMember(s.domain, p, user.id, role);
  s.undo.push({ undo: 'remove_member', organization_id: org.id, user_id: user.id });
  return member;
}
