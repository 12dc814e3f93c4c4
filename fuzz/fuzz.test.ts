/**
 * The fuzzer in `npm test`: a few thousand cases through the same engine as `npm run fuzz`, against the fake on a
 * port of this process, with the same checks; and a short run of the whole CLI path against the fake as a child
 * process (as `npm run fuzz` starts it), memory included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationOperations, platformOperations, ragOperations } from '../contract/index.js';
import { CHECKS } from './engine/checks.js';
import { type EngineResult, runEngine } from './engine/engine.js';
import { type FakeOnPort, fakeOnPort } from './fuzz.test-support.js';
import { fuzzChild } from './runner.js';

const ROOT = new URL('../', import.meta.url).pathname.replace(/\/$/, '');
const CASES = Number(process.env.FUZZ_TEST_CASES ?? 2_400);

describe('bounded fuzzing run against the fake on a port', () => {
  let fake: FakeOnPort;
  let run: EngineResult;
  beforeAll(async () => {
    fake = await fakeOnPort();
    run = await runEngine(fake.target, {
      seed: 20_261_122,
      cases: CASES,
      concurrency: 8,
      epochSize: CASES / 3,
      timeoutMs: 10_000,
      keepFindings: 10,
      serverRoots: [ROOT, process.cwd()],
    });
  }, 120_000);
  afterAll(() => fake.close());

  it(`${CASES} adversarial cases: no 5xx, no escaped error, every answer complete [ERR-NEVER-5XX, FUZZ-NO-CRASH]`, () => {
    const { tally } = run;
    expect(tally.total).toBe(CASES);
    expect(tally.notSent, 'cases the client refused to send').toBe(0);
    expect(tally.findings).toEqual([]);
    expect(tally.checks['no-5xx']).toEqual({ pass: CASES, fail: 0 });
    expect(tally.checks.answered).toEqual({ pass: CASES, fail: 0 });
    expect(fake.unexpected).toEqual([]);
  });

  it('every answer is the envelope, the native RAG shape or a valid success, with no internal detail [FUZZ-ERROR-SHAPE, FUZZ-NO-LEAK, ERR-ENVELOPE, RAG-ERROR-SHAPE, CONV-RESPONSE-JSON, FAKE-HTTP-LAYER-ENVELOPE]', () => {
    for (const check of CHECKS) expect(run.tally.checks[check], check).toEqual({ pass: CASES, fail: 0 });
  });

  it('the state is consistent and every list answers after each epoch [FUZZ-STATE-CONSISTENT, FAKE-CONSISTENCY-CHECK]', () => {
    expect(run.epochs).toHaveLength(3);
    for (const e of run.epochs) {
      expect(e.state.consistency.violations).toEqual([]);
      expect(e.state.lists.filter((l) => !l.ok)).toEqual([]);
      expect(e.state.lists.length).toBeGreaterThanOrEqual(9);
    }
  });

  it('the run reaches every operation and family, successes included, and every kind of raw request [FUZZ-ERROR-SHAPE]', () => {
    const { byTarget, byKind } = run.tally;
    for (const op of [...platformOperations, ...integrationOperations, ...ragOperations]) {
      expect(byTarget[op.id]?.cases ?? 0, op.id).toBeGreaterThan(0);
    }
    for (const target of ['unknown-route', 'wrong-method', 'control-no-secret']) {
      expect(byTarget[target]?.cases ?? 0, target).toBeGreaterThan(0);
    }
    const successes = (ids: readonly { id: string }[]) =>
      ids.reduce((n, op) => n + (byTarget[op.id]?.statuses['200'] ?? 0), 0);
    expect(successes(platformOperations)).toBeGreaterThan(0);
    expect(successes(integrationOperations)).toBeGreaterThan(0);
    expect(successes(ragOperations)).toBeGreaterThan(0);
    expect(Object.keys(byKind).filter((k) => k.startsWith('raw: ')).length).toBeGreaterThanOrEqual(20);
    expect(Object.keys(run.tally.byStatus).filter((s) => Number(s) >= 500)).toEqual([]);
  });
});

describe('npm run fuzz, the whole path against the fake as a child process', () => {
  it('a short run passes every check, memory judged, and stops the child [FUZZ-NO-CRASH, FUZZ-MEMORY-STABLE]', async () => {
    const lines: string[] = [];
    const outcome = await fuzzChild(
      {
        seed: 5,
        cases: 300,
        concurrency: 8,
        epoch: 100,
        timeoutMs: 10_000,
        findings: 10,
        warmupCases: 0,
        serverRoots: [ROOT],
      },
      (l) => lines.push(l),
    );
    expect(outcome.engine.tally.findings).toEqual([]);
    expect(outcome.runChecks.map((c) => [c.name, c.ok])).toEqual([
      ['alive at the end', true],
      ['no unexpected error logged', true],
      ['state consistent after every epoch', true],
      ['list operations answer after every epoch', true],
      ['memory stable', true],
    ]);
    expect(outcome.memory.skipped).toBeUndefined();
    expect(outcome.memory.heapAfterGc?.samples).toBe(3);
    expect(outcome.ok).toBe(true);
    expect(lines[0]).toMatch(/^fuzz: the fake \(pid \d+\) listens on http:\/\/127\.0\.0\.1:\d+$/);
    const pid = Number(/pid (\d+)/.exec(lines[0]!)?.[1]);
    expect(() => process.kill(pid, 0), 'the child is gone').toThrow();
  }, 90_000);
});
