/**
 * A cap script run as several k6 instances, as k6-operator runs a TestRun with parallelism 3 (sim-instances.ts).
 * Each instance holds itself to what it alone can see; the exact "cap 2xx, then 429s" is judged over the sum of the
 * reports their logs carry, and only there.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../lib/config.ts';
import { formatMergedReport, MergeError, mergeInstanceReports, reportsIn } from '../lib/merge.ts';
import { resolveCapRun } from '../lib/scripts.ts';
import { mergeFiles } from './merge-instances.ts';
import { runCap } from './run-cap.ts';
import { type Behaviour, scriptedTarget, scriptedTargetFile } from './scripted-target.ts';
import { type Instances, runInstances } from './sim-instances.ts';

vi.mock('k6', async () => (await import('./k6-sim.ts')).k6Module);
vi.mock('k6/http', async () => (await import('./k6-sim.ts')).httpModule);
vi.mock('k6/metrics', async () => (await import('./k6-sim.ts')).metricsModule);
vi.mock('k6/execution', async () => (await import('./k6-sim.ts')).executionModule);

let targetFile: string;
beforeAll(() => {
  targetFile = scriptedTargetFile({
    name: 'staging',
    tokens: { owner: 'api-v1-shared' },
    project_key: 'apk-shared',
  });
});

/** Settings every runner gets (load/k6-operator/testrun-platform-token-cap.yaml has the like). */
const env = { VUS: '10', ALLOW_QUOTA: '1' }; // runInstances adds INSTANCE_COUNT

async function runScriptInstances(script: string, count: number, behaviour: Behaviour): Promise<Instances> {
  const path = `../${script}.ts`; // not a literal: the k6 scripts stay out of the Node type program
  return runInstances(
    () => import(/* @vite-ignore */ path),
    { TARGET_FILE: targetFile, ...env },
    count,
    scriptedTarget(behaviour),
  );
}

const exact: Behaviour = { caps: { platform: 1000, rag: 1000, search: 100 } };

describe('a cap script as 3 k6 instances [LOAD-DISTRIBUTED]', () => {
  it('[RATE-PLATFORM-1000, RATE-429-MESSAGE] each sends its share, 1,100 in all with one token; the sum is exactly 1000 then 100 429s', async () => {
    const { runs, calls, logs } = await runScriptInstances('platform-token-cap', 3, exact);
    expect(calls.map((c) => c.headers.Authorization)).toEqual(Array(1100).fill('Bearer api-v1-shared'));
    expect(runs.map((r) => r.passed)).toEqual([true, true, true]);
    // 10 VUs are 4 + 3 + 3, so the shares are 440 + 330 + 330; the thresholds are bounds, not the exact counts.
    expect(runs[0]!.thresholds).toEqual({
      'cap_sent: count>=330': true,
      'cap_sent: count<=440': true,
      'cap_success: count>=230': true,
      'cap_success: count<=440': true,
      'cap_rate_limited: count<=100': true,
      'cap_other: count==0': true,
      'cap_wrong_message: count==0': true,
      'http_req_duration{phase:cap}: p(95)<2000': true,
    });
    expect(runs[0]!.summary.stdout).toContain('instance:   one of 3 k6 instances (its first request #0)');
    const merged = mergeInstanceReports(reportsIn(logs));
    expect(merged.perInstance).toEqual([
      { firstIndex: 0, sent: 440, successes: 440, rateLimited: 0, ok: true },
      { firstIndex: 1, sent: 330, successes: 330, rateLimited: 0, ok: true },
      { firstIndex: 2, sent: 330, successes: 230, rateLimited: 100, ok: true },
    ]);
    expect(merged.tally).toMatchObject({ sent: 1100, successes: 1000, rateLimited: 100, other: 0 });
    expect(merged.verdict).toEqual({ ok: true, failures: [] });
    expect(formatMergedReport(merged)).toContain(
      'sum:        sent 1100 of 1100, 2xx 1000 (expected 1000), 429 100',
    );
  });

  it('[RATE-PLATFORM-1000] one request over the cap passes every instance: only the sum catches it', async () => {
    const { runs, logs } = await runScriptInstances('platform-token-cap', 3, { ...exact, overshoot: 1 });
    expect(runs.map((r) => r.passed)).toEqual([true, true, true]);
    const merged = mergeInstanceReports(reportsIn(logs));
    expect(merged.verdict.failures).toEqual(['cap not enforced: 1001 successes, 1 over the cap of 1000']);
  });

  it('[RATE-SEARCH-KEY-100] another 429 message fails the instance that got it, and the sum', async () => {
    const { runs, logs } = await runScriptInstances('kb-search-cap', 2, {
      ...exact,
      searchMessage: 'Rate limit exceeded. Please try again later.',
    });
    expect(runs.map((r) => r.passed)).toEqual([true, false]);
    const merged = mergeInstanceReports(reportsIn(logs));
    expect(merged.verdict.ok).toBe(false);
    expect(merged.verdict.failures[0]).toMatch(/^10 of the 429s did not carry the message/);
  });

  it('refuses a missing or duplicated instance, never a verdict on part of a run', async () => {
    const { logs } = await runScriptInstances('platform-token-cap', 3, exact);
    const reports = reportsIn(logs);
    const refusal = (rs: typeof reports) => {
      try {
        mergeInstanceReports(rs);
      } catch (e) {
        if (e instanceof MergeError) return e.problems;
      }
      throw new Error('expected a MergeError');
    };
    expect(refusal(reports.slice(0, 2))).toEqual([
      '2 instance reports of 3: the run is judged only with all of them',
    ]);
    expect(refusal([reports[0]!, reports[1]!, reports[1]!])).toEqual([
      'the instance whose first request was #1 is given more than once',
    ]);
    expect(refusal([])).toEqual(['no instance report found']);
  });

  it('merge-instances.ts: 0 on a passing sum, 1 on a failing one, 2 on a part of a run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'k6-merge-'));
    const pass = await runScriptInstances('kb-search-cap', 3, exact);
    const fail = await runScriptInstances('kb-search-cap', 3, { ...exact, overshoot: 2 });
    const lines = pass.logs.split('\n');
    const files = { pass: pass.logs, fail: fail.logs, part: lines.slice(0, lines.length / 2).join('\n') };
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, `${name}.log`), text);
    const ok = mergeFiles(['pass.log'], dir);
    expect([ok.code, ok.text]).toEqual([0, expect.stringContaining('verdict:    PASS')]);
    expect(JSON.parse(readFileSync(ok.written!, 'utf8'))).toMatchObject({ kind: 'cap-merged', instances: 3 });
    const bad = mergeFiles(['fail.log'], dir);
    expect([bad.code, bad.text]).toEqual([1, expect.stringContaining('cap not enforced: 102 successes')]);
    expect(mergeFiles(['part.log'], dir)).toMatchObject({
      code: 2,
      text: expect.stringMatching(/reports of 3/),
    });
    expect(mergeFiles(['none.log'], dir)).toMatchObject({
      code: 2,
      text: expect.stringMatching(/^cannot read/),
    });
  });

  it('[LOAD-CONFIG] the Node-side check refuses INSTANCE_COUNT: it sends a whole run from one process', async () => {
    const config = loadConfig({
      targetText: readFileSync(targetFile, 'utf8'),
      env: { ...env, INSTANCE_COUNT: '2' },
    });
    await expect(runCap(resolveCapRun('kb-search-cap', config), config)).rejects.toThrow(
      'INSTANCE_COUNT=2 splits a k6 run over instances',
    );
  });
});
