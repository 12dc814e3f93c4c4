/** The fake's in-memory store: plain records in maps, declared apart from the rules that change them. */

import type { ScriptedReply } from '../../contract/control/rag-script.js';
import type { KnowledgebaseIndex } from '../rag/knowledgebase-index.js';
import { createFaultRules, type FaultRules } from './faults.js';
import { InvitationStore, MemberStore, ProjectStore } from './organization-stores.js';
import type {
  ApiToken,
  Organization,
  OutboxEmail,
  ProjectKey,
  SupportedModelEntry,
  User,
} from './records.js';
import { ExecutionLogStore, MessageStore, SessionStore } from './store-indexes.js';

export type {
  AiSettings,
  ApiToken,
  ExecutionLog,
  Invitation,
  LimitType,
  Member,
  Message,
  Organization,
  OutboxEmail,
  Project,
  ProjectKey,
  Session,
  SupportedModelEntry,
  TokenStatus,
  User,
} from './records.js';

export interface State {
  users: Map<number, User>;
  organizations: Map<number, Organization>;
  /** Maps indexed by organization (organization-stores.ts). */
  members: MemberStore;
  projects: ProjectStore;
  projectKeys: Map<string, ProjectKey>;
  tokens: Map<number, ApiToken>;
  invitations: InvitationStore;
  outbox: OutboxEmail[];
  /** Maps indexed by project, session and uid (store-indexes.ts). */
  sessions: SessionStore;
  messages: MessageStore;
  executionLogs: ExecutionLogStore;
  models: SupportedModelEntry[];
  knowledgebases: Map<number, KnowledgebaseIndex>;
  /** Scripted replies of the fake model queued per project id, oldest first (FAKE-MODEL-SCRIPT). */
  ragScripts: Map<number, ScriptedReply[]>;
  /** Fault rules of the control API (FAKE-FAULT-INJECTION); a reset clears them. */
  faults: FaultRules;
}

export function createState(): State {
  return {
    users: new Map(),
    organizations: new Map(),
    members: new MemberStore(),
    projects: new ProjectStore(),
    projectKeys: new Map(),
    tokens: new Map(),
    invitations: new InvitationStore(),
    outbox: [],
    sessions: new SessionStore(),
    messages: new MessageStore(),
    executionLogs: new ExecutionLogStore(),
    models: [],
    knowledgebases: new Map(),
    ragScripts: new Map(),
    faults: createFaultRules(),
  };
}
