/**
 * `--fuzz N [--fuzz-seed S]` on the runner (issue 40, item 1): the fuzzer of fuzz/target/ runs against the target of
 * the run, in the same run, as one more conformance file (fuzz/target/target.fuzz.test.ts) that sends at most N
 * requests through the run's target client, so every request is drawn from the quota ledger and each server error is
 * a verdict item with its request and curl line. Checked here, handed to the file through the environment.
 */
import { randomInt } from 'node:crypto';
import {
  FUZZ_ENV,
  FUZZ_SEED_ENV,
  FUZZ_TEST_FILE,
  parseFuzzRequests,
  parseFuzzSeed,
  seedText,
} from '../../fuzz/target/settings.js';
import { conformanceFiles } from '../target/conformance-files.js';

export interface FuzzOption {
  readonly requests: number;
  /** `S` or `S:PROPERTY:PATH`, as given or drawn. */
  readonly seed: string;
}

/** Options that do not go with `--fuzz` (a run that plans, replays, records, splits or breaks its own tests). */
const CLASHES = [
  'replay',
  'record',
  'shard',
  'sensitivity',
  'budget',
  'check-provider-states',
  'preflight',
] as const;

type Values = Partial<Record<(typeof CLASHES)[number] | 'fuzz' | 'fuzz-seed', string | boolean | string[]>>;

/** The fuzz option of the command line: none, one to run, or the usage error. */
export function fuzzOptionOf(values: Values): FuzzOption | undefined | { error: string } {
  if (values.fuzz === undefined) {
    return values['fuzz-seed'] !== undefined ? { error: '--fuzz-seed goes with --fuzz N' } : undefined;
  }
  const clash = CLASHES.find((name) => values[name] !== undefined && values[name] !== false);
  if (clash)
    return { error: `--fuzz runs in a whole run against a deployment: it does not go with --${clash}` };
  const requests = parseFuzzRequests(String(values.fuzz));
  if (typeof requests !== 'number') return requests;
  const given = values['fuzz-seed'];
  if (given === undefined) return { requests, seed: seedText(randomInt(2 ** 31)) };
  const seed = parseFuzzSeed(String(given));
  return 'error' in seed ? seed : { requests, seed: String(given) };
}

/**
 * Puts the fuzz settings in the environment and the fuzz file among the run's files: the conformance files plus it
 * (vitest's `include`), and, where FILES narrow the run, it too.
 */
export function withFuzz(
  fuzz: FuzzOption | undefined,
  repoRoot: string,
  files: readonly string[],
): { include?: string[]; files: string[] } {
  delete process.env[FUZZ_ENV];
  delete process.env[FUZZ_SEED_ENV];
  if (!fuzz) return { files: [...files] };
  process.env[FUZZ_ENV] = String(fuzz.requests);
  process.env[FUZZ_SEED_ENV] = fuzz.seed;
  process.stdout.write(
    `conformance: fuzzing the target within ${fuzz.requests} requests, seed ${fuzz.seed} (${FUZZ_TEST_FILE})\n`,
  );
  const narrowed = files.length > 0 && !files.some((f) => FUZZ_TEST_FILE.includes(f));
  return {
    include: [...conformanceFiles(repoRoot), FUZZ_TEST_FILE],
    files: narrowed ? [...files, FUZZ_TEST_FILE] : [...files],
  };
}
