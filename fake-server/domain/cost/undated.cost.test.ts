/**
 * What a date bound costs (FAKE-PAGE-COST): a read without dates finds its window without any search and visits the
 * page alone; with only a start date, one binary search (at most ⌈log₂(n+1)⌉ probes over n records) and the page.
 */
import { describe, expect, it } from 'vitest';
import { listExecutionLogs } from '../execution-logs.js';
import { listSessions } from '../sessions.js';
import { type CostWorld, costWorlds } from './cost.test-support.js';

const page = { limit: 10, page: 3 } as const;
const oneSearch = (n: number) => Math.ceil(Math.log2(n + 1));

type Options = Parameters<typeof listSessions>[2] & Parameters<typeof listExecutionLogs>[2];

/** The two paged reads with a date filter: how many records their project holds, and the read. */
const reads = [
  {
    title: 'getChatbotExecutionLogs without an end date [FAKE-PAGE-COST, EXEC-LOGS-DATE-FILTER]',
    records: (w: CostWorld) => w.ctx.state.executionLogs.ofProject(w.project.id).length,
    read: (w: CostWorld, o: Options) => listExecutionLogs(w.ctx, w.project, o),
  },
  {
    title: 'getSessions without an end date [FAKE-PAGE-COST, SESSIONS-DATE-FILTER]',
    records: (w: CostWorld) => w.ctx.state.sessions.listedOf(w.project.id).length,
    read: (w: CostWorld, o: Options) => listSessions(w.ctx, w.project, o),
  },
];

for (const { title, records, read } of reads)
  describe(title, () => {
    it('no dates: the page, not one probe more', () => {
      const counts = costWorlds().map((w) => w.visits(() => read(w, { ...page, orderBy: 'DESC' })));
      expect(counts).toEqual([10, 10]);
    });

    it('a start date only: one search for the start, and the page', () => {
      for (const w of costWorlds()) {
        const n = records(w);
        const count = w.visits(() => read(w, { ...page, orderBy: 'ASC', from: w.day }));
        expect(count, `${n} records`).toBeGreaterThan(10);
        expect(count, `${n} records`).toBeLessThanOrEqual(10 + oneSearch(n));
      }
    });
  });
