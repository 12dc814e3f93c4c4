import { z } from 'zod';
import { IsoDateTime } from './datetime.js';

export const Session = z.object({
  session_uid: z.number(),
  id: z.number().int(),
  project_id: z.number().int(),
  integration_id: z.number().int(),
  status: z.string(),
  chat_mode: z.string(),
  state: z.string(),
  segment: z.string(),
  country: z.string(),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
  last_message_time: IsoDateTime.nullable(),
  last_message: z.string().nullable(),
  visitor_data: z.record(z.string(), z.unknown()),
  contact_data: z.record(z.string(), z.unknown()),
  session_meta: z.record(z.string(), z.unknown()),
});
export type Session = z.infer<typeof Session>;

export const SessionMessage = z.object({
  id: z.number().int(),
  session_id: z.number().int(),
  send_by: z.string(),
  message: z.string(),
  type: z.number().int(),
  content_type: z.string(),
  rate: z.string(),
  choices: z.array(z.unknown()),
  url: z.string(),
  streaming: z.boolean(),
  response_source: z.string(),
  createdAt: IsoDateTime,
});
export type SessionMessage = z.infer<typeof SessionMessage>;

export const PlaygroundSession = z.object({
  session_uid: z.number().int(),
  id: z.number().int(),
  project_id: z.number().int(),
  is_emulator: z.boolean(),
});
export type PlaygroundSession = z.infer<typeof PlaygroundSession>;

export const ExecutionLog = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  session_id: z.number().int(),
  data: z.object({
    task: z.string(),
    type: z.string(),
    message: z.string(),
    data: z.record(z.string(), z.unknown()),
  }),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
  executionlog_session_data: z.object({ session_uid: z.number() }),
});
export type ExecutionLog = z.infer<typeof ExecutionLog>;
