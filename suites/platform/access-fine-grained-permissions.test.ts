/**
 * The access table for tokens with fine-grained permissions and no access role (support/access-table.ts), made as
 * the provider state `token` (role `none`): one column per (module, action) pair the spec names, all eight at once,
 * all created by the organization's owner, and Setting Write with Debugging Read created by an editor (the
 * fine-grained token of the fake's fixtures).
 */

import { accessTable, type Column, matrix, permission as p } from '../support/access-table.js';
import { allPermissions } from '../support/arbitraries/access.js';
import { useTarget } from '../support/use-target.js';

const target = useTarget();

const FINE_GRAINED_ONLY = matrix<
  | 'chatbotW'
  | 'chatbotR'
  | 'settingW'
  | 'settingR'
  | 'convW'
  | 'convR'
  | 'debugW'
  | 'debugR'
  | 'allEight'
  | 'settingWdebugR'
>(`
                               chatbotW chatbotR settingW settingR convW convR debugW debugR allEight settingWdebugR
  getMyProjects                ok       ok       ok       ok       ok    ok    ok     ok     ok       ok
  getOrganizationDetail        403      403      403      403      403   403   403    403    403      403
  getOrganizationMembers       403      403      403      403      403   403   403    403    403      403
  inviteOrganizationMember     403      403      403      403      403   403   403    403    403      403
  updateChatbot                ok       403      403      403      403   403   403    403    ok       403
  updateProjectSettings        403      403      ok       403      403   403   403    403    ok       ok
  getProjectUsageLimit         403      403      403      403      403   403   403    403    403      403
  setProjectUsageLimit         403      403      403      403      403   403   403    403    403      403
  removeProjectUsageLimit      403      403      403      403      403   403   403    403    403      403
  getStats                     403      403      403      403      403   403   403    403    403      403
  getSessions                  403      403      403      403      403   403   403    403    403      403
  getSessionMessages           403      403      403      403      403   403   403    403    403      403
  createPlaygroundAgentSession 403      403      403      403      ok    403   403    403    ok       403
  playgroundAgentResponse      403      403      403      403      403   403   ok     ok     ok       ok
  searchIndexDocument          403      403      403      403      403   403   ok     ok     ok       ok
  getSupportedModels           ok       ok       ok       ok       ok    ok    ok     ok     ok       ok
`);

const byOwner = (...permissions: ReturnType<typeof p>[]): Column => ({
  role: null,
  permissions,
  creator: 'owner',
});

const COLUMNS: Record<(typeof FINE_GRAINED_ONLY.columns)[number], Column> = {
  chatbotW: byOwner(p('Chatbot', 'Write')),
  chatbotR: byOwner(p('Chatbot', 'Read')),
  settingW: byOwner(p('Setting', 'Write')),
  settingR: byOwner(p('Setting', 'Read')),
  convW: byOwner(p('Conversation', 'Write')),
  convR: byOwner(p('Conversation', 'Read')),
  debugW: byOwner(p('Debugging', 'Write')),
  debugR: byOwner(p('Debugging', 'Read')),
  allEight: byOwner(...allPermissions),
  settingWdebugR: {
    role: null,
    permissions: [p('Setting', 'Write'), p('Debugging', 'Read')],
    creator: 'editor',
  },
};

accessTable(
  target,
  'access table: tokens with fine-grained permissions only',
  FINE_GRAINED_ONLY,
  COLUMNS,
  () => [
    'AUTH-PERMISSIONS-ONLY',
    'AUTH-ROLE-OR-PERMISSION',
    'AUTH-FINE-GRAINED-MODULES',
    'AUTH-FINE-GRAINED-WRITE-IMPLIES-READ',
    'TOKEN-FINE-GRAINED-PAIRS',
  ],
);
