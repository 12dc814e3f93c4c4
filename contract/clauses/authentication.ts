/** Credentials, roles, fine-grained permissions, scope, membership and the per-operation access table. */
import { defineClauses } from './clause.js';
import { assumed, documented } from './define.js';

const A = 'Authentication';
const FORBIDDEN = '403 `You do not have permission to perform this action`';

/** One clause per row of the spec's access table (getSessions and getSessionMessages share a row). */
const access = (id: string, op: string, rule: string) =>
  documented(id, A, `${op}: ${rule} Any other token gets ${FORBIDDEN}.`);

export const authenticationClauses = defineClauses([
  // Credentials
  documented(
    'AUTH-BEARER-HEADER',
    A,
    'Every Platform request requires the header `Authorization: Bearer <API_TOKEN>`.',
  ),
  documented(
    'AUTH-KEY-HEADER',
    A,
    'Project Integration operations take the project API key in the header `api-key: <PROJECT_API_KEY>`.',
  ),
  documented(
    'AUTH-KEY-PREFIX',
    A,
    'Project API keys start with `apk-`; they are created in the project integration settings, not through the public API.',
  ),
  documented(
    'AUTH-RAG-KEY-HEADERS',
    A,
    'The RAG endpoints take the project API key as `Authorization: Bearer <PROJECT_API_KEY>` or `x-api-key: <PROJECT_API_KEY>` (the OpenAI-style endpoint documents Bearer; the Anthropic-style endpoint x-api-key or Bearer).',
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
  ),
  documented(
    'AUTH-ROLE-EDITOR',
    A,
    'An Editor role has editor-level project access and limited organization access: it cannot invite members nor set or remove usage limits.',
  ),
  documented(
    'AUTH-ROLE-VIEWER-READ-ONLY',
    A,
    `A Viewer role is read-only: updateChatbot, updateProjectSettings, setProjectUsageLimit, removeProjectUsageLimit, inviteOrganizationMember and createPlaygroundAgentSession get ${FORBIDDEN}.`,
  ),
  documented(
    'AUTH-ROLES-TRAINER-OPERATOR',
    A,
    'Trainer and Operator are further roles named by the access table (Operator: sessions and playground sessions; Trainer: playground responses and search).',
  ),
  documented(
    'AUTH-FINE-GRAINED-MODULES',
    A,
    'Fine-grained permissions are per module with action Read or Write; the named modules are Setting, Debugging, Conversation and Chatbot.',
  ),
  documented(
    'AUTH-ROLE-OR-PERMISSION',
    A,
    'An operation is allowed when the token role is in the operation roles column OR the token holds the operation fine-grained permission (subject to AUTH-BOTH-SET-*).',
  ),
  documented(
    'AUTH-BOTH-SET-ROLE-GOVERNS-ORG',
    A,
    'When a token has both a role and fine-grained permissions, the role decides organization-level operations.',
  ),
  documented(
    'AUTH-BOTH-SET-PERMISSIONS-GOVERN-PROJECT',
    A,
    'When a token has both a role and fine-grained permissions, the fine-grained permissions decide project-level access.',
  ),
  documented(
    'AUTH-MISSING-PERMISSION-403',
    A,
    `A token lacking the required role or permission gets ${FORBIDDEN}.`,
  ),
  documented(
    'AUTH-SCOPE-403',
    A,
    `A project-level call naming a project outside the token scope gets ${FORBIDDEN}.`,
  ),
  documented(
    'AUTH-CREATOR-MEMBER-OF-PROJECT',
    A,
    'The token creator must be a member of each project accessed; otherwise the call fails with an error saying the user is not a member of the project.',
  ),
  assumed(
    'AUTH-NOT-MEMBER-STATUS',
    A,
    'The creator-not-a-member-of-the-project error is 403 with message `User is not a member of the project`.',
  ),
  documented(
    'AUTH-EFFECTIVE-ACCESS-FOLLOWS-CREATOR',
    A,
    "Effective access follows the creator's current role: when the creator's organization role changes or is revoked, the token's access is restricted accordingly from the next request.",
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
  ),
  access(
    'AUTH-ACCESS-GETORGANIZATIONDETAIL',
    'getOrganizationDetail',
    'roles Owner, Editor, Viewer; no fine-grained entry.',
  ),
  access(
    'AUTH-ACCESS-GETORGANIZATIONMEMBERS',
    'getOrganizationMembers',
    'roles Owner, Editor, Viewer; no fine-grained entry.',
  ),
  access(
    'AUTH-ACCESS-INVITEORGANIZATIONMEMBER',
    'inviteOrganizationMember',
    'role Owner only; no fine-grained entry.',
  ),
  access('AUTH-ACCESS-UPDATECHATBOT', 'updateChatbot', 'roles Owner, Editor, or fine-grained Chatbot Write.'),
  access(
    'AUTH-ACCESS-UPDATEPROJECTSETTINGS',
    'updateProjectSettings',
    'roles Owner, Editor, or fine-grained Setting Write.',
  ),
  access(
    'AUTH-ACCESS-GETPROJECTUSAGELIMIT',
    'getProjectUsageLimit',
    'roles Owner, Editor, Viewer; no fine-grained entry.',
  ),
  access(
    'AUTH-ACCESS-SETPROJECTUSAGELIMIT',
    'setProjectUsageLimit',
    'role Owner only; no fine-grained entry.',
  ),
  access(
    'AUTH-ACCESS-REMOVEPROJECTUSAGELIMIT',
    'removeProjectUsageLimit',
    'role Owner only; no fine-grained entry.',
  ),
  access(
    'AUTH-ACCESS-GETSESSIONS',
    'getSessions',
    'roles Owner, Editor, Viewer, Operator; no fine-grained entry (same row as getSessionMessages).',
  ),
  access(
    'AUTH-ACCESS-GETSESSIONMESSAGES',
    'getSessionMessages',
    'roles Owner, Editor, Viewer, Operator; no fine-grained entry (same row as getSessions).',
  ),
  access(
    'AUTH-ACCESS-CREATEPLAYGROUNDAGENTSESSION',
    'createPlaygroundAgentSession',
    'roles Owner, Editor, Operator, or fine-grained Conversation Write.',
  ),
  access(
    'AUTH-ACCESS-PLAYGROUNDAGENTRESPONSE',
    'playgroundAgentResponse',
    'roles Owner, Editor, Viewer, Trainer, or fine-grained Debugging Read.',
  ),
  access(
    'AUTH-ACCESS-SEARCHINDEXDOCUMENT',
    'searchIndexDocument',
    'the Bearer variant: roles Owner, Editor, Viewer, Trainer, or fine-grained Debugging Read.',
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
