/**
 * The target file of real fakes (issue 41), all started in one temporary working directory, so that "the default"
 * is that directory's reports/fake-target.json: a second fake leaves the first one's file as it was; a given file is
 * written with a line; a reset with a seed or a state import rewrites the file before the control answer leaves;
 * `GET /_control/target` saved as it is is a target file; --advertise-url is what the file gives out.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import type { TargetConfig } from '../contract/index.js';
import { loadTargetConfig } from '../suites/reporting/target-info.js';
import { type FakeProcess, type FakeProcessOptions, readTargetFile, spawnFakeProcess } from './process.js';
import { fakePidOf, portOf } from './stop-checks.test-support.js';

const cwd = mkdtempSync(join(tmpdir(), 'target-file-process-'));
const defaultFile = join(cwd, 'reports', 'fake-target.json');
const running: FakeProcess[] = [];
afterAll(() => Promise.all(running.map((f) => f.stop())));

async function start(options: FakeProcessOptions = { defaultTargetFile: true }) {
  const fake = spawnFakeProcess({ cwd, ...options });
  running.push(fake);
  const target = await fake.ready(45_000);
  return { fake, target, pid: fakePidOf(fake.targetFile) };
}

const control = (target: TargetConfig, path: string, init: RequestInit = {}) =>
  fetch(`${target.control?.url}${path}`, {
    ...init,
    headers: { 'x-control-secret': target.control?.secret as string, 'content-type': 'application/json' },
  });

const projectsStatus = async (target: TargetConfig, token: string) =>
  (
    await fetch(`${target.base_url}/getMyProjects`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    })
  ).status;

// Shared along the file: the tests run in order, each from where the one before left the fakes.
let first: Awaited<ReturnType<typeof start>>;
let given: Awaited<ReturnType<typeof start>>;

describe('which target file a fake writes [FAKE-TARGET-FILE]', () => {
  it("[FAKE-TARGET-FILE] a second fake with the default target file leaves the first one's as it was and writes its own per-port file", async () => {
    first = await start();
    expect(first.fake.targetFile).toBe(defaultFile);
    const before = readFileSync(defaultFile);
    const second = await start();
    expect(readFileSync(defaultFile).equals(before)).toBe(true);
    const secondPort = portOf(second.target.base_url);
    expect(second.fake.targetFile).toBe(join(cwd, 'reports', `fake-target-${secondPort}.json`));
    expect(second.fake.output()).toContain(
      `npm start: reports/fake-target.json belongs to the fake still running at ${first.target.base_url} (pid ${first.pid}), so this fake's target config is in reports/fake-target-${secondPort}.json`,
    );
    expect(second.target.base_url).not.toBe(first.target.base_url);
    await second.fake.stop();
  }, 90_000);

  it('[FAKE-TARGET-FILE] once that fake has stopped, the next one takes the default file, with nothing to say', async () => {
    await first.fake.stop();
    first = await start();
    expect(first.fake.targetFile).toBe(defaultFile);
    expect(first.fake.output()).not.toMatch(/belongs to|named the fake/);
    expect(fakePidOf(defaultFile)).toBe(first.pid);
  }, 60_000);

  it('[FAKE-TARGET-FILE] a given file naming a running fake is written, with one line; the fake it named stops rewriting it', async () => {
    given = await start({ defaultTargetFile: true, args: ['--target-file', defaultFile] });
    expect(given.fake.targetFile).toBe(defaultFile);
    expect(given.fake.output()).toContain(
      `npm start: ${defaultFile} named the fake still running at ${first.target.base_url} (pid ${first.pid}); it was given (--target-file or FAKE_TARGET_FILE), so it now names this fake`,
    );
    expect(fakePidOf(defaultFile)).toBe(given.pid);
    const taken = readFileSync(defaultFile);
    expect((await control(first.target, '/reset', { method: 'POST', body: '{"seed":5}' })).status).toBe(200);
    expect(readFileSync(defaultFile, 'utf8'), first.fake.output()).toBe(taken.toString());
    expect(first.fake.output()).toContain('reports/fake-target.json now names another fake: not rewritten');
  }, 60_000);
});

describe('the target file follows the state [FAKE-TARGET-FILE]', () => {
  it('[FAKE-TARGET-FILE] POST /_control/reset with a seed rewrites the file before it answers: its owner token works, the old one gets 401', async () => {
    const before = readTargetFile(defaultFile) as TargetConfig;
    const reset = await control(given.target, '/reset', { method: 'POST', body: '{"seed":42}' });
    expect(reset.status).toBe(200);
    const after = readTargetFile(defaultFile) as TargetConfig;
    expect(after.tokens.owner, given.fake.output()).not.toBe(before.tokens.owner);
    expect(after.project_key).not.toBe(before.project_key);
    expect(after.project_uid).not.toBe(before.project_uid);
    expect(fakePidOf(defaultFile)).toBe(given.pid);
    expect(await projectsStatus(after, after.tokens.owner as string)).toBe(200);
    expect(await projectsStatus(after, before.tokens.owner as string)).toBe(401);
  }, 30_000);

  it('[FAKE-TARGET-FILE] a state import (PUT /_control/state) rewrites the file with the imported tokens', async () => {
    const seeded42 = readTargetFile(defaultFile) as TargetConfig;
    const snapshot = await (await control(given.target, '/state')).text();
    expect((await control(given.target, '/reset', { method: 'POST', body: '{"seed":1}' })).status).toBe(200);
    expect((readTargetFile(defaultFile) as TargetConfig).tokens.owner).not.toBe(seeded42.tokens.owner);
    expect((await control(given.target, '/state', { method: 'PUT', body: snapshot })).status).toBe(200);
    expect(readTargetFile(defaultFile)).toEqual(seeded42);
  }, 30_000);
});

describe('GET /_control/target [FAKE-CONTROL-TARGET]', () => {
  it("[FAKE-CONTROL-TARGET] saved as it is, it is a target file: the runner's loader and the OpenAI example accept it", async () => {
    const res = await control(given.target, '/target');
    expect(res.status).toBe(200);
    const saved = join(cwd, 'saved-target.json');
    writeFileSync(saved, await res.text()); // curl -s $C/target -H "$H" > saved-target.json
    const loaded = loadTargetConfig(saved);
    expect(loaded.ok ? loaded.config : loaded.error).toEqual(readTargetFile(defaultFile));
    const example = await promisify(execFile)(process.execPath, ['examples/openai-sdk.mjs'], {
      cwd: join(import.meta.dirname, '..'),
      env: { ...process.env, TARGET_FILE: saved },
    });
    expect(example.stdout).toMatch(/^\[1\] /m);
    const refused = await fetch(`${given.target.control?.url}/target`, {
      headers: { 'x-control-secret': 'wrong' },
    });
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { type?: string }).type).toBe('RXERROR');
  }, 60_000);
});

describe('the URL given out [FAKE-ADVERTISE-URL]', () => {
  it('[FAKE-ADVERTISE-URL] --advertise-url is the origin of the banner, the target file and GET /_control/target', async () => {
    const advertised = 'http://fake.test:4999';
    const { fake, target } = await start({ args: ['--advertise-url', advertised] });
    expect(target.base_url).toBe(`${advertised}/api/v1`);
    expect(target.org_base_url).toBe(`${advertised}/org/api/v1`);
    expect(target.control?.url).toBe(`${advertised}/_control`);
    expect(target.provider_states?.url).toBe(`${advertised}/_provider-states`);
    expect(fake.output()).toContain(`  base_url      ${advertised}/api/v1`);
    // Reached on this machine through the health URL its file records (fake.test does not resolve).
    const health = JSON.parse(readFileSync(fake.targetFile, 'utf8')).fake_process.health_url as string;
    expect(health).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/_health$/);
    const local = new URL(health).origin;
    const res = await fetch(`${local}/_control/target`, {
      headers: { 'x-control-secret': target.control?.secret as string },
    });
    expect(((await res.json()) as TargetConfig).base_url).toBe(`${advertised}/api/v1`);
  }, 60_000);
});
