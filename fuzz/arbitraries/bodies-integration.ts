/**
 * Valid bodies for the Project Integration operations (project key), built from the fake's own identifiers and
 * the contract's ranges. Valid by construction; the domain may still refuse one (a session of another widget).
 */
import fc from 'fast-check';
import { paging, search } from '../../contract/index.js';
import type { Body } from '../../suites/support/arbitraries/probe.js';
import type { FuzzContext } from '../context.js';

const dayArb = fc
  .date({ min: new Date('2025-01-01T00:00:00Z'), max: new Date('2027-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

const words = [
  'refund',
  'invoice',
  'password',
  'two-factor',
  'export',
  'webhook',
  'billing',
  'plan',
  'delete',
];
/** Questions that hit the seeded knowledgebase, and now and then any text. */
export const questionArb: fc.Arbitrary<string> = fc.oneof(
  {
    arbitrary: fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 5 }).map((w) => w.join(' ')),
    weight: 4,
  },
  { arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }), weight: 1 },
);

const widgetArb = (ctx: FuzzContext) =>
  fc.oneof({ arbitrary: fc.constant(ctx.widgetUid), weight: 9 }, fc.stringMatching(/^[a-z0-9]{20}$/));

const sessionUidArb = (ctx: FuzzContext): fc.Arbitrary<string | number> => {
  const uid = ctx.widgetSessionUid ?? '1700007919';
  return fc.oneof(
    { arbitrary: fc.constant<string | number>(uid), weight: 6 },
    { arbitrary: fc.constant<string | number>(Number(uid)), weight: 1 },
    { arbitrary: fc.nat().map(String), weight: 1 },
  );
};

export function validIntegrationBodyArb(operationId: string, ctx: FuzzContext): fc.Arbitrary<Body> {
  switch (operationId) {
    case 'createSession':
      return fc.record({ widget_uid: widgetArb(ctx) });
    case 'sendMessage':
      return fc.record({ widget_uid: widgetArb(ctx), session_uid: sessionUidArb(ctx), message: questionArb });
    case 'getChatbotExecutionLogs':
      return fc.record(
        {
          session_uid: sessionUidArb(ctx),
          from: dayArb,
          to: dayArb,
          orderBy: fc.constantFrom('ASC', 'DESC'),
          limit: fc.integer(paging.executionLogs),
          page: fc.integer({ min: 1, max: 5 }),
        },
        { requiredKeys: [] },
      );
    case 'searchIndexDocumentByProjectKey':
      return fc.record(
        {
          query: questionArb,
          limit: fc.integer({ min: search.projectKey.limitMin, max: search.projectKey.limitMax }),
          offset: fc.integer({ min: 0, max: 30 }),
        },
        { requiredKeys: ['query'] },
      );
    default:
      throw new Error(`no valid-body arbitrary for ${operationId}`);
  }
}
