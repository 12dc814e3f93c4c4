import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type FoundShard,
  findShards,
  mergedTargetName,
  newManifest,
  parseShard,
  SHARD_FILES,
  type ShardManifest,
  wholeRun,
} from './shard.js';

const SUITE = ['suites/a.test.ts', 'suites/b.test.ts', 'suites/c.test.ts', 'suites/d.test.ts'];
const FILES_OF: Record<number, string[]> = {
  1: ['suites/a.test.ts', 'suites/d.test.ts'],
  2: ['suites/b.test.ts'],
  3: ['suites/c.test.ts'],
};

const manifest = (index: number, change: Partial<ShardManifest> = {}): ShardManifest => ({
  ...newManifest({
    shard: { index, count: 3 },
    target: { name: 'staging', kind: 'real', base_url: 'https://staging.example.com/api/v1' },
    selection: { files: [] },
    vitest: '4.1.12',
    suite: SUITE,
    files: FILES_OF[index] ?? [],
    credentials: [],
    started_at: '2026-11-26T09:00:00.000Z',
    finished_at: '2026-11-26T09:01:00.000Z',
  }),
  ...change,
});
const at = (index: number, change: Partial<ShardManifest> = {}): FoundShard => ({
  dir: `/results/shard-${index}`,
  manifest: manifest(index, change),
});

describe('--shard i/n [HARNESS-SHARDED-RUN]', () => {
  it('takes i/n with 1 ≤ i ≤ n and says why anything else is not one', () => {
    expect(parseShard('2/3')).toEqual({ index: 2, count: 3 });
    expect(parseShard('1/1')).toEqual({ index: 1, count: 1 });
    expect(parseShard('4/3')).toEqual({ error: '--shard 4/3: i must be from 1 to 3' });
    expect(parseShard('0/3')).toEqual({ error: '--shard 0/3: i must be from 1 to 3' });
    expect(parseShard('1/0')).toEqual({ error: '--shard 1/0: n must be at least 1' });
    expect(parseShard('2')).toEqual({ error: '--shard takes i/n (e.g. 2/3), not "2"' });
    expect(parseShard('a/b')).toHaveProperty('error');
  });
});

describe('a merge accepts only a whole run [HARNESS-SHARDED-RUN]', () => {
  it('every shard of one split once, in index order', () => {
    const result = wholeRun([at(3), at(1), at(2)]);
    expect(result.ok && result.shards.map((s) => s.manifest.shard.index)).toEqual([1, 2, 3]);
  });

  it('refuses a set with a shard missing, naming it and the ones given', () => {
    expect(wholeRun([at(1), at(3)])).toEqual({
      ok: false,
      error:
        'shard 2/3 missing (given: 1/3, 3/3): a verdict without it would pass off part of the suite as the whole',
    });
    expect(wholeRun([])).toEqual({ ok: false, error: 'no shard results given' });
  });

  it('refuses a shard given twice', () => {
    const twice = { dir: '/elsewhere/shard-2', manifest: manifest(2) };
    expect(wholeRun([at(1), at(2), twice, at(3)])).toEqual({
      ok: false,
      error: 'shard 2/3 is given twice: /results/shard-2 and /elsewhere/shard-2',
    });
  });

  it('refuses shards of another split, target, selection, vitest or suite', () => {
    const other = (change: Partial<ShardManifest>) => wholeRun([at(1), at(2, change), at(3)]);
    expect(other({ shard: { index: 2, count: 2 } })).toMatchObject({
      error: expect.stringContaining('splits (n = 2 and 3)'),
    });
    expect(
      other({ target: { name: 'prod', kind: 'real', base_url: 'https://prod.example.com' } }),
    ).toMatchObject({
      error: expect.stringContaining('their targets differ'),
    });
    expect(other({ selection: { filter: 'RATE', files: [] } })).toMatchObject({
      error: expect.stringContaining('selections'),
    });
    expect(other({ vitest: '4.0.0' })).toMatchObject({ error: expect.stringContaining('vitest versions') });
    expect(other({ suite: [...SUITE, 'suites/e.test.ts'] })).toMatchObject({
      error: expect.stringContaining('suites'),
    });
  });

  it('takes shards against fakes of their own (other ports) as one target, never two real deployments', () => {
    const fake = (index: number, port: number) =>
      at(index, {
        target: { name: `fake at ${port}`, kind: 'fake', base_url: `http://127.0.0.1:${port}/api/v1` },
      });
    const fakes = [fake(1, 4010), fake(2, 4011), fake(3, 4012)];
    expect(wholeRun(fakes).ok).toBe(true);
    expect(mergedTargetName(fakes)).toBe('fake at 4010 + fake at 4011 + fake at 4012');
    expect(mergedTargetName([at(1), at(2), at(3)])).toBe('staging');
    const stagingTwice = at(2, {
      target: { name: 'staging', kind: 'real', base_url: 'https://staging-2.example.com' },
    });
    expect(wholeRun([at(1), stagingTwice, at(3)])).toMatchObject({
      error: expect.stringContaining('their targets differ'),
    });
  });

  it('refuses shards whose files run twice or leave a file of the suite unrun', () => {
    expect(wholeRun([at(1), at(2, { files: ['suites/b.test.ts', 'suites/c.test.ts'] }), at(3)])).toEqual({
      ok: false,
      error: 'suites/c.test.ts ran in shard 2/3 and in shard 3/3',
    });
    expect(wholeRun([at(1), at(2, { files: [] }), at(3)])).toEqual({
      ok: false,
      error: 'no shard ran suites/b.test.ts',
    });
  });
});

describe('shard results on disk [HARNESS-SHARDED-RUN]', () => {
  const root = () => mkdtempSync(join(tmpdir(), 'shard-test-'));
  const write = (dir: string, index: number, blob = true) => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, SHARD_FILES.manifest), JSON.stringify(manifest(index)));
    if (blob) writeFileSync(join(dir, SHARD_FILES.blob), '[]');
  };

  it('finds a result folder given itself or through its parent (downloaded CI artifacts)', () => {
    const dir = root();
    write(join(dir, 'shard-1-of-3'), 1);
    write(join(dir, 'shard-2-of-3'), 2);
    write(join(dir, 'conformance-shard-3', 'shard-3-of-3'), 3);
    const found = findShards([dir]);
    expect(Array.isArray(found) && found.map((s) => s.manifest.shard.index)).toEqual([3, 1, 2]);
    const one = findShards([join(dir, 'shard-2-of-3')]);
    expect(Array.isArray(one) && one.map((s) => s.manifest.shard.index)).toEqual([2]);
  });

  it('says which folder holds no result, or a manifest without its blob or not a manifest at all', () => {
    const dir = root();
    mkdirSync(join(dir, 'empty'));
    expect(findShards([join(dir, 'empty')])).toEqual({
      error: `${join(dir, 'empty')}: no shard result (shard.json) in it or the folders below it`,
    });
    expect(findShards([join(dir, 'absent')])).toEqual({ error: `${join(dir, 'absent')}: no such folder` });
    write(join(dir, 'no-blob'), 1, false);
    expect(findShards([join(dir, 'no-blob')])).toEqual({
      error: `${join(dir, 'no-blob')}: blob.json is missing beside shard.json`,
    });
    mkdirSync(join(dir, 'junk'));
    writeFileSync(join(dir, 'junk', SHARD_FILES.manifest), '{"format":"something else"}');
    expect(findShards([join(dir, 'junk')])).toMatchObject({
      error: expect.stringContaining('not a shard manifest'),
    });
  });
});
