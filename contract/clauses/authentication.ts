/** Credentials, roles, fine-grained permissions, scope, membership and the per-operation access table. */
import { defineClauses } from './clause.js';
import { assumed, documented } from './define.js';

const A = 'Authentication';
const FORBIDDEN = '403 `You do not have permission to perform this action`';

/** The Errors table's 403 row and the sentence that gives the status: the documented refusal of a missing right. */
const ROW_403 =
  '| 403 | Missing permission, role or project scope | You do not have permission to perform this action |';
const MISSING_403 = 'A missing permission gives 403.';
const BOTH_SET =
  'When both are set, the role governs organization-level operations and fine-grained permissions govern project-level access.';
const ROW = {
  invite: '| inviteOrganizationMember | Owner | |',
  updateChatbot: '| updateChatbot | Owner, Editor | Chatbot Write |',
  updateSettings: '| updateProjectSettings | Owner, Editor | Setting Write |',
  setLimit: '| setProjectUsageLimit | Owner | |',
  removeLimit: '| removeProjectUsageLimit | Owner | |',
  sessions: '| getSessions, getSessionMessages | Owner, Editor, Viewer, Operator | |',
  playgroundSession: '| createPlaygroundAgentSession | Owner, Editor, Operator | Conversation Write |',
  playgroundResponse: '| playgroundAgentResponse | Owner, Editor, Viewer, Trainer | Debugging Read |',
  search: '| searchIndexDocument (Bearer) | Owner, Editor, Viewer, Trainer | Debugging Read |',
} as const;

/** One clause per row of the spec's access table (getSessions and getSessionMessages share a row), quoting it. */
const access = (id: string, op: string, rule: string, row: string) =>
  documented(id, A, `${op}: ${rule} Any other token gets ${FORBIDDEN}.`, [row, MISSING_403, ROW_403]);

export const authenticationClauses = defineClauses([
  // Credentials
  documented(
    'AUTH-BEARER-HEADER',
    A,
    'Every Platform request requires the header `Authorization: Bearer <API_TOKEN>`.',
    'Platform operations: header `Authorization: Bearer <API_TOKEN>`. Every request requires it.',
  ),
  documented(
    'AUTH-KEY-HEADER',
    A,
    'Project Integration operations take the project API key in the header `api-key: <PROJECT_API_KEY>`.',
    'Project Integration operations: header `api-key: <PROJECT_API_KEY>`.',
  ),
  documented(
    'AUTH-KEY-PREFIX',
    A,
    'Project API keys start with `apk-`; they are created in the project integration settings, not through the public API.',
    "Keys start with `apk-` and are created in the project's integration settings.",
  ),
  documented(
    'AUTH-RAG-KEY-HEADERS',
    A,
    'The RAG endpoints take the project API key as `Authorization: Bearer <PROJECT_API_KEY>` or `x-api-key: <PROJECT_API_KEY>` (the OpenAI-style endpoint documents Bearer; the Anthropic-style endpoint x-api-key or Bearer).',
    [
      'RAG endpoints: the project API key is accepted in `Authorization: Bearer` or `x-api-key`.',
      '| POST {base_url}/openai/chat/completions | `Authorization: Bearer <PROJECT_API_KEY>` |',
      '| POST {base_url}/anthropic/v1/messages | `x-api-key: <PROJECT_API_KEY>` (or Bearer) |',
    ],
  ),
  assumed(
    'AUTH-MISSING-CREDENTIAL',
    A,
    'A Platform request with no Authorization header, a scheme other than Bearer, or an empty value gets 401 `Invalid or revoked API token`.',
  ),
  assumed(
    'AUTH-WRONG-CREDENTIAL-KIND',
    A,
    'A credential of the wrong family is not accepted: a project key sent as a Platform Bearer value gets 401 `Invalid or revoked API token`; an API token sent as `api-key` gets the Project Integration 401 (INTEGRATION-INVALID-KEY-401).',
  ),

  // Plan gate
  documented(
    'AUTH-PLATFORM-PLAN',
    'What the service does',
    'The Platform API is available only to organizations on the Advanced, Agency or Enterprise plan.',
    [
      'Platform APIs. They use a Bearer API token (prefix `api-v1-`), are available on Advanced, Agency and Enterprise plans',
      '| Plan availability | Project Integration: Professional and above; Platform: Advanced, Agency, Enterprise;',
    ],
  ),
  assumed(
    'AUTH-PLATFORM-PLAN-STATUS',
    A,
    'A Platform request with a valid token from an organization not on Advanced, Agency or Enterprise gets 403 `The Platform API requires the Advanced plan or above`.',
  ),

  // Roles and permissions
  documented(
    'AUTH-ROLE-OWNER',
    A,
    'An Owner role has full project and organization access: it may call every Platform operation.',
    'Owner has full project and organization access',
  ),
  documented(
    'AUTH-ROLE-EDITOR',
    A,
    'An Editor role has editor-level project access and limited organization access: it cannot invite members nor set or remove usage limits.',
    [
      'Editor has editor-level project access and limited organization access',
      ROW.invite,
      ROW.setLimit,
      ROW.removeLimit,
    ],
  ),
  documented(
    'AUTH-ROLE-VIEWER-READ-ONLY',
    A,
    `A Viewer role is read-only: updateChatbot, updateProjectSettings, setProjectUsageLimit, removeProjectUsageLimit, inviteOrganizationMember and createPlaygroundAgentSession get ${FORBIDDEN}.`,
    [
      'Viewer is read-only.',
      ROW.updateChatbot,
      ROW.updateSettings,
      ROW.setLimit,
      ROW.removeLimit,
      ROW.invite,
      ROW.playgroundSession,
      MISSING_403,
      ROW_403,
    ],
  ),
  documented(
    'AUTH-ROLES-TRAINER-OPERATOR',
    A,
    'Trainer and Operator are further roles named by the access table (Operator: sessions and playground sessions; Trainer: playground responses and search).',
    [
      'Other roles named by operations: Trainer, Operator.',
      ROW.sessions,
      ROW.playgroundSession,
      ROW.playgroundResponse,
      ROW.search,
    ],
  ),
  documented(
    'AUTH-FINE-GRAINED-MODULES',
    A,
    'Fine-grained permissions are per module with action Read or Write; the named modules are Setting, Debugging, Conversation and Chatbot.',
    'Fine-grained permissions: per module, Read or Write. Modules named: Setting, Debugging, Conversation, Chatbot.',
  ),
  documented(
    'AUTH-ROLE-OR-PERMISSION',
    A,
    'An operation is allowed when the token role is in the operation roles column OR the token holds the operation fine-grained permission (subject to AUTH-BOTH-SET-*).',
    'Required access per operation (role OR fine-grained permission):',
  ),
  documented(
    'AUTH-BOTH-SET-ROLE-GOVERNS-ORG',
    A,
    'When a token has both a role and fine-grained permissions, the role decides organization-level operations.',
    BOTH_SET,
  ),
  documented(
    'AUTH-BOTH-SET-PERMISSIONS-GOVERN-PROJECT',
    A,
    'When a token has both a role and fine-grained permissions, the fine-grained permissions decide project-level access.',
    BOTH_SET,
  ),
  documented(
    'AUTH-MISSING-PERMISSION-403',
    A,
    `A token lacking the required role or permission gets ${FORBIDDEN}.`,
    [MISSING_403, ROW_403],
  ),
  documented(
    'AUTH-SCOPE-403',
    A,
    `A project-level call naming a project outside the token scope gets ${FORBIDDEN}.`,
    ["A project outside the token's scope gives 403.", ROW_403],
  ),
  documented(
    'AUTH-CREATOR-MEMBER-OF-PROJECT',
    A,
    'The token creator must be a member of each project accessed; otherwise the call fails in the error envelope with a message saying the user is not a member of the project. The spec describes that message without quoting it, so only what any faithful wording must contain is required: it speaks of membership (`member`) and of the project (`project`).',
    'The token creator must be a member of each project accessed; otherwise the error says the user is not a member of the project.',
  ),
  assumed(
    'AUTH-NOT-MEMBER-STATUS',
    A,
    'The creator-not-a-member-of-the-project error is 403 with message `User is not a member of the project`: the spec gives neither its status nor its exact words.',
  ),
  documented(
    'AUTH-EFFECTIVE-ACCESS-FOLLOWS-CREATOR',
    A,
    "Effective access follows the creator's current role: when the creator's organization role changes or is revoked, the token's access is restricted accordingly from the next request.",
    "Effective access follows the creator's current role; if the role changes or is revoked, access is restricted accordingly.",
  ),
  assumed(
    'AUTH-EFFECTIVE-ACCESS-CAP',
    A,
    "An operation is allowed only if the creator's current organization role would itself be allowed it by the roles column (an owner creator is allowed everything); a token never exceeds its creator.",
  ),
  assumed(
    'AUTH-UNKNOWN-PROJECT',
    A,
    'A project_uid that names no project of the token organization gets 404 `Project not found`.',
  ),
  assumed(
    'AUTH-FINE-GRAINED-WRITE-IMPLIES-READ',
    A,
    'A Write permission on a module also grants Read on it.',
  ),
  assumed(
    'AUTH-BOTH-SET-NO-FINE-GRAINED-ENTRY',
    A,
    'When a token has both role and permissions, project-level operations that have a fine-grained entry are decided by the permissions only; project-level operations with no fine-grained entry are decided by the role.',
  ),
  assumed(
    'AUTH-PERMISSIONS-ONLY',
    A,
    `A token with fine-grained permissions and no role may call operations open to any valid token and operations whose fine-grained entry it holds; every other operation gets ${FORBIDDEN}.`,
  ),
  assumed(
    'AUTH-BILLING-ROLE',
    A,
    `A billing member's tokens can only call operations open to any valid token (getMyProjects, getSupportedModels); everything else gets ${FORBIDDEN}.`,
  ),
  assumed(
    'AUTH-CHECK-ORDER',
    A,
    'Checks run in this order and the first failure answers: credential (401), plan (403), operation permission (403), body validation (400), project existence (404), project scope (403), creator membership (403).',
  ),

  // The access table
  access(
    'AUTH-ACCESS-GETMYPROJECTS',
    'getMyProjects',
    'any valid token may call it; no role or permission is needed.',
    '| getMyProjects | any valid token | none |',
  ),
  access(
    'AUTH-ACCESS-GETORGANIZATIONDETAIL',
    'getOrganizationDetail',
    'roles Owner, Editor, Viewer; no fine-grained entry.',
    '| getOrganizationDetail | Owner, Editor, Viewer | |',
  ),
  access(
    'AUTH-ACCESS-GETORGANIZATIONMEMBERS',
    'getOrganizationMembers',
    'roles Owner, Editor, Viewer; no fine-grained entry.',
    '| getOrganizationMembers | Owner, Editor, Viewer | |',
  ),
  access(
    'AUTH-ACCESS-INVITEORGANIZATIONMEMBER',
    'inviteOrganizationMember',
    'role Owner only; no fine-grained entry.',
    ROW.invite,
  ),
  access(
    'AUTH-ACCESS-UPDATECHATBOT',
    'updateChatbot',
    'roles Owner, Editor, or fine-grained Chatbot Write.',
    ROW.updateChatbot,
  ),
  access(
    'AUTH-ACCESS-UPDATEPROJECTSETTINGS',
    'updateProjectSettings',
    'roles Owner, Editor, or fine-grained Setting Write.',
    ROW.updateSettings,
  ),
  access(
    'AUTH-ACCESS-GETPROJECTUSAGELIMIT',
    'getProjectUsageLimit',
    'roles Owner, Editor, Viewer; no fine-grained entry.',
    '| getProjectUsageLimit | Owner, Editor, Viewer | |',
  ),
  access(
    'AUTH-ACCESS-SETPROJECTUSAGELIMIT',
    'setProjectUsageLimit',
    'role Owner only; no fine-grained entry.',
    ROW.setLimit,
  ),
  access(
    'AUTH-ACCESS-REMOVEPROJECTUSAGELIMIT',
    'removeProjectUsageLimit',
    'role Owner only; no fine-grained entry.',
    ROW.removeLimit,
  ),
  access(
    'AUTH-ACCESS-GETSESSIONS',
    'getSessions',
    'roles Owner, Editor, Viewer, Operator; no fine-grained entry (same row as getSessionMessages).',
    ROW.sessions,
  ),
  access(
    'AUTH-ACCESS-GETSESSIONMESSAGES',
    'getSessionMessages',
    'roles Owner, Editor, Viewer, Operator; no fine-grained entry (same row as getSessions).',
    ROW.sessions,
  ),
  access(
    'AUTH-ACCESS-CREATEPLAYGROUNDAGENTSESSION',
    'createPlaygroundAgentSession',
    'roles Owner, Editor, Operator, or fine-grained Conversation Write.',
    ROW.playgroundSession,
  ),
  access(
    'AUTH-ACCESS-PLAYGROUNDAGENTRESPONSE',
    'playgroundAgentResponse',
    'roles Owner, Editor, Viewer, Trainer, or fine-grained Debugging Read.',
    ROW.playgroundResponse,
  ),
  access(
    'AUTH-ACCESS-SEARCHINDEXDOCUMENT',
    'searchIndexDocument',
    'the Bearer variant: roles Owner, Editor, Viewer, Trainer, or fine-grained Debugging Read.',
    ROW.search,
  ),
  assumed(
    'AUTH-GETSTATS-ASSUMED',
    A,
    `getStats (access not shown) requires role Owner, Editor, Viewer or Operator, like getSessions; it has no fine-grained entry. Any other token gets ${FORBIDDEN}.`,
  ),
  assumed(
    'AUTH-GETSUPPORTEDMODELS-ASSUMED',
    A,
    'getSupportedModels (access not shown) accepts any valid token.',
  ),
]);
