import { beforeAll, describe, expect, it, vi } from 'vitest';
import { rateLimitMessages } from '../../contract/rate-limit-messages.ts';
import { initGlobals, runScript, type SimRun, sim } from './k6-sim.ts';
import { type Behaviour, ORIGIN, scriptedTarget, scriptedTargetFile } from './scripted-target.ts';

vi.mock('k6', async () => (await import('./k6-sim.ts')).k6Module);
vi.mock('k6/http', async () => (await import('./k6-sim.ts')).httpModule);
vi.mock('k6/metrics', async () => (await import('./k6-sim.ts')).metricsModule);
vi.mock('k6/execution', async () => (await import('./k6-sim.ts')).executionModule);

let targetFile: string;

beforeAll(() => {
  targetFile = scriptedTargetFile({
    name: 'scripted target',
    tokens: { owner: 'api-v1-given' },
    project_key: 'apk-given',
    rag_models: { openai: 'gpt-4o-mini' },
    control: { url: `${ORIGIN}/_control`, secret: 'sec' },
    allow: { quota: true, credits: true },
  });
});

const exact: Behaviour = { caps: { platform: 1000, rag: 1000, search: 100 } };

async function runK6(script: string, env: Record<string, string>, behaviour: Behaviour): Promise<SimRun> {
  sim.reset(scriptedTarget(behaviour));
  initGlobals({ TARGET_FILE: targetFile, ...env });
  vi.resetModules();
  const path = `../${script}.ts`; // not a literal: the k6 scripts stay out of the Node type program
  return runScript(await import(/* @vite-ignore */ path));
}

const report = (run: SimRun, script: string) => JSON.parse(run.summary[`reports/load-${script}.json`]!);
const controlRoutes = () =>
  sim.calls
    .filter((c) => c.url.includes('/_control/'))
    .map((c) => `${c.method} ${c.url.split('/_control')[1]}`);

describe('the k6 scripts under a k6 stand-in [LOAD-CAP-CHECK]', () => {
  it('[RATE-PLATFORM-1000, RATE-429-MESSAGE] platform-token-cap: a fresh token, exact counts pass, recovery after the window', async () => {
    const run = await runK6('platform-token-cap', { EXTRA: '5' }, exact);
    expect(run.thresholds).toEqual({
      'cap_success: count==1000': true,
      'cap_rate_limited: count==5': true,
      'cap_other: count==0': true,
      'cap_wrong_message: count==0': true,
      'cap_out_of_order: count==0': true,
      'http_req_duration{phase:cap}: p(95)<2000': true,
      'cap_recovered: count==1': true,
      'cap_recovery_failed: count==0': true,
    });
    expect(run.passed).toBe(true);
    expect(controlRoutes()).toEqual([
      'POST /organizations',
      'POST /tokens',
      'GET /rate-limits',
      'POST /clock/advance',
    ]);
    const apiCalls = sim.calls.filter((c) => c.url.endsWith('/getMyProjects'));
    expect(apiCalls).toHaveLength(1006);
    expect(new Set(apiCalls.map((c) => c.headers.Authorization))).toEqual(
      new Set(['Bearer api-v1-minted-2']),
    );
    expect(run.summary.stdout).toContain('successes:  1000 (expected 1000)');
    expect(run.summary.stdout).toContain('first 429:  request #1000 (0-based, issue order)');
    expect(run.summary.stdout).toContain('verdict:    PASS');
    expect(report(run, 'platform-token-cap')).toMatchObject({ runner: 'k6', recovery: { status: 'ok' } });
  });

  it('[RATE-PLATFORM-1000] a target admitting one request over the cap fails the thresholds and the verdict', async () => {
    const run = await runK6('platform-token-cap', { EXTRA: '5' }, { ...exact, overshoot: 1 });
    expect(run.passed).toBe(false);
    expect(run.thresholds['cap_success: count==1000']).toBe(false);
    expect(report(run, 'platform-token-cap').verdict.failures).toContain(
      'cap not enforced: 1001 successes, 1 over the cap of 1000',
    );
  });

  it('[RATE-SEARCH-KEY-100] kb-search-cap with given credentials, one at a time: another 429 message fails', async () => {
    const run = await runK6(
      'kb-search-cap',
      { NO_CONTROL: '1', VUS: '1', EXTRA: '3', SUMMARY_JSON: 'out.json' },
      { ...exact, searchMessage: rateLimitMessages.default },
    );
    expect(controlRoutes()).toEqual([]);
    expect(run.thresholds['cap_wrong_message: count==0']).toBe(false);
    expect(run.thresholds['cap_out_of_order: count==0']).toBe(true);
    expect(run.passed).toBe(false);
    const r = JSON.parse(run.summary['out.json']!);
    expect(r).toMatchObject({
      mode: 'given',
      recovery: { status: 'not-checked' },
      tally: { firstRateLimitedIndex: 100 },
    });
    expect(r.verdict.failures).toEqual([
      '3 of the 429s did not carry the message "Rate limit exceeded. Your plan allows 100 requests per hour."',
      'k6 threshold failed: cap_wrong_message: count==0',
    ]);
  });

  it('[RATE-ENTERPRISE-CAP] rag-cap on Enterprise mints an organization with the expected cap', async () => {
    const run = await runK6(
      'rag-cap',
      { PLAN: 'enterprise', EXPECTED_CAP: '30', EXTRA: '4' },
      {
        caps: { ...exact.caps, rag: 30 },
      },
    );
    expect(run.passed).toBe(true);
    const planCall = sim.calls.find((c) => c.url.endsWith('/organizations/1/plan'));
    expect(JSON.parse(planCall!.body!)).toEqual({ plan: 'enterprise', rag_cap_per_hour: 30 });
    expect(report(run, 'rag-cap')).toMatchObject({
      cap: 30,
      ragPlan: 'enterprise',
      tally: { successes: 30 },
    });
  });

  it('[RATE-RAG-PROFESSIONAL-200, RATE-SEARCH-KEY-100] soak: each family a fraction of its cap, all 2xx', async () => {
    const run = await runK6('soak', { PLAN: 'professional', SOAK_FRACTION: '0.1', DURATION: '10s' }, exact);
    expect(run.passed).toBe(true);
    expect(run.thresholds).toMatchObject({
      'soak_success{family:platform}: count==100': true,
      'soak_success{family:rag}: count==20': true,
      'soak_success{family:search}: count==10': true,
    });
    expect(run.summary.stdout).toContain('== soak (k6) against scripted target, 10 s');
  });

  it('[LOAD-CAP-CHECK] smoke: one request per family; a RAG error fails it', async () => {
    expect((await runK6('smoke', {}, exact)).passed).toBe(true);
    expect(sim.calls.map((c) => c.url.slice(`${ORIGIN}/api/v1`.length))).toEqual([
      '/getMyProjects',
      '/openai/chat/completions',
      '/searchIndexDocument',
    ]);
    const failed = await runK6('smoke', {}, { ...exact, ragStatus: 500 });
    expect(failed.passed).toBe(false);
    expect(failed.summary.stdout).toContain('rag: 1 of 1 answers were not 2xx');
  });
});
