/**
 * Every rule observing an unbroken run: a test file is touched by a rule exactly when one of its hooks would have
 * changed a request, an answer or a stream event there (or thrown, or answered itself); each rule starts afresh with
 * each file; an exchange counts in the file it was sent in.
 */
import { describe, expect, it } from 'vitest';
import { TargetConfig } from '../contract/index.js';
import { editJson, refusal } from './bodies.js';
import { serializeEvent } from './events.js';
import { OUTSIDE_FILES, observeRules, WHOLE_FILE } from './observer.js';
import type { Answer, BreakingRule, Exchange, RuleHooks } from './rule.js';

const config = TargetConfig.parse({ base_url: 'http://127.0.0.1:9/api/v1' });

const rule = (id: string, start: () => RuleHooks): BreakingRule => ({
  id,
  name: id,
  clause: 'CONV-SUCCESS-ENVELOPE',
  section: 'conventions and envelopes',
  caughtBy: 'suites/conventions/envelope.test.ts',
  start,
});

const req = (path: string, body = '{}'): Exchange => ({
  route: 'base',
  method: 'POST',
  path,
  headers: { 'content-type': 'application/json' },
  body: Buffer.from(body),
});
const answer = (body: unknown, status = 200): Answer => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: Buffer.from(JSON.stringify(body)),
});

const rules = {
  idle: rule('idle', () => ({ request: (r) => r, response: (r) => r })),
  /** Re-serializes every JSON body: the same bytes, so no change. */
  rewritesSame: rule('rewrites-same', () => ({ response: (r) => editJson(r, (b) => ({ ...b })) })),
  onlyOnB: rule('only-on-b', () => ({
    request: (r) => (r.path === '/b' ? editJson(r, () => ({ x: 1 })) : r),
  })),
  refusesC: rule('refuses-c', () => ({ request: (r) => (r.path === '/c' ? refusal(403, 'no') : r) })),
  totalString: rule('total-string', () => ({
    response: (r) =>
      editJson(r, (b) => (typeof b.total === 'number' ? { ...b, total: String(b.total) } : undefined)),
  })),
  throwsOnD: rule('throws-on-d', () => ({
    request: (r) => {
      if (r.path === '/d') throw new Error('a bug of the rule');
      return r;
    },
  })),
  /** Changes the second request it sees (state kept in its closure). */
  second: rule('second', () => {
    let n = 0;
    return { request: (r) => (++n === 2 ? editJson(r, () => ({ n })) : r) };
  }),
  stopToEnd: rule('stop-to-end', () => ({
    event: (e) => (e.data.includes('"stop"') ? { ...e, data: e.data.replace('stop', 'end') } : e),
  })),
};
const all = Object.values(rules);

/** One exchange through the observation, with its answer (or stream events and raw text). */
function exchange(
  o: ReturnType<typeof observeRules>,
  r: Exchange,
  res: Answer | { events: { data: string }[]; raw?: string },
) {
  const tap = o.exchange(r);
  if ('status' in res) tap.answer(res);
  else {
    for (const e of res.events) tap.event(e);
    tap.end(res.raw ?? res.events.map(serializeEvent).join(''));
  }
}

describe('every rule observing an unbroken run [HARNESS-BLAST-RADIUS]', () => {
  it('a file is touched by a rule only where one of its hooks changes a request or an answer, answers itself or throws', () => {
    const o = observeRules(all, config);
    o.enterFile('/r/suites/a.test.ts');
    exchange(o, req('/a'), answer({ type: 'RXSUCCESS', message: 'ok', total: 3 }));
    o.enterFile('/r/suites/b.test.ts');
    exchange(o, req('/b'), answer({ type: 'RXSUCCESS', message: 'ok' }));
    exchange(o, req('/c'), answer({ type: 'RXSUCCESS', message: 'ok' }));
    o.enterFile('/r/suites/d.test.ts');
    exchange(o, req('/d'), answer({ type: 'RXSUCCESS', message: 'ok' }));
    expect(Object.fromEntries(all.map((r) => [r.id, o.touchedFiles(r)]))).toEqual({
      idle: [],
      'rewrites-same': [],
      'only-on-b': ['/r/suites/b.test.ts'],
      'refuses-c': ['/r/suites/b.test.ts'],
      'total-string': ['/r/suites/a.test.ts'],
      'throws-on-d': ['/r/suites/d.test.ts'],
      second: ['/r/suites/b.test.ts'],
      'stop-to-end': [],
    });
  });

  it('each rule starts afresh with each file, as the target does: state from an earlier file is gone', () => {
    const o = observeRules([rules.second], config);
    o.enterFile('/r/suites/a.test.ts');
    exchange(o, req('/x'), answer({}));
    o.enterFile('/r/suites/b.test.ts');
    exchange(o, req('/x'), answer({}));
    expect(o.touchedFiles(rules.second)).toEqual([]);
    exchange(o, req('/x'), answer({}));
    expect(o.touchedFiles(rules.second)).toEqual(['/r/suites/b.test.ts']);
    expect(o.changes(rules.second)).toBe(1);
  });

  it('an exchange counts in the file it was sent in, even when its answer comes after the next file started', () => {
    const o = observeRules([rules.totalString], config);
    o.enterFile('/r/suites/a.test.ts');
    const tap = o.exchange(req('/late'));
    o.enterFile('/r/suites/b.test.ts');
    tap.answer(answer({ type: 'RXSUCCESS', total: 1 }));
    expect(o.touchedFiles(rules.totalString)).toEqual(['/r/suites/a.test.ts']);
  });

  it("a rule's tests in a file run from the one running at its first touch (an answer coming late counts with the test that sent it); a touch before the first test takes the whole file", () => {
    const o = observeRules([rules.onlyOnB, rules.refusesC], config);
    o.enterFile('/r/suites/a.test.ts');
    o.enterTest('t1');
    exchange(o, req('/x'), answer({}));
    o.enterTest('t2');
    const late = o.exchange(req('/b'));
    o.enterTest('t3');
    late.answer(answer({}));
    o.enterTest('t4');
    o.enterFile('/r/suites/b.test.ts');
    exchange(o, req('/c'), answer({}));
    o.enterTest('u1');
    expect(o.touchedTests(rules.onlyOnB, '/r/suites/a.test.ts')).toEqual(['t2', 't3', 't4']);
    expect(o.touchedTests(rules.refusesC, '/r/suites/b.test.ts')).toBe(WHOLE_FILE);
    expect(o.touchedTests(rules.refusesC, '/r/suites/a.test.ts')).toBeUndefined();
  });

  it('before any file announced itself, a change is counted outside the files', () => {
    const o = observeRules([rules.onlyOnB], config);
    exchange(o, req('/b'), answer({}));
    expect(o.touchedFiles(rules.onlyOnB)).toEqual([OUTSIDE_FILES]);
  });

  it('streams: an event changed touches the file, and so does a stream the proxy would not re-send byte for byte', () => {
    const o = observeRules([rules.stopToEnd, rules.idle], config);
    o.enterFile('/r/suites/plain.test.ts');
    exchange(o, req('/s'), { events: [{ data: '{"n":1}' }, { data: '[DONE]' }] });
    o.enterFile('/r/suites/stop.test.ts');
    exchange(o, req('/s'), { events: [{ data: '{"finish":"stop"}' }] });
    o.enterFile('/r/suites/comment.test.ts');
    exchange(o, req('/s'), { events: [{ data: '{"n":1}' }], raw: ': keep-alive\n\ndata: {"n":1}\n\n' });
    expect(o.touchedFiles(rules.stopToEnd)).toEqual(['/r/suites/stop.test.ts', '/r/suites/comment.test.ts']);
    // A rule with no event hook sends a stream on as it comes.
    expect(o.touchedFiles(rules.idle)).toEqual([]);
  });
});
