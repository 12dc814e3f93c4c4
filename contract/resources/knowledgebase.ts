import { z } from 'zod';

/** A knowledgebase chunk as project-key search returns it. The Bearer variant's item shape is not shown; the fake uses the same. */
export const KnowledgebaseChunk = z.object({
  point_id: z.string(),
  doc_id: z.string(),
  score: z.number(),
  content: z.string(),
});
export type KnowledgebaseChunk = z.infer<typeof KnowledgebaseChunk>;
