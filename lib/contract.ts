/**
 * `chatbot-platform-fake/contract` (issue 35): the API's own schemas and types for client code, from
 * contract/, so a TypeScript client need not write its own `Project`, `Session`, envelope or error types. What is
 * exported at the top is what the spec documents: the resources, the request and answer data of every Platform and
 * Project Integration operation, the success and error envelopes, the operation table. Unknown fields are allowed
 * as the spec's conventions say (zod objects keep parsing when a server adds a field). The fake's own choices where
 * the spec says "not shown" are apart, under `assumed`: a client that relies on them relies on the fake, not on the
 * spec.
 */
import type { z } from 'zod';
import type * as I from '../contract/requests/integration.js';
import type * as P from '../contract/requests/platform.js';

export { ERROR, ErrorEnvelope, MessageOnlyEnvelope, SUCCESS, successEnvelope } from '../contract/envelope.js';
export {
  type Family,
  type Operation,
  type OperationId,
  operationById,
  operations,
} from '../contract/operations.js';
export {
  CreateSessionData,
  CreateSessionRequest,
  GetChatbotExecutionLogsData,
  GetChatbotExecutionLogsRequest,
  SearchIndexDocumentByKeyData,
  SearchIndexDocumentByKeyRequest,
  SendMessageData,
  SendMessageRequest,
} from '../contract/requests/integration.js';
export {
  AgentSetting,
  AiSettingsPatch,
  CreatePlaygroundAgentSessionData,
  EmptyRequest,
  GetMyProjectsData,
  GetMyProjectsRequest,
  GetOrganizationDetailData,
  GetOrganizationMembersData,
  GetOrganizationMembersRequest,
  GetProjectUsageLimitData,
  GetSessionMessagesData,
  GetSessionMessagesRequest,
  GetSessionsData,
  GetSessionsRequest,
  GetStatsData,
  GetStatsRequest,
  GetSupportedModelsData,
  InviteOrganizationMemberData,
  InviteOrganizationMemberRequest,
  PlaygroundAgentResponseData,
  PlaygroundAgentResponseRequest,
  PreviousMessage,
  ProjectUidRequest,
  RemoveProjectUsageLimitRequest,
  SearchIndexDocumentData,
  SearchIndexDocumentRequest,
  SetProjectUsageLimitRequest,
  UpdateChatbotRequest,
  UpdateProjectSettingsRequest,
} from '../contract/requests/platform.js';
export {
  ExecutionLog,
  Invitation,
  IsoDateTime,
  KnowledgebaseChunk,
  LimitUsage,
  Organization,
  OrganizationMember,
  PlaygroundSession,
  Project,
  ProjectUsageLimit,
  RemovableLimitType,
  Session,
  SessionMessage,
  SettableLimitType,
  StatsRecord,
  SupportedModel,
} from '../contract/resources/index.js';

/** The fake's choices where the spec says "not shown" (assumed): apart from what the spec documents. */
export * as assumed from './contract-assumed.js';

/** A success envelope carrying `D` (the spec's `{ type: "RXSUCCESS", message, data, total? }`). */
export interface SuccessEnvelope<D> {
  type: 'RXSUCCESS';
  message: string;
  data: D;
  total?: number;
}

// What a client sends (z.input: defaults may be left out) and what it gets back, per operation.
export type CreateSessionRequest = z.input<typeof I.CreateSessionRequest>;
export type CreateSessionData = z.infer<typeof I.CreateSessionData>;
export type SendMessageRequest = z.input<typeof I.SendMessageRequest>;
export type SendMessageData = z.infer<typeof I.SendMessageData>;
export type GetChatbotExecutionLogsRequest = z.input<typeof I.GetChatbotExecutionLogsRequest>;
export type GetChatbotExecutionLogsData = z.infer<typeof I.GetChatbotExecutionLogsData>;
export type SearchIndexDocumentByKeyRequest = z.input<typeof I.SearchIndexDocumentByKeyRequest>;
export type SearchIndexDocumentByKeyData = z.infer<typeof I.SearchIndexDocumentByKeyData>;
export type GetMyProjectsRequest = z.input<typeof P.GetMyProjectsRequest>;
export type GetMyProjectsData = z.infer<typeof P.GetMyProjectsData>;
export type GetOrganizationDetailData = z.infer<typeof P.GetOrganizationDetailData>;
export type GetOrganizationMembersRequest = z.input<typeof P.GetOrganizationMembersRequest>;
export type GetOrganizationMembersData = z.infer<typeof P.GetOrganizationMembersData>;
export type InviteOrganizationMemberRequest = z.input<typeof P.InviteOrganizationMemberRequest>;
export type InviteOrganizationMemberData = z.infer<typeof P.InviteOrganizationMemberData>;
export type UpdateChatbotRequest = z.input<typeof P.UpdateChatbotRequest>;
export type UpdateProjectSettingsRequest = z.input<typeof P.UpdateProjectSettingsRequest>;
export type ProjectUidRequest = z.input<typeof P.ProjectUidRequest>;
export type GetProjectUsageLimitData = z.infer<typeof P.GetProjectUsageLimitData>;
export type SetProjectUsageLimitRequest = z.input<typeof P.SetProjectUsageLimitRequest>;
export type RemoveProjectUsageLimitRequest = z.input<typeof P.RemoveProjectUsageLimitRequest>;
export type GetStatsRequest = z.input<typeof P.GetStatsRequest>;
export type GetStatsData = z.infer<typeof P.GetStatsData>;
export type GetSessionsRequest = z.input<typeof P.GetSessionsRequest>;
export type GetSessionsData = z.infer<typeof P.GetSessionsData>;
export type GetSessionMessagesRequest = z.input<typeof P.GetSessionMessagesRequest>;
export type GetSessionMessagesData = z.infer<typeof P.GetSessionMessagesData>;
export type CreatePlaygroundAgentSessionData = z.infer<typeof P.CreatePlaygroundAgentSessionData>;
export type PlaygroundAgentResponseRequest = z.input<typeof P.PlaygroundAgentResponseRequest>;
export type PlaygroundAgentResponseData = z.infer<typeof P.PlaygroundAgentResponseData>;
export type SearchIndexDocumentRequest = z.input<typeof P.SearchIndexDocumentRequest>;
export type SearchIndexDocumentData = z.infer<typeof P.SearchIndexDocumentData>;
export type GetSupportedModelsData = z.infer<typeof P.GetSupportedModelsData>;
