/**
 * "A run whose target went away says so first" (issue 39, HARNESS-TRANSPORT-SILENCE): when the tests that got no
 * answer for a connection failure (refused, reset, a host that does not resolve, TLS, a socket closed) fill the end
 * of a run, the target stopped answering there, and the verdict covers only what ran before. Pure: read from the
 * finished tests' outcomes (their start, their requests and the no-answer notes suites/target/answers.ts keeps).
 */

/** What a finished test says about the target's answers (a slice of TestOutcome). */
export interface AnsweredTest {
  /** Epoch ms the test started (vitest's diagnostic). */
  readonly startedAt?: number;
  readonly durationMs: number;
  /** Requests it sent, keyed `family|credential`. */
  readonly requests?: Readonly<Record<string, number>>;
  readonly noAnswers?: readonly {
    /** Epoch ms the request was given up. */
    readonly at?: number;
    /** Why, in words (`connection refused`); absent on a report from before causes were kept. */
    readonly cause?: string;
    /** A connection failure (the target is not there), as opposed to a slow answer (a timeout). */
    readonly connection?: boolean;
  }[];
}

export interface TargetSilence {
  /** When the target stopped answering: the first no-answer of the run's silent end (ISO 8601). */
  readonly since: string;
  /** Tests from then on that got no answer. */
  readonly tests: number;
  /** The commonest cause of those, in words (`connection refused`). */
  readonly cause: string;
  /** The line printed first at the end of the run. */
  readonly line: string;
}

/** A silent end is at least this many tests … */
export const MIN_SILENT_TESTS = 3;
/** … of which at least this share got no answer for a connection failure (the rest: passed in the meantime). */
export const DOMINANT_SHARE = 0.9;

interface Event {
  readonly at: number;
  /** The cause of a connection failure; undefined for a test that got its answers or a slow answer. */
  readonly cause: string | undefined;
  readonly silent: boolean;
}

const sent = (t: AnsweredTest): boolean =>
  (t.noAnswers?.length ?? 0) > 0 || Object.values(t.requests ?? {}).some((n) => n > 0);

/** A test as one event on the run's time line: its first no-answer, else its end (its last answer). */
function eventOf(t: AnsweredTest): Event | undefined {
  if (!sent(t)) return undefined;
  const first = t.noAnswers?.find((n) => n.at !== undefined) ?? t.noAnswers?.[0];
  if (first) {
    const at = first.at ?? t.startedAt;
    if (at === undefined) return undefined;
    return { at, cause: first.connection ? (first.cause ?? 'no connection') : undefined, silent: true };
  }
  if (t.startedAt === undefined) return undefined;
  return { at: t.startedAt + t.durationMs, cause: undefined, silent: false };
}

const clock = (ms: number): string => `${new Date(ms).toISOString().slice(11, 19)} UTC`;

/**
 * The run's silent end, or undefined when the target answered to the end: the longest tail of the run's tests (those
 * that sent a request, in time order) that starts with a connection failure and in which such failures are at least
 * DOMINANT_SHARE of the tests, at least MIN_SILENT_TESTS of them.
 */
export function targetSilence(tests: readonly AnsweredTest[]): TargetSilence | undefined {
  const events = tests.flatMap((t) => eventOf(t) ?? []).sort((a, b) => a.at - b.at);
  let start: number | undefined;
  let connection = 0;
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i] as Event;
    if (e.cause !== undefined) connection += 1;
    const size = events.length - i;
    if (e.cause !== undefined && connection >= MIN_SILENT_TESTS && connection >= DOMINANT_SHARE * size)
      start = i;
  }
  if (start === undefined) return undefined;
  const tail = events.slice(start);
  const silent = tail.filter((e) => e.silent);
  const counts = new Map<string, number>();
  for (const e of tail) if (e.cause !== undefined) counts.set(e.cause, (counts.get(e.cause) ?? 0) + 1);
  const cause = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] as string;
  const since = (tail[0] as Event).at;
  return {
    since: new Date(since).toISOString(),
    tests: silent.length,
    cause,
    line: `the target stopped answering at ${clock(since)}: ${silent.length} tests after that got no answer (${cause}); the verdict below covers what ran before`,
  };
}
