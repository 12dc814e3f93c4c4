/**
 * Paging ranges as properties (see ranges.test-support.ts): every limit and page inside the bounds of each paged
 * list is accepted, every one outside or of the wrong kind gets 400 `Invalid params`.
 * fast-check prints the seed and the shrunk counterexample on failure.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paging } from '../../contract/index.js';
import { formIntInsideArb, intInsideArb } from '../support/arbitraries/ranges.js';
import { expectSuccess } from '../support/envelope.js';
import { arranged, assumed } from '../support/strength.js';
import { type Needs, need, useTarget } from '../support/use-target.js';
import { formRule, jsonRule, type RefusalRule, rangeChecks, refusedArb } from './ranges.test-support.js';

const target = useTarget();
const { runs, rejected } = rangeChecks(target);

interface PagedList {
  op: string;
  bounds: { min: number; max: number };
  form: boolean;
  limitClauses: string;
  pageClauses: string;
  /** Which refusals of a limit, and of a page, are the fake's reading. */
  limitRule: RefusalRule;
  pageRule: RefusalRule;
  /** The assumed clause that makes `bounds.min` the smallest limit (where the spec gives no minimum). */
  limitMinClause?: string;
  needs: Needs;
  /** The required fields of a valid body. */
  base: () => Promise<Record<string, unknown>>;
  /** The listed items of a success's data. */
  items: (data: unknown) => unknown[];
}

let firstSessionUid: Promise<number> | undefined;
function sessionUid(): Promise<number> {
  firstSessionUid ??= (async () => {
    const res = await target().call('getSessions', {
      body: { project_uid: target().config.project_uid, limit: 1 },
    });
    const [first] = expectSuccess<{ session_uid: number }[]>(res, 'getSessions').data;
    arranged(undefined, first !== undefined, 'the configured project has no session to page the messages of');
    return first.session_uid;
  })();
  return firstSessionUid;
}

const asArray = (data: unknown) => data as unknown[];

const pageBounds = { min: 1 } as const;

const pagedLists: PagedList[] = [
  {
    op: 'getMyProjects',
    bounds: paging.projects,
    form: false,
    limitClauses: 'PROJECTS-LIMIT-MAX, PAGING-LIMIT-MIN-1',
    pageClauses: 'PAGING-PAGE-MIN-1',
    limitRule: jsonRule(paging.projects, {
      belowMin: 'PAGING-LIMIT-MIN-1',
      aboveMax: 'PROJECTS-LIMIT-MAX',
      fraction: 'PAGING-LIMIT-MIN-1',
    }),
    pageRule: jsonRule(pageBounds, { belowMin: 'PAGING-PAGE-MIN-1', fraction: 'PAGING-PAGE-MIN-1' }),
    limitMinClause: 'PAGING-LIMIT-MIN-1',
    needs: { tokens: ['owner'] },
    base: async () => ({}),
    items: asArray,
  },
  {
    op: 'getOrganizationMembers',
    bounds: paging.members,
    form: false,
    limitClauses: 'MEMBERS-LIMIT-MAX-1000, PAGING-LIMIT-MIN-1',
    pageClauses: 'PAGING-PAGE-MIN-1',
    limitRule: jsonRule(paging.members, { belowMin: 'PAGING-LIMIT-MIN-1', fraction: 'PAGING-LIMIT-MIN-1' }),
    pageRule: jsonRule(pageBounds, { belowMin: 'PAGING-PAGE-MIN-1', fraction: 'PAGING-PAGE-MIN-1' }),
    limitMinClause: 'PAGING-LIMIT-MIN-1',
    needs: { tokens: ['owner'] },
    base: async () => ({}),
    items: (data) => (data as { organizationMember: unknown[] }).organizationMember,
  },
  {
    op: 'getSessions',
    bounds: paging.sessions,
    form: true,
    limitClauses: 'SESSIONS-LIMIT-RANGE, FORM-INTEGER-TEXT',
    pageClauses: 'SESSIONS-PAGE-MIN-1, FORM-INTEGER-TEXT',
    limitRule: formRule,
    pageRule: formRule,
    needs: { tokens: ['owner'], projectUid: true },
    base: async () => ({ project_uid: target().config.project_uid }),
    items: asArray,
  },
  {
    op: 'getSessionMessages',
    bounds: paging.messages,
    form: true,
    limitClauses: 'SESSION-MESSAGES-LIMIT-RANGE, FORM-INTEGER-TEXT',
    pageClauses: 'SESSION-MESSAGES-PAGE-MIN-1, FORM-INTEGER-TEXT',
    limitRule: formRule,
    pageRule: formRule,
    needs: { tokens: ['owner'], projectUid: true },
    base: async () => ({ project_uid: target().config.project_uid, session_uid: await sessionUid() }),
    items: asArray,
  },
];

describe('paging ranges', () => {
  for (const list of pagedLists) {
    const { op, bounds, form } = list;
    const json = form ? '' : ', ERR-JSON-NO-COERCION, ERR-NULL-NOT-ABSENT';
    const insideLimit = form ? formIntInsideArb(bounds) : intInsideArb(bounds);
    const insidePage = form ? formIntInsideArb(pageBounds) : intInsideArb(pageBounds);

    it(`${op}: every limit in [${bounds.min}, ${bounds.max}] is accepted and caps the page [${list.limitClauses}]`, async (ctx) => {
      need(ctx, target(), list.needs);
      const base = await list.base();
      await fc.assert(
        fc.asyncProperty(insideLimit, async (limit) => {
          const res = await target().call(op, { body: { ...base, limit } });
          const accepted = () => {
            const { data } = expectSuccess(res, op);
            expect(list.items(data).length).toBeLessThanOrEqual(Number(limit));
          };
          accepted();
          // Decimal digits are the form's integer (FORM-INTEGER-TEXT); the smallest limit is the fake's where the
          // spec gives no minimum.
          if (form) assumed('FORM-INTEGER-TEXT', accepted);
          if (list.limitMinClause && Number(limit) === bounds.min) assumed(list.limitMinClause, accepted);
        }),
        runs(),
      );
    });

    it(`${op}: limits outside [${bounds.min}, ${bounds.max}] or not integers get 400 Invalid params [${list.limitClauses}${json}]`, async (ctx) => {
      need(ctx, target(), list.needs);
      const base = await list.base();
      await fc.assert(
        fc.asyncProperty(refusedArb(bounds, form), async (limit) => {
          await rejected(await target().call(op, { body: { ...base, limit } }), list.limitRule(limit));
        }),
        runs(),
      );
    });

    it(`${op}: every page >= 1 is accepted [${list.pageClauses}, PAGING-PAGE-PAST-END]`, async (ctx) => {
      need(ctx, target(), list.needs);
      const base = await list.base();
      await fc.assert(
        fc.asyncProperty(insidePage, async (page) => {
          const res = await target().call(op, { body: { ...base, page } });
          const accepted = () => list.items(expectSuccess(res, op).data);
          const items = accepted();
          if (form) assumed('FORM-INTEGER-TEXT', () => void accepted());
          // A page far past the end of any list here: empty (the fake's answer past the end).
          if (Number(page) > 10_000) assumed('PAGING-PAGE-PAST-END', () => expect(items).toEqual([]));
        }),
        runs(),
      );
    });

    it(`${op}: pages below 1 or not integers get 400 Invalid params [${list.pageClauses}${json}]`, async (ctx) => {
      need(ctx, target(), list.needs);
      const base = await list.base();
      await fc.assert(
        fc.asyncProperty(refusedArb(pageBounds, form), async (page) => {
          await rejected(await target().call(op, { body: { ...base, page } }), list.pageRule(page));
        }),
        runs(),
      );
    });
  }
});
