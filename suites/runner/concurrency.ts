/**
 * `--concurrency N`: how many test files run side by side against a deployment (HARNESS-CONCURRENT-FILES). Over a
 * network a file's time is its requests' round trips, not the machine's CPU, so several files at once shorten the run
 * without loading the machine. What keeps them apart is the run coordinator (suites/target/run-coordinator.ts): each
 * file holds its claims on the target's shared data (suites/target/shared-data.ts) and draws every request from one
 * quota bank. A target with a control API (the fake) is reset by the suites before each file: its files run one at a
 * time whatever N is.
 */
import { relative, sep } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import type { TargetConfig } from '../../contract/index.js';
import { claimsOf, RUN_RESOURCE } from '../target/shared-data.js';

/** Files side by side against a deployment unless `--concurrency` says otherwise. */
export const DEFAULT_CONCURRENCY = 8;
export const MAX_CONCURRENCY = 32;

export interface Concurrency {
  readonly files: number;
  /** Said before the run starts, when N was changed or is the default. */
  readonly note?: string;
}

/** The concurrency of a run against `config`, or why the option's value is refused. */
export function concurrencyOf(
  given: string | undefined,
  config: TargetConfig,
): Concurrency | { readonly error: string } {
  let files = DEFAULT_CONCURRENCY;
  if (given !== undefined) {
    if (!/^\d+$/.test(given.trim()) || Number(given) < 1 || Number(given) > MAX_CONCURRENCY)
      return { error: `--concurrency takes a whole number from 1 to ${MAX_CONCURRENCY}, not "${given}"` };
    files = Number(given);
  }
  if (config.control && files > 1)
    return {
      files: 1,
      ...(given !== undefined
        ? {
            note: `--concurrency ${given}: the target has a control API, which the suites reset before each file, so its files run one at a time`,
          }
        : {}),
    };
  return {
    files,
    ...(given === undefined && files > 1
      ? {
          note: `${files} test files at a time (--concurrency ${files}, the default against a deployment; --concurrency 1 runs them one by one)`,
        }
      : {}),
  };
}

/**
 * The order files are started in. A file waits for its claims in a worker of its own, so the queue is laid out to
 * make waits short: first the files that claim nothing (they never wait, and the longest of them start at once),
 * then the files that read shared data (they conflict with one another through what they also write, and run mostly
 * one after another, on the target's data as it was before the writers add to it), then the files that only write
 * (they run beside each other once the readers are done), and files that must run alone last. Within each, vitest's
 * own order. Measured at 40 ms round trip (bench/latency.ts, docs/qa-staging.md "Concurrency"): readers first
 * 112 to 126 s; writers first 120 s (the readers' page walks grow with what the writers added); this order 95 to 106 s.
 */
export class SharedDataSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const c = claimsOf(relative(spec.project.config.root, spec.moduleId).split(sep).join('/'));
      if (c.alone !== undefined) return 3;
      if (c.claims.some((x) => x.mode === 'read' && x.resource !== RUN_RESOURCE)) return 1;
      return c.claims.some((x) => x.mode === 'write') ? 2 : 0;
    };
    return [0, 1, 2, 3].flatMap((r) => sorted.filter((s) => rank(s) === r));
  }
}
