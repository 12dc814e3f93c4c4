/**
 * The sharded CI example (examples/ci/conformance-sharded.yml) cannot rot: every command it runs is a package script
 * with options the runner (or `npm start`) takes; its matrix is every shard of the split its --shard names; what the
 * shard jobs upload is what they write and what the merge job downloads and merges; the merge waits for the shards
 * and runs even when one failed, so a missing shard makes it refuse instead of leaving no verdict.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startSettings } from '../../fake-server/start-options.js';
import { MERGE_COMMAND, MERGE_OPTIONS, RUN_OPTIONS } from '../../suites/runner/options.js';
import { parseShard } from '../../suites/runner/shard.js';

const ROOT = resolve(import.meta.dirname, '../..');
const scripts = (
  JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
).scripts;

interface Step {
  run?: string;
  uses?: string;
  with?: Record<string, unknown>;
  if?: string;
}
interface Job {
  needs?: string | string[];
  if?: string;
  strategy?: { matrix?: { shard?: number[] } };
  steps: Step[];
}
const workflow = parse(readFileSync(resolve(import.meta.dirname, 'conformance-sharded.yml'), 'utf8')) as {
  jobs: Record<string, Job>;
};

/** Every `npm …` command of a job's run steps, as words, with `${{ matrix.shard }}` put to `shard`. */
const npmCommands = (job: Job, shard?: number): string[][] =>
  job.steps
    .flatMap((s) => (s.run ?? '').split('\n'))
    .map((line) => line.trim().replace(/\$\{\{\s*matrix\.shard\s*\}\}/g, String(shard)))
    .filter((line) => line.startsWith('npm '))
    .map((line) => line.replace(/\s*[>&].*$/, '').split(/\s+/));

const argsAfter = (words: string[]) => words.slice(words.indexOf('--') + 1);
const flagValue = (args: string[], flag: string) => args[args.indexOf(flag) + 1];
const step = (job: Job, action: string) => job.steps.find((s) => s.uses?.startsWith(action));

describe('the sharded CI example [HARNESS-SHARDED-RUN]', () => {
  const shard = workflow.jobs.shard!;
  const merge = workflow.jobs.merge!;
  const matrix = shard.strategy?.matrix?.shard ?? [];

  it('runs only package scripts, each with options its program takes', () => {
    const commands = [...matrix.flatMap((i) => npmCommands(shard, i)), ...npmCommands(merge)];
    expect(commands.length).toBeGreaterThanOrEqual(4);
    for (const words of commands) {
      if (words[1] === 'ci') continue;
      const script = words[1] === 'run' ? words[2]! : words[1]!;
      expect(scripts, words.join(' ')).toHaveProperty(script);
      const args = words.includes('--') ? argsAfter(words) : [];
      if (script === 'start') expect(() => startSettings(args, {}), words.join(' ')).not.toThrow();
      if (script === 'conformance') {
        const isMerge = args[0] === MERGE_COMMAND;
        const options = isMerge ? MERGE_OPTIONS : RUN_OPTIONS;
        expect(
          () =>
            parseArgs({
              args: isMerge ? args.slice(1) : args,
              options,
              allowPositionals: true,
              strict: true,
            }),
          words.join(' '),
        ).not.toThrow();
      }
    }
  });

  it('has one job per shard of the split its --shard names, each shard once', () => {
    const splits = matrix.map((i) => {
      const run = npmCommands(shard, i).find((w) => w[2] === 'conformance')!;
      return parseShard(flagValue(argsAfter(run), '--shard')!);
    });
    const count = matrix.length;
    expect(count).toBeGreaterThan(1);
    expect(splits).toEqual(Array.from({ length: count }, (_, i) => ({ index: i + 1, count })));
  });

  it('uploads what each shard writes, and merges what the merge job downloads, after the shards, even when one failed', () => {
    const run = argsAfter(npmCommands(shard, 1).find((w) => w[2] === 'conformance')!);
    const upload = step(shard, 'actions/upload-artifact')!.with!;
    expect(String(upload.path).replace(/\/$/, '')).toBe(flagValue(run, '--out'));
    const download = step(merge, 'actions/download-artifact')!.with!;
    const name = String(upload.name).replace(/\$\{\{\s*matrix\.shard\s*\}\}/, '1');
    expect(name).toMatch(new RegExp(`^${String(download.pattern).replace('*', '.*')}$`));
    const mergeArgs = argsAfter(npmCommands(merge).find((w) => w[2] === 'conformance')!);
    expect(mergeArgs.slice(0, 2)).toEqual([MERGE_COMMAND, download.path]);
    expect([merge.needs].flat()).toContain('shard');
    // The ledger a shard reads and writes (<out>/quota-ledger.json) is the one its cache keeps, per shard.
    const cache = step(shard, 'actions/cache')!.with!;
    expect(cache.path).toBe(`${flagValue(run, '--out')}/quota-ledger.json`);
    expect(String(cache.key)).toMatch(/\$\{\{\s*matrix\.shard\s*\}\}/);
    expect(merge.if).toMatch(/!cancelled\(\)|always\(\)/);
  });
});
