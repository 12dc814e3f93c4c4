/**
 * Range boundaries as properties: for every range of contract/limits.ts (the one source), generated values inside
 * are accepted and generated values outside, or of the wrong kind, get 400 `Invalid params`.
 * Two strengths: a refusal the spec documents (a documented bound, a value of no numeric kind) is checked hard; one
 * only the fake's reading gives (a bound the spec does not give, a numeric string, a fraction, `null`, form text
 * that is not decimal digits) under the assumed clause that states it (see `RefusalRule`).
 * fast-check prints the seed and the shrunk counterexample on failure.
 */
import fc from 'fast-check';
import { describe, expect, it, type TestContext } from 'vitest';
import { paging, playground, search, settingsRanges } from '../../contract/index.js';
import { AiSettingsPatch } from '../../contract/requests/platform.js';
import {
  type Bounds,
  formIntInsideArb,
  formIntOutsideArb,
  fractionInsideArb,
  intInsideArb,
  intOutsideArb,
  numberInsideArb,
  numberOutsideArb,
  numericStringArb,
  textInsideArb,
  textTooLongArb,
  wrongTypeArb,
} from '../support/arbitraries/ranges.js';
import { expectError, expectSuccess } from '../support/envelope.js';
import { INVALID_PARAMS } from '../support/messages.js';
import { assumed } from '../support/strength.js';
import { type Needs, need, useTarget } from '../support/use-target.js';
import { freshProjectVia } from '../support/world.js';
import type { RawResponse } from '../target/transport.js';

const target = useTarget();

/** Fewer runs against a deployment without control: its hourly cap cannot be reset between tests. */
const runs = () => ({ numRuns: target().control ? 40 : 5 });

async function accepted(res: RawResponse, op: string): Promise<void> {
  expectSuccess(res, op);
}
/** `Invalid params`: hard where the spec documents the refusal, else under the assumed clause `clause` that states it. */
async function rejected(res: RawResponse, clause?: string): Promise<void> {
  if (clause) assumed(clause, () => expectError(res, 400, INVALID_PARAMS));
  else expectError(res, 400, INVALID_PARAMS);
}

/**
 * Which assumed clause states that a value is refused, or `undefined` when the spec documents the refusal itself (a
 * value outside a documented bound, or of no numeric kind at all).
 */
type RefusalRule = (value: unknown) => string | undefined;

const isNumericString = (v: unknown): boolean =>
  typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v));

/** A JSON number or integer field: which of its refusals are the fake's reading. */
function jsonRule(
  r: Bounds,
  assumedBy: { belowMin?: string; aboveMax?: string; fraction?: string } = {},
): RefusalRule {
  return (v) => {
    if (v === null) return 'ERR-NULL-NOT-ABSENT';
    if (isNumericString(v)) return 'ERR-JSON-NO-COERCION';
    if (typeof v !== 'number') return undefined;
    if (!Number.isInteger(v)) return assumedBy.fraction;
    if (v < r.min) return assumedBy.belowMin;
    if (r.max !== undefined && v > r.max) return assumedBy.aboveMax;
    return undefined;
  };
}

/** A form-encoded integer: decimal digits outside a documented bound are documented; any other text is not. */
const formRule: RefusalRule = (v) => (/^-?\d+$/.test(String(v)) ? undefined : 'FORM-INTEGER-TEXT');

/** The project the settings properties write to: a fresh one where the target has control. */
let settingsSubject: Promise<string> | undefined;
function settingsProject(ctx: TestContext): Promise<string> {
  need(ctx, target(), { tokens: ['owner'], writes: true, ...(target().control ? {} : { projectUid: true }) });
  settingsSubject ??= (async () => {
    if (!target().control) return target().config.project_uid!;
    return (await freshProjectVia(target(), 'Range properties subject')).project_uid;
  })();
  return settingsSubject;
}

// ---------------------------------------------------------------------------------------------------------------
// AI settings

type SettingField = keyof typeof settingsRanges;

/** The clause of each range; a range added to limits.ts without a clause here fails to compile. */
const settingClause: Record<SettingField, string> = {
  temperature: 'SET-TEMPERATURE-RANGE',
  chat_history_count: 'SET-CHAT-HISTORY-COUNT-RANGE',
  max_nodes: 'SET-MAX-NODES-RANGE',
  add_page_link: 'SET-ADD-PAGE-LINK-VALUES',
  auto_close_duration: 'SET-AUTO-CLOSE-RANGE',
  auto_resolve_duration: 'SET-AUTO-RESOLVE-RANGE',
};

/** Whether the contract's field takes fractions (temperature) or only integers (the rest). */
const takesFractions = (field: SettingField, r: Bounds) =>
  AiSettingsPatch.shape[field].safeParse(r.min + 0.5).success;

describe('AI settings ranges', () => {
  for (const field of Object.keys(settingsRanges) as SettingField[]) {
    const r = settingsRanges[field];
    const clause = settingClause[field];
    const fractions = takesFractions(field, r);
    const inside = fractions ? numberInsideArb(r) : intInsideArb(r);
    const outside = fractions ? numberOutsideArb(r) : intOutsideArb(r);
    const wrongKind: fc.Arbitrary<unknown> = fractions
      ? fc.oneof(numberInsideArb(r).map(String), wrongTypeArb)
      : fc.oneof(fractionInsideArb(r), numericStringArb(r), wrongTypeArb);

    it(`${field}: every value in [${r.min}, ${r.max}] is accepted and stored [${clause}]`, async (ctx) => {
      const uid = await settingsProject(ctx);
      await fc.assert(
        fc.asyncProperty(inside, async (value) => {
          await accepted(
            await target().call('updateProjectSettings', { body: { project_uid: uid, [field]: value } }),
            'updateProjectSettings',
          );
          if (target().control) {
            const view = await target().control!.get<{ settings: Record<string, unknown> }>(
              `/projects/${uid}`,
            );
            expect(view.settings[field]).toBe(JSON.parse(JSON.stringify(value)));
          }
        }),
        runs(),
      );
    });

    it(`${field}: every value outside [${r.min}, ${r.max}] gets 400 Invalid params [${clause}, ERR-INVALID-PARAMS-MESSAGE]`, async (ctx) => {
      const uid = await settingsProject(ctx);
      await fc.assert(
        fc.asyncProperty(outside, async (value) => {
          await rejected(
            await target().call('updateProjectSettings', { body: { project_uid: uid, [field]: value } }),
          );
        }),
        runs(),
      );
    });

    const kindClauses = fractions
      ? `${clause}, ERR-JSON-NO-COERCION`
      : `SET-INTEGER-FIELDS-STRICT, ${clause}, ERR-JSON-NO-COERCION`;
    // Of the wrong kinds, fractions in an integer field and numeric strings are refused by the fake's reading.
    const kindRule = jsonRule(r, fractions ? {} : { fraction: 'SET-INTEGER-FIELDS-STRICT' });
    it(`${field}: ${fractions ? 'strings and other types' : 'fractions, numeric strings and other types'} get 400 Invalid params [${kindClauses}]`, async (ctx) => {
      const uid = await settingsProject(ctx);
      await fc.assert(
        fc.asyncProperty(wrongKind, async (value) => {
          const res = await target().call('updateProjectSettings', {
            body: { project_uid: uid, [field]: value },
          });
          const clause = kindRule(value);
          await rejected(res, clause);
          // A numeric string in an integer field: not coerced (ERR-JSON-NO-COERCION) is the integer fields' rule too.
          if (clause === 'ERR-JSON-NO-COERCION' && !fractions)
            await rejected(res, 'SET-INTEGER-FIELDS-STRICT');
        }),
        runs(),
      );
    });
  }
});

// ---------------------------------------------------------------------------------------------------------------
// Paging limits

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
    if (!first) throw new Error('the configured project has no session');
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

/** Values a field must refuse: outsiders, and for JSON also fractions, numeric strings and other types. */
const refusedArb = (r: Bounds, form: boolean): fc.Arbitrary<unknown> =>
  form
    ? formIntOutsideArb(r)
    : fc.oneof(intOutsideArb(r), fractionInsideArb(r), numericStringArb(r), wrongTypeArb);

describe('paging ranges', () => {
  for (const list of pagedLists) {
    const { op, bounds, form } = list;
    const json = form ? '' : ', ERR-JSON-NO-COERCION';
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

// ---------------------------------------------------------------------------------------------------------------
// Knowledgebase search (Bearer) and playground

const searchLimit = { min: search.bearer.limitMin, max: search.bearer.limitMax };
/** "limit (integer, required, 1-100)": only numeric strings and `null` are refused by the fake's reading alone. */
const searchLimitRule = jsonRule(searchLimit);
const queryLength = { min: 1, max: search.bearer.queryMaxLength };

describe('bearer searchIndexDocument ranges', () => {
  const body = (extra: Record<string, unknown>) => ({
    project_uid: target().config.project_uid,
    query: 'refund policy',
    limit: 10,
    ...extra,
  });

  it(`every limit in [${searchLimit.min}, ${searchLimit.max}] is accepted and caps the results [SEARCH-BEARER-LIMIT]`, async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    await fc.assert(
      fc.asyncProperty(intInsideArb(searchLimit), async (limit) => {
        const res = await target().call('searchIndexDocument', { body: body({ limit }) });
        const { data } = expectSuccess<unknown[]>(res, 'searchIndexDocument');
        expect(data.length).toBeLessThanOrEqual(limit);
      }),
      runs(),
    );
  });

  it(`limits outside [${searchLimit.min}, ${searchLimit.max}] or not integers get 400 Invalid params [SEARCH-BEARER-LIMIT, ERR-JSON-NO-COERCION]`, async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    await fc.assert(
      fc.asyncProperty(refusedArb(searchLimit, false), async (limit) => {
        const res = await target().call('searchIndexDocument', { body: body({ limit }) });
        await rejected(res, searchLimitRule(limit));
      }),
      runs(),
    );
  });

  it(`every query of 1 to ${queryLength.max} characters is accepted [SEARCH-BEARER-QUERY]`, async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    await fc.assert(
      fc.asyncProperty(textInsideArb(queryLength), async (query) => {
        expectSuccess(
          await target().call('searchIndexDocument', { body: body({ query }) }),
          'searchIndexDocument',
        );
      }),
      runs(),
    );
  });

  it(`every query longer than ${queryLength.max} characters gets 400 Invalid params [SEARCH-BEARER-QUERY]`, async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    await fc.assert(
      fc.asyncProperty(textTooLongArb(queryLength.max), async (query) => {
        await rejected(await target().call('searchIndexDocument', { body: body({ query }) }));
      }),
      runs(),
    );
  });

  it('an empty query gets 400 Invalid params [SEARCH-EMPTY-QUERY, SEARCH-BEARER-QUERY]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    await rejected(
      await target().call('searchIndexDocument', { body: body({ query: '' }) }),
      'SEARCH-EMPTY-QUERY',
    );
  });
});

describe('playground ranges', () => {
  let playgroundSession: Promise<number> | undefined;
  const session = () => {
    playgroundSession ??= (async () => {
      const res = await target().call('createPlaygroundAgentSession', {
        body: { project_uid: target().config.project_uid },
      });
      return expectSuccess<{ session_uid: number }>(res, 'createPlaygroundAgentSession').data.session_uid;
    })();
    return playgroundSession;
  };
  const ask = async (extra: Record<string, unknown>) =>
    target().call('playgroundAgentResponse', {
      body: {
        project_uid: target().config.project_uid,
        session_uid: await session(),
        query: 'Hello',
        ...extra,
      },
    });
  const playgroundNeeds: Needs = { tokens: ['owner'], projectUid: true, writes: true };
  const queryRange = { min: 1, max: playground.queryMaxLength };
  const historyItemArb = fc.record({
    role: fc.constantFrom('user' as const, 'assistant' as const),
    content: fc.string({ maxLength: 40 }),
  });

  it(`every query of 1 to ${queryRange.max} characters is accepted [PLAYGROUND-QUERY-MAX-5000]`, async (ctx) => {
    need(ctx, target(), playgroundNeeds);
    await fc.assert(
      fc.asyncProperty(textInsideArb(queryRange), async (query) => {
        expectSuccess(await ask({ query }), 'playgroundAgentResponse');
      }),
      { numRuns: Math.min(runs().numRuns, 15) },
    );
  });

  it(`every query longer than ${queryRange.max} characters gets 400 Invalid params [PLAYGROUND-QUERY-MAX-5000]`, async (ctx) => {
    need(ctx, target(), playgroundNeeds);
    await fc.assert(
      fc.asyncProperty(textTooLongArb(queryRange.max), async (query) => {
        await rejected(await ask({ query }));
      }),
      runs(),
    );
  });

  it(`previous messages: 0 to ${playground.historyMaxItems} items are accepted, more get 400 Invalid params [PLAYGROUND-HISTORY-MAX-50, PLAYGROUND-HISTORY-FIELD]`, async (ctx) => {
    need(ctx, target(), playgroundNeeds);
    const max = playground.historyMaxItems;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom(0, max, max + 1), fc.integer({ min: 0, max: max * 2 })),
        historyItemArb,
        async (count, item) => {
          // The field's name (`messages`) is the fake's choice: under another name a server ignores it, so the
          // documented maximum can be seen only under the fake's name.
          const res = await ask({ messages: Array.from({ length: count }, () => item) });
          if (count <= max)
            assumed('PLAYGROUND-HISTORY-FIELD', () => void expectSuccess(res, 'playgroundAgentResponse'));
          else await rejected(res, 'PLAYGROUND-HISTORY-FIELD');
        },
      ),
      { numRuns: Math.min(runs().numRuns, 15) },
    );
  });
});
