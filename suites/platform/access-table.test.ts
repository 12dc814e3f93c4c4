/**
 * The spec's access table, checked operation by operation for each kind of token: 403 `You do not have permission
 * to perform this action` exactly where the table says so, and no 401/403 elsewhere.
 *
 * The expectations below are the spec's table written out by hand as literal matrices (one per token kind), not
 * computed from contract/operations.ts or from the fake: that is what lets these tests fail.
 *
 * Two strengths (HARNESS-TWO-STRENGTHS): a cell the spec's own rules decide is checked hard; a cell that rests on a
 * choice of the fake (the getStats and getSupportedModels rows, the creator's cap, a role on a project-level row
 * with no fine-grained entry, Write implying Read: support/access-model.ts assumedGrounds) is checked under those
 * assumed clauses, which its title cites.
 */
import { base, en, Faker } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import { clauseById } from '../../contract/clauses/index.js';
import {
  type MemberRole,
  operationById,
  type Permission,
  platformOperations,
  type TokenRole,
} from '../../contract/index.js';
import { buildDefaultSeed } from '../../fixtures/default-seed.js';
import {
  ACCESS_CLAUSE,
  assumedGrounds,
  SPEC_ACCESS_TABLE,
  type SpecOperationId,
  specOperationIds,
  type TokenGrant,
} from '../support/access-model.js';
import { allPermissions } from '../support/arbitraries/access.js';
import { expectError, expectSuccess } from '../support/envelope.js';
import { FORBIDDEN } from '../support/messages.js';
import { assumed } from '../support/strength.js';
import { type Needs, need, useTarget } from '../support/use-target.js';
import {
  addProjectMemberVia,
  type BodyContext,
  bodyFor,
  type ControlToken,
  createMemberVia,
  createProjectVia,
  createTokenVia,
  listTokens,
  memberRoles,
  prepareBodies,
  seededOrganization,
  WRITE_OPERATIONS,
} from '../support/world.js';
import type { Auth, TokenName } from '../target/target.js';
import type { RawResponse } from '../target/transport.js';

const target = useTarget();

type Cell = 'ok' | '403';

/** Parse a whitespace-aligned matrix: first line = column names, then one row per operation. */
function matrix<C extends string>(
  text: string,
): { columns: C[]; cell: (op: SpecOperationId, col: C) => Cell } {
  const lines = text
    .trim()
    .split('\n')
    .map((l) => l.trim().split(/\s+/));
  const columns = lines[0] as C[];
  const rows = new Map<string, Cell[]>();
  for (const [op, ...cells] of lines.slice(1)) {
    if (!op || cells.length !== columns.length) throw new Error(`bad matrix row ${op}`);
    for (const c of cells) if (c !== 'ok' && c !== '403') throw new Error(`bad cell ${c} in ${op}`);
    rows.set(op, cells as Cell[]);
  }
  const missing = specOperationIds.filter((op) => !rows.has(op));
  if (missing.length > 0 || rows.size !== specOperationIds.length)
    throw new Error(`matrix rows: missing ${missing}`);
  return { columns, cell: (op, col) => rows.get(op)![columns.indexOf(col)]! };
}

/** Check the outcome the table gives for `op`'s answer. */
function expectCell(res: RawResponse, op: string, cell: Cell, strict: boolean): void {
  if (cell === '403') {
    expectError(res, 403, FORBIDDEN);
    return;
  }
  // Allowed: 200, or a non-permission error (never a 401 or 403, never a 5xx).
  expect([401, 403], `${op} is allowed; body: ${res.text.slice(0, 300)}`).not.toContain(res.status);
  expect(res.status).toBeLessThan(500);
  // Against the fake our bodies are valid, so an allowed call must succeed outright.
  if (strict) expectSuccess(res, op);
}

/** The cell, hard when the spec decides it, else under each assumed clause it rests on (`grounds`). */
function checkCell(res: RawResponse, op: string, cell: Cell, strict: boolean, grounds: string[]): void {
  expect(res.status, `${op}: no 5xx; body: ${res.text.slice(0, 300)}`).toBeLessThan(500);
  if (grounds.length === 0) expectCell(res, op, cell, strict);
  for (const id of grounds) assumed(id, () => expectCell(res, op, cell, strict));
}

/** What a column's token is, for the access model: its grant and its creator's organization role. */
interface Column {
  grant: TokenGrant;
  creator: MemberRole;
}

let bodiesPromise: Promise<BodyContext> | undefined;
/** Bodies on the configured project (the seeded `main` on the fake); a playground session when writes are allowed. */
const bodies = () => {
  bodiesPromise ??= prepareBodies(
    target(),
    target().config.project_uid!,
    { token: 'owner' },
    {
      playground: target().config.allow.writes,
    },
  );
  return bodiesPromise;
};

const needsFor = (op: string, base: Needs): Needs => ({
  ...base,
  tokens: ['owner', ...(base.tokens ?? [])],
  projectUid: true,
  ...(WRITE_OPERATIONS.has(op) ? { writes: true } : {}),
});

// ---------------------------------------------------------------------------------------------------------------
// Role-only tokens of the default fixtures. `trainer`, `operator`, `billing` carry a token role but their creator
// holds that organization role, which caps them (AUTH-EFFECTIVE-ACCESS-CAP). `selected` is an owner token scoped to
// the configured project, which it is called on here.

const ROLE_ONLY = matrix<'owner' | 'editor' | 'viewer' | 'selected' | 'trainer' | 'operator' | 'billing'>(`
                               owner editor viewer selected trainer operator billing
  getMyProjects                ok    ok     ok     ok       ok      ok       ok
  getOrganizationDetail        ok    ok     ok     ok       403     403      403
  getOrganizationMembers       ok    ok     ok     ok       403     403      403
  inviteOrganizationMember     ok    403    403    ok       403     403      403
  updateChatbot                ok    ok     403    ok       403     403      403
  updateProjectSettings        ok    ok     403    ok       403     403      403
  getProjectUsageLimit         ok    ok     ok     ok       403     403      403
  setProjectUsageLimit         ok    403    403    ok       403     403      403
  removeProjectUsageLimit      ok    403    403    ok       403     403      403
  getStats                     ok    ok     ok     ok       403     ok       403
  getSessions                  ok    ok     ok     ok       403     ok       403
  getSessionMessages           ok    ok     ok     ok       403     ok       403
  createPlaygroundAgentSession ok    ok     403    ok       403     ok       403
  playgroundAgentResponse      ok    ok     ok     ok       ok      403      403
  searchIndexDocument          ok    ok     ok     ok       ok      403      403
  getSupportedModels           ok    ok     ok     ok       ok      ok       ok
`);

/** The seeded `fine_grained` token: no role, Setting Write + Debugging Read, created by an editor. */
const SEEDED_FINE_GRAINED = matrix<'fine_grained'>(`
                               fine_grained
  getMyProjects                ok
  getOrganizationDetail        403
  getOrganizationMembers       403
  inviteOrganizationMember     403
  updateChatbot                403
  updateProjectSettings        ok
  getProjectUsageLimit         403
  setProjectUsageLimit         403
  removeProjectUsageLimit      403
  getStats                     403
  getSessions                  403
  getSessionMessages           403
  createPlaygroundAgentSession 403
  playgroundAgentResponse      ok
  searchIndexDocument          ok
  getSupportedModels           ok
`);

/** What the matrices assume of each seeded token (checked through the control API before use). */
const SEEDED: Record<
  string,
  { role: TokenRole | null; creator: MemberRole; permissions: Permission[]; scope: string }
> = {
  owner: { role: 'owner', creator: 'owner', permissions: [], scope: 'all' },
  editor: { role: 'editor', creator: 'editor', permissions: [], scope: 'all' },
  viewer: { role: 'viewer', creator: 'viewer', permissions: [], scope: 'all' },
  selected: { role: 'owner', creator: 'owner', permissions: [], scope: 'selected' },
  trainer: { role: 'viewer', creator: 'trainer', permissions: [], scope: 'all' },
  operator: { role: 'editor', creator: 'operator', permissions: [], scope: 'all' },
  billing: { role: 'viewer', creator: 'billing', permissions: [], scope: 'all' },
  fine_grained: {
    role: null,
    creator: 'editor',
    permissions: [
      { module: 'Setting', action: 'Write' },
      { module: 'Debugging', action: 'Read' },
    ],
    scope: 'all',
  },
};

const inConfig = new Set<string>(['owner', 'editor', 'viewer', 'selected', 'fine_grained']);

let seededPromise: Promise<Map<string, ControlToken>> | undefined;
/** The seeded tokens by fixture key, found through the control API, with their configuration checked. */
function seededTokens(): Promise<Map<string, ControlToken>> {
  seededPromise ??= (async () => {
    const seed = buildDefaultSeed(new Faker({ locale: [en, base] }));
    const all = await listTokens(target().control!);
    const roles = await memberRoles(target());
    const out = new Map<string, ControlToken>();
    for (const [key, assumed] of Object.entries(SEEDED)) {
      const name = seed.tokens.find((t) => t.key === key)?.name;
      const configured = target().config.tokens[key as TokenName];
      const token = all.find((t) => (configured ? t.value === configured : t.name === name));
      if (!token) throw new Error(`seeded token ${key} not found`);
      expect(token.role, `${key} role`).toBe(assumed.role);
      expect(token.permissions, `${key} permissions`).toEqual(assumed.permissions);
      expect(token.scope_type, `${key} scope`).toBe(assumed.scope);
      expect(roles.get(token.creator_user_id), `${key} creator role`).toBe(assumed.creator);
      out.set(key, token);
    }
    return out;
  })();
  return seededPromise;
}

const ROLE_CLAUSES: Record<string, string[]> = {
  owner: ['AUTH-ROLE-OWNER', 'TOKEN-ROLE-VALUES'],
  editor: ['AUTH-ROLE-EDITOR', 'TOKEN-ROLE-VALUES'],
  viewer: ['AUTH-ROLE-VIEWER-READ-ONLY', 'TOKEN-ROLE-VALUES'],
  selected: ['AUTH-ROLE-OWNER', 'TOKEN-SCOPE-SELECTED'],
  trainer: ['AUTH-ROLES-TRAINER-OPERATOR', 'AUTH-EFFECTIVE-ACCESS-CAP'],
  operator: ['AUTH-ROLES-TRAINER-OPERATOR', 'AUTH-EFFECTIVE-ACCESS-CAP'],
  billing: ['AUTH-BILLING-ROLE', 'AUTH-EFFECTIVE-ACCESS-CAP'],
  fine_grained: ['AUTH-PERMISSIONS-ONLY', 'AUTH-ROLE-OR-PERMISSION', 'AUTH-FINE-GRAINED-MODULES'],
};

/**
 * The title of a cell: the row's clause, the column's documented clauses, the assumed clauses the cell rests on
 * (`grounds`, checked through assumed()) and, for a 403, the documented refusal.
 */
const title = (who: string, op: SpecOperationId, cell: Cell, clauses: string[], grounds: string[]) => {
  const ids = [
    ACCESS_CLAUSE[op],
    ...clauses.filter((id) => clauseById(id)?.kind === 'documented'),
    ...grounds,
    ...(cell === '403' ? ['AUTH-MISSING-PERMISSION-403', 'ERR-403-MESSAGE'] : []),
  ];
  return `${who} → ${op}: ${cell === 'ok' ? 'allowed' : '403'} [${[...new Set(ids)].join(', ')}]`;
};

function seededSuite<C extends string>(m: { columns: C[]; cell: (op: SpecOperationId, col: C) => Cell }) {
  for (const col of m.columns) {
    const seeded = SEEDED[col]!;
    const column: Column = {
      grant: { role: seeded.role, permissions: seeded.permissions },
      creator: seeded.creator,
    };
    describe(`seeded ${col} token`, () => {
      for (const op of specOperationIds) {
        const cell = m.cell(op, col);
        const grounds = assumedGrounds(op, column.grant, column.creator);
        it(title(`${col} token`, op, cell, ROLE_CLAUSES[col] ?? [], grounds), async (ctx) => {
          // Only the owner/editor/viewer tokens are known without the control API; the others are fixture tokens
          // whose configuration is read back through it.
          const plain = ['owner', 'editor', 'viewer'].includes(col);
          need(ctx, target(), needsFor(op, plain ? { tokens: [col as TokenName] } : { control: true }));
          let auth: Auth;
          if (plain && !target().control) auth = { token: col as TokenName };
          else {
            const token = (await seededTokens()).get(col)!;
            auth = inConfig.has(col) ? { token: col as TokenName } : { bearer: token.value };
          }
          const res = await target().call(op, { auth, body: bodyFor(op, await bodies()) });
          checkCell(res, op, cell, target().isFake, grounds);
        });
      }
    });
  }
}

describe('access table: role-only tokens of the fixtures', () => {
  seededSuite(ROLE_ONLY);
});

describe('access table: the fixtures’ fine-grained-only token', () => {
  seededSuite(SEEDED_FINE_GRAINED);
});

// ---------------------------------------------------------------------------------------------------------------
// Tokens created through the control API on the configured project.

interface MadeToken {
  role: TokenRole | null;
  permissions: Permission[];
  /** Organization role of the creator (a new member, added to the project), or the seeded owner. */
  creator: MemberRole | 'seeded-owner';
}

const p = (module: Permission['module'], action: Permission['action']): Permission => ({ module, action });

/** Fine-grained-only tokens, created by the organization owner. */
const FINE_GRAINED_ONLY = matrix<
  'chatbotW' | 'chatbotR' | 'settingW' | 'settingR' | 'convW' | 'convR' | 'debugW' | 'debugR' | 'allEight'
>(`
                               chatbotW chatbotR settingW settingR convW convR debugW debugR allEight
  getMyProjects                ok       ok       ok       ok       ok    ok    ok     ok     ok
  getOrganizationDetail        403      403      403      403      403   403   403    403    403
  getOrganizationMembers       403      403      403      403      403   403   403    403    403
  inviteOrganizationMember     403      403      403      403      403   403   403    403    403
  updateChatbot                ok       403      403      403      403   403   403    403    ok
  updateProjectSettings        403      403      ok       403      403   403   403    403    ok
  getProjectUsageLimit         403      403      403      403      403   403   403    403    403
  setProjectUsageLimit         403      403      403      403      403   403   403    403    403
  removeProjectUsageLimit      403      403      403      403      403   403   403    403    403
  getStats                     403      403      403      403      403   403   403    403    403
  getSessions                  403      403      403      403      403   403   403    403    403
  getSessionMessages           403      403      403      403      403   403   403    403    403
  createPlaygroundAgentSession 403      403      403      403      ok    403   403    403    ok
  playgroundAgentResponse      403      403      403      403      403   403   ok     ok     ok
  searchIndexDocument          403      403      403      403      403   403   ok     ok     ok
  getSupportedModels           ok       ok       ok       ok       ok    ok    ok     ok     ok
`);

const FINE_GRAINED_ONLY_TOKENS: Record<(typeof FINE_GRAINED_ONLY.columns)[number], MadeToken> = {
  chatbotW: { role: null, permissions: [p('Chatbot', 'Write')], creator: 'seeded-owner' },
  chatbotR: { role: null, permissions: [p('Chatbot', 'Read')], creator: 'seeded-owner' },
  settingW: { role: null, permissions: [p('Setting', 'Write')], creator: 'seeded-owner' },
  settingR: { role: null, permissions: [p('Setting', 'Read')], creator: 'seeded-owner' },
  convW: { role: null, permissions: [p('Conversation', 'Write')], creator: 'seeded-owner' },
  convR: { role: null, permissions: [p('Conversation', 'Read')], creator: 'seeded-owner' },
  debugW: { role: null, permissions: [p('Debugging', 'Write')], creator: 'seeded-owner' },
  debugR: { role: null, permissions: [p('Debugging', 'Read')], creator: 'seeded-owner' },
  allEight: { role: null, permissions: [...allPermissions], creator: 'seeded-owner' },
};

/** Tokens with both a role and permissions, created by the owner: the role decides organization-level operations
 * and project-level operations without a fine-grained entry; the permissions decide the others. */
const BOTH_SET = matrix<'ownerDebugR' | 'viewerChatbotW' | 'editorConvW' | 'editorAllEight'>(`
                               ownerDebugR viewerChatbotW editorConvW editorAllEight
  getMyProjects                ok          ok             ok          ok
  getOrganizationDetail        ok          ok             ok          ok
  getOrganizationMembers       ok          ok             ok          ok
  inviteOrganizationMember     ok          403            403         403
  updateChatbot                403         ok             403         ok
  updateProjectSettings        403         403            403         ok
  getProjectUsageLimit         ok          ok             ok          ok
  setProjectUsageLimit         ok          403            403         403
  removeProjectUsageLimit      ok          403            403         403
  getStats                     ok          ok             ok          ok
  getSessions                  ok          ok             ok          ok
  getSessionMessages           ok          ok             ok          ok
  createPlaygroundAgentSession 403         403            ok          ok
  playgroundAgentResponse      ok          403            403         ok
  searchIndexDocument          ok          403            403         ok
  getSupportedModels           ok          ok             ok          ok
`);

const BOTH_SET_TOKENS: Record<(typeof BOTH_SET.columns)[number], MadeToken> = {
  ownerDebugR: { role: 'owner', permissions: [p('Debugging', 'Read')], creator: 'seeded-owner' },
  viewerChatbotW: { role: 'viewer', permissions: [p('Chatbot', 'Write')], creator: 'seeded-owner' },
  editorConvW: { role: 'editor', permissions: [p('Conversation', 'Write')], creator: 'seeded-owner' },
  editorAllEight: { role: 'editor', permissions: [...allPermissions], creator: 'seeded-owner' },
};

/** Tokens that exceed their creator's organization role: the creator caps them. */
const CAPPED = matrix<
  'viewerMadeChatbotW' | 'trainerMadeConvWDebugR' | 'operatorMadeOwner' | 'editorMadeOwner'
>(`
                               viewerMadeChatbotW trainerMadeConvWDebugR operatorMadeOwner editorMadeOwner
  getMyProjects                ok                 ok                     ok                ok
  getOrganizationDetail        403                403                    403               ok
  getOrganizationMembers       403                403                    403               ok
  inviteOrganizationMember     403                403                    403               403
  updateChatbot                403                403                    403               ok
  updateProjectSettings        403                403                    403               ok
  getProjectUsageLimit         403                403                    403               ok
  setProjectUsageLimit         403                403                    403               403
  removeProjectUsageLimit      403                403                    403               403
  getStats                     403                403                    ok                ok
  getSessions                  403                403                    ok                ok
  getSessionMessages           403                403                    ok                ok
  createPlaygroundAgentSession 403                403                    ok                ok
  playgroundAgentResponse      403                ok                     403               ok
  searchIndexDocument          403                ok                     403               ok
  getSupportedModels           ok                 ok                     ok                ok
`);

const CAPPED_TOKENS: Record<(typeof CAPPED.columns)[number], MadeToken> = {
  viewerMadeChatbotW: { role: null, permissions: [p('Chatbot', 'Write')], creator: 'viewer' },
  trainerMadeConvWDebugR: {
    role: null,
    permissions: [p('Conversation', 'Write'), p('Debugging', 'Read')],
    creator: 'trainer',
  },
  operatorMadeOwner: { role: 'owner', permissions: [], creator: 'operator' },
  editorMadeOwner: { role: 'owner', permissions: [], creator: 'editor' },
};

const made = new Map<string, Promise<ControlToken>>();
/** Create (once per file) the token a column describes, scope `all`, its creator a member of the project. */
function madeToken(key: string, spec: MadeToken): Promise<ControlToken> {
  let promise = made.get(key);
  if (!promise) {
    promise = (async () => {
      const control = target().control!;
      const org = await seededOrganization(target());
      let creator = org.owner_user_id;
      if (spec.creator !== 'seeded-owner') {
        creator = await createMemberVia(control, org.organization_id, spec.creator);
        await addProjectMemberVia(control, target().config.project_uid!, creator);
      }
      return createTokenVia(control, {
        organization_id: org.organization_id,
        creator_user_id: creator,
        name: key,
        role: spec.role,
        permissions: spec.permissions,
        scope_type: 'all',
      });
    })();
    made.set(key, promise);
  }
  return promise;
}

function madeSuite<C extends string>(
  label: string,
  m: { columns: C[]; cell: (op: SpecOperationId, col: C) => Cell },
  specs: Record<C, MadeToken>,
  clauses: string[],
) {
  describe(label, () => {
    for (const col of m.columns) {
      const spec = specs[col];
      const creator: MemberRole = spec.creator === 'seeded-owner' ? 'owner' : spec.creator;
      for (const op of specOperationIds) {
        const cell = m.cell(op, col);
        const grounds = assumedGrounds(op, { role: spec.role, permissions: spec.permissions }, creator);
        it(title(col, op, cell, clauses, grounds), async (ctx) => {
          need(ctx, target(), needsFor(op, { control: true }));
          const token = await madeToken(`${label}/${col}`, specs[col]);
          const res = await target().call(op, {
            auth: { bearer: token.value },
            body: bodyFor(op, await bodies()),
          });
          checkCell(res, op, cell, target().isFake, grounds);
        });
      }
    }
  });
}

madeSuite('access table: fine-grained-only tokens', FINE_GRAINED_ONLY, FINE_GRAINED_ONLY_TOKENS, [
  'AUTH-PERMISSIONS-ONLY',
  'AUTH-ROLE-OR-PERMISSION',
  'AUTH-FINE-GRAINED-MODULES',
  'AUTH-FINE-GRAINED-WRITE-IMPLIES-READ',
  'TOKEN-FINE-GRAINED-PAIRS',
]);

madeSuite('access table: tokens with both role and permissions', BOTH_SET, BOTH_SET_TOKENS, [
  'AUTH-BOTH-SET-ROLE-GOVERNS-ORG',
  'AUTH-BOTH-SET-PERMISSIONS-GOVERN-PROJECT',
  'AUTH-BOTH-SET-NO-FINE-GRAINED-ENTRY',
]);

madeSuite('access table: tokens capped by their creator’s role', CAPPED, CAPPED_TOKENS, [
  'AUTH-EFFECTIVE-ACCESS-CAP',
  'AUTH-EFFECTIVE-ACCESS-FOLLOWS-CREATOR',
]);

// ---------------------------------------------------------------------------------------------------------------

describe('project scope', () => {
  const readOps = ['getProjectUsageLimit', 'getStats', 'getSessions', 'searchIndexDocument'] as const;

  /** A success inside the scope; for getStats, whose access the spec does not give, the fake's choice. */
  const expectInside = (res: RawResponse, op: (typeof readOps)[number]) => {
    if (op === 'getStats') assumed('AUTH-GETSTATS-ASSUMED', () => expectSuccess(res, op));
    else expectSuccess(res, op);
  };

  it('a `selected` token works on its project and gets 403 on a project outside its scope [TOKEN-SCOPE-SELECTED, AUTH-SCOPE-403, ERR-403-MESSAGE]', async (ctx) => {
    need(ctx, target(), { tokens: ['selected'], projectUid: true, otherProjectUid: true });
    const { project_uid, other_project_uid } = target().config;
    for (const op of readOps) {
      const inside = await target().call(op, {
        auth: { token: 'selected' },
        body: bodyFor(op, { project_uid: project_uid! }),
      });
      expectInside(inside, op);
      const outside = await target().call(op, {
        auth: { token: 'selected' },
        body: bodyFor(op, { project_uid: other_project_uid! }),
      });
      expectError(outside, 403, FORBIDDEN);
    }
  });

  it('getMyProjects of a `selected` token lists only projects in its scope [TOKEN-SCOPE-SELECTED, PROJECTS-SCOPE-FILTER]', async (ctx) => {
    need(ctx, target(), { tokens: ['selected'], projectUid: true, otherProjectUid: true });
    const res = await target().call('getMyProjects', { auth: { token: 'selected' }, body: {} });
    const uids = expectSuccess<{ project_uid: string }[]>(res, 'getMyProjects').data.map(
      (x) => x.project_uid,
    );
    // Which projects getMyProjects lists is not shown: the scope filter is the fake's choice.
    assumed('PROJECTS-SCOPE-FILTER', () => {
      expect(uids).toContain(target().config.project_uid);
      expect(uids).not.toContain(target().config.other_project_uid);
    });
  });

  it('scope `all` covers a project created after the token [TOKEN-SCOPE-ALL-FUTURE, TOKEN-SCOPE-VALUES]', async (ctx) => {
    need(ctx, target(), { control: true });
    const control = target().control!;
    const org = await seededOrganization(target());
    const editor = await createMemberVia(control, org.organization_id, 'editor');
    const token = await createTokenVia(control, {
      organization_id: org.organization_id,
      creator_user_id: editor,
      role: 'editor',
      scope_type: 'all',
    });
    const later = await createProjectVia(control, org.organization_id, [editor]);
    const auth = { bearer: token.value };
    for (const op of readOps) {
      expectInside(
        await target().call(op, { auth, body: bodyFor(op, { project_uid: later.project_uid }) }),
        op,
      );
    }
    const listed = await target().call('getMyProjects', { auth, body: {} });
    const uids = expectSuccess<{ project_uid: string }[]>(listed, 'getMyProjects').data.map(
      (x) => x.project_uid,
    );
    assumed('PROJECTS-SCOPE-FILTER', () => expect(uids).toContain(later.project_uid));
  });

  it('scope `selected` does not cover a project created after the token [TOKEN-SCOPE-SELECTED, AUTH-SCOPE-403, TOKEN-SCOPE-VALUES]', async (ctx) => {
    need(ctx, target(), { control: true, projectUid: true });
    const control = target().control!;
    const org = await seededOrganization(target());
    const editor = await createMemberVia(control, org.organization_id, 'editor');
    await addProjectMemberVia(control, target().config.project_uid!, editor);
    const token = await createTokenVia(control, {
      organization_id: org.organization_id,
      creator_user_id: editor,
      role: 'editor',
      scope_type: 'selected',
      project_uids: [target().config.project_uid!],
    });
    const later = await createProjectVia(control, org.organization_id, [editor]);
    const auth = { bearer: token.value };
    for (const op of readOps) {
      expectError(
        await target().call(op, { auth, body: bodyFor(op, { project_uid: later.project_uid }) }),
        403,
        FORBIDDEN,
      );
      expectInside(
        await target().call(op, { auth, body: bodyFor(op, { project_uid: target().config.project_uid! }) }),
        op,
      );
    }
  });

  it('a `selected` token covering several projects works on each of them [TOKEN-SCOPE-SELECTED]', async (ctx) => {
    need(ctx, target(), { control: true });
    const control = target().control!;
    const org = await seededOrganization(target());
    const viewer = await createMemberVia(control, org.organization_id, 'viewer');
    const [a, b, c] = [
      await createProjectVia(control, org.organization_id, [viewer]),
      await createProjectVia(control, org.organization_id, [viewer]),
      await createProjectVia(control, org.organization_id, [viewer]),
    ];
    const token = await createTokenVia(control, {
      organization_id: org.organization_id,
      creator_user_id: viewer,
      role: 'viewer',
      scope_type: 'selected',
      project_uids: [a.project_uid, b.project_uid],
    });
    const auth = { bearer: token.value };
    for (const project of [a, b])
      expectSuccess(
        await target().call('getProjectUsageLimit', { auth, body: { project_uid: project.project_uid } }),
        'getProjectUsageLimit',
      );
    expectError(
      await target().call('getProjectUsageLimit', { auth, body: { project_uid: c.project_uid } }),
      403,
      FORBIDDEN,
    );
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe('the contract’s operation table is the spec’s table', () => {
  it('every Platform operation has a row, and no other [AUTH-ROLE-OR-PERMISSION]', () => {
    expect(platformOperations.map((o) => o.id).sort()).toEqual([...specOperationIds].sort());
  });

  for (const op of specOperationIds) {
    it(`contract access of ${op} matches the spec row [${ACCESS_CLAUSE[op]}]`, () => {
      const access = operationById(op).access!;
      const row = SPEC_ACCESS_TABLE[op] as {
        any?: true;
        roles: readonly string[];
        fine?: readonly [string, string];
        level: string;
      };
      expect(Boolean(access.any)).toBe(Boolean(row.any));
      expect([...access.roles].sort()).toEqual([...row.roles].sort());
      expect(access.fineGrained ? [access.fineGrained.module, access.fineGrained.action] : undefined).toEqual(
        row.fine ? [...row.fine] : undefined,
      );
      expect(access.level).toBe(row.level);
      expect(Boolean(operationById(op).projectScoped)).toBe(row.level === 'project');
    });
  }
});
