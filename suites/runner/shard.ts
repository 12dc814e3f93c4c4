/**
 * A shard of a conformance run (`--shard i/n`): vitest's own sharding runs a deterministic 1/n of the selected test
 * files and its blob reporter keeps their results; beside the blob, a manifest says which shard of which run it is.
 * `merge` (merge.ts) accepts a set of shards only when it is whole: every index of one split once, of one target,
 * one selection and one suite (HARNESS-SHARDED-RUN). A partial set never becomes a verdict.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

export interface Shard {
  readonly index: number;
  readonly count: number;
}

/** `i/n` with 1 ≤ i ≤ n, or why not. */
export function parseShard(text: string): Shard | { readonly error: string } {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  if (!m) return { error: `--shard takes i/n (e.g. 2/3), not "${text}"` };
  const index = Number(m[1]);
  const count = Number(m[2]);
  if (count < 1) return { error: `--shard ${text}: n must be at least 1` };
  if (index < 1 || index > count) return { error: `--shard ${text}: i must be from 1 to ${count}` };
  return { index, count };
}

export const shardLabel = (s: Shard): string => `${s.index}/${s.count}`;

/** What the manifest and the blob of a shard are called inside its result folder. */
export const SHARD_FILES = { manifest: 'shard.json', blob: 'blob.json' } as const;
const FORMAT = 'chatbot-platform-conformance-shard';

export const ShardManifest = z.object({
  format: z.literal(FORMAT),
  version: z.literal(1),
  shard: z.object({ index: z.number().int().min(1), count: z.number().int().min(1) }),
  /** The target as the report names it (no credentials). */
  target: z.object({ name: z.string(), kind: z.enum(['fake', 'real']), base_url: z.string() }),
  /** What the run selected: `--filter` and the FILES arguments; every shard of one run has the same. */
  selection: z.object({ filter: z.string().optional(), files: z.array(z.string()) }),
  vitest: z.string(),
  /** Every test file of the selection before sharding, sorted: the suite the shards split. */
  suite: z.array(z.string()),
  /** This shard's test files. */
  files: z.array(z.string()),
  /** What the shard said about its credentials before sending a request (shard-credentials.ts). */
  credentials: z.array(z.string()),
  started_at: z.string(),
  finished_at: z.string(),
});
export type ShardManifest = z.infer<typeof ShardManifest>;

export const newManifest = (m: Omit<ShardManifest, 'format' | 'version'>): ShardManifest => ({
  format: FORMAT,
  version: 1,
  ...m,
});

export interface FoundShard {
  /** The shard's result folder. */
  readonly dir: string;
  readonly manifest: ShardManifest;
}

/** Folders under `dir` (itself included, at most `depth` levels down) that hold a shard manifest, sorted. */
function resultFolders(dir: string, depth: number): string[] {
  if (existsSync(join(dir, SHARD_FILES.manifest))) return [dir];
  if (depth === 0) return [];
  return readdirSync(dir)
    .sort()
    .map((name) => join(dir, name))
    .filter((sub) => statSync(sub).isDirectory())
    .flatMap((sub) => resultFolders(sub, depth - 1));
}

/**
 * The shard results under the given folders: a folder holding a shard.json is one; else the folders below it that
 * hold one, two levels deep at most (a CI job's downloaded artifacts: shards/<artifact>/shard-i-of-n/). Each must
 * hold its blob too.
 */
export function findShards(dirs: readonly string[]): FoundShard[] | { readonly error: string } {
  const found: FoundShard[] = [];
  for (const given of dirs) {
    const dir = resolve(given);
    if (!existsSync(dir) || !statSync(dir).isDirectory()) return { error: `${given}: no such folder` };
    const candidates = resultFolders(dir, 2);
    if (candidates.length === 0)
      return { error: `${given}: no shard result (${SHARD_FILES.manifest}) in it or the folders below it` };
    for (const candidate of candidates) {
      const read = readManifest(candidate);
      if ('error' in read) return read;
      found.push({ dir: candidate, manifest: read });
    }
  }
  return found;
}

function readManifest(dir: string): ShardManifest | { readonly error: string } {
  const path = join(dir, SHARD_FILES.manifest);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    return { error: `${path}: not valid JSON (${(err as Error).message})` };
  }
  const parsed = ShardManifest.safeParse(json);
  if (!parsed.success) return { error: `${path}: not a shard manifest (${z.prettifyError(parsed.error)})` };
  if (!existsSync(join(dir, SHARD_FILES.blob)))
    return { error: `${dir}: ${SHARD_FILES.blob} is missing beside ${SHARD_FILES.manifest}` };
  return parsed.data;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * One deployment: the same base_url and name. Shards against the fake each need a fake of their own (the suites reset
 * it), so fakes on other ports count as one target.
 */
const sameTarget = (a: ShardManifest['target'], b: ShardManifest['target']) =>
  a.kind === b.kind && (a.kind === 'fake' || (a.base_url === b.base_url && a.name === b.name));

/** The merged report's target name: the one name, or each fake's. */
export const mergedTargetName = (shards: readonly FoundShard[]): string =>
  [...new Set(shards.map((s) => s.manifest.target.name))].join(' + ');

/**
 * Whether the shards make one whole run: one split (n), one target, one selection, one vitest, one suite, each index
 * from 1 to n exactly once, and their files adding up to the suite with none run twice. The first reason not, else
 * the shards in index order.
 */
export function wholeRun(
  shards: readonly FoundShard[],
): { readonly ok: true; readonly shards: FoundShard[] } | { readonly ok: false; readonly error: string } {
  const first = shards[0];
  if (!first) return { ok: false, error: 'no shard results given' };
  const m0 = first.manifest;
  const at = (s: FoundShard) => `${shardLabel(s.manifest.shard)} (${s.dir})`;
  for (const s of shards.slice(1)) {
    const m = s.manifest;
    const differ = (what: string) => ({
      ok: false as const,
      error: `shard ${at(s)} and shard ${at(first)} are not of one run: ${what} differ`,
    });
    if (m.shard.count !== m0.shard.count)
      return differ(`their splits (n = ${m.shard.count} and ${m0.shard.count})`);
    if (!sameTarget(m.target, m0.target)) return differ('their targets');
    if (!same(m.selection, m0.selection)) return differ('their selections (--filter, FILES)');
    if (m.vitest !== m0.vitest) return differ(`their vitest versions (${m.vitest} and ${m0.vitest})`);
    if (!same(m.suite, m0.suite)) return differ('their suites (test files)');
  }
  const count = m0.shard.count;
  const byIndex = new Map<number, FoundShard>();
  for (const s of shards) {
    const twin = byIndex.get(s.manifest.shard.index);
    if (twin)
      return {
        ok: false,
        error: `shard ${shardLabel(s.manifest.shard)} is given twice: ${twin.dir} and ${s.dir}`,
      };
    byIndex.set(s.manifest.shard.index, s);
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !byIndex.has(i));
  if (missing.length > 0)
    return {
      ok: false,
      error: `shard ${missing.map((i) => `${i}/${count}`).join(', ')} missing (given: ${[...byIndex.keys()]
        .sort((a, b) => a - b)
        .map((i) => `${i}/${count}`)
        .join(
          ', ',
        )}): a verdict without ${missing.length === 1 ? 'it' : 'them'} would pass off part of the suite as the whole`,
    };
  const ranBy = new Map<string, Shard>();
  for (const s of shards)
    for (const file of s.manifest.files) {
      const other = ranBy.get(file);
      if (other)
        return {
          ok: false,
          error: `${file} ran in shard ${shardLabel(other)} and in shard ${shardLabel(s.manifest.shard)}`,
        };
      ranBy.set(file, s.manifest.shard);
    }
  const notRun = m0.suite.filter((file) => !ranBy.has(file));
  if (notRun.length > 0)
    return {
      ok: false,
      error: `no shard ran ${notRun.slice(0, 3).join(', ')}${notRun.length > 3 ? ` and ${notRun.length - 3} more` : ''}`,
    };
  const ordered = [...byIndex.entries()].sort(([a], [b]) => a - b).map(([, s]) => s);
  return { ok: true, shards: ordered };
}
