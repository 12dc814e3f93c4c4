import { z } from 'zod';
import { IsoDateTime } from './datetime.js';

export const Organization = z.object({
  id: z.number().int(),
  name: z.string(),
  created_by: z.number().int(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  OrganizationMembers: z.array(
    z.object({ id: z.number().int(), user_id: z.number().int(), role: z.string(), createdAt: IsoDateTime }),
  ),
  OrganizationProjects: z.array(
    z.object({ id: z.number().int(), name: z.string(), project_uid: z.string() }),
  ),
});
export type Organization = z.infer<typeof Organization>;

export const OrganizationMember = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  organization_id: z.number().int(),
  role: z.string(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
  Member: z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    profile_pic: z.string().nullable(),
  }),
});
export type OrganizationMember = z.infer<typeof OrganizationMember>;

export const Invitation = z.object({
  id: z.number().int(),
  sent_by: z.number().int(),
  email: z.string(),
  role: z.string(),
  hash: z.string(),
  status: z.string(),
  createdAt: IsoDateTime,
});
export type Invitation = z.infer<typeof Invitation>;
