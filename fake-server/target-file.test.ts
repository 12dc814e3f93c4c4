/**
 * Which target file a started fake writes (FAKE-TARGET-FILE), on stand-ins: a /_health server on 127.0.0.1 that
 * answers ready or not, and pids alive (this process's parent) or dead (a child that has exited).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTargetConfig } from '../suites/reporting/target-info.js';
import {
  chooseTargetFile,
  FAKE_PROCESS_KEY,
  perPortFile,
  pidAlive,
  rewriteTargetFile,
  runningFakeOf,
  stillNamesThisProcess,
  writeTargetFile,
} from './target-file.js';

const dir = mkdtempSync(join(tmpdir(), 'target-file-'));
let server: Server;
let origin: string;
let ready = true;
beforeAll(async () => {
  server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url !== '/_health') res.writeHead(404).end('{}');
    else res.end(JSON.stringify({ status: ready ? 'ready' : 'starting' }));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

/** A pid that ran and is gone (a child that exited and was reaped). */
const deadPid = (): number => spawnSync(process.execPath, ['-e', '0']).pid as number;
const alivePid = () => process.ppid; // the test runner's parent: alive, and not this process

let n = 0;
/** A target file naming the fake at `origin` with `record` (or none). */
function fileNaming(record: Record<string, unknown> | undefined, baseUrl = `${origin}/api/v1`): string {
  const file = join(dir, `t${++n}.json`);
  writeFileSync(
    file,
    JSON.stringify({ base_url: baseUrl, ...(record ? { [FAKE_PROCESS_KEY]: record } : {}) }),
  );
  return file;
}

describe('whether a target file names a running fake [FAKE-TARGET-FILE]', () => {
  it('[FAKE-TARGET-FILE] its pid alive and its /_health ready: running; either missing: not', async () => {
    const health = `${origin}/_health`;
    expect(await runningFakeOf(fileNaming({ pid: alivePid(), health_url: health }))).toEqual({
      url: `${origin}/api/v1`,
      pid: alivePid(),
    });
    expect(await runningFakeOf(fileNaming({ pid: deadPid(), health_url: health }))).toBeUndefined();
    expect(await runningFakeOf(fileNaming({ pid: process.pid, health_url: health }))).toBeUndefined();
    ready = false;
    try {
      expect(await runningFakeOf(fileNaming({ pid: alivePid(), health_url: health }))).toBeUndefined();
    } finally {
      ready = true;
    }
    // The health URL recorded wins over base_url (an advertised URL may not be reachable from here).
    expect(
      await runningFakeOf(
        fileNaming({ pid: alivePid(), health_url: health }, 'http://fake.invalid:1/api/v1'),
      ),
    ).toBeDefined();
  });

  it('[FAKE-TARGET-FILE] without fake_process (saved from GET /_control/target): running when base_url answers', async () => {
    expect(await runningFakeOf(fileNaming(undefined))).toEqual({ url: `${origin}/api/v1` });
    expect(await runningFakeOf(fileNaming(undefined, 'http://127.0.0.1:1/api/v1'))).toBeUndefined();
  });

  it('[FAKE-TARGET-FILE] no file, not JSON, or no base_url: no running fake', async () => {
    const garbage = join(dir, 'garbage.json');
    writeFileSync(garbage, 'not json');
    expect(await runningFakeOf(join(dir, 'missing.json'))).toBeUndefined();
    expect(await runningFakeOf(garbage)).toBeUndefined();
    const noBase = join(dir, 'no-base.json');
    writeFileSync(noBase, '{"name":"x"}');
    expect(await runningFakeOf(noBase)).toBeUndefined();
  });

  it('[FAKE-TARGET-FILE] a process that exited is not alive; this process is', () => {
    expect(pidAlive(process.pid)).toBe(true);
    expect(pidAlive(deadPid())).toBe(false);
  });
});

describe('the file a fake writes [FAKE-TARGET-FILE]', () => {
  it('[FAKE-TARGET-FILE] the default naming a running fake: the per-port file instead, and one line saying why', async () => {
    const taken = fileNaming({ pid: alivePid(), health_url: `${origin}/_health` });
    const choice = await chooseTargetFile(taken, false, 4011);
    expect(choice.file).toBe(perPortFile(taken, 4011));
    expect(choice.note).toBe(
      `${taken} belongs to the fake still running at ${origin}/api/v1 (pid ${alivePid()}), so this fake's target config is in ${choice.file}`,
    );
    expect(perPortFile('reports/fake-target.json', 4011)).toBe('reports/fake-target-4011.json');
  });

  it('[FAKE-TARGET-FILE] a given file naming a running fake is written anyway, and the line says whom it named', async () => {
    const taken = fileNaming({ pid: alivePid(), health_url: `${origin}/_health` });
    const choice = await chooseTargetFile(taken, true, 4011);
    expect(choice.file).toBe(taken);
    expect(choice.note).toMatch(
      /named the fake still running at .* \(pid \d+\); it was given .*now names this fake$/,
    );
  });

  it('[FAKE-TARGET-FILE] a file naming a fake that is gone is taken, with nothing to say', async () => {
    const stale = fileNaming({ pid: deadPid(), health_url: `${origin}/_health` });
    expect(await chooseTargetFile(stale, false, 4011)).toEqual({ file: stale });
  });

  it('[FAKE-TARGET-FILE] written with this process record, loadable as a target config; rewritten only while it names this process, and only when changed', () => {
    const file = join(dir, 'sub', 'written.json');
    expect(stillNamesThisProcess(file)).toBe(true); // no file: written anew
    writeTargetFile(file, { base_url: `${origin}/api/v1` } as never, {
      pid: process.pid,
      health_url: `${origin}/_health`,
    });
    expect(JSON.parse(readFileSync(file, 'utf8'))[FAKE_PROCESS_KEY]).toEqual({
      pid: process.pid,
      health_url: `${origin}/_health`,
    });
    const loaded = loadTargetConfig(file);
    expect(loaded.ok && loaded.config.base_url).toBe(`${origin}/api/v1`);
    expect(stillNamesThisProcess(file)).toBe(true);
    expect(stillNamesThisProcess(fileNaming({ pid: alivePid() }))).toBe(false);
    const record = { pid: process.pid, health_url: `${origin}/_health` };
    const same = { base_url: `${origin}/api/v1` } as never;
    const inode = statSync(file).ino;
    expect(rewriteTargetFile(file, same, record)).toBe('unchanged');
    expect(statSync(file).ino).toBe(inode); // not even renamed over
    expect(rewriteTargetFile(file, { base_url: `${origin}/v2` } as never, record)).toBe('rewritten');
    expect(JSON.parse(readFileSync(file, 'utf8')).base_url).toBe(`${origin}/v2`);
    const other = fileNaming({ pid: alivePid() });
    const before = readFileSync(other, 'utf8');
    expect(rewriteTargetFile(other, same, record)).toBe('not ours');
    expect(readFileSync(other, 'utf8')).toBe(before);
    const garbage = join(dir, 'garbage2.json');
    writeFileSync(garbage, '[');
    expect(stillNamesThisProcess(garbage)).toBe(false);
  });
});
