/**
 * Where a fake's CPU went while it served one operation's load: a V8 CPU profile (`node --cpu-prof`) read for a time
 * window (the load's, not the set-up's), split into garbage collection, idle, socket writes, Node's HTTP and streams,
 * and the fake's bundle (its own code with Koa and the libraries esbuild put in it), with the functions that took the
 * most time themselves. The profile itself opens as a flame graph in Chrome DevTools (Performance) or speedscope.
 */
import { z } from 'zod';

const CallFrame = z.object({ functionName: z.string(), url: z.string(), lineNumber: z.number() });
export const CpuProfile = z.object({
  nodes: z.array(z.object({ id: z.number(), callFrame: CallFrame })),
  startTime: z.number(),
  endTime: z.number(),
  samples: z.array(z.number()),
  timeDeltas: z.array(z.number()),
});
export type CpuProfile = z.infer<typeof CpuProfile>;

export type Place = 'gc' | 'idle' | 'socket writes' | 'node core' | 'fake bundle' | 'other';

export interface ProfileSummary {
  /** CPU milliseconds in the window, by place. */
  ms: Record<Place, number>;
  /** The functions that took the most time themselves (not idle or GC), with their share of the busy time. */
  top: { fn: string; ms: number; share: number }[];
}

const placeOf = (frame: z.infer<typeof CallFrame>): Place => {
  if (frame.functionName === '(garbage collector)') return 'gc';
  if (frame.functionName === '(idle)') return 'idle';
  if (frame.url === '' && /^(writev|writeBuffer|writeUtf8String|writeLatin1String)$/.test(frame.functionName))
    return 'socket writes';
  if (frame.url.startsWith('node:')) return 'node core';
  if (frame.url.includes('fake-server')) return 'fake bundle';
  return 'other';
};

/** The profile's samples from `fromMs` to `toMs` after its start (the whole profile by default). */
export function summarizeProfile(
  profile: CpuProfile,
  window: { fromMs?: number; toMs?: number } = {},
  topN = 12,
): ProfileSummary {
  const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const ms: Record<Place, number> = {
    gc: 0,
    idle: 0,
    'socket writes': 0,
    'node core': 0,
    'fake bundle': 0,
    other: 0,
  };
  const byFunction = new Map<string, number>();
  let at = profile.startTime;
  const from = profile.startTime + (window.fromMs ?? 0) * 1000;
  const to = window.toMs === undefined ? Number.POSITIVE_INFINITY : profile.startTime + window.toMs * 1000;
  for (const [i, id] of profile.samples.entries()) {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at < from || at > to) continue;
    const frame = frames.get(id);
    if (!frame) continue;
    const place = placeOf(frame);
    ms[place] += delta / 1000;
    if (place === 'gc' || place === 'idle') continue;
    const file = frame.url.replace(/^.*\//, '');
    const name = frame.functionName || '(anonymous)';
    const key = file ? `${name} ${file}:${frame.lineNumber + 1}` : name;
    byFunction.set(key, (byFunction.get(key) ?? 0) + delta / 1000);
  }
  const busy = ms['socket writes'] + ms['node core'] + ms['fake bundle'] + ms.other;
  const top = [...byFunction]
    .sort((a, b) => b[1] - a[1])
    .slice(0, topN)
    .map(([fn, t]) => ({ fn, ms: t, share: busy > 0 ? t / busy : 0 }));
  return { ms, top };
}
