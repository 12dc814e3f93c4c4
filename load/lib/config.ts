/**
 * The load scripts' configuration: the same target config file as the conformance suites (docs/qa-staging.md "The
 * target config"; schema contract/target-config.ts), overridden by environment variables, plus an optional `load`
 * section for what only load runs need. Pure and zod-free (k6 cannot load zod): the file's text and the environment
 * come in, a validated LoadConfig or a ConfigError listing every problem comes out.
 */
import { type CapFamily, capFamilies, isRagPlan, type RagPlan } from './caps.ts';

export type Env = Readonly<Record<string, string | undefined>>;

export interface ControlAccess {
  url: string;
  secret: string;
}

export interface LoadConfig {
  targetName: string;
  baseUrl: string;
  /** Platform token (TOKEN, else tokens.owner). */
  token?: string;
  /** Project API key (PROJECT_KEY, else project_key). */
  projectKey?: string;
  /** `model` of the OpenAI-style RAG requests (RAG_MODEL, else rag_models.openai). */
  ragModel?: string;
  /** The fake's control API (CONTROL_URL + CONTROL_SECRET, else `control`); ignored with NO_CONTROL=1. */
  control?: ControlAccess;
  /** Plan of the project whose RAG cap is checked (PLAN, else load.plan). */
  plan?: RagPlan;
  /** Enterprise RAG cap (EXPECTED_CAP, else load.rag_cap_per_hour). */
  expectedCap?: number;
  /** p95 bound per family, ms (P95_MS for all, else load.p95_ms as a number or per family). */
  p95Ms: Record<CapFamily, number>;
  /** Requests in flight at once (VUS, else load.vus); a distributed run's VUs in all. */
  vus: number;
  /**
   * k6 instances a cap run is split over (INSTANCE_COUNT, else load.instances; default 1): the TestRun's
   * parallelism under k6-operator, which each instance cannot read for itself in the init context.
   */
  instances: number;
  /** Longest a cap run may take before k6 stops it (MAX_DURATION, else load.max_duration): k6's maxDuration. */
  maxDurationS: number;
  /** Requests over the cap (EXTRA, else load.extra); unset: defaultExtra(cap). */
  extra?: number;
  /** The target allows spending rate-limit quota (allow.quota or ALLOW_QUOTA=1). */
  allowQuota: boolean;
  /** The target allows spending credits on RAG requests (allow.credits or ALLOW_CREDITS=1). */
  allowCredits: boolean;
  soak: { durationS: number; fraction: number };
  /** Families the smoke and the soak cover (FAMILIES=platform,rag,search; default all three). */
  families: CapFamily[];
  /** Where the JSON summary goes (SUMMARY_JSON); unset: reports/load-<script>.json. */
  summaryPath?: string;
}

export const defaultP95Ms: Readonly<Record<CapFamily, number>> = {
  platform: 2000,
  rag: 30_000,
  search: 2000,
};
export const defaultVus = 10;
export const defaultSoak = { durationS: 60, fraction: 0.5 } as const;
/** A soak never runs longer than the hour its caps are counted in. */
export const maxSoakS = 3600;
/** A cap run's default maxDuration; like a soak, it never runs longer than the hour its cap is counted in. */
export const defaultMaxDurationS = 1800;

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`load config:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);
const nonEmpty = (v: string | undefined): string | undefined => (v?.trim() ? v.trim() : undefined);
const isHttpUrl = (v: string): boolean => /^https?:\/\/[^\s/]+/.test(v);
const flag = (v: string | undefined): boolean => v !== undefined && /^(1|true|yes)$/i.test(v.trim());

/** "90" and "90s" are seconds; "2m", "1h" and "500ms" too. Returns undefined when unreadable. */
export function parseDurationS(value: string | number): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value > 0 ? value : undefined;
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)?\s*$/.exec(value);
  if (!m) return undefined;
  const n = Number(m[1]);
  const unit = { ms: 0.001, s: 1, m: 60, h: 3600 }[(m[2] ?? 's') as 'ms' | 's' | 'm' | 'h'];
  return n > 0 ? n * unit : undefined;
}

function positiveInt(label: string, raw: unknown, problems: string[]): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const n = typeof raw === 'number' ? raw : Number(raw);
  if (Number.isInteger(n) && n >= 1) return n;
  problems.push(`${label} must be a positive integer, got ${JSON.stringify(raw)}`);
  return undefined;
}

/** A duration of at most the hour (DURATION, MAX_DURATION), or `fallback` when not given. */
function durationWithinHour(
  label: string,
  raw: string | number | undefined,
  fallback: number,
  problems: string[],
): number {
  if (raw === undefined) return fallback;
  const d = parseDurationS(raw);
  if (d !== undefined && d >= 1 && d <= maxSoakS) return d;
  problems.push(`${label} must be between 1s and ${maxSoakS}s (e.g. 90s, 5m), got ${JSON.stringify(raw)}`);
  return fallback;
}

function readTarget(text: string | undefined, path: string | undefined, problems: string[]): Json {
  if (text === undefined) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (isObject(parsed)) return parsed;
    problems.push(`target file ${path ?? ''} is not a JSON object`);
  } catch (e) {
    problems.push(`target file ${path ?? ''} is not valid JSON: ${(e as Error).message}`);
  }
  return {};
}

function readP95(env: Env, load: Json, problems: string[]): Record<CapFamily, number> {
  const out = { ...defaultP95Ms };
  const fromFile = load.p95_ms;
  if (typeof fromFile === 'number' || typeof fromFile === 'string') {
    const n = positiveInt('load.p95_ms', fromFile, problems);
    if (n) for (const f of capFamilies) out[f] = n;
  } else if (isObject(fromFile)) {
    for (const f of capFamilies) {
      const n = positiveInt(`load.p95_ms.${f}`, fromFile[f], problems);
      if (n) out[f] = n;
    }
  } else if (fromFile !== undefined) problems.push('load.p95_ms must be a number or {platform, rag, search}');
  const all = positiveInt('P95_MS', env.P95_MS, problems);
  if (all) for (const f of capFamilies) out[f] = all;
  return out;
}

function readFamilies(raw: string | undefined, problems: string[]): CapFamily[] {
  if (!nonEmpty(raw)) return [...capFamilies];
  const names = raw!
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = names.filter((n) => !(capFamilies as readonly string[]).includes(n));
  if (bad.length) problems.push(`FAMILIES: unknown ${bad.join(', ')} (use ${capFamilies.join(', ')})`);
  return capFamilies.filter((f) => names.includes(f));
}

/** Read and validate the configuration; throws ConfigError with every problem found. */
export function loadConfig(input: { targetText?: string; targetPath?: string; env: Env }): LoadConfig {
  const { env } = input;
  const problems: string[] = [];
  const t = readTarget(input.targetText, input.targetPath, problems);
  const tokens = isObject(t.tokens) ? t.tokens : {};
  const ragModels = isObject(t.rag_models) ? t.rag_models : {};
  const allow = isObject(t.allow) ? t.allow : {};
  const load = isObject(t.load) ? t.load : {};
  const soakFile = isObject(load.soak) ? load.soak : {};

  const baseUrl = nonEmpty(env.BASE_URL) ?? str(t.base_url);
  if (!baseUrl) {
    problems.push(
      input.targetText === undefined
        ? 'no target: set TARGET_FILE to a target config file, or BASE_URL (with TOKEN, PROJECT_KEY, …)'
        : 'base_url is missing (in the target file, or BASE_URL)',
    );
  } else if (!isHttpUrl(baseUrl)) problems.push(`base_url must be an http(s) URL, got "${baseUrl}"`);

  let control: ControlAccess | undefined;
  const fileControl = isObject(t.control) ? t.control : {};
  const controlUrl = nonEmpty(env.CONTROL_URL) ?? str(fileControl.url);
  const controlSecret = nonEmpty(env.CONTROL_SECRET) ?? str(fileControl.secret);
  if (!flag(env.NO_CONTROL) && (controlUrl || controlSecret)) {
    if (!controlUrl || !controlSecret) problems.push('the control API needs both its url and its secret');
    else if (!isHttpUrl(controlUrl)) problems.push(`control url must be an http(s) URL, got "${controlUrl}"`);
    else control = { url: controlUrl.replace(/\/+$/, ''), secret: controlSecret };
  }

  const planRaw = nonEmpty(env.PLAN) ?? str(load.plan);
  let plan: RagPlan | undefined;
  if (planRaw !== undefined) {
    const p = planRaw.toLowerCase();
    if (isRagPlan(p)) plan = p;
    else problems.push(`PLAN must be professional, advanced, agency or enterprise, got "${planRaw}"`);
  }
  const expectedCap = positiveInt('EXPECTED_CAP', env.EXPECTED_CAP ?? load.rag_cap_per_hour, problems);
  if (expectedCap !== undefined && plan !== undefined && plan !== 'enterprise') {
    problems.push(
      `EXPECTED_CAP applies to the Enterprise plan only: the spec fixes the ${plan} RAG cap (unset it, or PLAN=enterprise)`,
    );
  }

  const durationS = durationWithinHour(
    'DURATION',
    nonEmpty(env.DURATION) ?? (soakFile.duration as string | number | undefined),
    defaultSoak.durationS,
    problems,
  );
  const fractionRaw = nonEmpty(env.SOAK_FRACTION) ?? soakFile.fraction;
  let fraction: number = defaultSoak.fraction;
  if (fractionRaw !== undefined) {
    const n = Number(fractionRaw);
    if (Number.isFinite(n) && n > 0 && n <= 1) fraction = n;
    else problems.push(`SOAK_FRACTION must be in (0, 1], got ${JSON.stringify(fractionRaw)}`);
  }

  const config: LoadConfig = {
    targetName: str(t.name) ?? baseUrl ?? 'unnamed target',
    baseUrl: (baseUrl ?? '').replace(/\/+$/, ''),
    p95Ms: readP95(env, load, problems),
    vus: positiveInt('VUS', env.VUS ?? load.vus, problems) ?? defaultVus,
    instances: positiveInt('INSTANCE_COUNT', env.INSTANCE_COUNT ?? load.instances, problems) ?? 1,
    maxDurationS: durationWithinHour(
      'MAX_DURATION',
      nonEmpty(env.MAX_DURATION) ?? (load.max_duration as string | number | undefined),
      defaultMaxDurationS,
      problems,
    ),
    allowQuota: allow.quota === true || flag(env.ALLOW_QUOTA),
    allowCredits: allow.credits === true || flag(env.ALLOW_CREDITS),
    soak: { durationS, fraction },
    families: readFamilies(env.FAMILIES, problems),
  };
  const token = nonEmpty(env.TOKEN) ?? str(tokens.owner);
  const projectKey = nonEmpty(env.PROJECT_KEY) ?? str(t.project_key);
  const ragModel = nonEmpty(env.RAG_MODEL) ?? str(ragModels.openai);
  const extra = positiveInt('EXTRA', env.EXTRA ?? load.extra, problems);
  const summaryPath = nonEmpty(env.SUMMARY_JSON);
  if (token) config.token = token;
  if (projectKey) config.projectKey = projectKey;
  if (ragModel) config.ragModel = ragModel;
  if (control) config.control = control;
  if (plan) config.plan = plan;
  if (expectedCap !== undefined) config.expectedCap = expectedCap;
  if (extra !== undefined) config.extra = extra;
  if (summaryPath) config.summaryPath = summaryPath;
  if (problems.length) throw new ConfigError(problems);
  return config;
}
