/**
 * The fake's control API, described once: for every route of ./routes.ts, its request body schema (none: the
 * route reads no body) and the schema of its success envelope's `data` (NoData: the envelope has none). The fake
 * parses bodies with these schemas; the typed client (./client.ts) checks every answer against them; and
 * control-contract.test.ts drives the real fake through that client and checks the table against its router.
 */
import { z } from 'zod';
import { TargetConfig } from '../target-config.js';
import { FaultRule, FaultRuleInput } from './faults.js';
import { ScriptedReply, ScriptRepliesBody } from './rag-script.js';
import {
  AdvanceBody,
  BulkSeedBody,
  ConsistencyQuery,
  CreditsBody,
  DocumentBody,
  MemberBody,
  ModelBody,
  OrganizationBody,
  PlanBody,
  ProjectBody,
  ProjectMemberBody,
  RateBody,
  ResetBody,
  RoleBody,
  SetClockBody,
  TokenBody,
  UserBody,
  WindowBody,
} from './requests.js';
import { type ControlRoute, type ControlRouteId, controlRoutes } from './routes.js';
import {
  BulkSeedResult,
  ConsistencyReport,
  ControlCleared,
  ControlClock,
  ControlCreatedOrganization,
  ControlCredits,
  ControlDocument,
  ControlFaultsRemoved,
  ControlMember,
  ControlMessageRate,
  ControlModel,
  ControlOrganization,
  ControlOutboxEmail,
  ControlPlan,
  ControlProject,
  ControlProjectKey,
  ControlRateLimits,
  ControlToken,
  ControlUser,
  JournalEntry,
  NoData,
} from './views.js';

export interface ControlRouteSpec extends ControlRoute {
  /** The JSON body the route parses; undefined when it reads none (or, for PUT /state, takes a snapshot document). */
  readonly body: z.ZodType | undefined;
  /** The query parameters it reads, as numbers. */
  readonly query?: z.ZodType;
  /** The success envelope's `data` (for GET /state, the whole answer: the snapshot document as text). */
  readonly data: z.ZodType;
  /** GET /state answers its document, PUT /state takes one: not JSON envelopes/bodies. */
  readonly snapshot?: 'answer' | 'body';
  /** GET /target answers its data as JSON, not in the envelope (saved as it is, it is a target file). */
  readonly bare?: true;
}

const spec = <K extends ControlRouteId, S extends Omit<ControlRouteSpec, keyof ControlRoute>>(
  id: K,
  s: S,
): (typeof controlRoutes)[K] & S => ({ ...controlRoutes[id], ...s });

/** GET /state: the state file's format (fake-server/persistence/snapshot-format.ts), as text. */
const SnapshotDocument = z.string().min(1);

export const controlApi = {
  reset: spec('reset', { body: ResetBody, data: TargetConfig }),
  target: spec('target', { body: undefined, data: TargetConfig, bare: true }),

  clock: spec('clock', { body: undefined, data: ControlClock }),
  advance: spec('advance', { body: AdvanceBody, data: ControlClock }),
  setClock: spec('setClock', { body: SetClockBody, data: ControlClock }),

  createUser: spec('createUser', { body: UserBody, data: ControlUser }),
  createOrganization: spec('createOrganization', {
    body: OrganizationBody,
    data: ControlCreatedOrganization,
  }),
  organization: spec('organization', { body: undefined, data: ControlOrganization }),
  setPlan: spec('setPlan', { body: PlanBody, data: ControlPlan }),
  setCredits: spec('setCredits', { body: CreditsBody, data: ControlCredits }),
  addMember: spec('addMember', { body: MemberBody, data: ControlMember }),
  changeRole: spec('changeRole', { body: RoleBody, data: ControlMember }),
  removeMember: spec('removeMember', { body: undefined, data: NoData }),
  deleteOrganization: spec('deleteOrganization', { body: undefined, data: NoData }),
  resetOrganizationRateLimits: spec('resetOrganizationRateLimits', { body: undefined, data: ControlCleared }),

  createProject: spec('createProject', { body: ProjectBody, data: ControlProject }),
  project: spec('project', { body: undefined, data: ControlProject }),
  addProjectMember: spec('addProjectMember', { body: ProjectMemberBody, data: ControlProject }),
  removeProjectMember: spec('removeProjectMember', { body: undefined, data: ControlProject }),
  createKey: spec('createKey', { body: undefined, data: ControlProjectKey }),
  addDocument: spec('addDocument', { body: DocumentBody, data: ControlDocument.array() }),
  removeDocument: spec('removeDocument', { body: undefined, data: NoData }),
  bulkSeed: spec('bulkSeed', { body: BulkSeedBody, data: BulkSeedResult }),

  scriptedReplies: spec('scriptedReplies', { body: undefined, data: ScriptedReply.array() }),
  scriptReplies: spec('scriptReplies', { body: ScriptRepliesBody, data: ScriptedReply.array() }),
  clearReplies: spec('clearReplies', { body: undefined, data: ControlCleared }),

  createToken: spec('createToken', { body: TokenBody, data: ControlToken }),
  tokens: spec('tokens', { body: undefined, data: ControlToken.array() }),
  token: spec('token', { body: undefined, data: ControlToken }),
  tokenAction: spec('tokenAction', { body: undefined, data: ControlToken }),

  rateMessage: spec('rateMessage', { body: RateBody, data: ControlMessageRate }),

  models: spec('models', { body: undefined, data: ControlModel.array() }),
  upsertModel: spec('upsertModel', { body: ModelBody, data: ControlModel.array() }),
  removeModel: spec('removeModel', { body: undefined, data: ControlModel.array() }),

  outbox: spec('outbox', { body: undefined, data: ControlOutboxEmail.array() }),
  journal: spec('journal', { body: undefined, data: JournalEntry.array() }),
  clearJournal: spec('clearJournal', { body: undefined, data: NoData }),

  rateLimits: spec('rateLimits', { body: undefined, data: ControlRateLimits }),
  resetRateLimits: spec('resetRateLimits', { body: undefined, data: ControlRateLimits }),
  setRateWindow: spec('setRateWindow', { body: WindowBody, data: ControlRateLimits }),

  addFault: spec('addFault', { body: FaultRuleInput, data: FaultRule }),
  faults: spec('faults', { body: undefined, data: FaultRule.array() }),
  removeFault: spec('removeFault', { body: undefined, data: FaultRule }),
  clearFaults: spec('clearFaults', { body: undefined, data: ControlFaultsRemoved }),

  exportState: spec('exportState', { body: undefined, data: SnapshotDocument, snapshot: 'answer' }),
  importState: spec('importState', { body: undefined, data: TargetConfig, snapshot: 'body' }),

  consistency: spec('consistency', { body: undefined, query: ConsistencyQuery, data: ConsistencyReport }),
} as const satisfies { [K in ControlRouteId]: ControlRouteSpec };

export type ControlApiTable = typeof controlApi;
/** The body a route takes, as a caller writes it (defaults may be left out). */
export type ControlBody<K extends ControlRouteId> = ControlApiTable[K]['body'] extends z.ZodType
  ? z.input<ControlApiTable[K]['body']>
  : never;
/** The `data` a route answers, as its schema parses it. */
export type ControlData<K extends ControlRouteId> = z.output<ControlApiTable[K]['data']>;
