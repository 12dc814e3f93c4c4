/** Project Integration operations as data: operation id → resolver over the key's project. */
import type { z } from 'zod';
import { type IntegrationOperationId, paging, search } from '../../contract/index.js';
import * as I from '../../contract/requests/integration.js';
import type { ProjectKeyCaller } from '../domain/authentication.js';
import type { DomainContext } from '../domain/context.js';
import { listExecutionLogs } from '../domain/execution-logs.js';
import { searchKnowledgebase } from '../domain/knowledgebase.js';
import { createSession, sendMessage } from '../domain/widget.js';
import type { Success } from './envelope.js';

export interface KeyResolverInput<B> {
  domain: DomainContext;
  caller: ProjectKeyCaller;
  body: B;
}

export type KeyResolver = (input: KeyResolverInput<unknown>) => Success;

const on = <S extends z.ZodType>(
  _schema: S,
  fn: (input: KeyResolverInput<z.infer<S>>) => Success,
): KeyResolver => fn as KeyResolver;

export const integrationHandlers: Record<IntegrationOperationId, KeyResolver> = {
  createSession: on(I.CreateSessionRequest, ({ domain, caller, body }) => ({
    message: 'Session created successfully',
    data: createSession(domain, caller.project, body.widget_uid),
  })),

  sendMessage: on(I.SendMessageRequest, ({ domain, caller, body }) => ({
    message: 'Message sent successfully',
    data: sendMessage(domain, caller.organization, caller.project, body),
  })),

  getChatbotExecutionLogs: on(I.GetChatbotExecutionLogsRequest, ({ domain, caller, body }) => {
    const page = listExecutionLogs(domain, caller.project, {
      session_uid: body.session_uid,
      from: body.from,
      to: body.to,
      // Stryker disable next-line StringLiteral: equivalent; pageOfAscending reads any order but 'ASC' as newest first
      orderBy: body.orderBy ?? 'DESC',
      limit: body.limit ?? paging.executionLogs.defaultLimit,
      page: body.page ?? paging.executionLogs.defaultPage,
    });
    return { message: 'Execution logs fetched successfully', data: page.items, total: page.total };
  }),

  searchIndexDocumentByProjectKey: on(I.SearchIndexDocumentByKeyRequest, ({ domain, caller, body }) => ({
    message: 'Documents fetched successfully',
    data: searchKnowledgebase(domain, caller.project, {
      query: body.query,
      limit: body.limit ?? search.projectKey.defaultLimit,
      offset: body.offset ?? search.projectKey.defaultOffset,
    }),
  })),
};
