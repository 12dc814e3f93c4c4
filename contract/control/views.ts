/**
 * What the fake's control API answers: the `data` of each route's success envelope (the table is ./api.ts). These
 * are the only declarations of these shapes; the types are inferred from the schemas. Objects are strict: a field
 * the fake adds or drops without changing its schema here fails contract/control/control-contract.test.ts.
 * Instants are ISO 8601 strings, except where noted (a member's and an outbox e-mail's, epoch ms as stored).
 */
import { z } from 'zod';
import { ExpirationPreset, MemberRole, Permission, ScopeType, TokenRole } from '../access.js';
import { PlanName } from '../plans.js';
import { AiSettingsPatch } from '../requests/platform.js';
import { IsoDateTime } from '../resources/datetime.js';
import { RemovableLimitType } from '../resources/usage-limit.js';
import { documentKinds, messageRates, modelProviders, WindowMode } from './requests.js';

const id = z.number().int();

/** GET /clock, POST /clock/advance, POST /clock/set: virtual now. */
export const ControlClock = z.strictObject({ now: IsoDateTime });
export type ControlClock = z.infer<typeof ControlClock>;

/** POST /users; the owner of POST /organizations. */
export const ControlUser = z.strictObject({
  id,
  name: z.string(),
  /** Trimmed and lowercased (FAKE-CONTROL-SEEDING). */
  email: z.string(),
  profile_pic: z.string().nullable(),
});
export type ControlUser = z.infer<typeof ControlUser>;

/** GET /organizations/:id. */
export const ControlOrganization = z.strictObject({
  id,
  name: z.string(),
  created_by: id,
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
  plan: PlanName,
  /** Credit balance shared by the organization's projects. */
  credits: z.number(),
  /** The Enterprise RAG cap per hour, once set through POST /organizations/:id/plan (RATE-ENTERPRISE-CAP). */
  ragCapPerHour: z.number().int().min(1).optional(),
});
export type ControlOrganization = z.infer<typeof ControlOrganization>;

/** POST /organizations: the organization and its owner. */
/**
 * POST /organizations: the organization, its owner, and a control secret scoped to it alone (a job's own; the admin
 * secret keeps every right).
 */
export const ControlCreatedOrganization = ControlOrganization.extend({
  owner: ControlUser,
  control_secret: z.string(),
});
export type ControlCreatedOrganization = z.infer<typeof ControlCreatedOrganization>;

/** POST /organizations/:id/plan: the plan and the RAG cap in force (null: none, or the plan's default). */
export const ControlPlan = z.strictObject({
  id,
  plan: PlanName,
  rag_cap_per_hour: z.number().int().nullable(),
});
export type ControlPlan = z.infer<typeof ControlPlan>;

/** POST /organizations/:id/credits. */
export const ControlCredits = z.strictObject({ id, credits: z.number() });
export type ControlCredits = z.infer<typeof ControlCredits>;

/** POST /organizations/:id/members and …/members/:userId/role: the membership (instants in epoch ms). */
export const ControlMember = z.strictObject({
  id,
  user_id: id,
  organization_id: id,
  role: MemberRole,
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type ControlMember = z.infer<typeof ControlMember>;

/** A knowledgebase document of a project (its text left out). */
export const ControlDocument = z.strictObject({
  docId: z.string(),
  title: z.string(),
  kind: z.enum(documentKinds),
  url: z.string(),
});
export type ControlDocument = z.infer<typeof ControlDocument>;

/** The AI settings of a project, every field present (the writable fields of updateProjectSettings). */
export const ControlAiSettings = z.strictObject(AiSettingsPatch.required().shape);
export type ControlAiSettings = z.infer<typeof ControlAiSettings>;

/** A project as the control API shows it: POST /projects, GET /projects/:uid, its members' routes. */
export const ControlProject = z.strictObject({
  id,
  organization_id: id,
  name: z.string(),
  project_uid: z.string(),
  widget_uid: z.string(),
  members: z.array(z.strictObject({ user_id: id, role: z.string() })),
  settings: ControlAiSettings,
  /** Seconds of conversation history kept. */
  retention_duration: z.number().int(),
  /** Project usage limits; a missing type uses the full organization allocation. */
  limits: z.partialRecord(RemovableLimitType, z.number()),
  creditsUsed: z.number(),
  /** Its project keys (apk-…). */
  project_keys: z.array(z.string()),
  documents: z.array(ControlDocument),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type ControlProject = z.infer<typeof ControlProject>;

/** POST /projects/:uid/keys: the new project key. */
export const ControlProjectKey = z.strictObject({ value: z.string() });
export type ControlProjectKey = z.infer<typeof ControlProjectKey>;

/** DELETE /projects/:uid/rag/replies: how many queued replies were dropped. */
export const ControlCleared = z.strictObject({ cleared: z.number().int().min(0) });
export type ControlCleared = z.infer<typeof ControlCleared>;

export const tokenStatuses = ['active', 'deactivated', 'deleted'] as const;
/** What a client would observe: the status, or `expired`, or `unusable` (its creator left the organization). */
export const tokenStates = [...tokenStatuses, 'expired', 'unusable'] as const;

/** A Platform API token as the control API shows it: POST /tokens, GET /tokens(/:id), its lifecycle actions. */
export const ControlToken = z.strictObject({
  id,
  name: z.string(),
  value: z.string(),
  role: TokenRole.nullable(),
  permissions: z.array(Permission),
  scope_type: ScopeType,
  project_ids: z.array(id),
  expiration: ExpirationPreset,
  expires_at: IsoDateTime.nullable(),
  creator_user_id: id,
  organization_id: id,
  status: z.enum(tokenStatuses),
  state: z.enum(tokenStates),
  createdAt: IsoDateTime,
});
export type ControlToken = z.infer<typeof ControlToken>;

/** POST /messages/:id/rate. */
export const ControlMessageRate = z.strictObject({ id, rate: z.enum(messageRates) });
export type ControlMessageRate = z.infer<typeof ControlMessageRate>;

/** A supported model with its prices: GET, POST and DELETE /models answer the whole list. */
export const ControlModel = z.strictObject({
  value: z.string(),
  name: z.string(),
  provider: z.enum(modelProviders),
  tier: z.number().int(),
  /** Credits deducted per playground call. */
  credits_per_call: z.number(),
  /** Credits per 1,000 tokens on the RAG endpoints. */
  credits_per_1k_tokens: z.number(),
});
export type ControlModel = z.infer<typeof ControlModel>;

/** GET /outbox: an e-mail the fake would have sent (an invitation), `sentAt` in epoch ms. */
export const ControlOutboxEmail = z.strictObject({
  id,
  organization_id: id,
  invitation_id: id,
  to: z.string(),
  subject: z.string(),
  join_link: z.string(),
  text: z.string(),
  sentAt: z.number(),
});
export type ControlOutboxEmail = z.infer<typeof ControlOutboxEmail>;

/** GET /journal (FAKE-REQUEST-JOURNAL): one public API request, oldest first. */
export const JournalEntry = z.strictObject({
  /** When the request was answered, virtual clock. */
  at: IsoDateTime,
  method: z.string(),
  /** The request path, base path included (e.g. `/api/v1/openai/chat/completions`). */
  path: z.string(),
  /** The contract operation id, or null when the path is none. */
  operation: z.string().nullable(),
  status: z.number().int(),
  /** The envelope's message, or the native error's on the RAG endpoints; null when the answer has none. */
  message: z.string().nullable(),
});
export type JournalEntry = z.infer<typeof JournalEntry>;

/** A rate-limit window: its length and mode (FAKE-RATE-WINDOW-CONTROL). */
export const ControlRateWindow = z.strictObject({ ms: z.number().int(), mode: WindowMode });
export type ControlRateWindow = z.infer<typeof ControlRateWindow>;

/** What counts for one key now (instants in epoch ms). */
export const ControlRateCounter = z.strictObject({
  count: z.number().int().min(0),
  /** The fixed window's start, or the oldest counted request. */
  start: z.number(),
  /** When the count next falls. */
  reset_at: z.number(),
});
export type ControlRateCounter = z.infer<typeof ControlRateCounter>;

/** GET /rate-limits, POST /rate-limits/reset and /rate-limits/window: the window and every live count. */
export const ControlRateLimits = z.strictObject({
  window_ms: z.number().int(),
  mode: WindowMode,
  /** What the next control reset restores. */
  reset_window: ControlRateWindow,
  /** Per key: `token:<id>`, `search-key:<project id>`, `rag:<project id>`. */
  counters: z.record(z.string(), ControlRateCounter),
});
export type ControlRateLimits = z.infer<typeof ControlRateLimits>;

/** POST /projects/:uid/bulk-seed: what was added. */
export const BulkSeedResult = z.strictObject({
  sessions: z.number().int(),
  messages: z.number().int(),
  execution_logs: z.number().int(),
  documents: z.number().int(),
  /** Chunks in the project's knowledgebase afterwards. */
  chunks: z.number().int(),
});
export type BulkSeedResult = z.infer<typeof BulkSeedResult>;

/** DELETE /faults: how many rules were removed. */
export const ControlFaultsRemoved = z.strictObject({ removed: z.number().int().min(0) });
export type ControlFaultsRemoved = z.infer<typeof ControlFaultsRemoved>;

/** One broken invariant of the store. */
export const ConsistencyViolation = z.strictObject({
  /** Which invariant, e.g. `session-refs`. */
  invariant: z.string(),
  detail: z.string(),
});
export type ConsistencyViolation = z.infer<typeof ConsistencyViolation>;

/** GET /consistency (FAKE-CONSISTENCY-CHECK). */
export const ConsistencyReport = z.strictObject({
  consistent: z.boolean(),
  /** Records checked, per kind. */
  checked: z.record(z.string(), z.number().int()),
  /** The first `max` violations found. */
  violations: z.array(ConsistencyViolation),
  /** All violations found, including those not listed. */
  violationCount: z.number().int(),
});
export type ConsistencyReport = z.infer<typeof ConsistencyReport>;

/** Routes that answer no `data`. */
export const NoData = z.undefined();
