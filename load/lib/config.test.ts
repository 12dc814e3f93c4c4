import { describe, expect, it } from 'vitest';
import { TargetConfig } from '../../contract/target-config.ts';
import { createFakeServer } from '../../fake-server/index.ts';
import { defaultP95Ms, loadConfig, parseDurationS } from './config.ts';
import { problemsOf } from './config-problems.test-support.ts';

const fakeTarget = JSON.stringify(createFakeServer().targetConfig('http://127.0.0.1:4010'));

const staging = {
  name: 'staging',
  kind: 'real',
  base_url: 'https://staging.example.com/api/v1/',
  tokens: { owner: 'api-v1-owner', viewer: 'api-v1-viewer' },
  project_key: 'apk-key',
  rag_models: { openai: 'gpt-4o-mini' },
  allow: { writes: false, quota: true, credits: false },
  load: {
    plan: 'professional',
    p95_ms: { rag: 8000 },
    vus: 4,
    extra: 7,
    soak: { duration: '5m', fraction: 0.25 },
  },
};

describe('load config [LOAD-CONFIG]', () => {
  it("reads the fake's own target config: base URL, owner token, project key, model and control API", () => {
    const c = loadConfig({ targetText: fakeTarget, env: {} });
    const zod = TargetConfig.parse(JSON.parse(fakeTarget));
    expect(c.baseUrl).toBe(zod.base_url);
    expect(c.token).toBe(zod.tokens.owner);
    expect(c.projectKey).toBe(zod.project_key);
    expect(c.ragModel).toBe(zod.rag_models.openai);
    expect(c.control).toEqual(zod.control);
    expect(c.allowQuota && c.allowCredits).toBe(true);
    expect(c.p95Ms).toEqual(defaultP95Ms);
    expect(c.vus).toBe(10);
  });

  it('reads a staging file the conformance schema accepts, with its load section', () => {
    expect(TargetConfig.safeParse(staging).success).toBe(true);
    const c = loadConfig({ targetText: JSON.stringify(staging), env: {} });
    expect(c).toMatchObject({
      targetName: 'staging',
      baseUrl: 'https://staging.example.com/api/v1',
      token: 'api-v1-owner',
      projectKey: 'apk-key',
      plan: 'professional',
      vus: 4,
      extra: 7,
      allowQuota: true,
      allowCredits: false,
      soak: { durationS: 300, fraction: 0.25 },
      p95Ms: { platform: 2000, rag: 8000, search: 2000 },
    });
    expect(c.control).toBeUndefined();
  });

  it('environment variables override the file', () => {
    const c = loadConfig({
      targetText: JSON.stringify(staging),
      env: {
        BASE_URL: 'http://127.0.0.1:9/api/v1',
        TOKEN: 'api-v1-other',
        PROJECT_KEY: 'apk-other',
        RAG_MODEL: 'gpt-4.1-mini',
        PLAN: 'Enterprise',
        EXPECTED_CAP: '250',
        P95_MS: '900',
        VUS: '1',
        EXTRA: '3',
        ALLOW_CREDITS: '1',
        DURATION: '90',
        SOAK_FRACTION: '0.1',
        FAMILIES: 'search,platform',
        SUMMARY_JSON: '/tmp/x.json',
        CONTROL_URL: 'http://127.0.0.1:9/_control/',
        CONTROL_SECRET: 's',
      },
    });
    expect(c).toMatchObject({
      baseUrl: 'http://127.0.0.1:9/api/v1',
      token: 'api-v1-other',
      projectKey: 'apk-other',
      ragModel: 'gpt-4.1-mini',
      plan: 'enterprise',
      expectedCap: 250,
      p95Ms: { platform: 900, rag: 900, search: 900 },
      vus: 1,
      extra: 3,
      allowCredits: true,
      soak: { durationS: 90, fraction: 0.1 },
      families: ['platform', 'search'],
      summaryPath: '/tmp/x.json',
      control: { url: 'http://127.0.0.1:9/_control', secret: 's' },
    });
  });

  it('runs from the environment alone, and NO_CONTROL treats the fake as any target', () => {
    const c = loadConfig({ env: { BASE_URL: 'https://x.example/api/v1', TOKEN: 'api-v1-t' } });
    expect(c).toMatchObject({ baseUrl: 'https://x.example/api/v1', token: 'api-v1-t', allowQuota: false });
    expect(loadConfig({ targetText: fakeTarget, env: { NO_CONTROL: '1' } }).control).toBeUndefined();
  });

  it('lists every problem at once', () => {
    expect(problemsOf(() => loadConfig({ env: {} }))).toEqual([
      'no target: set TARGET_FILE to a target config file, or BASE_URL (with TOKEN, PROJECT_KEY, …)',
    ]);
    expect(
      problemsOf(() => loadConfig({ targetText: '{"base_url": ', targetPath: 't.json', env: {} }))[0],
    ).toMatch(/^target file t\.json is not valid JSON/);
    expect(
      problemsOf(() =>
        loadConfig({
          env: {
            BASE_URL: 'ftp://x',
            PLAN: 'gold',
            VUS: '0',
            EXTRA: 'many',
            P95_MS: '-1',
            DURATION: '2h',
            SOAK_FRACTION: '2',
            FAMILIES: 'platform,voice',
            CONTROL_URL: 'http://x',
          },
        }),
      ),
    ).toEqual([
      'base_url must be an http(s) URL, got "ftp://x"',
      'the control API needs both its url and its secret',
      'PLAN must be professional, advanced, agency or enterprise, got "gold"',
      'DURATION must be between 1s and 3600s (e.g. 90s, 5m), got "2h"',
      'SOAK_FRACTION must be in (0, 1], got "2"',
      'P95_MS must be a positive integer, got "-1"',
      'VUS must be a positive integer, got "0"',
      'FAMILIES: unknown voice (use platform, rag, search)',
      'EXTRA must be a positive integer, got "many"',
    ]);
  });

  it('[RATE-ENTERPRISE-CAP] EXPECTED_CAP applies to Enterprise only: the spec fixes the other RAG caps', () => {
    expect(
      problemsOf(() =>
        loadConfig({ env: { BASE_URL: 'https://x.example', PLAN: 'advanced', EXPECTED_CAP: '5' } }),
      ),
    ).toEqual([
      'EXPECTED_CAP applies to the Enterprise plan only: the spec fixes the advanced RAG cap (unset it, or PLAN=enterprise)',
    ]);
  });

  it('[LOAD-DISTRIBUTED] the instances of a distributed run and the longest a cap run may take, from the file or the environment', () => {
    const base = { BASE_URL: 'https://x.example/api/v1' };
    expect(loadConfig({ env: base })).toMatchObject({ instances: 1, maxDurationS: 1800 });
    const file = JSON.stringify({ ...staging, load: { instances: 4, max_duration: '45m' } });
    expect(loadConfig({ targetText: file, env: {} })).toMatchObject({ instances: 4, maxDurationS: 2700 });
    expect(loadConfig({ targetText: file, env: { INSTANCE_COUNT: '2', MAX_DURATION: '90s' } })).toMatchObject(
      { instances: 2, maxDurationS: 90 },
    );
    // A cap is counted per hour: a run that outlasts it would see its count restart.
    expect(
      problemsOf(() => loadConfig({ env: { ...base, MAX_DURATION: '2h', INSTANCE_COUNT: 'x' } })),
    ).toEqual([
      'INSTANCE_COUNT must be a positive integer, got "x"',
      'MAX_DURATION must be between 1s and 3600s (e.g. 90s, 5m), got "2h"',
    ]);
  });

  it('reads durations in s, m, h and ms', () => {
    expect(['90', '90s', '2m', '1h', '1500ms', ' 3 s '].map((d) => parseDurationS(d))).toEqual([
      90, 90, 120, 3600, 1.5, 3,
    ]);
    expect(parseDurationS(45)).toBe(45);
    expect(['', 'soon', '0', '-5s', '1d'].map((d) => parseDurationS(d))).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
