/**
 * A cassette: the interactions one test file (or one library session) had with a deployment, redacted, in the order
 * they were sent. A cassette set is a folder of them plus `target.json`, the redacted target config of the recording.
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { z } from 'zod';
import { TargetConfig } from '../contract/target-config.js';

export const CASSETTE_FORMAT = 'chatbot-platform-cassette/1';

export const RecordedBody = z.object({
  text: z.string(),
  /** Bytes that are not valid UTF-8 are kept as base64. */
  encoding: z.enum(['utf8', 'base64']).default('utf8'),
});
export type RecordedBody = z.infer<typeof RecordedBody>;

export const RecordedRequest = z.object({
  method: z.string(),
  /** Path and query on the deployment's origin, e.g. `/api/v1/getMyProjects`. */
  path: z.string(),
  headers: z.record(z.string(), z.string()),
  body: RecordedBody.optional(),
});
export type RecordedRequest = z.infer<typeof RecordedRequest>;

export const RecordedResponse = z.object({
  status: z.number().int(),
  headers: z.record(z.string(), z.string()),
  body: RecordedBody,
  /** `complete`: the body ended normally; `reset`: the connection failed after `body`; `aborted`: the client stopped reading. */
  ended: z.enum(['complete', 'reset', 'aborted']).default('complete'),
});
export type RecordedResponse = z.infer<typeof RecordedResponse>;

export const Interaction = z.object({
  /** Order in which the requests were sent (identical requests are answered in this order on replay). */
  seq: z.number().int().min(0),
  /** The vitest full name of the test that sent it, when known. */
  test: z.string().optional(),
  request: RecordedRequest,
  /** Absent when the request failed before any answer (`error` says how). */
  response: RecordedResponse.optional(),
  /** A network error before the answer's headers, e.g. `ECONNRESET`. */
  error: z.string().optional(),
  /** Time to the answer's headers (or the error). Replay waits as long when it is at least REPLAY_DELAY_FLOOR_MS. */
  elapsed_ms: z.number().min(0),
});
export type Interaction = z.infer<typeof Interaction>;

export const Cassette = z.object({
  format: z.literal(CASSETTE_FORMAT),
  name: z.string(),
  recorded_at: z.string(),
  target: z.object({ name: z.string(), kind: z.enum(['fake', 'real']) }),
  interactions: z.array(Interaction),
});
export type Cassette = z.infer<typeof Cassette>;

/**
 * A cassette set is a folder: `target.json`, the recorded target config with its credentials replaced by their
 * placeholders (usable as `--target`), `cassette-set.json` (this), and one `*.cassette.json` per test file.
 */
export const CassetteSetMeta = z.object({
  format: z.literal(CASSETTE_FORMAT),
  recorded_at: z.string(),
  /** What the harness used for its per-run unique names, so a replay sends the same requests. */
  run_tag: z.string(),
  /** The property tests' seed during the recording, for the same reason. */
  fc_seed: z.number().int(),
});
export type CassetteSetMeta = z.infer<typeof CassetteSetMeta>;

export const TARGET_FILE = 'target.json';
export const META_FILE = 'cassette-set.json';
const SUFFIX = '.cassette.json';

export const cassetteFile = (dir: string, name: string): string => join(dir, `${name}${SUFFIX}`);

export function writeJson(path: string, value: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(value, null, 1)}\n`);
}

function readJson(path: string, what: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new Error(`${what}: cannot read ${path} (${(err as Error).message})`);
  }
}

export function readCassetteSetMeta(dir: string): CassetteSetMeta {
  const path = join(dir, META_FILE);
  const parsed = CassetteSetMeta.safeParse(readJson(path, `no cassette set at ${dir}`));
  if (!parsed.success) throw new Error(`${path} is not a cassette set: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

export function readCassetteSetTarget(dir: string): TargetConfig {
  const path = join(dir, TARGET_FILE);
  const parsed = TargetConfig.safeParse(readJson(path, `no cassette set at ${dir}`));
  if (!parsed.success) throw new Error(`${path} is not a target config: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

export function readCassette(path: string): Cassette {
  const parsed = Cassette.safeParse(readJson(path, 'cassette'));
  if (!parsed.success) throw new Error(`${path} is not a cassette: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** Every cassette under `dir`, by name. A file that is not a cassette is an error, never skipped silently. */
export function readCassettes(dir: string): Map<string, Cassette> {
  const out = new Map<string, Cassette>();
  const walk = (d: string) => {
    for (const entry of readdirSync(d)) {
      const path = join(d, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (entry.endsWith(SUFFIX)) {
        out.set(relative(dir, path).slice(0, -SUFFIX.length).split('\\').join('/'), readCassette(path));
      }
    }
  };
  walk(dir);
  return out;
}
