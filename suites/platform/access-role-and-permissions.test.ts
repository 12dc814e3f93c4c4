/**
 * The access table for tokens with both an access role and fine-grained permissions (support/access-table.ts), made
 * as the provider state `token` by the organization's owner: the role decides organization-level operations and
 * project-level operations without a fine-grained entry; the permissions decide the others.
 */

import { accessTable, type Column, matrix, permission as p } from '../support/access-table.js';
import { allPermissions } from '../support/arbitraries/access.js';
import { useTarget } from '../support/use-target.js';

const target = useTarget();

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

const COLUMNS: Record<(typeof BOTH_SET.columns)[number], Column> = {
  ownerDebugR: { role: 'owner', permissions: [p('Debugging', 'Read')], creator: 'owner' },
  viewerChatbotW: { role: 'viewer', permissions: [p('Chatbot', 'Write')], creator: 'owner' },
  editorConvW: { role: 'editor', permissions: [p('Conversation', 'Write')], creator: 'owner' },
  editorAllEight: { role: 'editor', permissions: [...allPermissions], creator: 'owner' },
};

accessTable(target, 'access table: tokens with both role and permissions', BOTH_SET, COLUMNS, () => [
  'AUTH-BOTH-SET-ROLE-GOVERNS-ORG',
  'AUTH-BOTH-SET-PERMISSIONS-GOVERN-PROJECT',
  'AUTH-BOTH-SET-NO-FINE-GRAINED-ENTRY',
  'TOKEN-FINE-GRAINED-PAIRS',
]);
