/**
 * The operation table: every operation of the spec with its method, path, credential, body encoding,
 * required access (from the Authentication table) and its request/response schemas.
 */
import { z } from 'zod';
import type { AccessRule } from './access.js';
import * as I from './requests/integration.js';
import * as P from './requests/platform.js';
import { AnthropicMessage, AnthropicMessagesRequest } from './requests/rag-anthropic.js';
import { OpenAIChatCompletion, OpenAIChatCompletionRequest } from './requests/rag-openai.js';

export type Family = 'platform' | 'integration' | 'rag';
/** bearer-token: `Authorization: Bearer api-v1-…`; project-key: `api-key: apk-…`; rag-key: the project key as Bearer or x-api-key. */
export type CredentialKind = 'bearer-token' | 'project-key' | 'rag-key';
export type BodyEncoding = 'json' | 'form';

export interface Operation {
  readonly id: string;
  readonly family: Family;
  readonly method: 'POST';
  /** Path relative to {base_url}. */
  readonly path: string;
  readonly credential: CredentialKind;
  readonly encoding: BodyEncoding;
  /** Platform operations only. */
  readonly access?: AccessRule;
  /**
   * Where the spec does not show which access the operation needs: the assumed clause that states `access`. Whether
   * a token gets the spec's 403 for a missing permission or goes on to an answer is then the fake's choice.
   */
  readonly accessClause?: string;
  /** Also answered at {org_base_url} (assumed: the spec does not list which operations live there). */
  readonly orgLevel?: boolean;
  /** Takes a project_uid and is subject to scope and membership. */
  readonly projectScoped?: boolean;
  readonly request: z.ZodType;
  /**
   * Fields of `request` whose name the spec does not show, each with the assumed clause that names it. The documented
   * request fields are the other fields of `request` (nested objects included); a body field outside them is one the
   * spec does not show.
   */
  readonly assumedRequestFields?: Readonly<Record<string, string>>;
  /**
   * Schema of `data` in the success envelope as the fake answers it; absent for message-only operations. For RAG,
   * the whole body.
   */
  readonly response?: z.ZodType;
  /**
   * Where the spec shows less of the answer than `response` holds: the part it documents (checked hard), while
   * `response` is the fake's choice under `shapeClause` (checked softly against other targets). Absent: `response`
   * is all documented.
   */
  readonly documentedResponse?: z.ZodType;
  /** The assumed clause of the fake's full answer, with `documentedResponse`. */
  readonly shapeClause?: string;
  /** Whether a success carries `total`. */
  readonly hasTotal?: boolean;
  /** Changes what the target holds: a run whose target config does not allow writes does not call it. */
  readonly writes?: boolean;
}

const OEV = ['owner', 'editor', 'viewer'] as const;

/** An operation whose id is its literal (so a table keyed by the ids misses none: a compile error, not a 500). */
type OperationOf<Id extends string> = Operation & { readonly id: Id };

const platform = <const Id extends string>(
  id: Id,
  access: AccessRule,
  request: z.ZodType,
  response: z.ZodType | undefined,
  extra: Partial<Omit<Operation, 'id'>> = {},
): OperationOf<Id> => ({
  id,
  family: 'platform',
  method: 'POST',
  path: `/${id}`,
  credential: 'bearer-token',
  encoding: 'json',
  access,
  request,
  ...(response ? { response } : {}),
  projectScoped: access.level === 'project',
  ...extra,
});

export const platformOperations = [
  platform(
    'getMyProjects',
    { any: true, roles: [], level: 'organization' },
    P.GetMyProjectsRequest,
    P.GetMyProjectsData,
    {
      orgLevel: true,
      hasTotal: true,
    },
  ),
  platform(
    'getOrganizationDetail',
    { roles: OEV, level: 'organization' },
    P.EmptyRequest,
    P.GetOrganizationDetailData,
    {
      orgLevel: true,
    },
  ),
  platform(
    'getOrganizationMembers',
    { roles: OEV, level: 'organization' },
    P.GetOrganizationMembersRequest,
    P.GetOrganizationMembersData,
    { orgLevel: true, hasTotal: true },
  ),
  platform(
    'inviteOrganizationMember',
    { roles: ['owner'], level: 'organization' },
    P.InviteOrganizationMemberRequest,
    P.InviteOrganizationMemberData,
    { orgLevel: true, writes: true },
  ),
  platform(
    'updateChatbot',
    { roles: ['owner', 'editor'], fineGrained: { module: 'Chatbot', action: 'Write' }, level: 'project' },
    P.UpdateChatbotRequest,
    undefined,
    { writes: true },
  ),
  platform(
    'updateProjectSettings',
    { roles: ['owner', 'editor'], fineGrained: { module: 'Setting', action: 'Write' }, level: 'project' },
    P.UpdateProjectSettingsRequest,
    undefined,
    { writes: true },
  ),
  platform(
    'getProjectUsageLimit',
    { roles: OEV, level: 'project' },
    P.ProjectUidRequest,
    P.GetProjectUsageLimitData,
  ),
  platform(
    'setProjectUsageLimit',
    { roles: ['owner'], level: 'project' },
    P.SetProjectUsageLimitRequest,
    undefined,
    { writes: true },
  ),
  platform(
    'removeProjectUsageLimit',
    { roles: ['owner'], level: 'project' },
    P.RemoveProjectUsageLimitRequest,
    undefined,
    { writes: true },
  ),
  /** Access not shown: assumed the same as getSessions (AUTH-GETSTATS-ASSUMED). */
  platform('getStats', { roles: [...OEV, 'operator'], level: 'project' }, P.GetStatsRequest, P.GetStatsData, {
    accessClause: 'AUTH-GETSTATS-ASSUMED',
  }),
  platform(
    'getSessions',
    { roles: [...OEV, 'operator'], level: 'project' },
    P.GetSessionsRequest,
    P.GetSessionsData,
    {
      encoding: 'form',
    },
  ),
  platform(
    'getSessionMessages',
    { roles: [...OEV, 'operator'], level: 'project' },
    P.GetSessionMessagesRequest,
    P.GetSessionMessagesData,
    { encoding: 'form' },
  ),
  platform(
    'createPlaygroundAgentSession',
    {
      roles: ['owner', 'editor', 'operator'],
      fineGrained: { module: 'Conversation', action: 'Write' },
      level: 'project',
    },
    P.ProjectUidRequest,
    P.CreatePlaygroundAgentSessionData,
    { writes: true },
  ),
  platform(
    'playgroundAgentResponse',
    { roles: [...OEV, 'trainer'], fineGrained: { module: 'Debugging', action: 'Read' }, level: 'project' },
    P.PlaygroundAgentResponseRequest,
    P.PlaygroundAgentResponseData,
    // "The name of the previous-messages field: not shown."
    { assumedRequestFields: { messages: 'PLAYGROUND-HISTORY-FIELD' }, writes: true },
  ),
  platform(
    'searchIndexDocument',
    { roles: [...OEV, 'trainer'], fineGrained: { module: 'Debugging', action: 'Read' }, level: 'project' },
    P.SearchIndexDocumentRequest,
    P.SearchIndexDocumentData,
    // "data = array of chunks"; the item shape of the Bearer variant is not shown.
    { documentedResponse: z.array(z.unknown()), shapeClause: 'SEARCH-BEARER-ITEM-SHAPE' },
  ),
  /** Access not shown: assumed any valid token (AUTH-GETSUPPORTEDMODELS-ASSUMED). */
  platform(
    'getSupportedModels',
    { any: true, roles: [], level: 'organization' },
    P.EmptyRequest,
    P.GetSupportedModelsData,
    {
      orgLevel: true,
      accessClause: 'AUTH-GETSUPPORTEDMODELS-ASSUMED',
      // The shape of the envelope is not shown beyond its entries {value, tier} (suites find them with modelEntries).
      documentedResponse: z.unknown(),
      shapeClause: 'MODELS-RESPONSE-SHAPE',
    },
  ),
] as const satisfies readonly Operation[];

const integration = <const Id extends string>(
  id: Id,
  path: string,
  request: z.ZodType,
  response: z.ZodType,
): OperationOf<Id> => ({
  id,
  family: 'integration',
  method: 'POST',
  path,
  credential: 'project-key',
  encoding: 'json',
  request,
  response,
});

export const integrationOperations = [
  integration('createSession', '/createSession', I.CreateSessionRequest, I.CreateSessionData),
  integration('sendMessage', '/sendMessage', I.SendMessageRequest, I.SendMessageData),
  integration(
    'getChatbotExecutionLogs',
    '/getChatbotExecutionLogs',
    I.GetChatbotExecutionLogsRequest,
    I.GetChatbotExecutionLogsData,
  ),
  integration(
    'searchIndexDocumentByProjectKey',
    '/searchIndexDocument',
    I.SearchIndexDocumentByKeyRequest,
    I.SearchIndexDocumentByKeyData,
  ),
] as const satisfies readonly Operation[];

export const ragOperations = [
  {
    id: 'openaiChatCompletions',
    family: 'rag',
    method: 'POST',
    path: '/openai/chat/completions',
    credential: 'rag-key',
    encoding: 'json',
    request: OpenAIChatCompletionRequest,
    response: OpenAIChatCompletion,
  },
  {
    id: 'anthropicMessages',
    family: 'rag',
    method: 'POST',
    path: '/anthropic/v1/messages',
    credential: 'rag-key',
    encoding: 'json',
    request: AnthropicMessagesRequest,
    response: AnthropicMessage,
  },
] as const satisfies readonly Operation[];

export const operations: readonly Operation[] = [
  ...platformOperations,
  ...integrationOperations,
  ...ragOperations,
];

export type PlatformOperationId = (typeof platformOperations)[number]['id'];
export type IntegrationOperationId = (typeof integrationOperations)[number]['id'];
export type RagOperationId = (typeof ragOperations)[number]['id'];
export type OperationId = PlatformOperationId | IntegrationOperationId | RagOperationId;

/**
 * A path as the routers match it: @koa/router ignores case and trailing slashes by default, so whatever compares an
 * asked path with a route's folds both alike: `/API/v1/getMyProjects//` is the path of getMyProjects.
 */
export const routePath = (path: string): string => (path.replace(/\/+$/, '') || '/').toLowerCase();

/** The operation at `path` under {base_url} (as routers match it: any case, trailing slashes ignored), if any. */
export function operationByPath(path: string): Operation | undefined {
  const bare = routePath(path);
  return operations.find((o) => o.path.toLowerCase() === bare);
}

/**
 * Which operation a request to `path` is, given the headers it carries (`has`). One path is shared:
 * /searchIndexDocument is the Project Integration operation with an `api-key` header and no Authorization, and the
 * Platform one otherwise; every other path is one operation whatever the headers.
 */
export function operationForRequest(path: string, has: (header: string) => boolean): Operation | undefined {
  const op = operationByPath(path);
  if (op?.id !== 'searchIndexDocument') return op;
  return has('api-key') && !has('authorization') ? operationById('searchIndexDocumentByProjectKey') : op;
}

export function operationById(id: string): Operation {
  const op = operations.find((o) => o.id === id);
  if (!op) throw new Error(`unknown operation ${id}`);
  return op;
}
