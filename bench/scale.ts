/**
 * The fake at scale: for each size, a reset, a fresh project bulk-seeded with that many sessions (10 messages and
 * 5 execution logs each) and a 10k-chunk knowledgebase, then one request at a time (keep-alive) for each paged read,
 * timed on the client: p50/p99 per read and size. The fake's memory, through its probe (fake-server/memory-sample.ts),
 * after each size's seeding and again after its reads: after forced full GCs until the resident set stops falling,
 * and the peak resident set since the sample before (the seeding's peak, then the reads').
 */
import { Agent, request } from 'undici';
import type { MemorySample } from '../fake-server/memory-sample.js';
import type { BenchClient } from './control.js';

export interface ScaleOptions {
  sizes: number[];
  messagesPerSession: number;
  chunks: number;
  warmup: number;
  samples: number;
}

export const defaultScale: ScaleOptions = {
  sizes: [10_000, 100_000],
  messagesPerSession: 10,
  chunks: 10_000,
  warmup: 20,
  samples: 300,
};

export interface ScaleRead {
  read: string;
  sessions: number;
  p50: number;
  p99: number;
  samples: number;
  non2xx: number;
}

export interface ScaleSize {
  sessions: number;
  seedMs: number;
  seeded: { sessions: number; messages: number; execution_logs: number; chunks: number };
  /** The fake's memory once seeded (its peak: the reset and the seeding); null if not sampled. */
  seededMemory: MemorySample | null;
  /** The fake's memory after this size's reads (its peak: the reads); null if not sampled. */
  memory: MemorySample | null;
}

/** What one scale read visited at one size (bench/cost.ts). */
export interface CostRow {
  read: string;
  sessions: number;
  /** Stored records the read visited in one request. */
  visited: number;
}

export interface ScaleResult {
  sizes: ScaleSize[];
  reads: ScaleRead[];
  /** Stored records each read visits per request at each size, counted in process (bench/cost.ts, FAKE-PAGE-COST). */
  costs?: CostRow[];
}

/** The q-quantile (0..1) of ascending values, nearest rank. */
export function quantile(ascending: readonly number[], q: number): number {
  if (ascending.length === 0) return Number.NaN;
  const rank = Math.min(ascending.length, Math.max(1, Math.ceil(q * ascending.length)));
  return ascending[rank - 1]!;
}

interface ReadSpec {
  read: string;
  path: string;
  headers: Record<string, string>;
  body: (i: number) => string;
}

/** Words of the bulk-seeded documents; the search asks a different pair for every request (none is repeated). */
const words = (
  'bandwidth protocol firewall matrix circuit array interface pixel program sensor driver alarm feed monitor ' +
  'system application microchip port capacitor panel transmitter card bus hard drive backup neural wireless ' +
  'digital virtual optical mobile solid state primary redundant haptic cross-platform auxiliary multi-byte open-source'
).split(' ');
export const searchQuery = (i: number): string =>
  `how to ${words[i % words.length]} the ${words[Math.floor(i / words.length) % words.length]}`;

async function timeRead(agent: Agent, baseUrl: string, spec: ReadSpec, o: ScaleOptions, sessions: number) {
  const times: number[] = [];
  let non2xx = 0;
  for (let i = 0; i < o.warmup + o.samples; i++) {
    const start = performance.now();
    const res = await request(`${baseUrl}${spec.path}`, {
      method: 'POST',
      dispatcher: agent,
      headers: spec.headers,
      body: spec.body(i),
    });
    await res.body.arrayBuffer();
    const ms = performance.now() - start;
    if (i < o.warmup) continue;
    times.push(ms);
    if (res.statusCode < 200 || res.statusCode > 299) non2xx += 1;
  }
  times.sort((a, b) => a - b);
  return {
    read: spec.read,
    sessions,
    p50: quantile(times, 0.5),
    p99: quantile(times, 0.99),
    samples: times.length,
    non2xx,
  };
}

/**
 * The fake's memory, through its probe, the peak then started again (the next sample's peak covers what comes after
 * this one); undefined if it has no probe or the probe does not answer.
 */
export type MemoryOf = () => Promise<MemorySample | undefined>;

/** The memory sampled after the largest size's reads, or null. */
export function memoryAtLargest(scale: Pick<ScaleResult, 'sizes'> | null | undefined): MemorySample | null {
  const sizes = scale?.sizes ?? [];
  if (sizes.length === 0) return null;
  const largest = sizes.reduce((a, b) => (b.sessions > a.sessions ? b : a));
  return largest.memory ?? null;
}

/** The highest resident set over the scale part: the largest peak of its samples (each since the one before). */
export function peakOverScale(scale: Pick<ScaleResult, 'sizes'> | null | undefined): number | null {
  const peaks = (scale?.sizes ?? []).flatMap((s) =>
    [s.seededMemory?.peakRss, s.memory?.peakRss].filter((p): p is number => typeof p === 'number'),
  );
  return peaks.length > 0 ? Math.max(...peaks) : null;
}

export async function measureScale(
  client: BenchClient,
  memoryOf: MemoryOf,
  o: ScaleOptions = defaultScale,
  log: (line: string) => void = () => {},
): Promise<ScaleResult> {
  const agent = new Agent({ connections: 1, pipelining: 1 });
  const sizes: ScaleSize[] = [];
  const reads: ScaleRead[] = [];
  try {
    for (const n of o.sizes) {
      const api = client.api;
      await api.reset();
      const main = await api.project(client.target.project_uid!);
      const owner = (await api.tokens()).find((k) => k.value === client.target.tokens.owner);
      if (!owner) throw new Error('the owner token is not listed');
      const project = await api.createProject({ organization_id: main.organization_id, name: `Scale ${n}` });
      const uid = project.project_uid;
      const key = (await api.createKey(uid)).value;
      const start = performance.now();
      const seeded = await api.bulkSeed(uid, {
        sessions: n,
        messages_per_session: o.messagesPerSession,
        chunks: o.chunks,
      });
      const seedMs = performance.now() - start;
      const seededMemory = (await memoryOf()) ?? null;
      const size: ScaleSize = { sessions: n, seedMs, seeded, seededMemory, memory: null };
      sizes.push(size);
      log(`  seeded ${n} sessions, ${seeded.messages} messages, ${seeded.chunks} chunks`);

      // A token per Platform read keeps each under the hourly 1,000.
      const token = async () =>
        (
          await api.createToken({
            organization_id: main.organization_id,
            creator_user_id: owner.creator_user_id,
            role: 'owner',
            name: 'bench-scale',
          })
        ).value;
      const bearer = async () => ({ authorization: `Bearer ${await token()}` });
      const formHeaders = async () => ({
        ...(await bearer()),
        'content-type': 'application/x-www-form-urlencoded',
      });
      const form = (fields: Record<string, string | number>) =>
        new URLSearchParams(
          Object.entries(fields).map(([k, v]): [string, string] => [k, String(v)]),
        ).toString();

      const listHeaders = await formHeaders();
      const firstPage = await request(`${client.target.base_url}/getSessions`, {
        method: 'POST',
        dispatcher: agent,
        headers: listHeaders,
        body: form({ project_uid: uid, limit: 100, orderBy: 'DESC' }),
      });
      const uids = ((await firstPage.body.json()) as { data: { session_uid: number }[] }).data.map(
        (s) => s.session_uid,
      );
      const pages = 50;
      const specs: ReadSpec[] = [
        {
          read: 'getSessions page',
          path: '/getSessions',
          headers: listHeaders,
          body: (i) => form({ project_uid: uid, limit: 10, page: 1 + (i % pages), orderBy: 'DESC' }),
        },
        {
          read: 'getSessionMessages page',
          path: '/getSessionMessages',
          headers: await formHeaders(),
          body: (i) => form({ project_uid: uid, session_uid: uids[i % uids.length]!, limit: 10 }),
        },
        {
          read: 'getChatbotExecutionLogs page',
          path: '/getChatbotExecutionLogs',
          headers: { 'api-key': key, 'content-type': 'application/json' },
          body: (i) => JSON.stringify({ limit: 10, page: 1 + (i % pages) }),
        },
        {
          read: 'knowledgebase search',
          path: '/searchIndexDocument',
          headers: { ...(await bearer()), 'content-type': 'application/json' },
          body: (i) => JSON.stringify({ project_uid: uid, query: searchQuery(i), limit: 10 }),
        },
      ];
      for (const spec of specs) reads.push(await timeRead(agent, client.target.base_url, spec, o, n));
      size.memory = (await memoryOf()) ?? null;
    }
    return { sizes, reads };
  } finally {
    await agent.close();
  }
}
