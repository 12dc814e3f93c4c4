/** Request bodies of the control API (fake only). */
import { z } from 'zod';
import {
  ExpirationPreset,
  MemberRole,
  Permission,
  PlanName,
  ScopeType,
  TokenRole,
} from '../../contract/index.js';
import { MIN_WINDOW_MS, windowModes } from '../domain/rate-limit.js';

export { ScriptRepliesBody } from '../../contract/requests/rag-script.js';

/** The rate-limit window (FAKE-RATE-WINDOW-CONTROL): its length in ms and its mode; at least one of them. */
export const WindowBody = z
  .object({
    ms: z.number().int().min(MIN_WINDOW_MS).optional(),
    mode: z.enum(windowModes).optional(),
  })
  .refine((b) => b.ms !== undefined || b.mode !== undefined, 'give ms, mode or both');

export const ResetBody = z.object({
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31)
    .optional(),
  fixtures: z.enum(['default', 'empty']).optional(),
  clock: z.iso.datetime().optional(),
  /** `frozen`: time moves only when told; `ticking`: also with real time (when the fake was started so). */
  clock_mode: z.enum(['frozen', 'ticking']).optional(),
  /** The rate-limit window of this and every later reset (FAKE-RATE-WINDOW-CONTROL); kept when omitted. */
  rate_window: WindowBody.optional(),
});

export const AdvanceBody = z
  .object({
    ms: z.number().int().min(0).optional(),
    seconds: z.number().min(0).optional(),
    minutes: z.number().min(0).optional(),
    hours: z.number().min(0).optional(),
    days: z.number().min(0).optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'give ms, seconds, minutes, hours or days');

export const SetClockBody = z.object({ now: z.iso.datetime() });

export const UserBody = z.object({ name: z.string().min(1), email: z.email() });

export const OrganizationBody = z.object({
  name: z.string().min(1),
  owner: UserBody,
  plan: PlanName.default('advanced'),
  credits: z.number().min(0).default(10_000),
});

export const MemberBody = z.object({ user_id: z.number().int(), role: MemberRole });
export const RoleBody = z.object({ role: MemberRole });
export const PlanBody = z.object({
  plan: PlanName,
  /** The Enterprise RAG hourly cap of this organization (RATE-ENTERPRISE-CAP); kept when omitted. */
  rag_cap_per_hour: z.number().int().min(1).optional(),
});
export const CreditsBody = z.object({ credits: z.number().min(0) });

export const ProjectBody = z.object({
  organization_id: z.number().int(),
  name: z.string().min(1),
  purpose: z.string().optional(),
  members: z.array(z.object({ user_id: z.number().int(), role: z.string() })).optional(),
});

export const ProjectMemberBody = z.object({ user_id: z.number().int(), role: z.string().default('editor') });

export const DocumentBody = z.object({
  docId: z.string().min(1).max(200),
  title: z.string().min(1),
  url: z.string().default(''),
  kind: z.enum(['file', 'webpage']).default('file'),
  text: z.string().min(1).max(1_000_000),
});

export const TokenBody = z.object({
  organization_id: z.number().int(),
  creator_user_id: z.number().int(),
  name: z.string().min(1).default('token'),
  role: TokenRole.nullable().optional(),
  permissions: z.array(Permission).optional(),
  scope_type: ScopeType.optional(),
  project_uids: z.array(z.string()).optional(),
  expiration: ExpirationPreset.optional(),
  expires_at: z.iso.datetime().optional(),
});

export const ModelBody = z.object({
  value: z.string().min(1).max(200),
  name: z.string().min(1).default('Custom model'),
  provider: z.enum(['openai', 'anthropic']),
  tier: z.union([z.literal(0), z.literal(1)]).default(0),
  credits_per_call: z.number().min(0).default(1),
  credits_per_1k_tokens: z.number().min(0).default(1),
});

export const RateBody = z.object({ rate: z.enum(['like', 'dislike', '']) });
