/**
 * The access table for tokens with an access role and no fine-grained permissions (support/access-table.ts).
 * `owner`, `editor` and `viewer` are the target config's tokens (each created by a member of that role); the others
 * are made as the provider state `token`: `selected` an owner token scoped to the configured project, which it is
 * called on here; `trainer`, `operator` and `billing` carry a token role but their creator holds that organization
 * role, which caps them (AUTH-EFFECTIVE-ACCESS-CAP).
 */

import { accessTable, type Column, matrix } from '../support/access-table.js';
import { useTarget } from '../support/use-target.js';

const target = useTarget();

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

const COLUMNS: Record<(typeof ROLE_ONLY.columns)[number], Column> = {
  owner: { role: 'owner', permissions: [], creator: 'owner', config: 'owner' },
  editor: { role: 'editor', permissions: [], creator: 'editor', config: 'editor' },
  viewer: { role: 'viewer', permissions: [], creator: 'viewer', config: 'viewer' },
  selected: { role: 'owner', permissions: [], creator: 'owner', selected: true },
  trainer: { role: 'viewer', permissions: [], creator: 'trainer' },
  operator: { role: 'editor', permissions: [], creator: 'operator' },
  billing: { role: 'viewer', permissions: [], creator: 'billing' },
};

const CLAUSES: Record<(typeof ROLE_ONLY.columns)[number], string[]> = {
  owner: ['AUTH-ROLE-OWNER', 'TOKEN-ROLE-VALUES'],
  editor: ['AUTH-ROLE-EDITOR', 'TOKEN-ROLE-VALUES'],
  viewer: ['AUTH-ROLE-VIEWER-READ-ONLY', 'TOKEN-ROLE-VALUES'],
  selected: ['AUTH-ROLE-OWNER', 'TOKEN-SCOPE-SELECTED', 'TOKEN-SCOPE-VALUES'],
  trainer: ['AUTH-ROLES-TRAINER-OPERATOR', 'AUTH-EFFECTIVE-ACCESS-CAP'],
  operator: ['AUTH-ROLES-TRAINER-OPERATOR', 'AUTH-EFFECTIVE-ACCESS-CAP'],
  billing: ['AUTH-BILLING-ROLE', 'AUTH-EFFECTIVE-ACCESS-CAP'],
};

accessTable(target, 'access table: tokens with an access role', ROLE_ONLY, COLUMNS, (col) => CLAUSES[col]);
