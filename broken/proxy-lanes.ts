/**
 * Several breaking proxies, one per lane (a target each: the blast-radius check starts a fake per lane), driven as
 * one: a rule, a rule per file or an observation goes to every lane, and the counts add up. Test files run side by
 * side, one lane per vitest worker (file-switch.setup.ts), each lane one file at a time.
 */
import type { TargetConfig } from '../contract/index.js';
import { mergeObserved } from './observer.js';
import { type BreakingProxy, startBreakingProxy } from './proxy.js';

export interface ProxyLanes extends BreakingProxy {
  readonly lanes: readonly BreakingProxy[];
}

export async function startProxyLanes(targets: readonly TargetConfig[]): Promise<ProxyLanes> {
  if (targets.length === 0) throw new Error('no target to stand in front of');
  const lanes = await Promise.all(targets.map((t) => startBreakingProxy(t)));
  const first = lanes[0] as BreakingProxy;
  return {
    lanes,
    config: first.config,
    use: (rule) => {
      for (const lane of lanes) lane.use(rule);
    },
    useByFile: (rules) => {
      for (const lane of lanes) lane.useByFile(rules);
    },
    observe: (rules) => mergeObserved(lanes.map((lane) => lane.observe(rules))),
    requests: () => lanes.reduce((sum, lane) => sum + lane.requests(), 0),
    requestsOf: (rule) => lanes.reduce((sum, lane) => sum + lane.requestsOf(rule), 0),
    close: async () => {
      await Promise.all(lanes.map((lane) => lane.close()));
    },
  };
}
