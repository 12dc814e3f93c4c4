import { z } from 'zod';

/** A supported model list entry. Only `value` and `tier` are documented; other fields pass through. */
export const SupportedModel = z.looseObject({
  value: z.string(),
  tier: z.number().int(),
});
export type SupportedModel = z.infer<typeof SupportedModel>;
