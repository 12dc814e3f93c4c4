/**
 * The spec's "Required access per operation" table, checked cell by cell for one kind of token per column
 * (suites/platform/access-*.test.ts): 403 `You do not have permission to perform this action` exactly where the
 * table says so, and no 401/403 elsewhere.
 *
 * Each file writes its expectations out by hand as a literal matrix (one column per kind of token), not computed
 * from contract/operations.ts or from the fake: that is what lets these tests fail.
 *
 * A column's token is a token of the target config (owner, editor, viewer), or else one the target makes as the
 * provider state `token` (role or none, permissions, scope, the creator's organization role) or `token creator role
 * changed`, entered once per file by the first test of the column that runs and torn down after the file. So the
 * same tests run on the fake and on any deployment that offers these states, without a control API.
 *
 * Two strengths (HARNESS-TWO-STRENGTHS): a cell the spec's own rules decide is checked hard; a cell that rests on a
 * choice of the fake (the getStats and getSupportedModels rows, the creator's cap, a role on a project-level row
 * with no fine-grained entry, Write implying Read: access-model.ts assumedGrounds) is checked under those assumed
 * clauses, which its title cites.
 */
import { afterAll, describe, expect, it, type TestContext } from 'vitest';
import { clauseById } from '../../contract/clauses/index.js';
import type { MemberRole, Permission, TokenRole } from '../../contract/index.js';
import type { Target, TokenName } from '../target/target.js';
import type { RawResponse } from '../target/transport.js';
import {
  ACCESS_CLAUSE,
  assumedGrounds,
  decidedBy,
  type SpecOperationId,
  specOperationIds,
} from './access-model.js';
import { arrange } from './arrangement.js';
import { stopIfCreditsSpent } from './credit-balance.js';
import { expectError, expectSuccess } from './envelope.js';
import { FORBIDDEN } from './messages.js';
import { assumed, readable } from './strength.js';
import { type Needs, need, needState } from './use-target.js';
import { type BodyContext, bodyFor, prepareBodies, WRITE_OPERATIONS } from './world.js';

export type Cell = 'ok' | '403';

export interface Matrix<C extends string> {
  columns: C[];
  cell: (op: SpecOperationId, col: C) => Cell;
}

/** Parse a whitespace-aligned matrix: first line = column names, then one row per operation. */
export function matrix<C extends string>(text: string): Matrix<C> {
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

/**
 * Check the outcome the table gives for `op`'s answer. Whether the token was let through is bound to `decided` (the
 * row and the rule that decided the cell: access-model.ts decidedBy); the refusal's envelope and message, and the
 * success's shape, are bound to their own clauses by expectError and expectSuccess.
 */
function expectCell(res: RawResponse, op: string, cell: Cell, strict: boolean, decided: string[]): void {
  const outcome = (check: () => void) => (decided.length > 0 ? readable(decided, check) : check());
  if (cell === '403') {
    outcome(() => expect(res.status, `${op} is refused 403; body: ${res.text.slice(0, 300)}`).toBe(403));
    expectError(res, 403, FORBIDDEN);
    return;
  }
  // Allowed: 200, or a non-permission error (never a 401 or 403; a 5xx is a server error of its own).
  outcome(() =>
    expect([401, 403], `${op} is allowed; body: ${res.text.slice(0, 300)}`).not.toContain(res.status),
  );
  // Against the fake our bodies are valid, so an allowed call must succeed outright.
  if (strict) expectSuccess(res, op);
}

/** The cell, hard when the spec decides it, else under each assumed clause it rests on (`grounds`). */
function checkCell(
  res: RawResponse,
  op: string,
  cell: Cell,
  strict: boolean,
  grounds: string[],
  decided: string[],
): void {
  if (grounds.length === 0) expectCell(res, op, cell, strict, decided);
  for (const id of grounds) assumed(id, () => expectCell(res, op, cell, strict, []));
}

/**
 * The title of a cell: the row's clause, the column's documented clauses, the assumed clauses the cell rests on
 * (`grounds`, checked through assumed()) and, for a 403, the documented refusal.
 */
function title(who: string, op: SpecOperationId, cell: Cell, clauses: string[], grounds: string[]): string {
  const ids = [
    ACCESS_CLAUSE[op],
    ...clauses.filter((id) => clauseById(id)?.kind === 'documented'),
    ...grounds,
    ...(cell === '403' ? ['AUTH-MISSING-PERMISSION-403', 'ERR-403-MESSAGE'] : []),
  ];
  return `${who} → ${op}: ${cell === 'ok' ? 'allowed' : '403'} [${[...new Set(ids)].join(', ')}]`;
}

/** One fine-grained permission, (module, action). */
export const permission = (module: Permission['module'], action: Permission['action']): Permission => ({
  module,
  action,
});

/** What a column's token is. */
export interface Column {
  role: TokenRole | null;
  permissions: Permission[];
  /** The organization role of its creator when the token was made (`owner`: the organization's own owner). */
  creator: MemberRole;
  /** Scope `selected`, covering the configured project only (default: scope `all`). */
  selected?: boolean;
  /** The creator's organization role was then changed to this (state `token creator role changed`). */
  creatorNow?: MemberRole;
  /** A token of the target config configured exactly so, used as it is; else a provider state makes the token. */
  config?: TokenName;
}

/** The token configuration as the provider state takes it. */
function tokenParams(col: Column, project_uid: string) {
  return {
    role: col.role ?? ('none' as const),
    permissions: col.permissions,
    creator_role: col.creator,
    ...(col.selected
      ? { scope: 'selected' as const, project_uids: [project_uid] }
      : { scope: 'all' as const }),
  };
}

/**
 * The tokens of one file's columns: each entered once, by the first test that needs it (a test skips, with the
 * reason, where the target does not offer the state), and torn down after the file.
 */
function columnTokens(target: () => Target) {
  const made = new Map<string, Promise<string>>();
  const undo: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const step of undo.splice(0).reverse()) {
      try {
        await step();
      } catch (err) {
        console.warn(`provider state teardown failed: ${(err as Error).message}`);
      }
    }
  });
  return async (ctx: TestContext, key: string, col: Column): Promise<string> => {
    const t = target();
    const state = col.creatorNow ? 'token creator role changed' : 'token';
    await needState(ctx, t, state);
    let value = made.get(key);
    if (!value) {
      value = (async () => {
        const states = t.providerStates!;
        const params = tokenParams(col, t.config.project_uid!);
        const data = col.creatorNow
          ? await states.enter('token creator role changed', { ...params, new_role: col.creatorNow })
          : await states.enter('token', params);
        if (data.teardown !== undefined) {
          const handle = data.teardown;
          undo.push(() => states.teardown(state, handle));
        }
        return data.value;
      })();
      made.set(key, value);
    }
    return value;
  };
}

/**
 * The assumed clauses a column's cell rests on and the documented ones that decide it (access-model.ts). A token
 * whose creator's role was changed after it was made is restricted to what the new role may do by the documented
 * AUTH-EFFECTIVE-ACCESS-FOLLOWS-CREATOR ("if the role changes or is revoked, access is restricted accordingly"),
 * whatever the kind of token: such a cell is checked hard, bound to it, not under the assumed cap of a token made by
 * a lesser member (AUTH-EFFECTIVE-ACCESS-CAP).
 */
function cellRules(op: SpecOperationId, col: Column): { grounds: string[]; decided: string[] } {
  const grant = { role: col.role, permissions: col.permissions };
  const role = col.creatorNow ?? col.creator;
  const grounds = assumedGrounds(op, grant, role);
  const decided = decidedBy(op, grant, role);
  const changed = col.creatorNow !== undefined && col.creatorNow !== col.creator;
  if (!changed || !grounds.includes('AUTH-EFFECTIVE-ACCESS-CAP')) return { grounds, decided };
  return {
    grounds: grounds.filter((id) => id !== 'AUTH-EFFECTIVE-ACCESS-CAP'),
    decided: [
      ...decided.filter((id) => id.startsWith('AUTH-ACCESS-')),
      'AUTH-EFFECTIVE-ACCESS-FOLLOWS-CREATOR',
    ],
  };
}

/** What every cell needs: the owner token and the configured project for the bodies, writes for a write. */
const needsFor = (op: string, base: Needs): Needs => ({
  ...base,
  tokens: ['owner', ...(base.tokens ?? [])],
  projectUid: true,
  ...(WRITE_OPERATIONS.has(op) ? { writes: true } : {}),
});

/**
 * One describe per matrix: a test per (column, operation) on the configured project, the cell checked in two
 * strengths. `clauses` are the clauses each column stands for (its documented ones go in the titles).
 */
export function accessTable<C extends string>(
  target: () => Target,
  label: string,
  m: Matrix<C>,
  columns: Record<C, Column>,
  clauses: (col: C) => string[],
): void {
  const tokenOf = columnTokens(target);
  let bodiesPromise: Promise<BodyContext> | undefined;
  /** Bodies on the configured project (the seeded `main` on the fake); a playground session when writes are allowed. */
  const bodies = () => {
    bodiesPromise ??= prepareBodies(
      target(),
      target().config.project_uid!,
      { token: 'owner' },
      { playground: target().config.allow.writes },
    );
    return bodiesPromise;
  };

  describe(label, () => {
    for (const name of m.columns) {
      const col = columns[name];
      for (const op of specOperationIds) {
        const cell = m.cell(op, name);
        const { grounds, decided } = cellRules(op, col);
        it(title(`${name} token`, op, cell, clauses(name), grounds), async (ctx) => {
          need(ctx, target(), needsFor(op, col.config ? { tokens: [col.config] } : {}));
          const auth = col.config
            ? { token: col.config }
            : {
                bearer: await arrange(`the ${name} token (provider state)`, () =>
                  tokenOf(ctx, `${label}/${name}`, col),
                ),
              };
          const body = bodyFor(op, await arrange('preparing the bodies on the configured project', bodies));
          const res = await target().call(op, { auth, body });
          // A call that spends credits (playgroundAgentResponse) may be refused for want of them, with a status the spec
          // does not show: a 401 or 403 of that kind tells nothing of access, so the cell is inconclusive.
          if (cell === 'ok' && (res.status === 401 || res.status === 403))
            stopIfCreditsSpent(target(), res, op);
          checkCell(res, op, cell, target().isFake, grounds, decided);
        });
      }
    }
  });
}
