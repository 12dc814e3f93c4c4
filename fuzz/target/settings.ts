/**
 * The settings of a fuzz run against the target of a conformance run (`--fuzz N [--fuzz-seed S]`): how many requests
 * it may send, its seed, and, to replay one finding, the property and the fast-check path of its shrunk request. The
 * runner checks the options (suites/runner/fuzz-option.ts) and hands them to the fuzz test file through the
 * environment, as it hands the target file.
 */

/** Requests the fuzz may send (`--fuzz N`). */
export const FUZZ_ENV = 'CONFORMANCE_FUZZ';
/** Its seed, `S` or `S:PROPERTY:PATH` (`--fuzz-seed`). */
export const FUZZ_SEED_ENV = 'CONFORMANCE_FUZZ_SEED';
/** The conformance test file that fuzzes the target, from the repository root. */
export const FUZZ_TEST_FILE = 'fuzz/target/target.fuzz.test.ts';
/** Requests of `npm test`'s run of that file against the in-process fake (no `--fuzz`). */
export const NPM_TEST_REQUESTS = 240;
/** Its seed there: fixed, so that the test's title and what it sends stay the same from one `npm test` to the next. */
export const NPM_TEST_SEED = 20_261_202;
/** The most `--fuzz` takes: ten hours of one token's spec cap. */
export const MAX_FUZZ_REQUESTS = 10_000;

export interface FuzzReplay {
  /** The property the finding came from (`bodies`, `openai`, `anthropic`). */
  readonly property: string;
  /** fast-check's path of the shrunk counterexample (`3:0:1`). */
  readonly path: string;
}

export interface FuzzSettings {
  readonly requests: number;
  readonly seed: number;
  readonly replay?: FuzzReplay;
}

/** `--fuzz N`: a whole number from 1 to MAX_FUZZ_REQUESTS. */
export function parseFuzzRequests(text: string): number | { error: string } {
  if (!/^\d+$/.test(text.trim()) || Number(text) < 1 || Number(text) > MAX_FUZZ_REQUESTS)
    return { error: `--fuzz takes a number of requests from 1 to ${MAX_FUZZ_REQUESTS}, not "${text}"` };
  return Number(text);
}

const PROPERTY = /^[a-z][a-z-]*$/;

/** `--fuzz-seed S` or `S:PROPERTY:PATH` (what a finding's replay line gives). */
export function parseFuzzSeed(text: string): { seed: number; replay?: FuzzReplay } | { error: string } {
  const [seedText = '', property, ...path] = text.split(':');
  const bad = {
    error: `--fuzz-seed takes a seed (an integer) or SEED:PROPERTY:PATH as a finding prints it, not "${text}"`,
  };
  if (!/^-?\d+$/.test(seedText) || !Number.isSafeInteger(Number(seedText))) return bad;
  const seed = Number(seedText) | 0;
  if (property === undefined) return { seed };
  if (!PROPERTY.test(property) || path.length === 0 || !path.every((p) => /^\d+$/.test(p))) return bad;
  return { seed, replay: { property, path: path.join(':') } };
}

/** The seed as `--fuzz-seed` takes it back. */
export const seedText = (seed: number, replay?: FuzzReplay): string =>
  replay ? `${seed}:${replay.property}:${replay.path}` : String(seed);

/**
 * The settings the runner put in the environment; without them (`npm test`, the in-process fake) a short run with
 * a fixed seed.
 */
export function fuzzSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): FuzzSettings {
  const requestsText = env[FUZZ_ENV];
  const requests = requestsText === undefined ? NPM_TEST_REQUESTS : parseFuzzRequests(requestsText);
  if (typeof requests !== 'number') throw new Error(requests.error);
  const seedEnv = env[FUZZ_SEED_ENV];
  if (seedEnv === undefined) return { requests, seed: NPM_TEST_SEED };
  const parsed = parseFuzzSeed(seedEnv);
  if ('error' in parsed) throw new Error(parsed.error);
  return { requests, ...parsed };
}
