/** What one benchmark run measured: the shape of reports/bench.json. */
import type { ColdStartResult } from './cold-start.js';
import type { LoadResult } from './load.js';
import type { ScaleResult } from './scale.js';

export const servers = ['fake', 'prism', 'minimal-koa'] as const;
export type ServerName = (typeof servers)[number];

export interface ThroughputRow {
  op: string;
  server: ServerName;
  result: LoadResult;
}

export interface BenchResults {
  startedAt: string;
  finishedAt: string;
  machine: {
    cpus: number;
    cpuModel: string;
    node: string;
    /** os.loadavg() at the start and the end of the run (1, 5 and 15 minutes). */
    loadavgStart: number[];
    loadavgEnd: number[];
  };
  settings: { connections: number; rounds: number; durationS: number; warmupS: number };
  throughput: ThroughputRow[];
  scale: ScaleResult | null;
  coldStart: ColdStartResult | null;
  targets: TargetCheck[];
  /** How the runs were arranged (credentials, windows), so nobody misreads the figures. */
  notes: string[];
}

/** One of the targets (targets.ts) checked against a run's figures. */
export interface TargetCheck {
  target: string;
  /** The measured value (a ratio, ms or bytes), or null when not measured. */
  value: number | null;
  limit: number;
  /** `min`: value must be at least limit; `max`: at most. */
  kind: 'min' | 'max';
  unit: 'x' | 'ms' | 'MB';
  met: boolean | null;
}
