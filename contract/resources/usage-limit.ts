import { z } from 'zod';

export const settableLimitTypes = ['document', 'webpages', 'credits'] as const;
export const removableLimitTypes = ['document', 'webpages', 'credits', 'voice_credits'] as const;
export const SettableLimitType = z.enum(settableLimitTypes);
export const RemovableLimitType = z.enum(removableLimitTypes);
export type SettableLimitType = z.infer<typeof SettableLimitType>;
export type RemovableLimitType = z.infer<typeof RemovableLimitType>;

export const LimitUsage = z.object({ limit: z.number().int(), usage: z.number().int() });
export const ProjectUsageLimit = z.object({
  document: LimitUsage,
  webpages: LimitUsage,
  credits: LimitUsage,
});
export type ProjectUsageLimit = z.infer<typeof ProjectUsageLimit>;
