/**
 * Throughput runs with autocannon: N connections for a fixed time, every request built from a list of variants
 * taken in turn (so credentials and sessions rotate the same way against every server).
 */
import autocannon from 'autocannon';
import pidusage from 'pidusage';

export interface RequestVariant {
  headers: Record<string, string>;
  body: string;
}

export interface LoadSpec {
  /** Full URL of the endpoint. */
  url: string;
  variants: readonly RequestVariant[];
}

export interface LoadResult {
  requests: number;
  rps: number;
  /** Latency of 2xx answers, ms (autocannon records whole milliseconds); the median of the rounds' own. */
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /**
   * CPU time the server's process spent per request over the rounds (user and system, microseconds), when its pid
   * was given: what a request costs the server, whatever the load generator beside it on the machine took.
   */
  cpuUsPerRequest: number | null;
}

/** The CPU time a process has used so far, in milliseconds (pidusage: /proc on Linux, ps elsewhere). */
export type CpuClock = (pid: number) => Promise<number>;
const processCpuMs: CpuClock = async (pid) => (await pidusage(pid)).ctime;

function once(spec: LoadSpec, connections: number, durationS: number): Promise<autocannon.Result> {
  const url = new URL(spec.url);
  let turn = 0;
  return autocannon({
    url: url.origin,
    connections,
    duration: durationS,
    requests: [
      {
        method: 'POST',
        path: url.pathname,
        setupRequest: (req) => {
          const v = spec.variants[turn++ % spec.variants.length]!;
          return { ...req, headers: { 'content-type': 'application/json', ...v.headers }, body: v.body };
        },
      },
    ],
  });
}

/** The median of some numbers (mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export interface RoundsOptions {
  connections: number;
  warmupS: number;
  /** Measured seconds per round and server. */
  durationS: number;
  rounds: number;
}

/**
 * Several servers measured in interleaved rounds (A, B, C, A, B, C, …) after a warm-up of each, so that a burst of
 * load from elsewhere on the machine falls on all of them alike. Requests/s is over all rounds; p50 and p99 are
 * the medians of the rounds' own.
 */
export async function runRounds<K extends string>(
  specs: Record<K, LoadSpec>,
  o: RoundsOptions,
  pids: Partial<Record<K, number>> = {},
  cpuMs: CpuClock = processCpuMs,
): Promise<Record<K, LoadResult>> {
  const names = Object.keys(specs) as K[];
  for (const name of names) {
    if (specs[name].variants.length === 0) throw new Error(`no request variants for ${specs[name].url}`);
    if (o.warmupS > 0) await once(specs[name], o.connections, o.warmupS);
  }
  const runs = new Map<K, autocannon.Result[]>(names.map((n) => [n, []]));
  const cpu = new Map<K, number>();
  for (let round = 0; round < o.rounds; round++) {
    for (const name of names) {
      const pid = pids[name];
      const before = pid === undefined ? 0 : await cpuMs(pid);
      runs.get(name)!.push(await once(specs[name], o.connections, o.durationS));
      if (pid !== undefined) cpu.set(name, (cpu.get(name) ?? 0) + (await cpuMs(pid)) - before);
    }
  }
  const out = {} as Record<K, LoadResult>;
  for (const name of names) {
    const rs = runs.get(name)!;
    const sum = (f: (r: autocannon.Result) => number) => rs.reduce((acc, r) => acc + f(r), 0);
    out[name] = {
      requests: sum((r) => r.requests.total),
      rps: sum((r) => r.requests.total) / sum((r) => r.duration || o.durationS),
      p50: median(rs.map((r) => r.latency.p50)),
      p99: median(rs.map((r) => r.latency.p99)),
      non2xx: sum((r) => r.non2xx),
      errors: sum((r) => r.errors),
      timeouts: sum((r) => r.timeouts),
      cpuUsPerRequest: cpu.has(name)
        ? ((cpu.get(name) ?? 0) * 1000) /
          Math.max(
            1,
            sum((r) => r.requests.total),
          )
        : null,
    };
  }
  return out;
}
