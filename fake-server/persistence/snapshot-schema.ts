/**
 * The payload of a state snapshot (FAKE-STATE-SNAPSHOT), version 1: every store of the state as a list in its
 * map's order, the clock, the id source's position, the rate limiter's window and counts, the runtime options and
 * what the seed handed out. Plain JSON data; the schema is what a snapshot read from a file or a PUT must match.
 */
import { z } from 'zod';
import { ScriptedReply } from '../../contract/control/rag-script.js';
import { MIN_WINDOW_MS, WindowMode } from '../../contract/control/requests.js';
import {
  ExpirationPreset,
  MemberRole,
  Permission,
  PlanName,
  ScopeType,
  TokenRole,
} from '../../contract/index.js';

const int = z.number().int();
const count = z.number().int().min(0);
/** Epoch ms (JSON has no Infinity, so any number here is finite). */
const time = z.number();
const record = z.record(z.string(), z.unknown());

const User = z.strictObject({
  id: int,
  name: z.string(),
  email: z.string(),
  profile_pic: z.string().nullable(),
});

const Organization = z.strictObject({
  id: int,
  name: z.string(),
  created_by: int,
  createdAt: time,
  updatedAt: time,
  plan: PlanName,
  credits: z.number(),
  ragCapPerHour: z.number().optional(),
});

const Member = z.strictObject({
  id: int,
  user_id: int,
  organization_id: int,
  role: MemberRole,
  createdAt: time,
  updatedAt: time,
});

const AiSettings = z.strictObject({
  prompt: z.string(),
  restriction: z.string(),
  model: z.string(),
  temperature: z.number(),
  mode: z.enum(['agent', 'chat']),
  chat_history_count: z.number(),
  max_nodes: z.number(),
  add_page_link: z.number(),
  auto_close_duration: z.number(),
  auto_resolve_duration: z.number(),
});

const Project = z.strictObject({
  id: int,
  organization_id: int,
  name: z.string(),
  app_id: int,
  project_uid: z.string(),
  purpose: z.string(),
  createdAt: time,
  updatedAt: time,
  members: z.array(z.strictObject({ user_id: int, role: z.string() })),
  integration: z.strictObject({ id: int, project_id: int, widget_uid: z.string() }),
  settings: AiSettings,
  retention_duration: z.number(),
  limits: z.strictObject({
    document: z.number().optional(),
    webpages: z.number().optional(),
    credits: z.number().optional(),
    voice_credits: z.number().optional(),
  }),
  creditsUsed: z.number(),
});

const ProjectKey = z.strictObject({ value: z.string(), project_id: int, createdAt: time });

const ApiToken = z.strictObject({
  id: int,
  organization_id: int,
  name: z.string(),
  value: z.string(),
  role: TokenRole.nullable(),
  permissions: z.array(Permission),
  scope_type: ScopeType,
  project_ids: z.array(int),
  expiration: ExpirationPreset,
  expires_at: time.nullable(),
  creator_user_id: int,
  creator_removed: z.boolean(),
  status: z.enum(['active', 'deactivated', 'deleted']),
  createdAt: time,
});

const Invitation = z.strictObject({
  id: int,
  organization_id: int,
  sent_by: int,
  email: z.string(),
  role: z.string(),
  hash: z.string(),
  status: z.string(),
  createdAt: time,
});

const OutboxEmail = z.strictObject({
  id: int,
  organization_id: int,
  invitation_id: int,
  to: z.string(),
  subject: z.string(),
  join_link: z.string(),
  text: z.string(),
  sentAt: time,
});

const Session = z.strictObject({
  id: int,
  session_uid: int,
  project_id: int,
  integration_id: int,
  status: z.string(),
  chat_mode: z.string(),
  state: z.string(),
  segment: z.string(),
  country: z.string(),
  created_at: time,
  updated_at: time,
  last_message_time: time.nullable(),
  last_message: z.string().nullable(),
  visitor_id: z.string(),
  visitor_data: record,
  contact_data: record,
  session_meta: record,
  is_emulator: z.boolean(),
});

const Message = z.strictObject({
  id: int,
  session_id: int,
  send_by: z.string(),
  message: z.string(),
  type: z.number(),
  content_type: z.string(),
  rate: z.string(),
  choices: z.array(z.unknown()),
  url: z.string(),
  streaming: z.boolean(),
  response_source: z.string(),
  createdAt: time,
});

const ExecutionLog = z.strictObject({
  id: int,
  project_id: int,
  session_id: int,
  task: z.string(),
  type: z.string(),
  message: z.string(),
  data: record,
  createdAt: time,
});

const SupportedModel = z.strictObject({
  value: z.string(),
  name: z.string(),
  provider: z.enum(['openai', 'anthropic']),
  tier: z.number(),
  credits_per_call: z.number(),
  credits_per_1k_tokens: z.number(),
});

/** A project's knowledgebase as its documents, in insertion order; the search index is rebuilt from them. */
const Knowledgebase = z.strictObject({
  project_id: int,
  documents: z.array(
    z.strictObject({
      docId: z.string(),
      title: z.string(),
      url: z.string(),
      kind: z.enum(['file', 'webpage']),
      text: z.string(),
    }),
  ),
});

const StoredState = z.strictObject({
  users: z.array(User),
  organizations: z.array(Organization),
  members: z.array(Member),
  projects: z.array(Project),
  projectKeys: z.array(ProjectKey),
  tokens: z.array(ApiToken),
  invitations: z.array(Invitation),
  outbox: z.array(OutboxEmail),
  sessions: z.array(Session),
  messages: z.array(Message),
  executionLogs: z.array(ExecutionLog),
  models: z.array(SupportedModel),
  knowledgebases: z.array(Knowledgebase),
  ragScripts: z.array(z.strictObject({ project_id: int, replies: z.array(ScriptedReply) })),
});

const TallyState = z.union([
  z.strictObject({ start: time.nullable(), count }),
  z.strictObject({ stamps: z.array(time) }),
]);

export const SnapshotPayload = z.strictObject({
  /** Virtual time when the snapshot was taken, and whether it ticks with real time. */
  clock: z.strictObject({ now: time, ticking: z.boolean() }),
  /** What a control reset starts from. */
  options: z.strictObject({
    seed: z.number(),
    fixtures: z.enum(['default', 'empty']),
    clockStart: time,
    rateWindow: z
      .strictObject({ ms: z.number().int().min(MIN_WINDOW_MS).optional(), mode: WindowMode.optional() })
      .optional(),
  }),
  ids: z.strictObject({ seed: z.number(), draws: count, counters: z.array(z.tuple([z.string(), count])) }),
  limiter: z.strictObject({
    window: z.strictObject({ ms: z.number().int().min(MIN_WINDOW_MS), mode: WindowMode }),
    tallies: z.array(z.tuple([z.string(), TallyState])),
  }),
  /** What the seed handed out (the target config's tokens, keys and projects), by key; null with no fixtures. */
  seeded: z
    .strictObject({
      organizationId: int,
      users: z.record(z.string(), int),
      projects: z.record(z.string(), int),
      tokens: z.record(z.string(), z.string()),
      projectKeys: z.record(z.string(), z.string()),
    })
    .nullable(),
  state: StoredState,
});

export type SnapshotPayload = z.infer<typeof SnapshotPayload>;
