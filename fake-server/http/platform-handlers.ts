/**
 * Platform operations as data (msw style): operation id → resolver. Each resolver calls one domain function and
 * returns what goes into the success envelope. Auth, plan, caps, permission, parsing and project resolution happen
 * before, in the platform router.
 */

import type { z } from 'zod';
import { type PlatformOperationId, paging } from '../../contract/index.js';
import * as P from '../../contract/requests/platform.js';
import type { PlatformCaller } from '../domain/authentication.js';
import type { DomainContext } from '../domain/context.js';
import { inviteMember } from '../domain/invitations.js';
import { searchKnowledgebase } from '../domain/knowledgebase.js';
import { modelsForPlan, modelView } from '../domain/models.js';
import { invitationView, organizationDetail, organizationMembers } from '../domain/organization.js';
import { createPlaygroundSession, playgroundResponse } from '../domain/playground.js';
import { listProjects, updateChatbot } from '../domain/projects.js';
import { listSessionMessages, listSessions } from '../domain/sessions.js';
import { updateProjectSettings } from '../domain/settings.js';
import type { Project } from '../domain/state.js';
import { computeStats } from '../domain/stats.js';
import { getUsageLimits, removeUsageLimit, setUsageLimits } from '../domain/usage-limits.js';
import type { Success } from './envelope.js';

export interface ResolverInput<B> {
  domain: DomainContext;
  caller: PlatformCaller;
  body: B;
  /** Present for project-scoped operations. */
  project: Project;
}

export type Resolver = (input: ResolverInput<unknown>) => Success;

/** Bind a resolver to the request schema its body was parsed with (a type witness only). */
const on = <S extends z.ZodType>(_schema: S, fn: (input: ResolverInput<z.infer<S>>) => Success): Resolver =>
  fn as Resolver;

export const platformHandlers: Record<PlatformOperationId, Resolver> = {
  getMyProjects: on(P.GetMyProjectsRequest, ({ domain, caller, body }) => {
    const page = listProjects(domain, caller, {
      search: body.search,
      limit: body.limit ?? paging.projects.defaultLimit,
      page: body.page ?? paging.projects.defaultPage,
      // Stryker disable next-line StringLiteral: equivalent; byOrder reverses for 'DESC' only, any other order is ascending
      orderBy: body.orderBy ?? 'ASC',
    });
    return { message: 'Projects fetched successfully', data: page.items, total: page.total };
  }),

  getOrganizationDetail: on(P.EmptyRequest, ({ domain, caller }) => ({
    message: 'Organization fetched successfully',
    data: organizationDetail(domain, caller.organization),
  })),

  getOrganizationMembers: on(P.GetOrganizationMembersRequest, ({ domain, caller, body }) => {
    const result = organizationMembers(
      domain,
      caller.organization,
      body.limit ?? paging.members.defaultLimit,
      body.page ?? paging.members.defaultPage,
    );
    return { message: 'Organization members fetched successfully', data: result.data, total: result.total };
  }),

  inviteOrganizationMember: on(P.InviteOrganizationMemberRequest, ({ domain, caller, body }) => ({
    message: 'Invitation sent successfully',
    data: invitationView(
      inviteMember(domain, caller.organization, caller.token.creator_user_id, body.email, body.role),
    ),
  })),

  updateChatbot: on(P.UpdateChatbotRequest, ({ domain, project, body }) => {
    updateChatbot(domain, project, { name: body.name, retention_duration: body.retention_duration });
    return { message: 'Chatbot updated successfully' };
  }),

  updateProjectSettings: on(P.UpdateProjectSettingsRequest, ({ domain, caller, project, body }) => {
    const { project_uid: _uid, ...patch } = body;
    updateProjectSettings(domain, caller.organization, project, patch);
    return { message: 'Project settings updated successfully' };
  }),

  getProjectUsageLimit: on(P.ProjectUidRequest, ({ domain, caller, project }) => ({
    message: 'Project usage limit fetched successfully',
    data: getUsageLimits(domain, caller.organization, project),
  })),

  setProjectUsageLimit: on(P.SetProjectUsageLimitRequest, ({ domain, caller, project, body }) => {
    setUsageLimits(domain, caller.organization, project, body.limits);
    return { message: 'Project usage limit updated successfully' };
  }),

  removeProjectUsageLimit: on(P.RemoveProjectUsageLimitRequest, ({ domain, project, body }) => {
    removeUsageLimit(domain, project, body.limit_type);
    return { message: 'Project usage limit removed successfully' };
  }),

  getStats: on(P.GetStatsRequest, ({ domain, project, body }) => ({
    message: 'Stats fetched successfully',
    data: computeStats(domain, project, { from: body.from, to: body.to }),
  })),

  getSessions: on(P.GetSessionsRequest, ({ domain, project, body }) => {
    const { project_uid: _uid, limit, page, orderBy, ...filters } = body;
    const result = listSessions(domain, project, {
      ...filters,
      limit: limit ?? paging.sessions.defaultLimit,
      page: page ?? paging.sessions.defaultPage,
      orderBy: orderBy ?? 'ASC',
    });
    return { message: 'Sessions fetched successfully', data: result.items, total: result.total };
  }),

  getSessionMessages: on(P.GetSessionMessagesRequest, ({ domain, project, body }) => {
    const result = listSessionMessages(domain, project, {
      session_uid: body.session_uid,
      limit: body.limit ?? paging.messages.defaultLimit,
      page: body.page ?? paging.messages.defaultPage,
      orderBy: body.orderBy ?? 'ASC',
    });
    return { message: 'Session messages fetched successfully', data: result.items, total: result.total };
  }),

  createPlaygroundAgentSession: on(P.ProjectUidRequest, ({ domain, project }) => ({
    message: 'Playground session created successfully',
    data: createPlaygroundSession(domain, project),
  })),

  playgroundAgentResponse: on(P.PlaygroundAgentResponseRequest, ({ domain, caller, project, body }) => ({
    message: 'Agent response generated successfully',
    data: playgroundResponse(domain, caller.organization, project, body),
  })),

  searchIndexDocument: on(P.SearchIndexDocumentRequest, ({ domain, project, body }) => ({
    message: 'Documents fetched successfully',
    data: searchKnowledgebase(domain, project, {
      query: body.query,
      limit: body.limit,
      offset: body.offset ?? 0,
      docId: body.node_id,
    }),
  })),

  getSupportedModels: on(P.EmptyRequest, ({ domain, caller }) => ({
    message: 'Supported models fetched successfully',
    data: modelsForPlan(domain, caller.organization.plan).map(modelView),
  })),
};
