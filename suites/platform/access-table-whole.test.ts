/**
 * The spec's access table checked whole, deterministically, on every run (issue 33, "tables checked whole"): every
 * row against every fine-grained column (each (module, action) pair alone) for a token made by a member of each
 * organization role other than owner (the owner's columns are access-fine-grained-permissions.test.ts), and every row
 * against the role columns for a token of each role whose creator holds another organization role. The other access
 * files write their columns out by hand; here the cells come from support/access-model.ts, the independent model of
 * the spec's access rules (it reads neither contract/ nor the fake), so no combination is left to a random property
 * to find: the operator-made Conversation Write token on createPlaygroundAgentSession is one cell of many.
 *
 * Two strengths as in every access file: a cell the spec's own rules decide is checked hard, bound to its row's
 * clause; a cell that rests on a choice of the fake (the creator's cap, Write implying Read, the rows the spec does
 * not give) is checked under those assumed clauses, which its title cites.
 */
import type { MemberRole, Permission, TokenRole } from '../../contract/index.js';
import { permits, type TokenGrant } from '../support/access-model.js';
import { accessTable, type Column, type Matrix, permission as p } from '../support/access-table.js';
import { useTarget } from '../support/use-target.js';

const target = useTarget();

/** Creators other than the organization's owner: the fine-grained columns of an owner-made token are elsewhere. */
const CREATORS: readonly MemberRole[] = ['editor', 'viewer', 'trainer', 'operator', 'billing'];
const PAIRS: readonly Permission[] = (['Setting', 'Debugging', 'Conversation', 'Chatbot'] as const).flatMap(
  (module) => [p(module, 'Read'), p(module, 'Write')],
);
const ROLES: readonly TokenRole[] = ['owner', 'editor', 'viewer'];

/** A table whose cells the model gives, for the columns named. */
function modelled<C extends string>(columns: Record<C, Column>): Matrix<C> {
  const names = Object.keys(columns) as C[];
  return {
    columns: names,
    cell: (op, name) => {
      const col = columns[name];
      const grant: TokenGrant = { role: col.role, permissions: col.permissions };
      return permits(op, grant, col.creatorNow ?? col.creator) ? 'ok' : '403';
    },
  };
}

const fineGrained: Record<string, Column> = Object.fromEntries(
  CREATORS.flatMap((creator) =>
    PAIRS.map((pair) => [
      `${creator}-made ${pair.module} ${pair.action}`,
      { role: null, permissions: [pair], creator } satisfies Column,
    ]),
  ),
);

const roles: Record<string, Column> = Object.fromEntries(
  CREATORS.flatMap((creator) =>
    ROLES.map((role) => [`${creator}-made ${role}`, { role, permissions: [], creator } satisfies Column]),
  ),
);

accessTable(
  target,
  'the whole access table: every row × each fine-grained pair, for each creator role',
  modelled(fineGrained),
  fineGrained,
  (col) => [
    'AUTH-ROLE-OR-PERMISSION',
    'AUTH-FINE-GRAINED-MODULES',
    'AUTH-EFFECTIVE-ACCESS-FOLLOWS-CREATOR',
    ...(/^(trainer|operator)/.test(col) ? ['AUTH-ROLES-TRAINER-OPERATOR'] : []),
  ],
);

accessTable(
  target,
  'the whole access table: every row × each token role, for each creator role',
  modelled(roles),
  roles,
  (col) => [
    'AUTH-ROLE-OR-PERMISSION',
    'AUTH-EFFECTIVE-ACCESS-FOLLOWS-CREATOR',
    ...(/^(trainer|operator)/.test(col) ? ['AUTH-ROLES-TRAINER-OPERATOR'] : []),
  ],
);
