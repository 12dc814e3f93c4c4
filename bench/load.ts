/**
 * Throughput runs with autocannon: N connections for a fixed time after a short warm-up, every request built from
 * a list of variants taken in turn (so credentials and sessions rotate the same way against every server).
 */
import autocannon from 'autocannon';

export interface RequestVariant {
  headers: Record<string, string>;
  body: string;
}

export interface LoadSpec {
  /** Full URL of the endpoint. */
  url: string;
  variants: readonly RequestVariant[];
}

export interface LoadOptions {
  connections: number;
  durationS: number;
  warmupS: number;
}

export interface LoadResult {
  requests: number;
  rps: number;
  /** Latency of 2xx answers, ms (autocannon records whole milliseconds). */
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

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

/** A warm-up run (discarded), then the measured one. */
export async function runLoad(spec: LoadSpec, options: LoadOptions): Promise<LoadResult> {
  if (spec.variants.length === 0) throw new Error(`no request variants for ${spec.url}`);
  if (options.warmupS > 0) await once(spec, options.connections, options.warmupS);
  const r = await once(spec, options.connections, options.durationS);
  return {
    requests: r.requests.total,
    rps: r.requests.total / (r.duration || options.durationS),
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
}
