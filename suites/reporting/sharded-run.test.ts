/**
 * A run split in three shards and merged says what the same run says unsharded, clause by clause; a merge refuses a
 * set with a shard missing or given twice before writing anything; a shard says what credentials it was dealt before
 * sending a request. Against the fake over HTTP, as `npm run conformance` reaches any target, on a few files of
 * different sections (CI checks the whole suite the same way: a sharded replay of its recording, docs/ci.md).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportDifferences } from './compare-reports.js';
import { REPO_ROOT as ROOT, runConformance, TSX } from './conformance-cli.test-support.js';
import type { ConformanceJson } from './report.js';

const work = mkdtempSync(join(tmpdir(), 'sharded-run-'));
const fakeTarget = join(work, 'fake-target.json');
/** Files of four sections: conventions, integration, platform, limits. */
const FILES = [
  'suites/conventions/versioning.test.ts',
  'suites/conventions/org-base-url.test.ts',
  'suites/integration/execution-logs.test.ts',
  'suites/integration/stats-live.test.ts',
  'suites/platform/supported-models.test.ts',
  'suites/platform/tokens-revoke.test.ts',
  'suites/limits/headers.test.ts',
];
const RUN = 240_000;

const conformance = (args: string[]) => runConformance(args, work);
const report = (dir: string) =>
  JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8')) as ConformanceJson;

let fake: ChildProcess;
beforeAll(async () => {
  fake = spawn(TSX, [join(ROOT, 'fake-server/main.ts'), '--port', '0', '--target-file', fakeTarget], {
    cwd: work,
    stdio: 'ignore',
  });
  for (let i = 0; i < 300 && !existsSync(fakeTarget); i++) await new Promise((r) => setTimeout(r, 100));
  if (!existsSync(fakeTarget)) throw new Error('the fake did not start');
}, 60_000);
afterAll(() => {
  fake?.kill();
  rmSync(work, { recursive: true, force: true });
});

describe('a sharded run merged [HARNESS-SHARDED-RUN]', () => {
  const shards = join(work, 'shards');

  it(
    'three shards merged give the clause matrix and the verdict of the run unsharded, clause by clause',
    async () => {
      const whole = await conformance(['--target', fakeTarget, '--out', join(work, 'whole'), ...FILES]);
      expect(whole.code, whole.stderr).toBe(0);
      const ran: string[] = [];
      for (const i of [1, 2, 3]) {
        const shard = await conformance([
          '--target',
          fakeTarget,
          '--shard',
          `${i}/3`,
          '--out',
          shards,
          ...FILES,
        ]);
        expect(shard.code, shard.stderr).toBe(0);
        ran.push(
          ...(JSON.parse(readFileSync(join(shards, `shard-${i}-of-3`, 'shard.json'), 'utf8'))
            .files as string[]),
        );
        // A shard writes no verdict of its own.
        expect(existsSync(join(shards, 'conformance.json'))).toBe(false);
      }
      // Vitest dealt every file to exactly one shard.
      expect(ran.sort()).toEqual([...FILES].sort());
      const merged = await conformance(['merge', shards, '--out', join(work, 'merged')]);
      expect(merged.code, merged.stderr).toBe(0);
      expect(merged.stdout).toMatch(/conformance merge: 3 shards of ".+" \(fake\) at .*: 1\/3, 2\/3, 3\/3/);
      const one = report(join(work, 'whole'));
      const three = report(join(work, 'merged'));
      expect(reportDifferences(one, three)).toEqual([]);
      // The merged report says what it was merged from; the unsharded one says nothing of shards.
      expect(three.shards).toEqual(['1/3', '2/3', '3/3']);
      expect(one.shards).toBeUndefined();
      expect(readFileSync(join(work, 'merged', 'conformance.html'), 'utf8')).toContain(
        'merged from 3 shards (1/3, 2/3, 3/3)',
      );
      // Not two empty reports: the run checked clauses of every section it selected.
      expect(one.counts.tests.passed).toBeGreaterThan(50);
      expect(
        new Set(one.matrix.filter((r) => r.status === 'pass').map((r) => r.section)).size,
      ).toBeGreaterThan(4);
      // And the comparison sees a difference where there is one.
      const failedOne = {
        ...three,
        matrix: three.matrix.map((r, i) => (i === 0 ? { ...r, status: 'fail' as const } : r)),
      };
      expect(reportDifferences(one, failedOne)).toHaveLength(1);
    },
    RUN,
  );

  it(
    'a merge refuses a shard missing or given twice with one line and exit 2, and keeps the earlier report',
    async () => {
      const out = join(work, 'kept');
      mkdirSync(out, { recursive: true });
      writeFileSync(join(out, 'conformance.json'), '{"earlier":true}\n');
      const missing = await conformance([
        'merge',
        join(shards, 'shard-1-of-3'),
        join(shards, 'shard-3-of-3'),
        '--out',
        out,
      ]);
      expect(missing.code).toBe(2);
      expect(missing.stderr.split('\n')[0]).toBe(
        'conformance merge: shard 2/3 missing (given: 1/3, 3/3): a verdict without it would pass off part of the suite as the whole (--help lists the options)',
      );
      const twice = await conformance(['merge', shards, join(shards, 'shard-2-of-3'), '--out', out]);
      expect(twice.code).toBe(2);
      expect(twice.stderr.split('\n')[0]).toMatch(/^conformance merge: shard 2\/3 is given twice: /);
      for (const res of [missing, twice]) expect(res.stderr).not.toMatch(/\n\s+at /);
      expect(readFileSync(join(out, 'conformance.json'), 'utf8')).toBe('{"earlier":true}\n');
    },
    RUN,
  );
});

describe('a shard of a run against a target without a control API [HARNESS-SHARD-CREDENTIALS]', () => {
  it(
    'says which tokens it was dealt and what the ledger leaves of them before vitest starts',
    async () => {
      const fakeConfig = JSON.parse(readFileSync(fakeTarget, 'utf8'));
      const staging = join(work, 'staging.json');
      writeFileSync(
        staging,
        JSON.stringify({
          name: 'staging-like',
          kind: 'real',
          base_url: fakeConfig.base_url,
          tokens: { owner: fakeConfig.tokens.owner },
          // A second owner token the fake knows: the pre-flight before the shard checks every token it is given.
          token_pools: { owner: [fakeConfig.token_pools.owner[0]] },
          project_key: fakeConfig.project_key,
        }),
      );
      const res = await conformance([
        '--target',
        staging,
        '--shard',
        '3/3',
        '--out',
        join(work, 'staging-shards'),
        '--filter',
        'no test has this name',
        'suites/conventions/versioning.test.ts',
      ]);
      expect(res.code, res.stderr).toBe(0);
      const dealt = res.stdout.indexOf(
        'shard 3/3: 2 owner tokens for 3 shards: owner token 1 is shared by shards 1, 3',
      );
      expect(dealt).toBeGreaterThanOrEqual(0);
      expect(res.stdout).toMatch(
        /shard 3\/3: the project key is shared by all 3 shards: this shard sends at most 60 of 180/,
      );
      expect(res.stdout).toMatch(
        /shard 3\/3: quota ledger: 1 token, \d+ to \d+ requests left of 475 each this hour/,
      );
      expect(dealt).toBeLessThan(res.stdout.indexOf(' RUN '));
    },
    RUN,
  );
});
