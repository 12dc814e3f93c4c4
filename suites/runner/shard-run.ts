/**
 * `--shard i/n`: one shard of a conformance run (HARNESS-SHARDED-RUN). Vitest's own sharding picks a deterministic
 * 1/n of the selected test files (by a hash of each file's path, the same on every machine); its blob reporter keeps
 * their results in `<out>/shard-<i>-of-<n>/blob.json`, beside a manifest (shard.ts). The shard's credentials are
 * dealt first (shard-credentials.ts) and what it was given is printed before any request. The verdict is the merge's
 * (merge.ts): a shard exits 0 once its result is written, whatever its tests did.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import type { TargetConfig } from '../../contract/index.js';
import { TARGET_ENV } from '../reporting/target-info.js';
import { budgetFor } from '../target/request-budget.js';
import { shardCredentials } from '../target/shard-credentials.js';
import { newManifest, SHARD_FILES, type Shard, shardLabel } from './shard.js';
import { EXIT_CODES } from './verdict-output.js';

export interface ShardRun {
  readonly repoRoot: string;
  readonly shard: Shard;
  readonly config: TargetConfig;
  /** The reports folder: the shard's result goes to its `shard-<i>-of-<n>` sub-folder. */
  readonly outDir: string;
  /** The FILES arguments. */
  readonly files: readonly string[];
  readonly filter?: RegExp;
  /** How the merge is started, for the closing line (`npm run conformance -- merge` or the bin's). */
  readonly program: string;
}

export const shardDir = (outDir: string, s: Shard): string => join(outDir, `shard-${s.index}-of-${s.count}`);

const say = (line: string) => process.stdout.write(`${line}\n`);

/** What is left of each dealt token's request budget this hour, from the quota ledger. */
function ledgerLines(config: TargetConfig, label: string): string[] {
  const budget = budgetFor(config, config.control !== undefined);
  if (!budget) return [];
  const values = [...Object.values(config.tokens), ...Object.values(config.token_pools ?? {}).flat()];
  const left = [...new Set(values)].filter((v): v is string => !!v).map((v) => budget.remaining(v));
  const lines = [
    `${label}: quota ledger: ${left.length} token${left.length === 1 ? '' : 's'}, ${Math.min(...left)} to ${Math.max(...left)} requests left of ${budget.perToken} each this hour`,
  ];
  if (config.project_key)
    lines.push(
      `${label}: quota ledger: ${budget.remaining(config.project_key, 'rag')} RAG requests left of ${budget.perRagKey} on the project key`,
    );
  return lines;
}

export async function runShard(o: ShardRun): Promise<number> {
  const label = `shard ${shardLabel(o.shard)}`;
  const dir = shardDir(o.outDir, o.shard);
  const blob = join(dir, SHARD_FILES.blob);
  const manifestPath = join(dir, SHARD_FILES.manifest);
  // A stale result must never be merged as this run's.
  rmSync(blob, { force: true });
  rmSync(manifestPath, { force: true });
  mkdirSync(dir, { recursive: true });

  const dealt = shardCredentials(o.config, o.shard);
  for (const note of dealt.notes) say(note);
  if (dealt.config.control === undefined) for (const line of ledgerLines(dealt.config, label)) say(line);
  let privateDir: string | undefined;
  if (dealt.config !== o.config) {
    // The dealt config holds credentials: a private file outside the reports, removed after the run.
    privateDir = mkdtempSync(join(tmpdir(), 'conformance-shard-'));
    const path = join(privateDir, 'target.json');
    writeFileSync(path, `${JSON.stringify(dealt.config, null, 2)}\n`, { mode: 0o600 });
    process.env[TARGET_ENV] = path;
  }
  const rel = (moduleId: string) => relative(o.repoRoot, moduleId).split(sep).join('/');
  const startedAt = new Date().toISOString();
  try {
    const { createVitest } = await import('vitest/node');
    const vitest = await createVitest('test', {
      root: o.repoRoot,
      run: true,
      watch: false,
      shard: shardLabel(o.shard),
      // More shards than files leaves a shard none: its (empty) result still completes the set.
      passWithNoTests: true,
      reporters: ['default', ['blob', { outputFile: blob }]],
      ...(o.filter ? { testNamePattern: o.filter } : {}),
    });
    const suite = [
      ...new Set((await vitest.globTestSpecifications([...o.files])).map((s) => rel(s.moduleId))),
    ].sort();
    await vitest.start([...o.files]);
    const modules = vitest.state.getTestModules();
    await vitest.close();
    const tests = modules.flatMap((m) => [...m.children.allTests()].map((t) => t.result().state));
    const count = (state: string) => tests.filter((s) => s === state).length;
    if (!existsSync(blob)) {
      process.stderr.write(`conformance: ${label} wrote no result (${blob}) → FAIL\n`);
      return EXIT_CODES.fail;
    }
    const manifest = newManifest({
      shard: { index: o.shard.index, count: o.shard.count },
      target: { name: o.config.name, kind: o.config.kind, base_url: o.config.base_url },
      selection: { ...(o.filter ? { filter: o.filter.source } : {}), files: [...o.files] },
      vitest: vitest.version,
      suite,
      files: modules.map((m) => rel(m.moduleId)).sort(),
      credentials: [...dealt.notes],
      started_at: startedAt,
      finished_at: new Date().toISOString(),
    });
    writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
    say(
      `\n${label}: ${manifest.files.length} of ${suite.length} test files, ${tests.length} tests (${count('passed')} passed, ${count('failed')} failed, ${count('skipped')} skipped) → ${relative(process.cwd(), dir) || dir}`,
    );
    say(
      `${label}: the verdict is the merge's, once every shard has run: ${o.program} merge ${relative(process.cwd(), resolve(o.outDir)) || '.'}`,
    );
    return EXIT_CODES.pass;
  } finally {
    if (privateDir) rmSync(privateDir, { recursive: true, force: true });
  }
}
