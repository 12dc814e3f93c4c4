/**
 * The records each scale read visits per request (FAKE-PAGE-COST), counted in this process through the domain's
 * counting seam (fake-server/domain/cost.ts) on a runtime bulk-seeded as the scale project is at each size: the
 * timings of bench/scale.ts say how long a page takes, these counts say whether its work grows with the store.
 * Each read is counted on its second call (the first builds the store's order and the lifecycle's hint).
 */
import { bulkSeed } from '../fake-server/control/bulk-seed.js';
import { DAY_MS, isoDay } from '../fake-server/domain/clock.js';
import type { DomainContext } from '../fake-server/domain/context.js';
import { countVisits, stopCounting } from '../fake-server/domain/cost-counting.js';
import { listExecutionLogs } from '../fake-server/domain/execution-logs.js';
import { searchKnowledgebase } from '../fake-server/domain/knowledgebase.js';
import { listSessionMessages, listSessions } from '../fake-server/domain/sessions.js';
import type { Project } from '../fake-server/domain/state.js';
import { computeStats } from '../fake-server/domain/stats.js';
import { Runtime } from '../fake-server/runtime.js';
import { type CostRow, type ScaleOptions, searchQuery } from './scale.js';

type Read = (domain: DomainContext, project: Project, at: { sessionUid: number; day: string }) => unknown;

/** The scale reads (bench/scale.ts) and the date and session variants of the paged ones, a page of 10 each. */
const reads: [string, Read][] = [
  ['getSessions page', (c, p) => listSessions(c, p, { limit: 10, page: 2, orderBy: 'DESC' })],
  [
    'getSessions page, one day',
    (c, p, a) => listSessions(c, p, { limit: 10, page: 1, orderBy: 'ASC', from: a.day, to: a.day }),
  ],
  [
    'getSessionMessages page',
    (c, p, a) => listSessionMessages(c, p, { session_uid: a.sessionUid, limit: 10, page: 1, orderBy: 'ASC' }),
  ],
  [
    'getChatbotExecutionLogs page',
    (c, p) => listExecutionLogs(c, p, { limit: 10, page: 2, orderBy: 'DESC' }),
  ],
  [
    'getChatbotExecutionLogs page, one day',
    (c, p, a) => listExecutionLogs(c, p, { limit: 10, page: 1, orderBy: 'ASC', from: a.day, to: a.day }),
  ],
  [
    'getChatbotExecutionLogs page, one session',
    (c, p, a) =>
      listExecutionLogs(c, p, { limit: 10, page: 1, orderBy: 'ASC', session_uid: String(a.sessionUid) }),
  ],
  [
    'getChatbotExecutionLogs page, one session and day',
    (c, p, a) =>
      listExecutionLogs(c, p, {
        limit: 10,
        page: 1,
        orderBy: 'ASC',
        session_uid: String(a.sessionUid),
        from: a.day,
        to: a.day,
      }),
  ],
  ['knowledgebase search', (c, p) => searchKnowledgebase(c, p, { query: searchQuery(1), limit: 10 })],
  ['getStats, one day', (c, p, a) => computeStats(c, p, { from: a.day, to: a.day })],
];

export function measureCosts(o: Pick<ScaleOptions, 'sizes' | 'messagesPerSession' | 'chunks'>): CostRow[] {
  const rows: CostRow[] = [];
  for (const n of o.sizes) {
    const runtime = new Runtime();
    const ctx = runtime.domain;
    const project = Object.values(runtime.seeded!.projects)[0]!;
    bulkSeed(ctx, project, {
      sessions: n,
      messages_per_session: o.messagesPerSession,
      chunks: o.chunks,
      days: 180,
    });
    const listed = ctx.state.sessions.listedOf(project.id);
    // The latest session, and the day of the last seeded sessions (sessions are spread over the last 180 days).
    const last = listed[listed.length - 1];
    const at = {
      sessionUid: last?.session_uid ?? 0,
      day: isoDay((last?.created_at ?? ctx.clock.now()) - DAY_MS),
    };
    for (const [read, run] of reads) {
      run(ctx, project, at);
      const counter = countVisits(ctx);
      run(ctx, project, at);
      stopCounting(ctx);
      rows.push({ read, sessions: n, visited: counter.visited });
    }
  }
  return rows;
}
