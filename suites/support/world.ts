/**
 * Build a small world through the fake's control API (organizations, users, projects, tokens, lifecycle actions)
 * and valid request bodies for every Platform operation. Only the control API and the public API are used.
 */
import type {
  ControlBody,
  ControlMember,
  ControlProject,
  ControlToken,
  TokenLifecycleAction,
} from '../../contract/control/index.js';
import { type MemberRole, operations, type PlanName } from '../../contract/index.js';
import type { ControlClient } from '../target/control-client.js';
import type { Auth, Target } from '../target/target.js';
import { nextInFile, runTag } from './run-tag.js';

/** A token and a project as the control API shows them: declared once, in contract/control/views.ts. */
export type { ControlProject, ControlToken };

/** What POST /_control/tokens takes (contract/control/requests.ts). */
export type TokenSpec = ControlBody<'createToken'>;

export type LifecycleAction = TokenLifecycleAction;

/** A name no earlier run used (also against a long-lived target). */
export function unique(prefix: string): string {
  return `${prefix}-${runTag()}-${nextInFile('unique')}`;
}

export const uniqueEmail = (prefix = 'user'): string => `${unique(prefix)}@example.com`;

/** Create a token; returns its value and id (and the rest of the control view). */
export function createTokenVia(control: ControlClient, spec: TokenSpec): Promise<ControlToken> {
  return control.createToken({ name: unique('token'), ...spec });
}

/** A token of `org`, created by its owner with role owner unless `spec` says otherwise. */
export function orgTokenVia(
  control: ControlClient,
  org: { organization_id: number; owner_user_id: number },
  spec: Partial<TokenSpec> = {},
): Promise<ControlToken> {
  return createTokenVia(control, {
    organization_id: org.organization_id,
    creator_user_id: org.owner_user_id,
    role: 'owner',
    ...spec,
  });
}

export function tokenAction(
  control: ControlClient,
  id: number,
  action: LifecycleAction,
): Promise<ControlToken> {
  return control.tokenAction(id, action);
}

export function listTokens(control: ControlClient): Promise<ControlToken[]> {
  return control.tokens();
}

export async function tokenByValue(control: ControlClient, value: string): Promise<ControlToken> {
  const token = (await listTokens(control)).find((t) => t.value === value);
  if (!token) throw new Error('no token with that value');
  return token;
}

/** The virtual clock, epoch ms. */
export async function clockNow(control: ControlClient): Promise<number> {
  return Date.parse(await control.clock());
}

/** A new user who joins the organization with `role`; returns the user id. */
export async function createMemberVia(
  control: ControlClient,
  organizationId: number,
  role: MemberRole,
): Promise<number> {
  const user = await control.createUser({ name: unique(`${role} user`), email: uniqueEmail(role) });
  await addMemberVia(control, organizationId, user.id, role);
  return user.id;
}

/** An existing user joins the organization with `role`. */
export function addMemberVia(
  control: ControlClient,
  organizationId: number,
  userId: number,
  role: MemberRole,
): Promise<ControlMember> {
  return control.addMember(organizationId, { user_id: userId, role });
}

export function changeRoleVia(
  control: ControlClient,
  organizationId: number,
  userId: number,
  role: MemberRole,
): Promise<ControlMember> {
  return control.changeRole(organizationId, userId, { role });
}

export function removeMemberVia(control: ControlClient, organizationId: number, userId: number) {
  return control.removeMember(organizationId, userId);
}

export function setPlanVia(control: ControlClient, organizationId: number, plan: PlanName) {
  return control.setPlan(organizationId, { plan });
}

/** A new organization with its owner. */
export async function createOrganizationVia(
  control: ControlClient,
  options: { plan?: PlanName; credits?: number } = {},
): Promise<{ organization_id: number; owner_user_id: number }> {
  const org = await control.createOrganization({
    name: unique('Org'),
    owner: { name: unique('Owner'), email: uniqueEmail('owner') },
    plan: options.plan ?? 'advanced',
    credits: options.credits ?? 1_000_000,
  });
  return { organization_id: org.id, owner_user_id: org.owner.id };
}

/**
 * A new project whose members are exactly `members` (user ids, as editors); with `undefined`, the organization's
 * owners (as owners: the control API's default).
 */
export function createProjectVia(
  control: ControlClient,
  organizationId: number,
  members: readonly number[] | undefined,
  name = unique('Project'),
): Promise<ControlProject> {
  return control.createProject({
    organization_id: organizationId,
    name,
    ...(members ? { members: members.map((user_id) => ({ user_id, role: 'editor' })) } : {}),
  });
}

export function addProjectMemberVia(control: ControlClient, projectUid: string, userId: number) {
  return control.addProjectMember(projectUid, { user_id: userId, role: 'editor' });
}

export function removeProjectMemberVia(control: ControlClient, projectUid: string, userId: number) {
  return control.removeProjectMember(projectUid, userId);
}

/** The seeded organization, discovered from the owner token of the target config. */
export async function seededOrganization(
  t: Target,
): Promise<{ organization_id: number; owner_user_id: number; tokens: ControlToken[] }> {
  const control = t.control;
  if (!control) throw new Error('target has no control API');
  const tokens = await listTokens(control);
  const owner = tokens.find((x) => x.value === t.config.tokens.owner);
  if (!owner) throw new Error('the owner token of the target config is not in GET /tokens');
  return { organization_id: owner.organization_id, owner_user_id: owner.creator_user_id, tokens };
}

/**
 * A fresh project in the seeded organization, through the control API: no documents, sessions, limits or spent
 * credits; its members are the organization's owners, so the owner token of the target config may use it.
 */
export async function freshProjectVia(t: Target, name: string): Promise<ControlProject> {
  const { organization_id } = await seededOrganization(t);
  return createProjectVia(t.control!, organization_id, undefined, name);
}

/** Organization role of each member, read through the public API (getOrganizationMembers). */
export async function memberRoles(t: Target, auth?: Auth): Promise<Map<number, string>> {
  const res = await t.call('getOrganizationMembers', { body: { limit: 1000 }, auth });
  if (!isSuccessStatus(res.status))
    throw new Error(`getOrganizationMembers → ${res.status} ${res.text.slice(0, 200)}`);
  const data = (res.json as { data: { organizationMember: { user_id: number; role: string }[] } }).data;
  return new Map(data.organizationMember.map((m) => [m.user_id, m.role]));
}

/** Any 2xx: the exact success status is a server's choice (CONV-SUCCESS-200 is the fake's). */
export const isSuccessStatus = (status: number): boolean => status >= 200 && status < 300;

/** Operations that change state on the target (need `writes`): those the operation table marks. */
export const WRITE_OPERATIONS: ReadonlySet<string> = new Set(
  operations.filter((o) => o.writes).map((o) => o.id),
);

/** `body` on the configured project: project_uid from the target config unless `body` names another. */
export const onProject = (t: Target, body: Record<string, unknown> = {}): Record<string, unknown> => ({
  project_uid: t.config.project_uid,
  ...body,
});

export interface BodyContext {
  project_uid: string;
  /** A conversation session of the project (for getSessionMessages); any number when none is known. */
  session_uid?: number;
  /** A playground session of the project (for playgroundAgentResponse). */
  playground_session_uid?: number;
  /** A document limit the project accepts (current limit, within plan allocation and above usage). */
  document_limit?: number;
}

/** A valid body for each Platform operation on `ctx.project_uid`. Invitations get a fresh email each time. */
export function bodyFor(op: string, ctx: BodyContext): Record<string, unknown> {
  const project_uid = ctx.project_uid;
  switch (op) {
    case 'getMyProjects':
    case 'getOrganizationDetail':
    case 'getSupportedModels':
      return {};
    case 'getOrganizationMembers':
      return { limit: 10 };
    case 'inviteOrganizationMember':
      return { email: uniqueEmail('invitee'), role: 'viewer' };
    case 'updateChatbot':
    case 'updateProjectSettings':
    case 'getProjectUsageLimit':
    case 'getStats':
    case 'getSessions':
    case 'createPlaygroundAgentSession':
      return { project_uid };
    case 'setProjectUsageLimit':
      return { project_uid, limits: [{ limit_type: 'document', limit: ctx.document_limit ?? 100 }] };
    case 'removeProjectUsageLimit':
      return { project_uid, limit_type: 'voice_credits' };
    case 'getSessionMessages':
      return { project_uid, session_uid: ctx.session_uid ?? 1 };
    case 'playgroundAgentResponse':
      return { project_uid, session_uid: ctx.playground_session_uid ?? 1, query: 'How do I get a refund?' };
    case 'searchIndexDocument':
      return { project_uid, query: 'refund', limit: 3 };
    default:
      throw new Error(`no body for ${op}`);
  }
}

/** Fill a BodyContext for a project with a token allowed everything there (owner role, owner creator). */
export async function prepareBodies(
  t: Target,
  project_uid: string,
  auth: Auth,
  options: { playground: boolean },
): Promise<BodyContext> {
  const ctx: BodyContext = { project_uid };
  // A session is optional here (a body may name any number): no form canary before it (support/form-canary.ts).
  const sessions = await t.call('getSessions', { auth, body: { project_uid, limit: 1 }, hooks: false });
  const first = (sessions.json as { data?: { session_uid: number }[] } | undefined)?.data?.[0];
  if (isSuccessStatus(sessions.status) && first) ctx.session_uid = Number(first.session_uid);
  const limits = await t.call('getProjectUsageLimit', { auth, body: { project_uid } });
  const doc = (limits.json as { data?: { document?: { limit: number } } } | undefined)?.data?.document;
  if (isSuccessStatus(limits.status) && doc) ctx.document_limit = doc.limit;
  if (options.playground) {
    const pg = await t.call('createPlaygroundAgentSession', { auth, body: { project_uid } });
    const data = (pg.json as { data?: { session_uid: number } } | undefined)?.data;
    if (isSuccessStatus(pg.status) && data) ctx.playground_session_uid = data.session_uid;
  }
  return ctx;
}
