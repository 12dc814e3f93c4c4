/** Projects: listing for a token, the project view, renaming and retention, creation. */
import type { OrderBy, Project as ProjectView } from '../../contract/index.js';
import type { PlatformCaller } from './authentication.js';
import { inScope, isProjectMember } from './authorization.js';
import { iso } from './clock.js';
import type { DomainContext } from './context.js';
import { errors } from './errors.js';
import { findMember } from './members.js';
import { byOrder, type Page, paginate } from './paging.js';
import type { AiSettings, Project } from './state.js';

export interface ListProjectsQuery {
  search?: string | undefined;
  limit: number;
  page: number;
  orderBy: OrderBy;
}

/** Projects in the token's scope whose members include the token's creator (PROJECTS-SCOPE-FILTER). */
/** The project with this uid, in any organization (the control API's view); 404 Project not found otherwise. */
export function projectOfUid(domain: DomainContext, projectUid: string): Project {
  const project = domain.state.projects.byUid(projectUid);
  if (!project) throw errors.projectNotFound();
  return project;
}

export function listProjects(
  domain: DomainContext,
  caller: PlatformCaller,
  q: ListProjectsQuery,
): Page<ProjectView> {
  const needle = q.search?.toLowerCase();
  // The caller's organization's projects only (FAKE-PAGE-COST).
  const visible = domain.state.projects
    .ofOrganization(caller.organization.id)
    .filter(
      (p) =>
        inScope(caller, p) &&
        isProjectMember(p, caller.token.creator_user_id) &&
        (needle === undefined || p.name.toLowerCase().includes(needle)),
    );
  const page = paginate(
    // Stryker disable next-line ArrowFunction: equivalent; the key is the id, by which byOrder breaks ties anyway (a key of undefined compares as NaN, which falls through to the id)
    byOrder(visible, (p) => p.id, q.orderBy),
    q.limit,
    q.page,
  );
  return {
    total: page.total,
    items: page.items.map((p) => projectView(domain, p, caller.token.creator_user_id)),
  };
}

export function projectView(domain: DomainContext, p: Project, viewerUserId: number): ProjectView {
  const org = domain.state.organizations.get(p.organization_id)!;
  const viewer = findMember(domain, org.id, viewerUserId);
  return {
    id: p.id,
    organization_id: p.organization_id,
    name: p.name,
    app_id: p.app_id,
    project_uid: p.project_uid,
    purpose: p.purpose,
    createdAt: iso(p.createdAt),
    updatedAt: iso(p.updatedAt),
    organization: { id: org.id, name: org.name, role: viewer?.role ?? 'viewer' },
    ProjectMembers: p.members.map((m) => ({ user_id: m.user_id, role: m.role })),
    integration_setting: { ...p.integration },
  };
}

export function updateChatbot(
  domain: DomainContext,
  project: Project,
  patch: { name?: string | undefined; retention_duration?: number | undefined },
): void {
  if (patch.name !== undefined) project.name = patch.name;
  if (patch.retention_duration !== undefined) project.retention_duration = patch.retention_duration;
  if (patch.name !== undefined || patch.retention_duration !== undefined)
    project.updatedAt = domain.clock.now();
}

export const defaultSettings = (model: string): AiSettings => ({
  prompt: 'You are a helpful assistant. Answer from the knowledgebase.',
  restriction: 'Do not answer questions unrelated to the knowledgebase.',
  model,
  temperature: 0.7,
  mode: 'chat',
  chat_history_count: 10,
  max_nodes: 5,
  add_page_link: 1,
  auto_close_duration: 1440,
  auto_resolve_duration: 60,
});

export interface CreateProjectInput {
  organization_id: number;
  name: string;
  purpose?: string;
  /** Project members; defaults to every organization owner. */
  members?: { user_id: number; role: string }[];
  model?: string;
}

export function createProject(domain: DomainContext, input: CreateProjectInput): Project {
  const org = domain.state.organizations.get(input.organization_id);
  if (!org) throw errors.organizationNotFound();
  const now = domain.clock.now();
  const id = domain.ids.next('project');
  const owners = domain.state.members
    .ofOrganization(org.id)
    .filter((m) => m.role === 'owner')
    .map((m) => ({ user_id: m.user_id, role: 'owner' }));
  const project: Project = {
    id,
    organization_id: org.id,
    name: input.name,
    app_id: domain.ids.int(100_000, 999_999),
    project_uid: domain.ids.token(16),
    purpose: input.purpose ?? 'customer_support',
    createdAt: now,
    updatedAt: now,
    members: input.members ?? owners,
    integration: { id: domain.ids.next('integration'), project_id: id, widget_uid: domain.ids.token(20) },
    settings: defaultSettings(input.model ?? domain.state.models[0]?.value ?? 'gpt-4o-mini'),
    retention_duration: 0,
    limits: {},
    creditsUsed: 0,
  };
  domain.state.projects.set(id, project);
  return project;
}

export function addProjectMember(
  domain: DomainContext,
  project: Project,
  userId: number,
  role: string,
): void {
  if (!domain.state.users.has(userId)) throw errors.userNotFound();
  project.members = project.members.filter((m) => m.user_id !== userId);
  project.members.push({ user_id: userId, role });
  project.updatedAt = domain.clock.now();
}

export function removeProjectMember(domain: DomainContext, project: Project, userId: number): void {
  const before = project.members.length;
  project.members = project.members.filter((m) => m.user_id !== userId);
  if (project.members.length === before) throw errors.projectMemberNotFound();
  project.updatedAt = domain.clock.now();
}
