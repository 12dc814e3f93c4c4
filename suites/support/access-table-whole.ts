/**
 * The columns of the whole access table (issue 33, "tables checked whole"), for the three files that check it:
 * every row × each fine-grained pair of the Setting and Debugging modules, and of the Conversation and Chatbot
 * modules, for each creator role other than owner (platform/access-table-whole-setting-debugging.test.ts,
 * platform/access-table-whole-conversation-chatbot.test.ts), and every row × each token role, for each such creator
 * (platform/access-table-whole-roles.test.ts). Three files of 320, 320 and 240 cells, so that against a deployment
 * they run side by side (--concurrency).
 * The cells come from support/access-model.ts, the independent model of the spec's access rules.
 */
import type { MemberRole, Permission, TokenRole } from '../../contract/index.js';
import type { Target } from '../target/target.js';
import { permits, type TokenGrant } from './access-model.js';
import { accessTable, type Column, type Matrix, permission as p } from './access-table.js';

/** Creators other than the organization's owner: the fine-grained columns of an owner-made token are elsewhere. */
const CREATORS: readonly MemberRole[] = ['editor', 'viewer', 'trainer', 'operator', 'billing'];
type Module = 'Setting' | 'Debugging' | 'Conversation' | 'Chatbot';
const pairsOf = (modules: readonly Module[]): Permission[] =>
  modules.flatMap((module) => [p(module, 'Read'), p(module, 'Write')]);
const ROLES: readonly TokenRole[] = ['owner', 'editor', 'viewer'];

/** A table whose cells the model gives, for the columns named. */
export function modelled<C extends string>(columns: Record<C, Column>): Matrix<C> {
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

/** The fine-grained columns of these modules: each (module, action) pair alone, made by a member of each role. */
export const fineGrained = (modules: readonly Module[]): Record<string, Column> =>
  Object.fromEntries(
    CREATORS.flatMap((creator) =>
      pairsOf(modules).map((pair) => [
        `${creator}-made ${pair.module} ${pair.action}`,
        { role: null, permissions: [pair], creator } satisfies Column,
      ]),
    ),
  );

export const roles: Record<string, Column> = Object.fromEntries(
  CREATORS.flatMap((creator) =>
    ROLES.map((role) => [`${creator}-made ${role}`, { role, permissions: [], creator } satisfies Column]),
  ),
);

/** The whole table's rows against the fine-grained columns of `modules` (one describe, a test per cell). */
export function fineGrainedTable(target: () => Target, modules: readonly Module[]): void {
  const columns = fineGrained(modules);
  accessTable(
    target,
    `the whole access table: every row × each fine-grained pair of the ${modules.join(' and ')} modules, for each creator role`,
    modelled(columns),
    columns,
    (col) => [
      'AUTH-ROLE-OR-PERMISSION',
      'AUTH-FINE-GRAINED-MODULES',
      'AUTH-EFFECTIVE-ACCESS-FOLLOWS-CREATOR',
      ...(/^(trainer|operator)/.test(col) ? ['AUTH-ROLES-TRAINER-OPERATOR'] : []),
    ],
  );
}
