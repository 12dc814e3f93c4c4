/**
 * An independent model of the spec's access rules (Authentication section and the assumed AUTH-* clauses),
 * written from the spec text. It deliberately does not read contract/operations.ts `access` nor anything in
 * fake-server/: the suites compare the target (and the contract table) against it.
 */
import type {
  MemberRole,
  Permission,
  PermissionAction,
  PermissionModule,
  TokenRole,
} from '../../contract/index.js';

export interface SpecRow {
  /** "any valid token" (getMyProjects; getSupportedModels by AUTH-GETSUPPORTEDMODELS-ASSUMED). */
  readonly any?: true;
  /** The Roles column. */
  readonly roles: readonly MemberRole[];
  /** The Fine-grained column. */
  readonly fine?: readonly [PermissionModule, PermissionAction];
  /** Project-level = takes a project_uid (Endpoints table); everything else is organization-level. */
  readonly level: 'organization' | 'project';
}

const OEV = ['owner', 'editor', 'viewer'] as const;

/** The spec's "Required access per operation" table, row by row. */
export const SPEC_ACCESS_TABLE = {
  getMyProjects: { any: true, roles: [], level: 'organization' },
  getOrganizationDetail: { roles: OEV, level: 'organization' },
  getOrganizationMembers: { roles: OEV, level: 'organization' },
  inviteOrganizationMember: { roles: ['owner'], level: 'organization' },
  updateChatbot: { roles: ['owner', 'editor'], fine: ['Chatbot', 'Write'], level: 'project' },
  updateProjectSettings: { roles: ['owner', 'editor'], fine: ['Setting', 'Write'], level: 'project' },
  getProjectUsageLimit: { roles: OEV, level: 'project' },
  setProjectUsageLimit: { roles: ['owner'], level: 'project' },
  removeProjectUsageLimit: { roles: ['owner'], level: 'project' },
  /** Not shown; AUTH-GETSTATS-ASSUMED: like getSessions. */
  getStats: { roles: [...OEV, 'operator'], level: 'project' },
  getSessions: { roles: [...OEV, 'operator'], level: 'project' },
  getSessionMessages: { roles: [...OEV, 'operator'], level: 'project' },
  createPlaygroundAgentSession: {
    roles: ['owner', 'editor', 'operator'],
    fine: ['Conversation', 'Write'],
    level: 'project',
  },
  playgroundAgentResponse: { roles: [...OEV, 'trainer'], fine: ['Debugging', 'Read'], level: 'project' },
  searchIndexDocument: { roles: [...OEV, 'trainer'], fine: ['Debugging', 'Read'], level: 'project' },
  /** Not shown; AUTH-GETSUPPORTEDMODELS-ASSUMED: any valid token. */
  getSupportedModels: { any: true, roles: [], level: 'organization' },
} as const satisfies Record<string, SpecRow>;

export type SpecOperationId = keyof typeof SPEC_ACCESS_TABLE;
export const specOperationIds = Object.keys(SPEC_ACCESS_TABLE) as SpecOperationId[];

/** The clause citing each row of the table. */
export const ACCESS_CLAUSE: Record<SpecOperationId, string> = {
  getMyProjects: 'AUTH-ACCESS-GETMYPROJECTS',
  getOrganizationDetail: 'AUTH-ACCESS-GETORGANIZATIONDETAIL',
  getOrganizationMembers: 'AUTH-ACCESS-GETORGANIZATIONMEMBERS',
  inviteOrganizationMember: 'AUTH-ACCESS-INVITEORGANIZATIONMEMBER',
  updateChatbot: 'AUTH-ACCESS-UPDATECHATBOT',
  updateProjectSettings: 'AUTH-ACCESS-UPDATEPROJECTSETTINGS',
  getProjectUsageLimit: 'AUTH-ACCESS-GETPROJECTUSAGELIMIT',
  setProjectUsageLimit: 'AUTH-ACCESS-SETPROJECTUSAGELIMIT',
  removeProjectUsageLimit: 'AUTH-ACCESS-REMOVEPROJECTUSAGELIMIT',
  getStats: 'AUTH-GETSTATS-ASSUMED',
  getSessions: 'AUTH-ACCESS-GETSESSIONS',
  getSessionMessages: 'AUTH-ACCESS-GETSESSIONMESSAGES',
  createPlaygroundAgentSession: 'AUTH-ACCESS-CREATEPLAYGROUNDAGENTSESSION',
  playgroundAgentResponse: 'AUTH-ACCESS-PLAYGROUNDAGENTRESPONSE',
  searchIndexDocument: 'AUTH-ACCESS-SEARCHINDEXDOCUMENT',
  getSupportedModels: 'AUTH-GETSUPPORTEDMODELS-ASSUMED',
};

export interface TokenGrant {
  role: TokenRole | null;
  permissions: Permission[];
}

/** AUTH-FINE-GRAINED-WRITE-IMPLIES-READ: holding Write on a module grants Read on it. */
export function holds(
  permissions: readonly Permission[],
  [module, action]: readonly [PermissionModule, PermissionAction],
) {
  return permissions.some((p) => p.module === module && (p.action === action || p.action === 'Write'));
}

/**
 * Whether the operation itself is permitted (before scope and membership):
 * - any valid token for `any` rows;
 * - AUTH-EFFECTIVE-ACCESS-CAP: the creator's current organization role must be in the Roles column (owner: always);
 * - AUTH-BOTH-SET-*: with both role and permissions, a project-level row with a fine-grained entry is decided by the
 *   permissions alone; otherwise AUTH-ROLE-OR-PERMISSION: role in the column OR the fine-grained pair held.
 */
export function permits(op: SpecOperationId, token: TokenGrant, creatorRole: MemberRole): boolean {
  const row: SpecRow = SPEC_ACCESS_TABLE[op];
  if (row.any) return true;
  if (creatorRole !== 'owner' && !row.roles.includes(creatorRole)) return false;
  const byRole = token.role !== null && row.roles.includes(token.role);
  const byPermission = row.fine !== undefined && holds(token.permissions, row.fine);
  const bothSet = token.role !== null && token.permissions.length > 0;
  if (bothSet && row.level === 'project' && row.fine !== undefined) return byPermission;
  return byRole || byPermission;
}

/**
 * The assumed clauses `permits(op, token, creatorRole)` rests on for this case: empty when the spec's own rules
 * decide it (the Roles and Fine-grained columns, "role OR permission", both-set tokens on operations with a
 * fine-grained entry), else the fake's choices that do:
 * - AUTH-GETSTATS-ASSUMED, AUTH-GETSUPPORTEDMODELS-ASSUMED: the two rows the spec does not give (and, for a token
 *   with no role, AUTH-PERMISSIONS-ONLY; for a billing creator of getSupportedModels, AUTH-BILLING-ROLE);
 * - AUTH-BOTH-SET-NO-FINE-GRAINED-ENTRY: a token with role and permissions on a project-level row with no
 *   fine-grained entry;
 * - AUTH-FINE-GRAINED-WRITE-IMPLIES-READ: a Read entry granted only by Write on the module;
 * - AUTH-EFFECTIVE-ACCESS-CAP (AUTH-BILLING-ROLE for a billing creator): a token its own grant allows, refused
 *   because of its creator's organization role.
 * Suites check a case hard when this is empty and under each of these clauses otherwise.
 */
export function assumedGrounds(op: SpecOperationId, token: TokenGrant, creatorRole: MemberRole): string[] {
  const row: SpecRow = SPEC_ACCESS_TABLE[op];
  const grounds: string[] = [];
  const rowAssumed = op === 'getStats' || op === 'getSupportedModels';
  if (op === 'getStats') grounds.push('AUTH-GETSTATS-ASSUMED');
  if (op === 'getSupportedModels') grounds.push('AUTH-GETSUPPORTEDMODELS-ASSUMED');
  if (rowAssumed && token.role === null) grounds.push('AUTH-PERMISSIONS-ONLY');
  if (row.any) {
    if (rowAssumed && creatorRole === 'billing') grounds.push('AUTH-BILLING-ROLE');
    return grounds;
  }
  const byRole = token.role !== null && row.roles.includes(token.role);
  const exact =
    row.fine !== undefined &&
    token.permissions.some((p) => p.module === row.fine?.[0] && p.action === row.fine?.[1]);
  const byPermission = row.fine !== undefined && holds(token.permissions, row.fine);
  const bothSet = token.role !== null && token.permissions.length > 0;
  // Both set, on a project-level row with a fine-grained entry: the permissions alone decide (documented).
  const permissionsOnly = bothSet && row.level === 'project' && row.fine !== undefined;
  const tokenAllows = permissionsOnly ? byPermission : byRole || byPermission;
  // Both set, on a project-level row without one: that the role decides is the fake's reading.
  if (bothSet && row.level === 'project' && row.fine === undefined && byRole)
    grounds.push('AUTH-BOTH-SET-NO-FINE-GRAINED-ENTRY');
  const allowedByPermission = tokenAllows && (permissionsOnly || !byRole);
  if (allowedByPermission && !exact) grounds.push('AUTH-FINE-GRAINED-WRITE-IMPLIES-READ');
  if (tokenAllows && creatorRole !== 'owner' && !row.roles.includes(creatorRole))
    grounds.push(creatorRole === 'billing' ? 'AUTH-BILLING-ROLE' : 'AUTH-EFFECTIVE-ACCESS-CAP');
  return grounds;
}

/** Where the target project lies for the token: `all` scope, or `selected` with or without it. */
export type ScopeCase = 'all' | 'selected-in' | 'selected-out';

export interface AccessCase {
  token: TokenGrant;
  scope: ScopeCase;
  creatorRole: MemberRole;
  /** Whether the token's creator is a member of the project the call names. */
  creatorIsProjectMember: boolean;
  operation: SpecOperationId;
}

/** `allowed`: not a 401/403; `forbidden`: 403 permission message; `not-member`: 403 not-a-member message. */
export type Outcome = 'allowed' | 'forbidden' | 'not-member';

/** AUTH-CHECK-ORDER: operation permission, then (project-level only) scope, then creator membership. */
export function expectedOutcome(c: AccessCase): Outcome {
  if (!permits(c.operation, c.token, c.creatorRole)) return 'forbidden';
  if (SPEC_ACCESS_TABLE[c.operation].level === 'organization') return 'allowed';
  if (c.scope === 'selected-out') return 'forbidden';
  if (!c.creatorIsProjectMember) return 'not-member';
  return 'allowed';
}

/** The clause of each token role's access (Authentication: "Owner has full…; Editor…; Viewer is read-only."). */
const ROLE_CLAUSE: Record<TokenRole, string> = {
  owner: 'AUTH-ROLE-OWNER',
  editor: 'AUTH-ROLE-EDITOR',
  viewer: 'AUTH-ROLE-VIEWER-READ-ONLY',
};

/**
 * The documented clauses a cell of the access table turns red when the target answers it otherwise (issue 39: "a
 * cell of a table reds its row and the one rule that decided it, not every rule that took part"): the row's clause
 * (where the spec gives the row) and the one documented rule that decides this token on this row:
 * - a row open to any valid token: the row alone;
 * - role and permissions both set: where the role alone and the permissions alone would answer differently,
 *   AUTH-BOTH-SET-PERMISSIONS-GOVERN-PROJECT on a project-level row with a fine-grained entry and
 *   AUTH-BOTH-SET-ROLE-GOVERNS-ORG on an organization-level row; where they agree, the role's own rule;
 * - permissions only: AUTH-ROLE-OR-PERMISSION (the fine-grained column);
 * - a role only: its role's clause, or AUTH-EFFECTIVE-ACCESS-FOLLOWS-CREATOR where the creator's current role
 *   decides instead (the token's own role would be allowed).
 * Cells that rest on an assumed clause (assumedGrounds) are checked softly under those, whatever this says.
 */
export function decidedBy(op: SpecOperationId, token: TokenGrant, creatorRole: MemberRole): string[] {
  const row: SpecRow = SPEC_ACCESS_TABLE[op];
  const rowClause = ACCESS_CLAUSE[op];
  const rowIds = rowClause.startsWith('AUTH-ACCESS-') ? [rowClause] : [];
  if (row.any) return rowIds;
  const bothSet = token.role !== null && token.permissions.length > 0;
  let rule: string | undefined;
  if (bothSet) {
    // Which of the two decides matters only where they disagree: there the both-set rule decides; where the role
    // alone and the permissions alone give the same answer, the role's own rule does.
    const byRole = row.roles.includes(token.role as TokenRole);
    const byPermission = row.fine !== undefined && holds(token.permissions, row.fine);
    const governing =
      row.level === 'organization'
        ? 'AUTH-BOTH-SET-ROLE-GOVERNS-ORG'
        : row.fine !== undefined
          ? 'AUTH-BOTH-SET-PERMISSIONS-GOVERN-PROJECT'
          : undefined;
    rule = byRole === byPermission ? ROLE_CLAUSE[token.role as TokenRole] : governing;
  } else if (token.role === null) rule = 'AUTH-ROLE-OR-PERMISSION';
  else if (creatorRole !== 'owner' && !row.roles.includes(creatorRole) && row.roles.includes(token.role))
    rule = 'AUTH-EFFECTIVE-ACCESS-FOLLOWS-CREATOR';
  else rule = ROLE_CLAUSE[token.role];
  return [...rowIds, ...(rule ? [rule] : [])];
}
