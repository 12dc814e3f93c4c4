/**
 * The search for server errors with fast-check, within a number of requests: rounds of `fc.check` (round r has seed
 * `seed + r`), each stopping at its first failure, which fast-check shrinks to the smallest request that still fails;
 * then a new round, until the requests are spent, the target's budget refuses (the quota ledger), or the property has
 * given its most findings. A finding keeps its round's seed and fast-check's path, which replay it alone
 * (`fc.check` with that seed and path: `--fuzz-seed SEED:PROPERTY:PATH`). Knows nothing of HTTP: `send` does.
 */
import fc from 'fast-check';
import type { FuzzReplay } from './settings.js';

/** What one request got: fine, a server error (why: `500`, `not JSON`), or refused by the run's budget. */
export type Sent =
  | { ok: true; status?: number }
  | { ok: false; why: string; status?: number; note?: unknown }
  | { spent: string }
  /** Not sent: the sender left this value out (its operation's quota is spent); the search goes on. */
  | { skipped: string };

export interface Finding<T> {
  readonly property: string;
  /** The seed of its round and fast-check's path of the shrunk value: `--fuzz-seed SEED:PROPERTY:PATH`. */
  readonly seed: number;
  readonly path: string;
  readonly value: T;
  readonly why: string;
  /** Shrinking steps from the first failing value. */
  readonly shrinks: number;
  /** What the sender noted of the shrunk request's server error (target-send.ts: the report's note). */
  readonly note?: unknown;
}

export interface SearchResult<T> {
  readonly findings: Finding<T>[];
  /** Requests sent. */
  readonly sent: number;
  /** Server errors met, shrinking included. */
  readonly serverErrors: number;
  /** Answers by status. */
  readonly statuses: Readonly<Record<string, number>>;
  readonly rounds: number;
  /** Why it stopped before its requests were spent: the budget's reason. */
  readonly spent?: string;
}

export interface SearchOptions<T> {
  readonly property: string;
  readonly arb: fc.Arbitrary<T>;
  readonly seed: number;
  /** The most requests this search sends. */
  readonly requests: number;
  readonly send: (value: T) => Promise<Sent>;
  /** What makes two findings the same (one is reported). */
  readonly sameAs: (value: T) => string;
  /** Distinct findings after which the search stops. */
  readonly maxFindings?: number;
  /** Replay this finding alone instead of searching. */
  readonly replay?: FuzzReplay;
}

/** Requests a round after a finding needs at least, to find and shrink another. */
const MIN_AFTER_FINDING = 30;

/** Requests kept back for shrinking a failure: a third of what is left, 10 to 150. */
const shrinkShare = (left: number): number => Math.min(150, Math.max(10, Math.floor(left / 3)), left - 1);

export async function searchServerErrors<T>(o: SearchOptions<T>): Promise<SearchResult<T>> {
  const findings: Finding<T>[] = [];
  const seen = new Set<string>();
  let sent = 0;
  let serverErrors = 0;
  let spent: string | undefined;
  let rounds = 0;
  let idle = 0;
  let lastWhy = '';
  let lastNote: unknown;
  const statuses: Record<string, number> = {};
  const property = fc.asyncProperty(o.arb, async (value) => {
    // Past the budget, a value counts as passing: shrinking keeps the smallest failure met so far.
    if (spent !== undefined || sent >= o.requests) return true;
    const got = await o.send(value);
    if ('skipped' in got) return true;
    sent += 1;
    if ('spent' in got) {
      spent = got.spent;
      return true;
    }
    if (got.status !== undefined) statuses[got.status] = (statuses[got.status] ?? 0) + 1;
    if (got.ok) return true;
    serverErrors += 1;
    lastWhy = got.why;
    lastNote = got.note;
    return false;
  });
  const maxFindings = o.maxFindings ?? 5;
  while (spent === undefined && sent < o.requests && findings.length < maxFindings && rounds < 100) {
    // After a finding, a round too short to shrink what it finds would report it unshrunk: the search ends there.
    if (findings.length > 0 && o.requests - sent < MIN_AFTER_FINDING) break;
    const seed = (o.seed + rounds) | 0;
    rounds += 1;
    const left = o.requests - sent;
    const sentBefore = sent;
    const details = await fc.check(property, {
      seed,
      numRuns: o.replay ? 1 : Math.max(1, left - shrinkShare(left)),
      ...(o.replay ? { path: o.replay.path, endOnFailure: true } : {}),
    });
    if (!details.failed || details.counterexample === null) {
      // Five rounds in a row that sent nothing (every value left out) end the search.
      idle = sent === sentBefore ? idle + 1 : 0;
      if (o.replay || details.numRuns === 0 || idle >= 5) break;
      continue;
    }
    const [value] = details.counterexample;
    const key = o.sameAs(value);
    if (!seen.has(key)) {
      seen.add(key);
      findings.push({
        property: o.property,
        seed: o.replay ? o.seed : seed,
        path: details.counterexamplePath ?? '',
        value,
        why: lastWhy,
        shrinks: details.numShrinks,
        ...(lastNote !== undefined ? { note: lastNote } : {}),
      });
    }
    if (o.replay) break;
  }
  return { findings, sent, serverErrors, statuses, rounds, ...(spent !== undefined ? { spent } : {}) };
}
