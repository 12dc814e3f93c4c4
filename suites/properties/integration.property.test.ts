/**
 * Project Integration as properties.
 * - Execution logs: after generated conversations (interleaved sessions, pauses of virtual time), the pages of any
 *   size, in either order and with or without the session filter, concatenate to the whole list without duplicates
 *   or gaps, agree with `total`, and ASC is the reverse of DESC. With a control API every run uses a project of its
 *   own, so the list holds exactly the logs of that run.
 * - Project-key search: for a generated query, limit and offset, the window is the slice of the full ranking (the
 *   same query with limit 100).
 * Arbitraries are local (named `xxxArb`): they concern only these two properties.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ExecutionLog, KnowledgebaseChunk } from '../../contract/index.js';
import { stopIfCreditsSpent } from '../support/credit-balance.js';
import { expectSuccess } from '../support/envelope.js';
import { assumed, readable } from '../support/strength.js';
import { need, useTarget } from '../support/use-target.js';
import { createOrganizationVia, createProjectVia } from '../support/world.js';
import type { Auth } from '../target/target.js';

const target = useTarget();

type Order = 'ASC' | 'DESC';

// ---------------------------------------------------------------------------------------------------------------
// Arbitraries

const questionArb = fc.constantFrom(
  'How do I get a refund?',
  'How do I reset my password?',
  'Can I export my data to a spreadsheet?',
  'Why is my invoice PDF blank?',
  'Do you connect to QuickBooks?',
  'hello',
);

/** One visitor message: to which of up to three sessions, after how many minutes of virtual time. */
const turnArb = fc.record({
  session: fc.integer({ min: 0, max: 2 }),
  message: questionArb,
  pauseMinutes: fc.integer({ min: 0, max: 20 }),
});

/** Interleaved conversations: 1 to 6 turns over up to three sessions. */
const conversationsArb = fc.array(turnArb, { minLength: 1, maxLength: 6 });

const orderArb = fc.constantFrom<Order | undefined>(undefined, 'ASC', 'DESC');

/** Words of the seeded support knowledgebase, plus one that matches nothing. */
const wordArb = fc.constantFrom(
  'refund',
  'invoice',
  'billing',
  'plan',
  'password',
  'account',
  'export',
  'integration',
  'payment',
  'error',
  'support',
  'VAT',
  'trial',
  'webhooks',
  'QuickBooks',
  'two-factor',
  'backups',
  'PDF',
  'download',
  'subscription',
  'qwxzyv',
);
const queryArb = fc.array(wordArb, { minLength: 1, maxLength: 4 }).map((words) => words.join(' '));
const searchLimitArb = fc.option(fc.integer({ min: 1, max: 100 }), { nil: undefined });
const searchOffsetArb = fc.option(fc.integer({ min: 0, max: 120 }), { nil: undefined });

// ---------------------------------------------------------------------------------------------------------------
// Execution logs

interface PageResult {
  items: ExecutionLog[];
  total: number | undefined;
}
type Fetch = (limit: number, page: number) => Promise<PageResult>;

const logFetch =
  (auth: Auth | undefined, filters: Record<string, unknown>): Fetch =>
  async (limit, page) => {
    const res = await target().call('getChatbotExecutionLogs', { body: { ...filters, limit, page }, auth });
    const { data, total } = expectSuccess<ExecutionLog[]>(res, 'getChatbotExecutionLogs');
    // Documented: limit caps the page; the session filter keeps only that session's logs.
    expect(data.length, `a page of size ${limit}`).toBeLessThanOrEqual(limit);
    if (filters.session_uid !== undefined)
      for (const log of data)
        expect(log.executionlog_session_data.session_uid, 'the session filter').toBe(
          Number(filters.session_uid),
        );
    return { items: data, total };
  };

/** The whole list, in pages of 100. */
async function walk(fetch: Fetch): Promise<ExecutionLog[]> {
  const out: ExecutionLog[] = [];
  for (let page = 1; ; page += 1) {
    const { items } = await fetch(100, page);
    out.push(...items);
    if (items.length < 100) return out;
  }
}

const ids = (list: readonly ExecutionLog[]) => list.map((l) => l.id);

/**
 * Pages 1..n+1 of size `limit` concatenate to `reference`; each has the right size; `total`, when given, agrees:
 * the fake's paging (PAGING-SEMANTICS), the page after the last empty (PAGING-PAGE-PAST-END).
 */
async function expectPagesConcatenate(fetch: Fetch, reference: readonly ExecutionLog[], limit: number) {
  const pageCount = Math.ceil(reference.length / limit);
  const pages: PageResult[] = [];
  for (let page = 1; page <= pageCount + 1; page += 1) pages.push(await fetch(limit, page));
  const full = pages.slice(0, pageCount);
  assumed('PAGING-SEMANTICS', () => {
    full.forEach(({ items }, i) => {
      const expectedSize = Math.min(limit, reference.length - i * limit);
      expect(items.length, `page ${i + 1} of size ${limit}`).toBe(expectedSize);
    });
    pages.forEach(({ total }, i) => {
      if (total !== undefined) expect(total, `total on page ${i + 1}`).toBe(reference.length);
    });
    const seen = full.flatMap(({ items }) => ids(items));
    expect(seen).toEqual(ids(reference));
    expect(new Set(seen).size).toBe(seen.length);
  });
  assumed('PAGING-PAGE-PAST-END', () =>
    expect(pages[pageCount]!.items.length, `page ${pageCount + 1} of size ${limit}`).toBe(0),
  );
}

const descending = (a: ExecutionLog, b: ExecutionLog) =>
  Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id;

interface Widget {
  widget_uid: string;
  auth: Auth | undefined;
  /** Whether the project holds only the logs of this run. */
  own: boolean;
}

describe('execution logs paging after generated conversations', () => {
  it('pages of any size, in either order, with or without the session filter, concatenate to the whole list without duplicates or gaps; total agrees; ASC is the reverse of DESC [PAGING-SEMANTICS, PAGING-PAGE-PAST-END, EXEC-LOGS-ORDER-KEY, EXEC-LOGS-ORDERBY-DEFAULT-DESC, EXEC-LOGS-SESSION-FILTER, EXEC-LOGS-FROM-SENDMESSAGE, EXEC-LOGS-PROJECT]', async (ctx) => {
    const control = target().control;
    need(ctx, target(), {
      writes: true,
      ...(control ? {} : { projectKey: true, widgetUid: true }),
    });
    const org = control ? await createOrganizationVia(control) : undefined;

    /** A project of its own (control), else the configured one. */
    const widgetFor = async (): Promise<Widget> => {
      if (!control || !org) return { widget_uid: target().config.widget_uid!, auth: undefined, own: false };
      const project = await createProjectVia(control, org.organization_id, undefined);
      const key = (await control.post<{ value: string }>(`/projects/${project.project_uid}/keys`)).value;
      return { widget_uid: project.widget_uid, auth: { apiKey: key }, own: true };
    };

    await fc.assert(
      fc.asyncProperty(
        conversationsArb,
        orderArb,
        fc.integer({ min: 1, max: 12 }),
        async (turns, orderBy, limit) => {
          const w = await widgetFor();
          const uids = new Map<number, string>();
          const sent = new Map<string, number>();
          for (const turn of turns) {
            if (control && turn.pauseMinutes > 0) await control.advance({ minutes: turn.pauseMinutes });
            let uid = uids.get(turn.session);
            if (uid === undefined) {
              const res = await target().call('createSession', {
                body: { widget_uid: w.widget_uid },
                auth: w.auth,
              });
              uid = expectSuccess<{ session_uid: string }>(res, 'createSession').data.session_uid;
              uids.set(turn.session, uid);
            }
            const res = await target().call('sendMessage', {
              body: { widget_uid: w.widget_uid, session_uid: uid, message: turn.message },
              auth: w.auth,
            });
            stopIfCreditsSpent(target(), res, 'a widget message of a generated conversation');
            expectSuccess(res, 'sendMessage');
            sent.set(uid, (sent.get(uid) ?? 0) + 1);
          }

          const desc = await walk(logFetch(w.auth, { orderBy: 'DESC' }));
          const asc = await walk(logFetch(w.auth, { orderBy: 'ASC' }));
          // The order's key (createdAt, then id) is the fake's: so are ASC being DESC reversed and the ranking.
          assumed('EXEC-LOGS-ORDER-KEY', () => {
            expect(ids(asc)).toEqual(ids(desc).reverse());
            expect(ids(desc)).toEqual(ids([...desc].sort(descending)));
          });
          assumed('PAGING-SEMANTICS', () => expect(new Set(ids(desc)).size).toBe(desc.length));
          assumed('EXEC-LOGS-FROM-SENDMESSAGE', () => {
            for (const [uid, count] of sent) {
              const mine = desc.filter((l) => l.executionlog_session_data.session_uid === Number(uid));
              expect(mine.length, `logs of session ${uid}`).toBeGreaterThanOrEqual(count);
            }
          });
          if (w.own)
            assumed('EXEC-LOGS-PROJECT', () => {
              const sessions = new Set(desc.map((l) => String(l.executionlog_session_data.session_uid)));
              expect([...sessions].sort()).toEqual([...sent.keys()].sort());
            });
          // Documented: without orderBy the logs come in their DESC order.
          // What follows pages through the default order as well: a wrong default stops the case here.
          const byDefault = ids(await walk(logFetch(w.auth, {})));
          readable('EXEC-LOGS-ORDERBY-DEFAULT-DESC', () => expect(byDefault).toEqual(ids(desc)));

          const reference = orderBy === 'ASC' ? asc : desc;
          const order = orderBy ? { orderBy } : {};
          await expectPagesConcatenate(logFetch(w.auth, order), reference, limit);
          for (const uid of sent.keys()) {
            const only = reference.filter((l) => l.executionlog_session_data.session_uid === Number(uid));
            await expectPagesConcatenate(logFetch(w.auth, { ...order, session_uid: uid }), only, limit);
          }
        },
      ),
      { numRuns: control ? 25 : 2 },
    );
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Project-key search

async function searchByKey(body: Record<string, unknown>): Promise<KnowledgebaseChunk[]> {
  const res = await target().call('searchIndexDocumentByProjectKey', { body });
  return expectSuccess<KnowledgebaseChunk[]>(res, 'searchIndexDocumentByProjectKey').data;
}

describe('project-key search windows', () => {
  it('for any query, limit and offset, the window is the slice offset .. offset+limit of the full ranking (limit 100); limit defaults to 10 and offset to 0 [SEARCH-OFFSET-SKIPS, SEARCH-KEY-LIMIT-DEFAULT-10, SEARCH-KEY-LIMIT-OPTIONAL, SEARCH-KEY-OFFSET-DEFAULT-0, SEARCH-ORDER-BY-SCORE]', async (ctx) => {
    // Two or three searches a run: without a control API to reset the hourly cap (100 an hour), only a few runs.
    const control = target().control;
    need(ctx, target(), { projectKey: true });
    let nonEmpty = 0;
    await fc.assert(
      fc.asyncProperty(queryArb, searchLimitArb, searchOffsetArb, async (query, limit, offset) => {
        await control?.post('/rate-limits/reset');
        const full = await searchByKey({ query, limit: 100 });
        const scores = full.map((h) => h.score);
        assumed('SEARCH-ORDER-BY-SCORE', () => expect(scores).toEqual([...scores].sort((a, b) => b - a)));
        if (full.length > 0) nonEmpty += 1;

        const body: Record<string, unknown> = { query };
        if (limit !== undefined) body.limit = limit;
        if (offset !== undefined) body.offset = offset;
        const res = await target().call('searchIndexDocumentByProjectKey', { body });
        // The spec calls limit required yet gives it a default: answering without one is the fake's choice.
        if (limit === undefined) {
          const answered = assumed('SEARCH-KEY-LIMIT-OPTIONAL', () => {
            expectSuccess(res, 'searchIndexDocumentByProjectKey');
          });
          if (!answered) return;
        }
        const window = expectSuccess<KnowledgebaseChunk[]>(res, 'searchIndexDocumentByProjectKey').data;
        const l = limit ?? 10;
        const o = offset ?? 0;
        // Documented: limit (default 10) caps the window.
        expect(window.length).toBeLessThanOrEqual(l);
        // Documented: without offset the window starts at the first result, as with offset 0.
        if (offset === undefined) {
          const atZero = await target().call('searchIndexDocumentByProjectKey', {
            body: { ...body, offset: 0 },
          });
          expect(window).toEqual(
            expectSuccess<KnowledgebaseChunk[]>(atZero, 'searchIndexDocumentByProjectKey').data,
          );
        }
        // That a window of l results is the slice offset .. offset+l of the ranking of 100 is the fake's: what offset
        // skips, and that a smaller limit cuts the same ranking (a server may rank approximately, per request).
        assumed('SEARCH-OFFSET-SKIPS', () => {
          if (full.length < 100) {
            expect(window).toEqual(full.slice(o, o + l));
          } else {
            // The full ranking may go on past 100: only the part inside the first 100 is known.
            expect(window.slice(0, Math.max(0, 100 - o))).toEqual(full.slice(o, o + l));
          }
        });
      }),
      { numRuns: control ? 60 : 5 },
    );
    if (control) expect(nonEmpty, 'some generated queries match chunks').toBeGreaterThan(0);
  });
});
