/**
 * What a run cost (issue 34, "say what it costs"): the requests it sent per API family and per credential (the target
 * config's names, never values), and its slowest test files with their requests, from what each test counted
 * (suites/target/request-count.ts).
 */
import type { TestOutcome } from './clause-matrix.js';

export interface RunCosts {
  readonly requests: number;
  /** Requests per family: platform, integration, rag, other. */
  readonly byFamily: Readonly<Record<string, number>>;
  /** Requests per credential, by the target config's name for it. */
  readonly byCredential: Readonly<Record<string, number>>;
  /** The slowest test files, slowest first: their tests' time added up, and the requests they sent. */
  readonly slowestFiles: readonly {
    readonly file: string;
    readonly durationMs: number;
    readonly requests: number;
  }[];
}

/** Files listed as slowest. */
const SLOWEST = 5;

const add = (into: Record<string, number>, key: string, n: number) => {
  into[key] = (into[key] ?? 0) + n;
};

export function costsOf(outcomes: readonly TestOutcome[]): RunCosts {
  const byFamily: Record<string, number> = {};
  const byCredential: Record<string, number> = {};
  const files = new Map<string, { durationMs: number; requests: number }>();
  let requests = 0;
  for (const t of outcomes) {
    const file = files.get(t.file) ?? { durationMs: 0, requests: 0 };
    file.durationMs += t.durationMs;
    for (const [key, n] of Object.entries(t.requests ?? {})) {
      const [family = 'other', credential = 'no credential'] = key.split('|');
      add(byFamily, family, n);
      add(byCredential, credential, n);
      file.requests += n;
      requests += n;
    }
    files.set(t.file, file);
  }
  const slowestFiles = [...files.entries()]
    .map(([file, f]) => ({ file, durationMs: Math.round(f.durationMs), requests: f.requests }))
    .sort((a, b) => b.durationMs - a.durationMs || a.file.localeCompare(b.file))
    .slice(0, SLOWEST);
  return { requests, byFamily, byCredential, slowestFiles };
}

const list = (counts: Readonly<Record<string, number>>): string =>
  Object.entries(counts)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([name, n]) => `${name} ${n}`)
    .join(', ');

/** `requests: 3514 sent (platform 2900, integration 400, rag 214); by credential: the owner token 1800, …` */
export const costsLine = (c: RunCosts): string =>
  `requests: ${c.requests} sent${c.requests > 0 ? ` (${list(c.byFamily)}); by credential: ${list(c.byCredential)}` : ''}`;
