/**
 * The load scripts and what each needs from the configuration: which credentials, which permissions (`allow`), and
 * for a cap script, the plan of its run. Pure: the k6 scripts and the Node-side check resolve runs the same way.
 */
import { type CapFamily, type CapPlan, capOf, capPlan, type RagPlan, ragCapFor } from './caps.ts';
import { ConfigError, type LoadConfig } from './config.ts';
import { type Distribution, distributionOf } from './distributed.ts';
import { type SoakStream, soakPlan } from './soak-plan.ts';

export const capScripts = ['platform-token-cap', 'rag-cap', 'kb-search-cap'] as const;
export type CapScript = (typeof capScripts)[number];
export const scriptNames = [...capScripts, 'soak', 'smoke'] as const;
export type ScriptName = (typeof scriptNames)[number];

export const familyOfScript: Readonly<Record<CapScript, CapFamily>> = {
  'platform-token-cap': 'platform',
  'rag-cap': 'rag',
  'kb-search-cap': 'search',
};

export const familyLabel: Readonly<Record<CapFamily, string>> = {
  platform: 'Platform token (getMyProjects)',
  rag: 'RAG endpoints (POST /openai/chat/completions)',
  search: 'project-key knowledgebase search (POST /searchIndexDocument)',
};

/** `control`: fresh credentials from the fake's control API; `given`: the configured ones, in the real hour. */
export type RunMode = 'control' | 'given';

export const modeNote: Readonly<Record<RunMode, string>> = {
  control:
    "control API: fresh credentials minted in setup (counters start at zero); recovery checked by moving the fake's clock past the window",
  given:
    'given credentials and the real hour: their counters must not have been used in the past hour; recovery not checked (it would take the hour)',
};

export interface CapRun {
  script: CapScript;
  family: CapFamily;
  mode: RunMode;
  plan: CapPlan;
  /** RAG only: the plan whose cap is checked. */
  ragPlan?: RagPlan;
  /** INSTANCE_COUNT > 1: this is one of several k6 instances, each sending its share (LOAD-DISTRIBUTED). */
  distribution?: Distribution;
}

/** What a run split over `config.instances` k6 instances needs; problems are appended. */
function requireDistributable(config: LoadConfig, mode: RunMode, problems: string[]): void {
  if (config.instances === 1) return;
  if (mode === 'control') {
    problems.push(
      `INSTANCE_COUNT=${config.instances}: every k6 instance runs its own setup() and teardown(), so each would mint its own credentials and move the fake's clock; give the credentials (TOKEN, PROJECT_KEY) with NO_CONTROL=1`,
    );
  }
  if (config.vus < config.instances) {
    problems.push(
      `VUS=${config.vus} is fewer than INSTANCE_COUNT=${config.instances}: k6 shares the VUs out between the instances, and one without a VU sends nothing`,
    );
  }
}

/** The RAG plan of a run: given, or Advanced when the control API mints the organization. */
function ragPlanOf(config: LoadConfig, problems: string[]): RagPlan {
  if (config.plan) return config.plan;
  if (!config.control) {
    problems.push(
      'the plan of the project behind PROJECT_KEY is needed: PLAN=professional|advanced|agency|enterprise (or load.plan)',
    );
  }
  return 'advanced';
}

/** Credentials and permissions `family` needs in `mode`; problems are appended. */
export function requireFamily(
  family: CapFamily,
  config: LoadConfig,
  mode: RunMode,
  spendsQuota: boolean,
  problems: string[],
): void {
  const given = mode === 'given';
  if (family === 'platform' && given && !config.token) {
    problems.push('no Platform token: set TOKEN, or tokens.owner in the target file');
  }
  if (family !== 'platform' && given && !config.projectKey) {
    problems.push('no project key: set PROJECT_KEY, or project_key in the target file');
  }
  if (family === 'rag') {
    if (!config.ragModel)
      problems.push('no RAG model: set RAG_MODEL, or rag_models.openai in the target file');
    if (given && !config.allowCredits) {
      problems.push(
        'RAG requests spend credits: set allow.credits true in the target file, or ALLOW_CREDITS=1',
      );
    }
  }
  if (given && spendsQuota && !config.allowQuota) {
    problems.push(
      "this run spends the credentials' hourly allowance: set allow.quota true in the target file, or ALLOW_QUOTA=1",
    );
  }
}

export function runMode(config: LoadConfig): RunMode {
  return config.control ? 'control' : 'given';
}

/** The cap run of `script`; throws ConfigError listing what is missing. */
export function resolveCapRun(script: CapScript, config: LoadConfig): CapRun {
  const family = familyOfScript[script];
  const mode = runMode(config);
  const problems: string[] = [];
  requireFamily(family, config, mode, true, problems);
  requireDistributable(config, mode, problems);
  let ragPlan: RagPlan | undefined;
  if (family === 'rag') {
    ragPlan = ragPlanOf(config, problems);
    if (ragPlan === 'enterprise' && mode === 'given' && config.expectedCap === undefined) {
      problems.push(
        'the Enterprise RAG cap is set per organization: give it as EXPECTED_CAP (or load.rag_cap_per_hour)',
      );
    }
  }
  if (problems.length) throw new ConfigError(problems.map((p) => `${script}: ${p}`));
  const cap = capOf(family, {
    plan: ragPlan ?? 'advanced',
    ...(config.expectedCap !== undefined ? { enterpriseCap: config.expectedCap } : {}),
  });
  const plan = capPlan(family, cap, {
    concurrency: config.vus,
    ...(config.extra !== undefined ? { extra: config.extra } : {}),
  });
  if (plan.sent < config.instances) {
    throw new ConfigError([
      `${script}: cap + EXTRA is ${plan.sent} requests, fewer than INSTANCE_COUNT=${config.instances}: an instance would send nothing`,
    ]);
  }
  return {
    script,
    family,
    mode,
    plan,
    ...(ragPlan ? { ragPlan } : {}),
    ...(config.instances > 1 ? { distribution: distributionOf(plan, config.instances) } : {}),
  };
}

/** The soak and the smoke check exact totals per family in one instance; their load fits one anyway (under the caps). */
const oneInstanceOnly =
  'runs as one k6 instance only (unset INSTANCE_COUNT): it checks exact totals, and its load, under the hourly caps, fits one';

/** The smoke's families after checking their credentials; throws ConfigError listing what is missing. */
export function resolveSmoke(config: LoadConfig): CapFamily[] {
  const problems: string[] = [];
  if (config.families.length === 0) problems.push('FAMILIES names no family');
  if (config.instances > 1) problems.push(oneInstanceOnly);
  for (const f of config.families) requireFamily(f, config, 'given', false, problems);
  if (problems.length) throw new ConfigError(problems.map((p) => `smoke: ${p}`));
  return config.families;
}

export interface SoakRun {
  mode: RunMode;
  /** Plan of the minted organization (control mode) or the configured one. */
  ragPlan: RagPlan;
  streams: SoakStream[];
}

/**
 * The soak's streams: each family a fraction of its cap over the duration. Given credentials without a known RAG
 * plan (or an Enterprise plan without its cap) are held to the smallest documented RAG cap, Professional's.
 */
export function resolveSoak(config: LoadConfig): SoakRun {
  const mode = runMode(config);
  const problems: string[] = [];
  if (config.families.length === 0) problems.push('FAMILIES names no family');
  if (config.instances > 1) problems.push(oneInstanceOnly);
  for (const f of config.families) requireFamily(f, config, mode, true, problems);
  if (problems.length) throw new ConfigError(problems.map((p) => `soak: ${p}`));
  const ragPlan: RagPlan = config.plan ?? (mode === 'control' ? 'advanced' : 'professional');
  const unknownEnterprise = ragPlan === 'enterprise' && config.expectedCap === undefined && mode === 'given';
  const caps: Record<CapFamily, number> = {
    platform: capOf('platform', { plan: ragPlan }),
    search: capOf('search', { plan: ragPlan }),
    rag: unknownEnterprise ? ragCapFor('professional') : ragCapFor(ragPlan, config.expectedCap),
  };
  return {
    mode,
    ragPlan,
    streams: soakPlan(config.families, caps, config.soak.durationS, config.soak.fraction),
  };
}
