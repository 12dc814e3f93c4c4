/** Request bodies and response data of the Project Integration (project API key) operations. */
import { z } from 'zod';
import { paging, search } from '../limits.js';
import { ExecutionLog, KnowledgebaseChunk } from '../resources/index.js';
import { DateOnly, intIn, OrderBy } from './fields.js';

export const WidgetUid = z.string().min(1).max(200);
/** session_uid as createSession returns it: a string of digits. Numbers are accepted too (assumed). */
export const SessionUidText = z.union([
  z.string().regex(/^\d{1,15}$/),
  z
    .number()
    .int()
    .nonnegative()
    .transform((n) => String(n)),
]);

export const CreateSessionRequest = z.object({ widget_uid: WidgetUid });
export const CreateSessionData = z.looseObject({
  session_uid: z.string(),
  state: z.string(),
  status: z.string(),
});

export const SendMessageRequest = z.object({
  widget_uid: WidgetUid,
  session_uid: SessionUidText,
  message: z.string().min(1).max(20_000),
});
export const SendMessageData = z.looseObject({ send_by: z.string(), message: z.string() });

export const GetChatbotExecutionLogsRequest = z.object({
  session_uid: SessionUidText.optional(),
  from: DateOnly.optional(),
  to: DateOnly.optional(),
  orderBy: OrderBy.optional(),
  limit: intIn({ min: paging.executionLogs.min, max: paging.executionLogs.max }).optional(),
  page: intIn({ min: 1 }).optional(),
});
export const GetChatbotExecutionLogsData = z.array(ExecutionLog);

/** `limit` is called required yet given a default of 10; the fake accepts its absence (assumed clause). */
export const SearchIndexDocumentByKeyRequest = z.object({
  query: z.string().min(1).max(search.bearer.queryMaxLength),
  limit: intIn({ min: search.projectKey.limitMin, max: search.projectKey.limitMax }).optional(),
  offset: intIn({ min: 0 }).optional(),
});
export const SearchIndexDocumentByKeyData = z.array(KnowledgebaseChunk);
