/**
 * A report of a whole run's scale for the size and first-screen tests (REPORT-HTML-SIZE): 2,400 tests over 60 files
 * citing the real clause catalogue (550 clauses) as a whole run does, built by buildReport. Passing, or failing as a
 * broken deployment makes it fail: 249 tests red over 64 clauses with their exchanges, 27 server errors of one cause,
 * 30 tests without an answer and one whose burst left 600 requests unanswered. Deterministic (a seeded generator).
 */
import { clauses } from '../../contract/clauses/index.js';
import type { TestOutcome } from './clause-matrix.js';
import { accessCell, deepNestingServerError, reworded401 } from './outcomes.test-support.js';
import { buildReport, type ConformanceReport } from './report.js';

export const TESTS = 2400;
const FILES = 60;

/** mulberry32: a small seeded generator, so every run builds the same report. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = [
  'getSessions',
  'rejects a limit of 101',
  'answers in the success envelope',
  'with a viewer token',
  'orders by id ascending by default',
  'the second page starts after the first',
  'a deactivated token gets 401',
  'keeps the saved model when agent_setting has none',
  'in its native shape with sources',
];

const api = clauses.filter((c) => !c.id.startsWith('HARNESS-') && !c.id.startsWith('REPORT-'));

/** The outcomes of a passing whole run: every clause cited, a few tests skipped with their reason. */
export function wholeRunOutcomes(seed = 39): TestOutcome[] {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return Array.from({ length: TESTS }, (_, i): TestOutcome => {
    // Every clause is cited at least once; a test cites one to four.
    const cited = [api[i % api.length], ...Array.from({ length: Math.floor(next() * 4) }, () => pick(api))]
      .map((c) => c?.id)
      .filter((id, k, all): id is string => id !== undefined && all.indexOf(id) === k);
    const skipped = next() < 0.03;
    return {
      fullName: `${pick(WORDS)} > ${pick(WORDS)}, ${pick(WORDS)} (case ${i}) [${cited.join(', ')}]`,
      file: `suites/${pick(['platform', 'integration', 'rag', 'properties', 'conventions'])}/file-${i % FILES}.test.ts`,
      state: skipped ? 'skipped' : 'passed',
      durationMs: Math.round(next() * 400),
      ...(skipped ? { skipReason: 'not checkable here: the target config has no editor token' } : {}),
      requests: { 'platform|the owner token': 1 + Math.floor(next() * 20) },
    };
  });
}

/** The same run against a broken deployment: 249 failed tests over 64 clauses, server errors and silence. */
export function brokenRunOutcomes(): TestOutcome[] {
  const outcomes = wholeRunOutcomes();
  const documented = api.filter((c) => c.kind === 'documented').slice(0, 64);
  for (let i = 0; i < 249; i++) {
    const clause = documented[i % documented.length]?.id as string;
    const base =
      i % 3 === 0
        ? accessCell(['owner', 'editor', 'viewer'][i % 3] as string, 'viewer', i)
        : reworded401('getMyProjects', 'a test-made credential', 'suites/platform/authentication.test.ts', i);
    const { titleIds: _t, clauseIds: _c, ...failed } = base;
    const message = `${failed.errorMessage}\n${'x'.repeat(600)}`;
    outcomes[i * 9] = {
      ...failed,
      fullName: `${outcomes[i * 9]?.fullName} [${clause}]`,
      errorMessage: message,
      boundFailures: [{ clauseIds: [clause], message }],
      failedClauses: [clause],
    };
  }
  for (let i = 0; i < 27; i++) outcomes[i * 9 + 4] = deepNestingServerError('getMyProjects', i);
  for (let i = 0; i < 30; i++)
    outcomes[i * 9 + 5] = {
      ...(outcomes[i * 9 + 5] as TestOutcome),
      state: 'inconclusive',
      skipReason: 'no answer: POST /api/v1/getStats waited 30000 ms with 8 request(s) in flight',
      noAnswers: [
        { request: `POST /api/v1/getStats\n\n{"project_uid":"p${i}"}`, elapsedMs: 30_000, inFlight: 8 },
      ],
    };
  // A burst of 1,500 requests at once of which 600 got no answer, as a rate-cap test against a struggling target.
  outcomes[7] = {
    ...(outcomes[7] as TestOutcome),
    state: 'inconclusive',
    skipReason: 'no answer (connection reset): POST /api/v1/getSupportedModels after 9389 ms',
    noAnswers: Array.from({ length: 600 }, (_, n) => ({
      request: `POST /api/v1/getSupportedModels\nauthorization: Bearer api-v1-redacted${String(n).padStart(16, '0')}\n\n{}`,
      elapsedMs: 9389,
      inFlight: 915,
    })),
  };
  return outcomes;
}

export const reportOf = (outcomes: readonly TestOutcome[], kind: 'fake' | 'real'): ConformanceReport =>
  buildReport({
    catalogue: clauses,
    outcomes,
    target: { name: kind === 'fake' ? 'in-process fake' : 'staging', kind },
    generatedAt: '2026-12-02T00:00:00.000Z',
  });
