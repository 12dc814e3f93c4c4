/**
 * Valid request bodies for each Platform operation, built from the target's own identifiers. Ranges, enums and
 * field names come from contract/; a valid body is valid by construction, though the domain may still refuse it.
 */
import fc from 'fast-check';
import {
  aiModes,
  invitationRoles,
  paging,
  playground,
  removableLimitTypes,
  search,
  settableLimitTypes,
  settingsRanges,
} from '../../../contract/index.js';
import type { Body } from './probe.js';

/** What a valid body may refer to on the target. */
export interface BodyContext {
  projectUid: string;
  /** Another project of the organization (a valid but different reference). */
  otherProjectUid?: string;
  /** A session of `projectUid` (for getSessionMessages). */
  sessionUid?: number;
  /** A playground session of `projectUid` (for playgroundAgentResponse). */
  playgroundSessionUid?: number;
  /** `value`s read from getSupportedModels. */
  models: readonly string[];
}

const ymd = (d: Date) => d.toISOString().slice(0, 10);
const dayArb = fc.date({
  min: new Date('2020-01-01T00:00:00Z'),
  max: new Date('2030-12-31T00:00:00Z'),
  noInvalidDate: true,
});
const dateOnlyArb = dayArb.map(ymd);
/** The three formats getStats accepts. */
const statsDateArb = fc.oneof(
  dateOnlyArb,
  dayArb.map((d) => d.toISOString().slice(0, 19).replace('T', ' ')),
  dayArb.map((d) => d.toISOString()),
);
const orderByArb = fc.constantFrom('ASC', 'DESC');
const wordArb = fc.constantFrom(
  'refund',
  'invoice',
  'password',
  'reset',
  'flight',
  'baggage',
  'holiday',
  'policy',
  'export',
  'account',
  'ledger',
  'hotel',
);
const queryArb = fc.oneof(
  { arbitrary: fc.array(wordArb, { minLength: 1, maxLength: 6 }).map((w) => w.join(' ')), weight: 4 },
  { arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 80 }), weight: 2 },
  {
    arbitrary: fc.integer({ min: 1, max: search.bearer.queryMaxLength }).map((n) => 'q'.repeat(n)),
    weight: 1,
  },
);
const intIn = (r: { min: number; max: number }) => fc.integer(r);
const smallPage = fc.oneof(
  { arbitrary: fc.integer({ min: 1, max: 3 }), weight: 4 },
  fc.integer({ min: 1, max: 10_000 }),
);

export const projectUidArb = (ctx: BodyContext): fc.Arbitrary<string> =>
  fc.oneof(
    { arbitrary: fc.constant(ctx.projectUid), weight: 8 },
    { arbitrary: fc.constant(ctx.otherProjectUid ?? ctx.projectUid), weight: 1 },
    { arbitrary: fc.stringMatching(/^[a-z0-9]{8,20}$/), weight: 1 },
  );

const modelArb = (ctx: BodyContext) =>
  ctx.models.length > 0 ? fc.constantFrom(...ctx.models) : fc.constant('gpt-4o-mini');

/** Email addresses any validator accepts. */
export const emailArb: fc.Arbitrary<string> = fc
  .tuple(
    fc.stringMatching(/^[a-z][a-z0-9]{0,15}$/),
    fc.constantFrom('example.com', 'example.org', 'test.example'),
  )
  .map(([local, domain]) => `${local}@${domain}`);

/** A valid body for each Platform operation (form operations get string-or-number values; the target encodes). */
export function validBodyArb(operationId: string, ctx: BodyContext): fc.Arbitrary<Body> {
  const uid = projectUidArb(ctx);
  switch (operationId) {
    case 'getMyProjects':
      return fc.record(
        {
          search: fc.oneof(fc.constantFrom('Acme', 'travel', 'HR', 'e', ''), fc.string({ maxLength: 30 })),
          limit: intIn(paging.projects),
          page: smallPage,
          orderBy: orderByArb,
        },
        { requiredKeys: [] },
      );
    case 'getOrganizationDetail':
    case 'getSupportedModels':
      return fc.constant({});
    case 'getOrganizationMembers':
      return fc.record({ limit: intIn(paging.members), page: smallPage }, { requiredKeys: [] });
    case 'inviteOrganizationMember':
      return fc.record({ email: emailArb, role: fc.constantFrom(...invitationRoles) });
    case 'updateChatbot':
      return fc.record(
        {
          project_uid: uid,
          name: fc
            .string({ unit: 'grapheme', minLength: 1, maxLength: 60 })
            .filter((s) => s.trim().length > 0),
          retention_duration: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 10 * 365 * 24 * 3600 })),
        },
        { requiredKeys: ['project_uid'] },
      );
    case 'updateProjectSettings':
      return fc.record(
        {
          project_uid: uid,
          prompt: fc.string({ unit: 'grapheme', maxLength: 200 }),
          restriction: fc.string({ unit: 'grapheme', maxLength: 200 }),
          model: modelArb(ctx),
          temperature: fc.double({ ...settingsRanges.temperature, noNaN: true }),
          mode: fc.constantFrom(...aiModes),
          chat_history_count: intIn(settingsRanges.chat_history_count),
          max_nodes: intIn(settingsRanges.max_nodes),
          add_page_link: intIn(settingsRanges.add_page_link),
          auto_close_duration: intIn(settingsRanges.auto_close_duration),
          auto_resolve_duration: intIn(settingsRanges.auto_resolve_duration),
        },
        { requiredKeys: ['project_uid'] },
      );
    case 'getProjectUsageLimit':
    case 'createPlaygroundAgentSession':
      return fc.record({ project_uid: uid });
    case 'setProjectUsageLimit':
      return fc.record({
        project_uid: uid,
        limits: fc.array(
          fc.record({
            limit_type: fc.constantFrom(...settableLimitTypes),
            limit: fc.oneof(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 1_000_000 })),
          }),
          { minLength: 1, maxLength: 3 },
        ),
      });
    case 'removeProjectUsageLimit':
      return fc.record({ project_uid: uid, limit_type: fc.constantFrom(...removableLimitTypes) });
    case 'getStats':
      return fc.record(
        { project_uid: uid, from: statsDateArb, to: statsDateArb },
        { requiredKeys: ['project_uid'] },
      );
    case 'getSessions':
      return fc.record(
        {
          project_uid: uid,
          status: fc.constantFrom('open', 'closed'),
          from: dateOnlyArb,
          to: dateOnlyArb,
          limit: intIn(paging.sessions),
          page: smallPage,
          orderBy: orderByArb,
        },
        { requiredKeys: ['project_uid'] },
      );
    case 'getSessionMessages':
      return fc.record(
        {
          project_uid: uid,
          session_uid: fc.oneof(
            { arbitrary: fc.constant(ctx.sessionUid ?? 0), weight: 6 },
            { arbitrary: fc.constant(ctx.playgroundSessionUid ?? 0), weight: 1 },
            { arbitrary: fc.nat(), weight: 1 },
          ),
          limit: intIn(paging.messages),
          page: smallPage,
          orderBy: orderByArb,
        },
        { requiredKeys: ['project_uid', 'session_uid'] },
      );
    case 'playgroundAgentResponse': {
      const sessionUid = ctx.playgroundSessionUid ?? ctx.sessionUid ?? 0;
      return fc.record(
        {
          project_uid: uid,
          session_uid: fc.oneof(
            { arbitrary: fc.constant<number | string>(sessionUid), weight: 6 },
            { arbitrary: fc.constant<number | string>(String(sessionUid)), weight: 1 },
            { arbitrary: fc.nat(), weight: 1 },
          ),
          query: queryArb,
          agent_setting: fc.record(
            {
              model: modelArb(ctx),
              system_prompt: fc.string({ maxLength: 100 }),
              temperature: fc.double({ ...settingsRanges.temperature, noNaN: true }),
            },
            { requiredKeys: [] },
          ),
          messages: fc.array(
            fc.record({ role: fc.constantFrom('user', 'assistant'), content: fc.string({ maxLength: 80 }) }),
            { maxLength: playground.historyMaxItems },
          ),
        },
        { requiredKeys: ['project_uid', 'session_uid', 'query'] },
      );
    }
    case 'searchIndexDocument':
      return fc.record(
        {
          project_uid: uid,
          query: queryArb,
          limit: intIn({ min: search.bearer.limitMin, max: search.bearer.limitMax }),
          offset: fc.oneof(fc.integer({ min: 0, max: 20 }), fc.nat()),
          node_id: fc.string({ minLength: 1, maxLength: 30 }),
        },
        { requiredKeys: ['project_uid', 'query', 'limit'] },
      );
    default:
      throw new Error(`no valid-body arbitrary for ${operationId}`);
  }
}
