/**
 * A small stand-in for the k6 runtime, so vitest can run the k6 scripts' glue (load/*.ts, load/k6/) where k6
 * cannot be installed: the k6 modules the scripts import (k6, k6/http, k6/metrics, k6/execution), the init-context
 * globals (__ENV, open), the executors the scripts use (one iteration at a time; a shared-iterations scenario
 * also as one of k6-operator's execution segments), setup/teardown, metric samples
 * with their tags, the threshold expressions the scripts write, and the summary data handleSummary receives.
 * It is no k6: no real VUs, timing or protocol; requests go to `sim.server`, a function each test provides.
 */
import { readFileSync } from 'node:fs';
import { sharedIterationIndices } from '../lib/segments.ts';

export interface SimCall {
  method: string;
  url: string;
  body: string | null;
  headers: Record<string, string>;
}
export type SimServer = (call: SimCall) => { status: number; body: string };

interface Sample {
  value: number;
  tags: Record<string, string>;
}

function createSim() {
  return {
    server: (() => ({ status: 500, body: 'no server' })) as SimServer,
    /** Latency every simulated request reports, ms. */
    latencyMs: 5,
    iterationInTest: 0,
    scenarioTags: {} as Record<string, string>,
    samples: new Map<string, { type: 'counter' | 'trend'; samples: Sample[] }>(),
    calls: [] as SimCall[],
    reset(server: SimServer) {
      this.server = server;
      this.iterationInTest = 0;
      this.scenarioTags = {};
      this.samples = new Map();
      this.calls = [];
    },
    record(name: string, type: 'counter' | 'trend', value: number, tags: Record<string, string> = {}) {
      const m = this.samples.get(name) ?? { type, samples: [] };
      m.samples.push({ value, tags: { ...this.scenarioTags, ...tags } });
      this.samples.set(name, m);
    },
  };
}

/** One simulator per process (on globalThis): the mocked k6 modules are re-imported with every script. */
const g = globalThis as { __k6Sim?: ReturnType<typeof createSim> };
g.__k6Sim ??= createSim();
export const sim = g.__k6Sim;

export const k6Module = {
  check(value: unknown, sets: Record<string, (v: unknown) => boolean>): boolean {
    return Object.values(sets).every((f) => f(value));
  },
};

export const httpModule = {
  default: {
    request(
      method: string,
      url: string,
      body: string | null,
      params: { headers?: Record<string, string>; tags?: Record<string, string> },
    ) {
      const call = { method, url, body, headers: params.headers ?? {} };
      sim.calls.push(call);
      const res = sim.server(call);
      sim.record('http_req_duration', 'trend', sim.latencyMs, params.tags);
      return res;
    },
    setResponseCallback() {},
    expectedStatuses: () => ({}),
  },
};

class Metric {
  constructor(
    readonly name: string,
    readonly type: 'counter' | 'trend',
  ) {}
  add(value: number | boolean, tags?: Record<string, string>) {
    sim.record(this.name, this.type, Number(value), tags);
  }
}
export const metricsModule = {
  Counter: class extends Metric {
    constructor(name: string) {
      super(name, 'counter');
    }
  },
  Trend: class extends Metric {
    constructor(name: string) {
      super(name, 'trend');
    }
  },
};

export const executionModule = {
  default: {
    scenario: {
      get iterationInTest() {
        return sim.iterationInTest;
      },
    },
  },
};

/** Percentile as k6 computes it (linear between closest ranks). */
function pct(sorted: number[], p: number): number {
  const rank = (p / 100) * (sorted.length - 1);
  const lo = sorted[Math.floor(rank)]!;
  return lo + (sorted[Math.ceil(rank)]! - lo) * (rank - Math.floor(rank));
}

/** `name` or `name{tag:value,…}` → the values k6 would report for it. */
function valuesOf(key: string): Record<string, number> | undefined {
  const m = /^([^{]+)(?:\{(.*)\})?$/.exec(key)!;
  const metric = sim.samples.get(m[1]!);
  if (!metric) return undefined;
  const filter = (m[2] ?? '')
    .split(',')
    .filter(Boolean)
    .map((kv) => kv.split(':') as [string, string]);
  const vs = metric.samples.filter((s) => filter.every(([k, v]) => s.tags[k] === v)).map((s) => s.value);
  if (metric.type === 'counter') return { count: vs.reduce((a, b) => a + b, 0) };
  if (vs.length === 0) return undefined;
  const sorted = [...vs].sort((a, b) => a - b);
  return { min: sorted[0]!, max: sorted.at(-1)!, 'p(95)': pct(sorted, 95) };
}

const compare: Record<string, (v: number, n: number) => boolean> = {
  '==': (v, n) => v === n,
  '<': (v, n) => v < n,
  '<=': (v, n) => v <= n,
  '>=': (v, n) => v >= n,
};

/** The threshold forms the scripts write: `count==N`, `count<=N`, `count>=N`, `p(95)<N`. */
function thresholdOk(values: Record<string, number> | undefined, expression: string): boolean {
  const m = /^(count|p\(95\))(==|<=|>=|<)(\d+)$/.exec(expression);
  if (!m) throw new Error(`the simulator does not read threshold ${expression}`);
  // A counter without samples: k6 reports no value, and treats it as 0.
  const v = values?.[m[1]!] ?? (m[1] === 'count' ? 0 : undefined);
  return v !== undefined && compare[m[2]!]!(v, Number(m[3]));
}

interface Scenario {
  executor: string;
  vus?: number;
  iterations?: number;
  rate?: number;
  exec?: string;
  tags?: Record<string, string>;
}

export type ScriptModule = Record<string, unknown> & {
  options: { scenarios: Record<string, Scenario>; thresholds?: Record<string, string[]> };
};

export interface SimRun {
  summary: Record<string, string>;
  thresholds: Record<string, boolean>;
  /** k6 exits non-zero when a threshold fails. */
  passed: boolean;
}

/** Install the init-context globals for a script run. */
export function initGlobals(env: Record<string, string>): void {
  Object.assign(globalThis, { __ENV: env, open: (path: string) => readFileSync(path, 'utf8') });
}

/** The iterationInTest values a scenario runs: all, or an instance's (k6-operator's equal execution segments). */
function iterationsOf(scenario: Scenario, instance?: SimInstance): number[] {
  const n = scenario.executor === 'constant-arrival-rate' ? scenario.rate! : (scenario.iterations ?? 1);
  if (!instance) return Array.from({ length: n }, (_, i) => i);
  if (scenario.executor !== 'shared-iterations')
    throw new Error('the simulator segments shared-iterations only');
  return sharedIterationIndices(n, scenario.vus ?? 1, instance.count, instance.index);
}

/** One of `count` k6 instances, as k6-operator starts them (`--execution-segment`), 0-based. */
export interface SimInstance {
  index: number;
  count: number;
}

/**
 * Run an imported k6 script module: setup, every scenario's iterations (one instance's share of them when given),
 * teardown, thresholds, handleSummary.
 */
export function runScript(mod: ScriptModule, instance?: SimInstance): SimRun {
  const fn = (name: string) => mod[name] as ((data?: unknown) => unknown) | undefined;
  const data = fn('setup')?.();
  for (const [, scenario] of Object.entries(mod.options.scenarios)) {
    const exec = fn(scenario.exec ?? 'default')!;
    sim.scenarioTags = scenario.tags ?? {};
    for (const i of iterationsOf(scenario, instance)) {
      sim.iterationInTest = i;
      exec(data);
    }
    sim.scenarioTags = {};
  }
  fn('teardown')?.(data);
  const thresholds: Record<string, boolean> = {};
  const metrics: Record<
    string,
    { values: Record<string, number>; thresholds?: Record<string, { ok: boolean }> }
  > = {};
  for (const name of sim.samples.keys()) metrics[name] = { values: valuesOf(name) ?? {} };
  for (const [key, expressions] of Object.entries(mod.options.thresholds ?? {})) {
    const values = valuesOf(key);
    const results: Record<string, { ok: boolean }> = {};
    for (const e of expressions) {
      results[e] = { ok: thresholdOk(values, e) };
      thresholds[`${key}: ${e}`] = results[e].ok;
    }
    metrics[key] = { values: values ?? {}, thresholds: results };
  }
  const summary = (fn('handleSummary') as (d: unknown) => Record<string, string>)({
    metrics,
    setup_data: data,
    state: { testRunDurationMs: 1000 },
  });
  return { summary, thresholds, passed: Object.values(thresholds).every(Boolean) };
}
