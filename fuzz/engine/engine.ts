/**
 * The fuzzing engine: cases in epochs. Each epoch resets the fake to its seeded state, draws its cases from the
 * context read after the reset, sends them with bounded concurrency, checks every answer, then checks the state
 * the epoch left (consistency and list operations). The same engine serves `npm run fuzz` and the bounded test.
 */

import { fuzzCaseArb } from '../arbitraries/request.js';
import type { FuzzCase } from '../case.js';
import { checkState, type StateCheck } from './after-epoch.js';
import { ControlClient } from './api-client.js';
import { drawCase } from './case-seed.js';
import { type CheckResult, checkExchange } from './checks.js';
import type { Exchange } from './exchange.js';
import { HttpSender } from './http-client.js';
import { LeakDetector } from './leak.js';
import { prepareEpoch } from './prepare.js';
import { sendRaw } from './raw-client.js';
import { Tally } from './tally.js';

export interface FuzzTarget {
  /** `http://127.0.0.1:PORT` */
  origin: string;
  control: { url: string; secret: string };
}

export interface EngineOptions {
  seed: number;
  cases: number;
  concurrency: number;
  /** Cases between two resets of the fake; the state is checked at the end of each. */
  epochSize: number;
  /** Longest wait for one answer. */
  timeoutMs: number;
  /** Directories of the server that must never show in an answer. */
  serverRoots: readonly string[];
  /** How many failed checks to keep with their requests (default 20). */
  keepFindings?: number;
  /** Replay: run only this case (still in a fresh epoch). */
  only?: number;
  /** After each epoch and its state check (memory sampling, progress). */
  afterEpoch?: (epoch: EpochReport) => Promise<void>;
  /** Every case, as it completes (replay prints them). */
  onCase?: (index: number, c: FuzzCase, exchange: Exchange, results: readonly CheckResult[]) => void;
}

export interface EpochReport {
  epoch: number;
  firstCase: number;
  cases: number;
  state: StateCheck;
  /** Cases done so far in the run. */
  done: number;
}

export interface EngineResult {
  tally: Tally;
  epochs: EpochReport[];
  durationMs: number;
}

/** Run `work(i)` for i in [0, count) with at most `concurrency` at a time. */
async function pool(count: number, concurrency: number, work: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next;
      next += 1;
      await work(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}

export async function runEngine(target: FuzzTarget, options: EngineOptions): Promise<EngineResult> {
  const started = performance.now();
  const control = new ControlClient(target.control.url, target.control.secret);
  const origin = new URL(target.origin);
  const raw = { host: origin.hostname, port: Number(origin.port) };
  const sender = new HttpSender(target.origin, options.concurrency, options.timeoutMs);
  const leaks = new LeakDetector(options.serverRoots);
  const tally = new Tally(options.seed, options.keepFindings ?? 20);
  const epochs: EpochReport[] = [];
  const indexes = options.only !== undefined ? [options.only] : undefined;
  // Building the arbitraries costs most of a second; every reset gives the same context, so build once per context.
  let built: { key: string; arb: ReturnType<typeof fuzzCaseArb> } | undefined;
  const total = indexes ? 1 : options.cases;
  try {
    for (let first = 0, epoch = 0; first < total; first += options.epochSize, epoch += 1) {
      const count = Math.min(options.epochSize, total - first);
      const { ctx, target: config } = await prepareEpoch(control);
      const key = JSON.stringify(ctx);
      if (built?.key !== key) built = { key, arb: fuzzCaseArb(ctx) };
      const arb = built.arb;
      await pool(count, options.concurrency, async (j) => {
        const index = indexes ? indexes[j]! : first + j;
        const c = drawCase(arb, options.seed, index);
        const sentAt = performance.now();
        const exchange =
          c.transport === 'http' ? await sender.send(c) : await sendRaw(raw, c, options.timeoutMs);
        exchange.elapsedMs = performance.now() - sentAt;
        const results = exchange.notSent ? [] : checkExchange(c, exchange, leaks);
        tally.add(index, c, exchange, results);
        options.onCase?.(index, c, exchange, results);
      });
      const report: EpochReport = {
        epoch,
        firstCase: first,
        cases: count,
        state: await checkState(control, config),
        done: first + count,
      };
      epochs.push(report);
      await options.afterEpoch?.(report);
    }
  } finally {
    await sender.close();
  }
  return { tally, epochs, durationMs: performance.now() - started };
}
