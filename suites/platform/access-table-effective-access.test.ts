/**
 * Effective access as a table (issue 40, item 3): "Effective access follows the creator's current role; if the role
 * changes or is revoked, access is restricted accordingly." (AUTH-EFFECTIVE-ACCESS-FOLLOWS-CREATOR). Every row of the
 * spec's access table × each kind of token (a role token, a fine-grained token, both set) made by the organization's
 * owner whose role was then changed (to editor, viewer, trainer, operator, billing), deterministically: one test per
 * cell, the cells from support/access-model.ts (the independent model of the spec's access rules), never random
 * draws. The tokens come from the provider state `token creator role changed`, so the table runs against a
 * deployment without a control API as against the fake.
 *
 * A cell the change restricts (the token's own grant allows it, the creator's new role does not) is checked hard and
 * bound to AUTH-EFFECTIVE-ACCESS-FOLLOWS-CREATOR and the row (support/access-table.ts cellRules); the fine-grained
 * case the issue names (a Debugging Read token still searching after its creator went from owner to operator) is
 * one of them. The other cells keep the strengths of every access file. The creator removed from the organization
 * (revoked) is a 401 for every row, checked in tokens-creator-removed.test.ts and by the `token creator removed`
 * state's tests.
 */
import type { MemberRole, Permission, TokenRole } from '../../contract/index.js';
import { accessTable, type Column, permission as p } from '../support/access-table.js';
import { modelled } from '../support/access-table-whole.js';
import { useTarget } from '../support/use-target.js';

const target = useTarget();

/** The creator's organization role after the change (before: owner). */
const NOW: readonly MemberRole[] = ['editor', 'viewer', 'trainer', 'operator', 'billing'];

/** The kinds of token: a role, fine-grained permissions, both set. */
const KINDS: Record<string, { role: TokenRole | null; permissions: Permission[] }> = {
  'owner role': { role: 'owner', permissions: [] },
  'Debugging Read': { role: null, permissions: [p('Debugging', 'Read')] },
  'Conversation Write and Setting Write': {
    role: null,
    permissions: [p('Conversation', 'Write'), p('Setting', 'Write')],
  },
  'editor role and Debugging Read': { role: 'editor', permissions: [p('Debugging', 'Read')] },
};

const columns: Record<string, Column> = Object.fromEntries(
  NOW.flatMap((now) =>
    Object.entries(KINDS).map(([kind, grant]) => [
      `${kind}, creator owner → ${now}`,
      { ...grant, creator: 'owner', creatorNow: now } satisfies Column,
    ]),
  ),
);

accessTable(
  target,
  "effective access: every row × each kind of token, after its creator's role changed from owner",
  modelled(columns),
  columns,
  (col) => [
    'AUTH-EFFECTIVE-ACCESS-FOLLOWS-CREATOR',
    ...(/Debugging|Conversation|Setting/.test(col) ? ['AUTH-ROLE-OR-PERMISSION'] : []),
    ...(/role and/.test(col)
      ? ['AUTH-BOTH-SET-PERMISSIONS-GOVERN-PROJECT', 'AUTH-BOTH-SET-ROLE-GOVERNS-ORG']
      : []),
    ...(/(trainer|operator)$/.test(col) ? ['AUTH-ROLES-TRAINER-OPERATOR'] : []),
  ],
);
