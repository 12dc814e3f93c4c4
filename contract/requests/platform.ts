/** Request bodies and response data of the Platform (Bearer token) operations. */
import { z } from 'zod';
import { InvitationRole } from '../access.js';
import { aiModes, paging, playground, search, settingsRanges } from '../limits.js';
import {
  Invitation,
  KnowledgebaseChunk,
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
} from '../resources/index.js';
import { DateOnly, formInt, intIn, numberIn, OrderBy, ProjectUid } from './fields.js';

const page = intIn({ min: 1 });

export const GetMyProjectsRequest = z.object({
  search: z.string().max(1000).optional(),
  limit: intIn({ min: paging.projects.min, max: paging.projects.max }).optional(),
  page: page.optional(),
  orderBy: OrderBy.optional(),
});
export const GetMyProjectsData = z.array(Project);

export const EmptyRequest = z.object({});

export const GetOrganizationDetailData = Organization;

export const GetOrganizationMembersRequest = z.object({
  limit: intIn({ min: paging.members.min, max: paging.members.max }).optional(),
  page: page.optional(),
});
export const GetOrganizationMembersData = z.object({
  organizationMember: z.array(OrganizationMember),
  invitations: z.array(Invitation),
});

export const InviteOrganizationMemberRequest = z.object({
  email: z.email().max(320),
  role: InvitationRole,
});
export const InviteOrganizationMemberData = Invitation;

export const UpdateChatbotRequest = z.object({
  project_uid: ProjectUid,
  name: z.string().trim().min(1).max(200).optional(),
  retention_duration: intIn({ min: 0 }).optional(),
});

/** The writable AI settings; every field optional, only included fields change. */
export const AiSettingsPatch = z.object({
  prompt: z.string().max(100_000).optional(),
  restriction: z.string().max(100_000).optional(),
  model: z.string().min(1).max(200).optional(),
  temperature: numberIn(settingsRanges.temperature).optional(),
  mode: z.enum(aiModes).optional(),
  chat_history_count: intIn(settingsRanges.chat_history_count).optional(),
  max_nodes: intIn(settingsRanges.max_nodes).optional(),
  add_page_link: intIn(settingsRanges.add_page_link).optional(),
  auto_close_duration: intIn(settingsRanges.auto_close_duration).optional(),
  auto_resolve_duration: intIn(settingsRanges.auto_resolve_duration).optional(),
});
export type AiSettingsPatch = z.infer<typeof AiSettingsPatch>;

export const UpdateProjectSettingsRequest = AiSettingsPatch.extend({ project_uid: ProjectUid });

export const ProjectUidRequest = z.object({ project_uid: ProjectUid });
export const GetProjectUsageLimitData = ProjectUsageLimit;

export const SetProjectUsageLimitRequest = z.object({
  project_uid: ProjectUid,
  limits: z
    .array(z.object({ limit_type: SettableLimitType, limit: intIn({ min: 0 }) }))
    .min(1)
    .max(10),
});

export const RemoveProjectUsageLimitRequest = z.object({
  project_uid: ProjectUid,
  limit_type: RemovableLimitType,
});

/** Stats dates are checked by `parseStatsDate` so that a bad one gets the spec's own message. */
export const GetStatsRequest = z.object({
  project_uid: ProjectUid,
  from: z.string().max(100).optional(),
  to: z.string().max(100).optional(),
});
export const GetStatsData = z.array(StatsRecord);

/** form-urlencoded */
export const GetSessionsRequest = z.object({
  project_uid: ProjectUid,
  status: z.enum(['open', 'closed']).optional(),
  from: DateOnly.optional(),
  to: DateOnly.optional(),
  limit: formInt({ min: paging.sessions.min, max: paging.sessions.max }).optional(),
  page: formInt({ min: 1 }).optional(),
  orderBy: OrderBy.optional(),
});
export const GetSessionsData = z.array(Session);

/** form-urlencoded */
export const GetSessionMessagesRequest = z.object({
  project_uid: ProjectUid,
  session_uid: formInt({ min: 0 }),
  limit: formInt({ min: paging.messages.min, max: paging.messages.max }).optional(),
  page: formInt({ min: 1 }).optional(),
  orderBy: OrderBy.optional(),
});
export const GetSessionMessagesData = z.array(SessionMessage);

export const CreatePlaygroundAgentSessionData = PlaygroundSession;

/** Overrides for one playground call. Only model, system_prompt and temperature are named by the spec. */
export const AgentSetting = z.looseObject({
  model: z.string().min(1).max(200).optional(),
  system_prompt: z.string().max(100_000).optional(),
  temperature: numberIn(settingsRanges.temperature).optional(),
});

export const PreviousMessage = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string().max(playground.queryMaxLength * 4),
});

export const PlaygroundAgentResponseRequest = z.object({
  project_uid: ProjectUid,
  session_uid: z.union([
    z.number().int().nonnegative(),
    z
      .string()
      .regex(/^\d{1,15}$/)
      .transform(Number),
  ]),
  query: z.string().min(1).max(playground.queryMaxLength),
  agent_setting: AgentSetting.optional(),
  /** Assumed name of the previous-messages field (the spec does not show it). */
  messages: z.array(PreviousMessage).max(playground.historyMaxItems).optional(),
});
export const PlaygroundAgentResponseData = z.object({
  session_uid: z.number(),
  message: z.string(),
  response_time: z.number(),
  total_credits: z.number(),
});

export const SearchIndexDocumentRequest = z.object({
  project_uid: ProjectUid,
  query: z.string().min(1).max(search.bearer.queryMaxLength),
  limit: intIn({ min: search.bearer.limitMin, max: search.bearer.limitMax }),
  offset: intIn({ min: 0 }).optional(),
  node_id: z.string().min(1).max(200).optional(),
});
export const SearchIndexDocumentData = z.array(KnowledgebaseChunk);

export const GetSupportedModelsData = z.array(SupportedModel);
