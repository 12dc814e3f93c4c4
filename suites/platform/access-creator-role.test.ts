/**
 * The access table for tokens whose creator's organization role caps them (support/access-table.ts): made as the
 * provider state `token` by a new member of that role, or by an owner whose role was then changed (`token creator
 * role changed`): the token's access follows the creator's current role.
 */
import { accessTable, type Column, matrix, permission as p } from '../support/access-table.js';
import { useTarget } from '../support/use-target.js';

const target = useTarget();

const CAPPED = matrix<
  | 'viewerMadeChatbotW'
  | 'trainerMadeConvWDebugR'
  | 'operatorMadeOwner'
  | 'editorMadeOwner'
  | 'ownerNowViewerMadeOwner'
  | 'ownerNowTrainerMadeOwner'
>(`
                               viewerMadeChatbotW trainerMadeConvWDebugR operatorMadeOwner editorMadeOwner ownerNowViewerMadeOwner ownerNowTrainerMadeOwner
  getMyProjects                ok                 ok                     ok                ok              ok                      ok
  getOrganizationDetail        403                403                    403               ok              ok                      403
  getOrganizationMembers       403                403                    403               ok              ok                      403
  inviteOrganizationMember     403                403                    403               403             403                     403
  updateChatbot                403                403                    403               ok              403                     403
  updateProjectSettings        403                403                    403               ok              403                     403
  getProjectUsageLimit         403                403                    403               ok              ok                      403
  setProjectUsageLimit         403                403                    403               403             403                     403
  removeProjectUsageLimit      403                403                    403               403             403                     403
  getStats                     403                403                    ok                ok              ok                      403
  getSessions                  403                403                    ok                ok              ok                      403
  getSessionMessages           403                403                    ok                ok              ok                      403
  createPlaygroundAgentSession 403                403                    ok                ok              403                     403
  playgroundAgentResponse      403                ok                     403               ok              ok                      ok
  searchIndexDocument          403                ok                     403               ok              ok                      ok
  getSupportedModels           ok                 ok                     ok                ok              ok                      ok
`);

const COLUMNS: Record<(typeof CAPPED.columns)[number], Column> = {
  viewerMadeChatbotW: { role: null, permissions: [p('Chatbot', 'Write')], creator: 'viewer' },
  trainerMadeConvWDebugR: {
    role: null,
    permissions: [p('Conversation', 'Write'), p('Debugging', 'Read')],
    creator: 'trainer',
  },
  operatorMadeOwner: { role: 'owner', permissions: [], creator: 'operator' },
  editorMadeOwner: { role: 'owner', permissions: [], creator: 'editor' },
  ownerNowViewerMadeOwner: { role: 'owner', permissions: [], creator: 'owner', creatorNow: 'viewer' },
  ownerNowTrainerMadeOwner: { role: 'owner', permissions: [], creator: 'owner', creatorNow: 'trainer' },
};

accessTable(target, 'access table: tokens capped by their creator’s role', CAPPED, COLUMNS, (col) => [
  'AUTH-EFFECTIVE-ACCESS-CAP',
  'AUTH-EFFECTIVE-ACCESS-FOLLOWS-CREATOR',
  ...(col.startsWith('trainer') || col.startsWith('operator') || col === 'ownerNowTrainerMadeOwner'
    ? ['AUTH-ROLES-TRAINER-OPERATOR']
    : []),
]);
