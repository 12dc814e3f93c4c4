import { z } from 'zod';
import { IsoDateTime } from './datetime.js';

export const Project = z.object({
  id: z.number().int(),
  organization_id: z.number().int(),
  name: z.string(),
  app_id: z.number().int(),
  project_uid: z.string(),
  purpose: z.string(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
  organization: z.object({ id: z.number().int(), name: z.string(), role: z.string() }),
  ProjectMembers: z.array(z.object({ user_id: z.number().int(), role: z.string() })),
  integration_setting: z.object({
    id: z.number().int(),
    project_id: z.number().int(),
    widget_uid: z.string(),
  }),
});
export type Project = z.infer<typeof Project>;
