/**
 * The spec's access table checked whole (its fine-grained columns of the Setting and Debugging modules here; the other modules'
 * and the role columns in the other access-table-whole-*.test.ts files), deterministically, on every run (issue 33, "tables checked whole"): every
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
import { fineGrainedTable } from '../support/access-table-whole.js';
import { useTarget } from '../support/use-target.js';

fineGrainedTable(useTarget(), ['Setting', 'Debugging']);
