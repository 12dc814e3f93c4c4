import { describe, expect, it } from 'vitest';
import { type Env, loadConfig } from './config.ts';
import { problemsOf } from './config-problems.test-support.ts';
import { resolveCapRun, resolveSmoke, resolveSoak } from './scripts.ts';

const given = (env: Env) => loadConfig({ env: { BASE_URL: 'https://staging.example/api/v1', ...env } });
const withControl = (env: Env = {}) =>
  given({
    CONTROL_URL: 'http://127.0.0.1:4010/_control',
    CONTROL_SECRET: 's',
    RAG_MODEL: 'gpt-4o-mini',
    ...env,
  });

describe('what each load script needs [LOAD-CONFIG]', () => {
  it('[RATE-PLATFORM-1000] with the control API a cap run needs nothing else: credentials are minted', () => {
    const run = resolveCapRun('platform-token-cap', withControl({ VUS: '20' }));
    expect(run).toMatchObject({
      family: 'platform',
      mode: 'control',
      plan: { cap: 1000, sent: 1100, concurrency: 20 },
    });
  });

  it('[RATE-PLATFORM-1000] given credentials: the token and permission to spend its hour', () => {
    expect(problemsOf(() => resolveCapRun('platform-token-cap', given({})))).toEqual([
      'platform-token-cap: no Platform token: set TOKEN, or tokens.owner in the target file',
      "platform-token-cap: this run spends the credentials' hourly allowance: set allow.quota true in the target file, or ALLOW_QUOTA=1",
    ]);
    const run = resolveCapRun('platform-token-cap', given({ TOKEN: 'api-v1-t', ALLOW_QUOTA: '1' }));
    expect(run.mode).toBe('given');
  });

  it('[RATE-RAG-PROFESSIONAL-200, RATE-RAG-ADVANCED-AGENCY-1000] RAG with given credentials needs the plan, a model and credits', () => {
    expect(
      problemsOf(() => resolveCapRun('rag-cap', given({ PROJECT_KEY: 'apk-k', ALLOW_QUOTA: '1' }))),
    ).toEqual([
      'rag-cap: no RAG model: set RAG_MODEL, or rag_models.openai in the target file',
      'rag-cap: RAG requests spend credits: set allow.credits true in the target file, or ALLOW_CREDITS=1',
      'rag-cap: the plan of the project behind PROJECT_KEY is needed: PLAN=professional|advanced|agency|enterprise (or load.plan)',
    ]);
    const ok = { PROJECT_KEY: 'apk-k', RAG_MODEL: 'gpt-4o-mini', ALLOW_QUOTA: '1', ALLOW_CREDITS: '1' };
    expect(resolveCapRun('rag-cap', given({ ...ok, PLAN: 'professional' })).plan).toMatchObject({
      cap: 200,
      sent: 220,
    });
    expect(resolveCapRun('rag-cap', given({ ...ok, PLAN: 'agency' })).plan.cap).toBe(1000);
  });

  it('[RATE-ENTERPRISE-CAP] Enterprise: given credentials need EXPECTED_CAP; the fake mints with it or the default', () => {
    const ok = { PROJECT_KEY: 'apk-k', RAG_MODEL: 'gpt-4o-mini', ALLOW_QUOTA: '1', ALLOW_CREDITS: '1' };
    expect(problemsOf(() => resolveCapRun('rag-cap', given({ ...ok, PLAN: 'enterprise' })))).toEqual([
      'rag-cap: the Enterprise RAG cap is set per organization: give it as EXPECTED_CAP (or load.rag_cap_per_hour)',
    ]);
    expect(resolveCapRun('rag-cap', given({ ...ok, PLAN: 'enterprise', EXPECTED_CAP: '300' })).plan.cap).toBe(
      300,
    );
    expect(resolveCapRun('rag-cap', withControl({ PLAN: 'enterprise' })).plan.cap).toBe(1000);
    const run = resolveCapRun('rag-cap', withControl());
    expect(run).toMatchObject({ ragPlan: 'advanced', plan: { cap: 1000 } });
  });

  it('[RATE-SEARCH-KEY-100] the search needs the project key (given) and nothing with the control API', () => {
    expect(resolveCapRun('kb-search-cap', withControl()).plan).toMatchObject({ cap: 100, sent: 110 });
    expect(problemsOf(() => resolveCapRun('kb-search-cap', given({ ALLOW_QUOTA: '1' })))).toEqual([
      'kb-search-cap: no project key: set PROJECT_KEY, or project_key in the target file',
    ]);
  });

  it('[LOAD-CAP-CHECK] the soak stays under every cap; unknown RAG plans get the smallest cap', () => {
    const creds = {
      TOKEN: 'api-v1-t',
      PROJECT_KEY: 'apk-k',
      RAG_MODEL: 'gpt-4o-mini',
      ALLOW_QUOTA: '1',
      ALLOW_CREDITS: '1',
    };
    const soak = resolveSoak(given({ ...creds, SOAK_FRACTION: '0.5', DURATION: '2m' }));
    expect(soak.mode).toBe('given');
    expect(soak.streams).toEqual([
      { family: 'platform', total: 500, durationS: 120 },
      { family: 'rag', total: 100, durationS: 120 },
      { family: 'search', total: 50, durationS: 120 },
    ]);
    const enterprise = resolveSoak(given({ ...creds, PLAN: 'enterprise', SOAK_FRACTION: '1' }));
    expect(enterprise.streams.find((s) => s.family === 'rag')?.total).toBe(199);
    const fake = resolveSoak(withControl({ FAMILIES: 'rag' }));
    expect(fake).toMatchObject({
      mode: 'control',
      ragPlan: 'advanced',
      streams: [{ family: 'rag', total: 500 }],
    });
    expect(problemsOf(() => resolveSoak(given({ FAMILIES: 'search' })))).toEqual([
      'soak: no project key: set PROJECT_KEY, or project_key in the target file',
      "soak: this run spends the credentials' hourly allowance: set allow.quota true in the target file, or ALLOW_QUOTA=1",
    ]);
  });

  it('[LOAD-CAP-CHECK] the smoke sends one request per family with the given credentials (no quota permission needed)', () => {
    expect(resolveSmoke(given({ TOKEN: 'api-v1-t', FAMILIES: 'platform' }))).toEqual(['platform']);
    expect(problemsOf(() => resolveSmoke(given({ TOKEN: 'api-v1-t', PROJECT_KEY: 'apk-k' })))).toEqual([
      'smoke: no RAG model: set RAG_MODEL, or rag_models.openai in the target file',
      'smoke: RAG requests spend credits: set allow.credits true in the target file, or ALLOW_CREDITS=1',
    ]);
  });
});
