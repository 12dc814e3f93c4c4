/**
 * What a date bound costs (FAKE-PAGE-COST): a read without dates finds its window without any search and visits the
 * page alone; with only a start date, one binary search (at most ⌈log₂(n+1)⌉ probes over n records) and the page.
 */
import { describe, expect, it } from 'vitest';
import { listExecutionLogs } from '../execution-logs.js';
import { listSessions } from '../sessions.js';
import { costWorlds } from './cost.test-support.js';

const page = { limit: 10, page: 3 } as const;
const oneSearch = (n: number) => Math.ceil(Math.log2(n + 1));

describe('getChatbotExecutionLogs without an end date [FAKE-PAGE-COST, EXEC-LOGS-DATE-FILTER]', () => {
  it('no dates: the page, not one probe more', () => {
    const counts = costWorlds().map((w) =>
      w.visits(() => listExecutionLogs(w.ctx, w.project, { ...page, orderBy: 'DESC' })),
    );
    expect(counts).toEqual([10, 10]);
  });

  it('a start date only: one search for the start, and the page', () => {
    for (const w of costWorlds()) {
      const n = w.ctx.state.executionLogs.ofProject(w.project.id).length;
      const count = w.visits(() =>
        listExecutionLogs(w.ctx, w.project, { ...page, orderBy: 'ASC', from: w.day }),
      );
      expect(count, `${n} logs`).toBeGreaterThan(10);
      expect(count, `${n} logs`).toBeLessThanOrEqual(10 + oneSearch(n));
    }
  });
});

describe('getSessions without an end date [FAKE-PAGE-COST, SESSIONS-DATE-FILTER]', () => {
  it('no dates: the page, not one probe more', () => {
    const counts = costWorlds().map((w) =>
      w.visits(() => listSessions(w.ctx, w.project, { ...page, orderBy: 'DESC' })),
    );
    expect(counts).toEqual([10, 10]);
  });

  it('a start date only: one search for the start, and the page', () => {
    for (const w of costWorlds()) {
      const n = w.ctx.state.sessions.listedOf(w.project.id).length;
      const count = w.visits(() => listSessions(w.ctx, w.project, { ...page, orderBy: 'ASC', from: w.day }));
      expect(count, `${n} sessions`).toBeGreaterThan(10);
      expect(count, `${n} sessions`).toBeLessThanOrEqual(10 + oneSearch(n));
    }
  });
});
