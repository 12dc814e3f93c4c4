/**
 * One fuzzing run against the fake as a child process: start it, sample its memory, run the engine, then the
 * run-level checks, and stop it (its whole process group) whatever happens.
 */
import type { FuzzCase } from './case.js';
import { startFakeChild } from './child/spawn-fake.js';
import type { CheckResult } from './engine/checks.js';
import { type EngineResult, type EpochReport, runEngine } from './engine/engine.js';
import type { Exchange } from './engine/exchange.js';
import { judgeMemory, type MemoryPoint, type MemoryVerdict, mib, readRss } from './memory.js';
import { aliveCheck, memoryCheck, type RunCheck, stateChecks, unexpectedErrorsCheck } from './run-checks.js';

export interface RunSettings {
  seed: number;
  cases: number;
  concurrency: number;
  epoch: number;
  timeoutMs: number;
  findings: number;
  only?: number;
  /** Cases before memory is judged (default: the larger of one epoch and 10% of the run). */
  warmupCases?: number;
  /** Directories that must never show in an answer. */
  serverRoots: readonly string[];
  onCase?: (index: number, c: FuzzCase, exchange: Exchange, results: readonly CheckResult[]) => void;
}

export interface RunOutcome {
  settings: Omit<RunSettings, 'onCase' | 'serverRoots'>;
  engine: EngineResult;
  memory: MemoryVerdict;
  rssSamples: MemoryPoint[];
  heapSamples: MemoryPoint[];
  runChecks: RunCheck[];
  ok: boolean;
}

export async function fuzzChild(settings: RunSettings, log: (line: string) => void): Promise<RunOutcome> {
  const fake = await startFakeChild();
  const rssSamples: MemoryPoint[] = [];
  const heapSamples: MemoryPoint[] = [];
  let done = 0;
  const sampler = setInterval(() => {
    const bytes = readRss(fake.pid);
    if (bytes !== undefined) rssSamples.push({ done, bytes });
  }, 1_000);
  try {
    const origin = new URL(fake.target.base_url).origin;
    log(`fuzz: the fake (pid ${fake.pid}) listens on ${origin}`);
    const started = performance.now();
    const total = settings.only !== undefined ? 1 : settings.cases;
    // About twenty progress lines, whatever the length of the run.
    const logEvery = Math.max(1, Math.round(total / settings.epoch / 20));
    const engine = await runEngine(
      { origin, control: fake.target.control! },
      {
        seed: settings.seed,
        cases: settings.cases,
        concurrency: settings.concurrency,
        epochSize: settings.epoch,
        timeoutMs: settings.timeoutMs,
        keepFindings: settings.findings,
        serverRoots: settings.serverRoots,
        ...(settings.only !== undefined ? { only: settings.only } : {}),
        onCase: (...args) => {
          done += 1;
          settings.onCase?.(...args);
        },
        afterEpoch: async (e: EpochReport) => {
          const heap = await fake.heap();
          if (heap?.collected) heapSamples.push({ done: e.done, bytes: heap.heapUsed });
          if ((e.epoch + 1) % logEvery !== 0 && e.done < total) return;
          const seconds = (performance.now() - started) / 1000;
          const state = e.state.consistency.consistent
            ? 'consistent'
            : `${e.state.consistency.violationCount} violations`;
          const rss = readRss(fake.pid);
          log(
            `  ${String(e.done).padStart(7)} cases, ${seconds.toFixed(0)} s (${Math.round(e.done / seconds)}/s); state ${state}` +
              (heap ? `; heap after GC ${mib(heap.heapUsed)}` : '') +
              (rss !== undefined ? `, RSS ${mib(rss)}` : ''),
          );
        },
      },
    );
    clearInterval(sampler);
    const warmup = settings.warmupCases ?? Math.max(settings.epoch, Math.round(settings.cases / 10));
    const memory = judgeMemory(rssSamples, heapSamples, warmup);
    const runChecks = [
      await aliveCheck(fake.alive(), fake.target),
      unexpectedErrorsCheck(fake.unexpectedErrors()),
      ...stateChecks(engine.epochs),
      ...(settings.only === undefined ? [memoryCheck(memory)] : []),
    ];
    const { onCase: _onCase, serverRoots: _roots, ...shown } = settings;
    return {
      settings: shown,
      engine,
      memory,
      rssSamples,
      heapSamples,
      runChecks,
      ok: engine.tally.clean && runChecks.every((c) => c.ok),
    };
  } catch (err) {
    // The run could not go on (the fake stopped answering): say how the fake ended and what it last wrote.
    const status = fake.alive() ? 'still running' : `exited (${fake.exitStatus()})`;
    throw new Error(
      `the run stopped after ${done} cases: ${(err as Error).message}\nthe fake ${status}; its stderr ends with:\n${fake.stderrTail().join('\n')}`,
    );
  } finally {
    clearInterval(sampler);
    await fake.stop();
  }
}
