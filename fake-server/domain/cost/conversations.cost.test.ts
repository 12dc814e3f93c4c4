/**
 * What a paged read of the conversation store costs (FAKE-PAGE-COST): the records a request visits, at 1k and 10k
 * sessions in the project, grow with the page (or the day asked for), not with the store.
 */
import { describe, expect, it } from 'vitest';
import { listExecutionLogs } from '../execution-logs.js';
import { listSessionMessages, listSessions } from '../sessions.js';
import { computeStats } from '../stats.js';
import { expectBoundedByPage } from './cost.test-support.js';

const page = { limit: 10, page: 3 } as const;

describe('getChatbotExecutionLogs costs a page, not the store [FAKE-PAGE-COST, EXEC-LOGS-PROJECT]', () => {
  it('the project’s logs, no dates: a page and nothing more', () => {
    const counts = expectBoundedByPage(
      (w) => listExecutionLogs(w.ctx, w.project, { ...page, orderBy: 'DESC' }),
      40,
    );
    expect(counts[1]).toBeLessThanOrEqual(counts[0]! + 10);
  });

  it('the project’s logs from and to one day [EXEC-LOGS-DATE-FILTER]: two binary searches and a page', () => {
    expectBoundedByPage(
      (w) => listExecutionLogs(w.ctx, w.project, { ...page, orderBy: 'ASC', from: w.day, to: w.day }),
      80,
    );
  });

  it('the project’s logs from a day on, and up to a day [EXEC-LOGS-DATE-FILTER]', () => {
    expectBoundedByPage(
      (w) => listExecutionLogs(w.ctx, w.project, { ...page, orderBy: 'ASC', from: w.day }),
      80,
    );
    expectBoundedByPage(
      (w) => listExecutionLogs(w.ctx, w.project, { ...page, orderBy: 'DESC', to: w.day }),
      80,
    );
  });

  it('one session’s logs, without and with dates [EXEC-LOGS-SESSION-FILTER]: that session’s logs', () => {
    const q = (w: { sessionUid: number }) => ({ ...page, page: 1, session_uid: String(w.sessionUid) });
    expectBoundedByPage((w) => listExecutionLogs(w.ctx, w.project, { ...q(w), orderBy: 'ASC' }), 40);
    expectBoundedByPage(
      (w) => listExecutionLogs(w.ctx, w.project, { ...q(w), orderBy: 'ASC', from: w.day, to: '2999-01-01' }),
      40,
    );
  });
});

describe('getSessions costs a page, not the store [FAKE-PAGE-COST, SESSIONS-ORDER-KEY]', () => {
  it('a page of the project’s sessions', () => {
    expectBoundedByPage((w) => listSessions(w.ctx, w.project, { ...page, orderBy: 'DESC' }), 40);
  });

  it('a page of the closed, and of the open, sessions [SESSIONS-STATUS-FILTER]: the status’s own order', () => {
    expectBoundedByPage(
      (w) => listSessions(w.ctx, w.project, { ...page, orderBy: 'DESC', status: 'closed' }),
      40,
    );
    expectBoundedByPage(
      (w) => listSessions(w.ctx, w.project, { ...page, page: 1, orderBy: 'ASC', status: 'open' }),
      40,
    );
  });

  it('a page of one day’s closed sessions [SESSIONS-STATUS-FILTER, SESSIONS-DATE-FILTER]', () => {
    expectBoundedByPage(
      (w) =>
        listSessions(w.ctx, w.project, { ...page, orderBy: 'ASC', status: 'closed', from: w.day, to: w.day }),
      80,
    );
  });

  it('a page of one day’s sessions [SESSIONS-DATE-FILTER]', () => {
    expectBoundedByPage(
      (w) => listSessions(w.ctx, w.project, { ...page, orderBy: 'ASC', from: w.day, to: w.day }),
      80,
    );
  });
});

describe('getSessionMessages costs the session, not the store [FAKE-PAGE-COST, SESSION-MESSAGES-ORDER-KEY]', () => {
  it('a page of one session’s messages', () => {
    expectBoundedByPage(
      (w) =>
        listSessionMessages(w.ctx, w.project, {
          session_uid: w.sessionUid,
          limit: 10,
          page: 1,
          orderBy: 'ASC',
        }),
      40,
    );
  });
});

describe('getStats costs the range, not the store [FAKE-PAGE-COST, STATS-COUNTS]', () => {
  it('one day’s stats read that day’s sessions and their messages (about 100 and 400)', () => {
    expectBoundedByPage((w) => computeStats(w.ctx, w.project, { from: w.day, to: w.day }), 600);
  });
});
