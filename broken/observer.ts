/**
 * Every breaking rule observing one unbroken run (the blast-radius check, blast-radius.ts): each exchange that passes
 * the proxy is handed to every rule's hooks as well, and whatever a rule would have changed (a request rewritten or
 * answered by the rule itself, an answer or a stream event rewritten, or a hook that throws, which the proxy would
 * answer with a 502) marks the test file it happened in as touched by that rule. Nothing the suites see is changed.
 *
 * A rule starts afresh at each test file, as the target does: against a target with a control API every file starts
 * from the fake's seeded state (suites/support/use-target.ts), so what a rule remembered of an earlier file is about
 * a state that no longer exists. A file no rule hook changed anything in ran exactly as it would with the rule on
 * (same requests, same answers, same tests), so the rule's run need only take the files it touched.
 */
import type { TargetConfig } from '../contract/index.js';
import { serializeEvent } from './events.js';
import {
  type Answer,
  type BreakingRule,
  type Exchange,
  isAnswer,
  type RuleHooks,
  type StreamEvent,
} from './rule.js';

/** Where an exchange before the first test file announced itself is counted. */
export const OUTSIDE_FILES = '(outside any test file)';

/** A rule touched a file before its first test began (in the file's own beforeAll): its run takes the whole file. */
export const WHOLE_FILE = 'whole file';

/** What the proxy hands the observers of one exchange once its answer comes. */
export interface ExchangeTap {
  /** The target's whole answer (not a stream). */
  answer(res: Answer): void;
  /** One event of a streamed answer. */
  event(e: StreamEvent): void;
  /** A streamed answer ended; `raw` is its text as the target sent it. */
  end(raw: string): void;
}

/** What the rules' observation found. */
export interface Observed {
  /** The files in which `rule` would have changed something, in the order first touched. */
  touchedFiles(rule: BreakingRule): readonly string[];
  /** How many exchanges each rule would have changed (once it has touched a file it is not asked again there). */
  changes(rule: BreakingRule): number;
  /**
   * The tests of `file` (vitest task ids, in the order they ran) from the one running when `rule` first touched the
   * file to the file's end; WHOLE_FILE when it touched the file before its first test; undefined when it did not
   * touch it (here). An exchange between two tests (a describe's beforeAll, an afterEach) counts with the test before
   * it, so the tests taken always include the one whose hooks made it.
   */
  touchedTests(rule: BreakingRule, file: string): readonly string[] | typeof WHOLE_FILE | undefined;
}

export interface Observation extends Observed {
  /** A test file (its absolute path) starts: every rule starts afresh. */
  enterFile(file: string): void;
  /** A test of the current file starts (its vitest task id). */
  enterTest(id: string): void;
  /** A request on its way to the target, unchanged; the tap takes its answer. */
  exchange(req: Exchange): ExchangeTap;
}

/** The observations of several proxies (lanes) as one: each file ran in one of them. */
export const mergeObserved = (parts: readonly Observed[]): Observed => ({
  touchedFiles: (rule) => [...new Set(parts.flatMap((p) => p.touchedFiles(rule)))],
  changes: (rule) => parts.reduce((sum, p) => sum + p.changes(rule), 0),
  touchedTests: (rule, file) => parts.map((p) => p.touchedTests(rule, file)).find((t) => t !== undefined),
});

const sameHeaders = (a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
};

export const sameExchange = (a: Exchange, b: Exchange): boolean =>
  a.route === b.route &&
  a.method === b.method &&
  a.path === b.path &&
  a.body.equals(b.body) &&
  sameHeaders(a.headers, b.headers);

export const sameAnswer = (a: Answer, b: Answer): boolean =>
  a.status === b.status && a.body.equals(b.body) && sameHeaders(a.headers, b.headers);

export const sameEvent = (a: StreamEvent, b: StreamEvent): boolean =>
  a.event === b.event && a.id === b.id && a.data === b.data;

/** A rule's part in one exchange: its hooks (of the file the request came in) and the request it would send. */
interface View {
  readonly rule: BreakingRule;
  readonly hooks: RuleHooks;
  readonly req: Exchange;
  readonly events: StreamEvent[];
}

/** True when `run` throws or returns something that differs from `same`. */
const differs = <T>(run: () => T, same: (out: T) => boolean): boolean => {
  try {
    return !same(run());
  } catch {
    return true;
  }
};

export function observeRules(rules: readonly BreakingRule[], config: TargetConfig): Observation {
  let file = OUTSIDE_FILES;
  let tests: string[] = [];
  let hooks = new Map<BreakingRule, RuleHooks>();
  const touched = new Map<BreakingRule, Set<string>>(rules.map((r) => [r, new Set()]));
  const counts = new Map<BreakingRule, number>();
  /** Each file's tests in the order they ran. */
  const order = new Map<string, string[]>();
  /** Per rule and file, the index (in `order`) of the test running at its first touch; -1 before any test. */
  const firstTouch = new Map<BreakingRule, Map<string, number>>(rules.map((r) => [r, new Map()]));
  const startAll = () => {
    hooks = new Map(rules.map((r) => [r, r.start(config)]));
  };
  startAll();
  /** `test`: the index of the test running when the exchange was sent (its answer may come later). */
  const mark = (rule: BreakingRule, where: string, test: number) => {
    touched.get(rule)?.add(where);
    counts.set(rule, (counts.get(rule) ?? 0) + 1);
    const first = firstTouch.get(rule) as Map<string, number>;
    if (!first.has(where)) first.set(where, test);
  };

  return {
    enterFile(next) {
      file = next;
      tests = [];
      order.set(next, tests);
      startAll();
    },
    enterTest(id) {
      tests.push(id);
    },
    exchange(req) {
      const where = file;
      const test = tests.length - 1;
      const views: View[] = [];
      for (const rule of rules) {
        if (touched.get(rule)?.has(where)) continue; // already touched here: its run takes this file anyway
        const own = hooks.get(rule) as RuleHooks;
        let out: Exchange | Answer = req;
        try {
          if (own.request) out = own.request(req);
        } catch {
          mark(rule, where, test);
          continue;
        }
        if (isAnswer(out) || !sameExchange(out, req)) mark(rule, where, test);
        else views.push({ rule, hooks: own, req: out, events: [] });
      }
      // A rule is asked about the answer only while it has changed nothing in this exchange.
      const live = () => views.filter((v) => !touched.get(v.rule)?.has(where));
      return {
        answer(res) {
          for (const v of live()) {
            const { response } = v.hooks;
            if (
              response &&
              differs(
                () => response(res, v.req),
                (o) => sameAnswer(o, res),
              )
            )
              mark(v.rule, where, test);
          }
        },
        event(e) {
          for (const v of live()) {
            const { event } = v.hooks;
            if (!event) continue;
            let out: StreamEvent | undefined;
            try {
              out = event(e, v.req);
            } catch {
              mark(v.rule, where, test);
              continue;
            }
            if (!out || !sameEvent(out, e)) mark(v.rule, where, test);
            else v.events.push(out);
          }
        },
        end(raw) {
          // With an event hook the proxy sends each event re-serialized: where that is not the target's own text, the
          // client would see a difference even though no event changed.
          for (const v of live())
            if (v.hooks.event && v.events.map(serializeEvent).join('') !== raw) mark(v.rule, where, test);
        },
      };
    },
    touchedFiles: (rule) => [...(touched.get(rule) ?? [])],
    changes: (rule) => counts.get(rule) ?? 0,
    touchedTests(rule, at) {
      const index = firstTouch.get(rule)?.get(at);
      if (index === undefined) return undefined;
      const ran = order.get(at);
      return index < 0 || !ran ? WHOLE_FILE : ran.slice(index);
    },
  };
}
