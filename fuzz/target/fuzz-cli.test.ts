/**
 * `--fuzz N` end to end, as QA runs it: the fake presented as staging (no control API, kind "real") behind a proxy
 * that answers 500 when the model calls a declared tool whose name is not a string (planted.ts); the runner finds it
 * within N requests, reports it as a server error with its request and a curl line, prints its seed and replay line,
 * and that line sends the shrunk request alone again.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BreakingProxy, startBreakingProxy } from '../../broken/proxy.js';
import { asStaging, type TargetConfig } from '../../contract/index.js';
import { REPO_ROOT, runConformance, TSX } from '../../suites/reporting/conformance-cli.test-support.js';
import type { ConformanceJson } from '../../suites/reporting/report.js';
import { plantedRule } from './planted.js';
import { FUZZ_TEST_FILE } from './settings.js';

const work = mkdtempSync(join(tmpdir(), 'fuzz-cli-'));
const fakeFile = join(work, 'fake-target.json');
const stagingFile = join(work, 'staging.json');
const N = 300;

let fake: ChildProcess;
let proxy: BreakingProxy;
beforeAll(async () => {
  fake = spawn(TSX, [join(REPO_ROOT, 'fake-server/main.ts'), '--port', '0', '--target-file', fakeFile], {
    cwd: work,
    stdio: 'ignore',
  });
  for (let i = 0; i < 300 && !existsSync(fakeFile); i++) await new Promise((r) => setTimeout(r, 100));
  if (!existsSync(fakeFile)) throw new Error('the fake did not start');
  proxy = await startBreakingProxy(
    asStaging(JSON.parse(readFileSync(fakeFile, 'utf8')) as TargetConfig, true),
  );
  proxy.use(plantedRule);
  // No provider states: the fuzz needs none, and their check before each run would double its time.
  const { provider_states: _states, ...staging } = proxy.config;
  writeFileSync(stagingFile, JSON.stringify(staging));
}, 60_000);
afterAll(async () => {
  await proxy?.close();
  fake?.kill();
  rmSync(work, { recursive: true, force: true });
});

const report = (dir: string) =>
  JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8')) as ConformanceJson;
const fuzzRequests = (r: ConformanceJson) =>
  r.tests
    .filter((t) => t.file.endsWith(FUZZ_TEST_FILE))
    .reduce((n, t) => n + Object.values(t.requests ?? {}).reduce((a, b) => a + b, 0), 0);
/** The server-error groups whose request declares a tool named by a number (what the planted server fails). */
const plantedGroups = (r: ConformanceJson) =>
  r.serverErrorGroups.filter((g) => /"name":(-?\d|null|true|\[|\{)/.test(g.example.request));

describe('--fuzz N against the fake as staging with a planted server error [FUZZ-AGAINST-TARGET]', () => {
  let replayLine = '';

  it(`finds the planted 500 within ${N} requests: a server error with its request and curl line, a seed and a replay line`, async () => {
    const out = join(work, 'run');
    const run = await runConformance(
      ['--target', stagingFile, '--fuzz', String(N), '--fuzz-seed', '4040', '--out', out, FUZZ_TEST_FILE],
      work,
    );
    expect(run.stdout).toContain(`fuzzing the target within ${N} requests, seed 4040`);
    expect(run.code, run.stderr).toBe(1); // the verdict fails on server errors
    const r = report(out);
    expect(fuzzRequests(r)).toBeLessThanOrEqual(N + 2); // N, plus the form canary and the model list of a RAG test
    const planted = plantedGroups(r);
    expect(planted.length).toBeGreaterThan(0);
    for (const g of planted) {
      expect(g.status).toBe('500');
      expect(g.example.curl).toMatch(
        /^curl .* -X POST "\$BASE_URL\/(openai\/chat\/completions|anthropic\/v1\/messages)"/,
      );
    }
    replayLine = /replay: .*--fuzz-seed (4040:openai:[\d:]+)/.exec(run.stdout)?.[1] ?? '';
    expect(replayLine, run.stdout).not.toBe('');
    expect(run.stdout).toMatch(
      /server error \(500\) on openai-style RAG: 1 tool\(s\) \(name .*, not a string\)/,
    );
  }, 300_000);

  it("the replay line sends that shrunk request alone, kept as the run's one server error", async (ctx) => {
    if (!replayLine) return ctx.skip('the search found nothing to replay');
    const out = join(work, 'replay');
    const run = await runConformance(
      ['--target', stagingFile, '--fuzz', '1', '--fuzz-seed', replayLine, '--out', out, FUZZ_TEST_FILE],
      work,
    );
    expect(run.code, run.stderr).toBe(1);
    const r = report(out);
    expect(r.serverErrorGroups.reduce((n, g) => n + g.count, 0)).toBe(1);
    expect(plantedGroups(r)).toHaveLength(1);
    expect(run.stdout).toContain('in the server errors of the report, with its curl line');
  }, 300_000);
});
