/**
 * Dates at the edges of their formats (issue 40, item 2): a year below 100 (`0099-01-01`), which a server that builds
 * dates with `Date.UTC(y, m, d)` or `new Date(y, m, d)` reads as 1999, and the last day `9999-12-31`, on the three
 * operations that take dates: getStats (YYYY-MM-DD, `YYYY-MM-DD HH:mm:ss` or ISO), getChatbotExecutionLogs
 * (YYYY-MM-DD) and getSessions (a date). A date written in the documented form is accepted hard (STATS-DATE-FORMATS,
 * EXEC-LOGS-DATE-FORMAT); what the range then holds is assumed (the filters' clauses): everything from year 99 on,
 * nothing up to the end of year 99. Each comparison is read between two reads of the unfiltered list, so that
 * another client adding data meanwhile stops the test ("not checkable here") rather than turning it red.
 */
import { describe, expect, it, type TestContext } from 'vitest';
import type { ExecutionLog, Session, StatsRecord } from '../../contract/index.js';
import { expectSuccess } from '../support/envelope.js';
import { canConverse, newConversation } from '../support/pages.js';
import { arranged, assumed, continueIfAssumedHeld, documented } from '../support/strength.js';
import { need, useTarget } from '../support/use-target.js';
import { onProject } from '../support/world.js';
import type { RawResponse } from '../target/transport.js';

const target = useTarget();

const YEAR_99 = '0099-01-01';
const END_OF_99 = '0099-12-31';
const LAST_DAY = '9999-12-31';

/** Each range at an edge, and whether it holds everything (else nothing). */
const EDGES = [
  [{ from: YEAR_99 }, true],
  [{ to: LAST_DAY }, true],
  [{ to: END_OF_99 }, false],
  [{ from: LAST_DAY }, false],
] as const;

/** A 2xx, bound to the documented clause that accepts the date. */
const accepted = (clause: string, res: RawResponse, date: string) =>
  documented(clause, () =>
    expect(res.status, `${date} accepted; body: ${res.text.slice(0, 200)}`).toBeLessThan(300),
  );

/** `read()` twice around `filtered()`: the filtered answer, and whether the unfiltered one held still meanwhile. */
async function between<T, U>(read: () => Promise<T>, filtered: () => Promise<U>): Promise<[T, U, boolean]> {
  const before = await read();
  const answer = await filtered();
  const after = await read();
  return [before, answer, JSON.stringify(before) === JSON.stringify(after)];
}

/** A conversation on the configured widget when the project has none to count and the target lets us add one. */
async function someData(ctx: TestContext, has: () => Promise<boolean>): Promise<void> {
  if (await has()) return;
  if (canConverse(target())) await newConversation(target(), ['Hello']);
  arranged(
    ctx,
    await has(),
    'the project has no data in any range and the target allows no conversation to add',
  );
}

describe('getStats', () => {
  const record = async (range: Record<string, string>): Promise<StatsRecord> => {
    const res = await target().call('getStats', { body: onProject(target(), range) });
    const { data } = expectSuccess<StatsRecord[]>(res, 'getStats');
    const single = assumed('STATS-SINGLE-RECORD', () => expect(data).toHaveLength(1));
    continueIfAssumedHeld(
      single && data.length === 1,
      'STATS-SINGLE-RECORD',
      'reading the record of a range',
    );
    return data[0]!;
  };
  const conversations = (r: StatsRecord) => ({
    session_count: r.session_count,
    total_conversation: r.total_conversation,
    total_messages: r.total_messages,
    query_count: r.query_count,
  });

  it.for([YEAR_99, `${YEAR_99} 00:00:00`, `${YEAR_99}T00:00:00Z`, `${YEAR_99}T00:00:00.000+01:30`])(
    'from %s (year 99, each accepted form) is accepted [STATS-DATE-FORMATS]',
    async (from, ctx) => {
      need(ctx, target(), { tokens: ['owner'], projectUid: true });
      const res = await target().call('getStats', { body: onProject(target(), { from, to: END_OF_99 }) });
      accepted('STATS-DATE-FORMATS', res, from);
    },
  );

  it('a range from year 99 counts every conversation; one up to the end of year 99, or from 9999-12-31, none [STATS-DATE-FORMATS, STATS-COUNTS]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    await someData(ctx, async () => Number((await record({})).session_count) > 0);
    for (const [range, all] of EDGES) {
      const [unfiltered, r, still] = await between(
        () => record({}),
        () => record(range),
      );
      arranged(ctx, still, 'the project changed while it was read');
      assumed('STATS-COUNTS', () =>
        expect(conversations(r), JSON.stringify(range)).toEqual(
          all
            ? conversations(unfiltered)
            : { session_count: '0', total_conversation: '0', total_messages: 0, query_count: 0 },
        ),
      );
    }
  });
});

describe('getChatbotExecutionLogs', () => {
  const logs = async (range: Record<string, string> = {}) => {
    const res = await target().call('getChatbotExecutionLogs', {
      body: { ...range, limit: 100, orderBy: 'ASC' },
    });
    if (Object.keys(range).length > 0) accepted('EXEC-LOGS-DATE-FORMAT', res, JSON.stringify(range));
    return expectSuccess<ExecutionLog[]>(res, 'getChatbotExecutionLogs').data.map((l) => l.id);
  };

  it('from 0099-01-01 and to 9999-12-31 list what no date lists; to 0099-12-31 and from 9999-12-31 list nothing [EXEC-LOGS-DATE-FORMAT, EXEC-LOGS-DATE-FILTER]', async (ctx) => {
    need(ctx, target(), { projectKey: true });
    await someData(ctx, async () => (await logs()).length > 0);
    for (const [range, all] of EDGES) {
      const [unfiltered, ids, still] = await between(
        () => logs(),
        () => logs(range),
      );
      arranged(ctx, still, 'the project logged more while it was read');
      assumed('EXEC-LOGS-DATE-FILTER', () =>
        expect(ids, JSON.stringify(range)).toEqual(all ? unfiltered : []),
      );
    }
  });
});

describe('getSessions', () => {
  const sessions = async (range: Record<string, string> = {}) => {
    const res = await target().call('getSessions', {
      body: onProject(target(), { ...range, limit: 100, orderBy: 'ASC' }),
    });
    return {
      res,
      ids: res.status < 300 ? expectSuccess<Session[]>(res, 'getSessions').data.map((s) => s.id) : [],
    };
  };

  it('from 0099-01-01 and to 9999-12-31 are accepted and list what no date lists; to 0099-12-31 and from 9999-12-31 list nothing [SESSIONS-DATE-FORMAT, SESSIONS-FROM-TO-DATES, SESSIONS-DATE-FILTER]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    await someData(ctx, async () => (await sessions()).ids.length > 0);
    for (const [range, all] of EDGES) {
      const [unfiltered, filtered, still] = await between(
        async () => (await sessions()).ids,
        () => sessions(range),
      );
      arranged(ctx, still, 'the project got sessions while it was read');
      // Which date forms getSessions takes is not shown: YYYY-MM-DD is the fake's.
      const read = assumed('SESSIONS-DATE-FORMAT', () =>
        expect(filtered.res.status, `${JSON.stringify(range)} accepted`).toBeLessThan(300),
      );
      if (!read) continue;
      documented('SESSIONS-FROM-TO-DATES', () =>
        expect(unfiltered, 'the filtered list holds sessions of the unfiltered one only').toEqual(
          expect.arrayContaining(filtered.ids),
        ),
      );
      assumed('SESSIONS-DATE-FILTER', () =>
        expect(filtered.ids, JSON.stringify(range)).toEqual(all ? unfiltered : []),
      );
    }
  });
});
