/**
 * The records of the fake's store, as plain data: declared apart from the store (state.ts) and its indexes, so that
 * the indexes can name them without importing the store that holds them.
 */
import type { ExpirationPreset, ScopeType } from '../../contract/access.js';
import type { ControlModel } from '../../contract/control/views.js';
import type { MemberRole, Permission, PlanName, TokenRole } from '../../contract/index.js';

export interface User {
  id: number;
  name: string;
  email: string;
  profile_pic: string | null;
}

export interface Organization {
  id: number;
  name: string;
  created_by: number;
  createdAt: number;
  updatedAt: number;
  plan: PlanName;
  /** Credit balance shared by the organization's projects. */
  credits: number;
  /** Enterprise RAG hourly cap set through the control API (RATE-ENTERPRISE-CAP); default when absent. */
  ragCapPerHour?: number;
}

export interface Member {
  id: number;
  user_id: number;
  organization_id: number;
  role: MemberRole;
  createdAt: number;
  updatedAt: number;
}

export interface AiSettings {
  prompt: string;
  restriction: string;
  model: string;
  temperature: number;
  mode: 'agent' | 'chat';
  chat_history_count: number;
  max_nodes: number;
  add_page_link: number;
  auto_close_duration: number;
  auto_resolve_duration: number;
}

export type LimitType = 'document' | 'webpages' | 'credits' | 'voice_credits';

export interface Project {
  id: number;
  organization_id: number;
  name: string;
  app_id: number;
  project_uid: string;
  purpose: string;
  createdAt: number;
  updatedAt: number;
  members: { user_id: number; role: string }[];
  integration: { id: number; project_id: number; widget_uid: string };
  settings: AiSettings;
  retention_duration: number;
  /** Project usage limits; a missing type uses the full organization allocation. */
  limits: Partial<Record<LimitType, number>>;
  creditsUsed: number;
}

export interface ProjectKey {
  value: string;
  project_id: number;
  createdAt: number;
}

export type TokenStatus = 'active' | 'deactivated' | 'deleted';

export interface ApiToken {
  id: number;
  organization_id: number;
  name: string;
  value: string;
  role: TokenRole | null;
  permissions: Permission[];
  scope_type: ScopeType;
  project_ids: number[];
  expiration: ExpirationPreset;
  expires_at: number | null;
  creator_user_id: number;
  /** Set for good when the creator leaves the organization (TOKEN-CREATOR-REMOVED-PERMANENT). */
  creator_removed: boolean;
  status: TokenStatus;
  createdAt: number;
}

export interface Invitation {
  id: number;
  organization_id: number;
  sent_by: number;
  email: string;
  role: string;
  hash: string;
  status: string;
  createdAt: number;
}

export interface OutboxEmail {
  id: number;
  organization_id: number;
  invitation_id: number;
  to: string;
  subject: string;
  join_link: string;
  text: string;
  sentAt: number;
}

export interface Session {
  id: number;
  session_uid: number;
  project_id: number;
  integration_id: number;
  status: string;
  chat_mode: string;
  state: string;
  segment: string;
  country: string;
  created_at: number;
  updated_at: number;
  last_message_time: number | null;
  last_message: string | null;
  visitor_id: string;
  visitor_data: Record<string, unknown>;
  contact_data: Record<string, unknown>;
  session_meta: Record<string, unknown>;
  is_emulator: boolean;
}

export interface Message {
  id: number;
  session_id: number;
  send_by: string;
  message: string;
  type: number;
  content_type: string;
  rate: string;
  choices: unknown[];
  url: string;
  streaming: boolean;
  response_source: string;
  createdAt: number;
}

export interface ExecutionLog {
  id: number;
  project_id: number;
  session_id: number;
  task: string;
  type: string;
  message: string;
  data: Record<string, unknown>;
  createdAt: number;
}

/** A supported model with its tier and prices: the shape the control API reads and writes (ControlModel). */
export type SupportedModelEntry = ControlModel;
