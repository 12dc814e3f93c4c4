/**
 * `merge DIR...`: the shards of one conformance run (`--shard i/n`, shard-run.ts) made into one JSON, JUnit and HTML
 * report with one clause matrix and one verdict (HARNESS-SHARDED-RUN). Vitest's own blob merging replays every
 * shard's results through the same clause reporter an unsharded run uses, so the matrix is built once from all of
 * them. The set must be whole (shard.ts `wholeRun`): a missing, duplicated or foreign shard makes the merge refuse
 * (exit 2) before it writes anything, so an earlier report is kept and a partial green is never produced.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { commandLine, usageLine } from '../../bin/command-line.mjs';
import { FILES_ENV, REPORT_FILES } from '../reporting/report.js';
import { TARGET_ENV } from '../reporting/target-info.js';
import { applyGateOptions, checkGateOptions } from './gate-options.js';
import { MERGE_OPTIONS } from './options.js';
import { findShards, mergedTargetName, SHARD_FILES, shardLabel, wholeRun } from './shard.js';
import { EXIT_CODES, verdictExit } from './verdict-output.js';

export const mergeHelp = (
  program: string,
) => `Usage: ${program} merge DIR... [--out DIR] [--waivers FILE] [--baseline FILE] [--min-documented-coverage N]

Merges the results of the shards of one run (--shard i/n) into one report, one clause matrix and one verdict.
Each DIR is a shard's result folder (it holds shard.json and blob.json) or a folder of them, e.g. ./reports after
running every shard on one machine, or the folder a CI job downloaded the shards' artifacts into.
Refuses (exit 2, nothing written) unless the shards make one whole run: every i from 1 to n once, one target, one
selection, one suite.

Options:
  -o, --out DIR          where the merged reports go (default ./reports)
      --waivers FILE, --baseline FILE, --min-documented-coverage N
                         the gate, as on an unsharded run (--help)
  -h, --help             show this help

Exit codes: as an unsharded run (0 pass, 1 fail, 2 usage error or an incomplete set of shards, 3 incomplete, 4
coverage under --min-documented-coverage).`;

export async function runMerge(o: {
  args: readonly string[];
  repoRoot: string;
  reporter: string;
  program: string;
}): Promise<number> {
  const refuse = (message: string) => {
    process.stderr.write(`${usageLine('conformance merge', message)}\n`);
    return EXIT_CODES.usage;
  };
  const { values, positionals } = commandLine({
    name: 'conformance merge',
    usage: mergeHelp(o.program),
    args: [...o.args],
    allowPositionals: true,
    options: MERGE_OPTIONS,
  });
  if (positionals.length === 0) return refuse('missing DIR: the shards’ result folders');
  const gate = checkGateOptions(values);
  if ('error' in gate) return refuse(gate.error);
  const found = findShards(positionals);
  if ('error' in found) return refuse(found.error);
  const whole = wholeRun(found);
  if (!whole.ok) return refuse(whole.error);
  const { manifest } = whole.shards[0]!;
  process.stdout.write(
    `conformance merge: ${whole.shards.length} shards of "${manifest.target.name}" (${manifest.target.kind}) at ${manifest.target.base_url}: ${whole.shards.map((s) => shardLabel(s.manifest.shard)).join(', ')}\n`,
  );

  const reportsDir = resolve(values.out ?? 'reports');
  // Vitest merges the blobs of one folder.
  const blobs = mkdtempSync(join(tmpdir(), 'conformance-merge-'));
  try {
    for (const s of whole.shards)
      copyFileSync(
        join(s.dir, SHARD_FILES.blob),
        join(blobs, `blob-${s.manifest.shard.index}-${s.manifest.shard.count}.json`),
      );
    applyGateOptions(values, reportsDir);
    delete process.env[TARGET_ENV];
    if (manifest.selection.files.length > 0) process.env[FILES_ENV] = manifest.selection.files.join(', ');
    else delete process.env[FILES_ENV];
    const jsonPath = resolve(reportsDir, REPORT_FILES.json);
    rmSync(jsonPath, { force: true }); // the merged report is this merge's or none
    const { createVitest } = await import('vitest/node');
    const vitest = await createVitest('test', {
      root: o.repoRoot,
      run: true,
      watch: false,
      mergeReports: blobs,
      reporters: [
        'default',
        [
          o.reporter,
          {
            outputDir: reportsDir,
            target: { name: mergedTargetName(whole.shards), kind: manifest.target.kind },
            shards: whole.shards.map((s) => shardLabel(s.manifest.shard)),
          },
        ],
      ],
      ...(manifest.selection.filter !== undefined
        ? { testNamePattern: new RegExp(manifest.selection.filter) }
        : {}),
    });
    await vitest.mergeReports();
    await vitest.close();
    return verdictExit(jsonPath, gate.minCoverage);
  } finally {
    rmSync(blobs, { recursive: true, force: true });
  }
}
