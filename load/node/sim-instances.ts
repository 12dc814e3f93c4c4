/**
 * Several k6 instances of one script under the k6 stand-in, as k6-operator runs a TestRun with parallelism N: each
 * imports the script afresh with the runners' environment and runs the iterations of its execution segment against
 * one shared target, one instance after the other (the most uneven interleaving there is).
 */
import { vi } from 'vitest';
import {
  initGlobals,
  runScript,
  type ScriptModule,
  type SimCall,
  type SimRun,
  type SimServer,
  sim,
} from './k6-sim.ts';

export interface Instances {
  runs: SimRun[];
  calls: SimCall[];
  /** What `kubectl logs -l k6_cr=NAME,runner=true --prefix` would print. */
  logs: string;
}

export async function runInstances(
  importScript: () => Promise<ScriptModule>,
  env: Record<string, string>,
  count: number,
  target: SimServer,
): Promise<Instances> {
  const runs: SimRun[] = [];
  const calls: SimCall[] = [];
  for (let index = 0; index < count; index += 1) {
    sim.reset(target);
    initGlobals({ ...env, INSTANCE_COUNT: String(count) });
    vi.resetModules();
    runs.push(runScript(await importScript(), { index, count }));
    calls.push(...sim.calls);
  }
  const logs = runs
    .flatMap((r, i) => r.summary.stdout!.split('\n').map((l) => `[pod/load-${i + 1}-x/k6] ${l}`))
    .join('\n');
  return { runs, calls, logs };
}
