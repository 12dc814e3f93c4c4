/** Execution logs read directly: the order of one session's logs, its dates, and a log whose session is gone. */
import { describe, expect, it } from 'vitest';
import { Runtime } from '../runtime.js';
import { DAY_MS, isoDay } from './clock.js';
import { listExecutionLogs, logView, writeLog } from './execution-logs.js';
import { findSessionByUid } from './sessions.js';
import { createSession } from './widget.js';

function world() {
  const runtime = new Runtime();
  const ctx = runtime.domain;
  const project = Object.values(runtime.seeded!.projects)[0]!;
  const { session_uid } = createSession(ctx, project, project.integration.widget_uid);
  const session = findSessionByUid(ctx, project, Number(session_uid))!;
  return { ctx, project, session, session_uid };
}

const entry = (message: string) => ({ task: 'retrieval', type: 'knowledgebase', message, data: {} });

describe('execution logs', () => {
  it('one session’s logs come in createdAt order, also when some were written in the past [EXEC-LOGS-ORDER-KEY, EXEC-LOGS-SESSION-FILTER]', () => {
    const { ctx, project, session, session_uid } = world();
    const now = ctx.clock.now();
    writeLog(ctx, session, entry('now'), now);
    writeLog(ctx, session, entry('an hour ago'), now - 3_600_000);
    writeLog(ctx, session, entry('a minute ago'), now - 60_000);
    const list = (orderBy: 'ASC' | 'DESC') =>
      listExecutionLogs(ctx, project, { session_uid, orderBy, limit: 10, page: 1 }).items.map(
        (l) => l.data.message,
      );
    expect(list('ASC')).toEqual(['an hour ago', 'a minute ago', 'now']);
    expect(list('DESC')).toEqual(['now', 'a minute ago', 'an hour ago']);
  });

  it('one session’s logs between dates: from and to are inclusive UTC days, each alone or both [EXEC-LOGS-DATE-FILTER, EXEC-LOGS-SESSION-FILTER]', () => {
    const { ctx, project, session, session_uid } = world();
    const now = ctx.clock.now();
    writeLog(ctx, session, entry('two days ago'), now - 2 * DAY_MS);
    writeLog(ctx, session, entry('yesterday'), now - DAY_MS);
    writeLog(ctx, session, entry('today'), now);
    const yesterday = isoDay(now - DAY_MS);
    const list = (dates: { from?: string; to?: string }) =>
      listExecutionLogs(ctx, project, {
        session_uid,
        orderBy: 'ASC',
        limit: 10,
        page: 1,
        ...dates,
      }).items.map((l) => l.data.message);
    expect(list({})).toEqual(['two days ago', 'yesterday', 'today']);
    expect(list({ from: yesterday, to: yesterday })).toEqual(['yesterday']);
    expect(list({ from: yesterday })).toEqual(['yesterday', 'today']);
    expect(list({ to: yesterday })).toEqual(['two days ago', 'yesterday']);
  });

  it('a log whose session is no longer stored shows session_uid 0 instead of failing [EXEC-LOGS-PROJECT]', () => {
    const { ctx, session } = world();
    const log = writeLog(ctx, session, entry('orphan'));
    expect(logView(ctx, log).executionlog_session_data).toEqual({ session_uid: session.session_uid });
    ctx.state.sessions.delete(session.id);
    expect(logView(ctx, log).executionlog_session_data).toEqual({ session_uid: 0 });
  });
});
