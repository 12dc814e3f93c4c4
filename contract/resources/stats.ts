import { z } from 'zod';

export const StatsRecord = z.object({
  total_conversation: z.string(),
  total_messages: z.number().int(),
  total_documents: z.number().int(),
  total_links: z.number().int(),
  like: z.number().int(),
  dislike: z.number().int(),
  no_feedback: z.number().int(),
  session_count: z.string(),
  query_count: z.number().int(),
  visitor_count: z.number().int(),
  avg_message_conversation: z.number(),
});
export type StatsRecord = z.infer<typeof StatsRecord>;
