/**
 * Request bodies of the fake's control API (routes in ./routes.ts, the table in ./api.ts). The fake parses them
 * (fake-server/control/), the clients send their input types. Scripted replies are in ./rag-script.ts, fault rules
 * in ./faults.ts.
 */
import { z } from 'zod';
import { ExpirationPreset, MemberRole, Permission, ScopeType, TokenRole } from '../access.js';
import { PlanName } from '../plans.js';

/** The rate-limit window's modes (FAKE-RATE-WINDOW-CONTROL): `fixed` (the default) or `sliding`. */
export const windowModes = ['fixed', 'sliding'] as const;
export const WindowMode = z.enum(windowModes);
export type WindowMode = z.infer<typeof WindowMode>;
/** The shortest rate-limit window the fake accepts, in ms. */
export const MIN_WINDOW_MS = 1000;

/** POST /rate-limits/window (FAKE-RATE-WINDOW-CONTROL): its length in ms and its mode; at least one of them. */
export const WindowBody = z
  .object({
    ms: z.number().int().min(MIN_WINDOW_MS).optional(),
    mode: WindowMode.optional(),
  })
  .refine((b) => b.ms !== undefined || b.mode !== undefined, 'give ms, mode or both');

export const clockModes = ['frozen', 'ticking'] as const;

/** POST /reset. */
export const ResetBody = z.object({
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31)
    .optional(),
  fixtures: z.enum(['default', 'empty']).optional(),
  /** Virtual time after the reset. */
  clock: z.iso.datetime().optional(),
  /** `frozen`: time moves only when told; `ticking`: also with real time (when the fake was started so). */
  clock_mode: z.enum(clockModes).optional(),
  /** The rate-limit window of this and every later reset (FAKE-RATE-WINDOW-CONTROL); kept when omitted. */
  rate_window: WindowBody.optional(),
});

/** POST /clock/advance: the sum of the given amounts. */
export const AdvanceBody = z
  .object({
    ms: z.number().int().min(0).optional(),
    seconds: z.number().min(0).optional(),
    minutes: z.number().min(0).optional(),
    hours: z.number().min(0).optional(),
    days: z.number().min(0).optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'give ms, seconds, minutes, hours or days');

/** POST /clock/set: the clock only moves forward. */
export const SetClockBody = z.object({ now: z.iso.datetime() });

/** POST /users (FAKE-CONTROL-SEEDING). */
export const UserBody = z.object({ name: z.string().min(1), email: z.email() });

/** POST /organizations: a new owner user and the organization (FAKE-CONTROL-SEEDING). */
export const OrganizationBody = z.object({
  name: z.string().min(1),
  owner: UserBody,
  plan: PlanName.default('advanced'),
  credits: z.number().min(0).default(10_000),
});

/** POST /organizations/:id/members. */
export const MemberBody = z.object({ user_id: z.number().int(), role: MemberRole });
/** POST /organizations/:id/members/:userId/role. */
export const RoleBody = z.object({ role: MemberRole });
/** POST /organizations/:id/plan. */
export const PlanBody = z.object({
  plan: PlanName,
  /** The Enterprise RAG hourly cap of this organization (RATE-ENTERPRISE-CAP); kept when omitted. */
  rag_cap_per_hour: z.number().int().min(1).optional(),
});
/** POST /organizations/:id/credits. */
export const CreditsBody = z.object({ credits: z.number().min(0) });

/** POST /projects: members default to the organization's owners (as owners). */
export const ProjectBody = z.object({
  organization_id: z.number().int(),
  name: z.string().min(1),
  purpose: z.string().optional(),
  members: z.array(z.object({ user_id: z.number().int(), role: z.string() })).optional(),
});

/** POST /projects/:uid/members. */
export const ProjectMemberBody = z.object({ user_id: z.number().int(), role: z.string().default('editor') });

export const documentKinds = ['file', 'webpage'] as const;

/** POST /projects/:uid/documents: one knowledgebase document. */
export const DocumentBody = z.object({
  docId: z.string().min(1).max(200),
  title: z.string().min(1),
  url: z.string().default(''),
  kind: z.enum(documentKinds).default('file'),
  text: z.string().min(1).max(1_000_000),
});

/** POST /tokens. */
export const TokenBody = z.object({
  organization_id: z.number().int(),
  creator_user_id: z.number().int(),
  name: z.string().min(1).default('token'),
  role: TokenRole.nullable().optional(),
  permissions: z.array(Permission).optional(),
  scope_type: ScopeType.optional(),
  project_uids: z.array(z.string()).optional(),
  expiration: ExpirationPreset.optional(),
  /** With expiration `custom`: an ISO instant. */
  expires_at: z.iso.datetime().optional(),
});

export const modelProviders = ['openai', 'anthropic'] as const;

/** POST /models: add or replace a supported model (by `value`). */
export const ModelBody = z.object({
  value: z.string().min(1).max(200),
  name: z.string().min(1).default('Custom model'),
  provider: z.enum(modelProviders),
  tier: z.union([z.literal(0), z.literal(1)]).default(0),
  credits_per_call: z.number().min(0).default(1),
  credits_per_1k_tokens: z.number().min(0).default(1),
});

export const messageRates = ['like', 'dislike', ''] as const;

/** POST /messages/:id/rate: an assistant message's feedback. */
export const RateBody = z.object({ rate: z.enum(messageRates) });

/**
 * POST /projects/:uid/bulk-seed (scale runs): past conversations spread over the last `days` and knowledgebase
 * documents totalling about `chunks` chunks.
 */
export const BulkSeedBody = z.object({
  sessions: z.number().int().min(0).max(200_000).default(0),
  messages_per_session: z.number().int().min(0).max(50).default(10),
  /** Knowledgebase chunks to add (about: documents are whole, 20 chunks each). */
  chunks: z.number().int().min(0).max(50_000).default(0),
  /** Sessions are spread evenly over this many days before now. */
  days: z.number().int().min(1).max(3650).default(180),
});
export type BulkSeedBody = z.infer<typeof BulkSeedBody>;

/** GET /consistency's query (FAKE-CONSISTENCY-CHECK): list at most `max` violations (default 100). */
export const ConsistencyQuery = z.object({ max: z.number().int().min(0).optional() });
