/**
 * The bundles a k6-operator ConfigMap holds (bundle.ts): one file per script that imports nothing but k6's own
 * modules, small enough for a ConfigMap, and that works on its own: the bundle of a cap script, run as three
 * instances under the k6 stand-in, takes its options from each runner's environment and passes the sum check.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { mergeInstanceReports, reportsIn } from '../lib/merge.ts';
import { scriptNames } from '../lib/scripts.ts';
import type { ScriptModule } from '../node/k6-sim.ts';
import { ORIGIN, scriptedTarget } from '../node/scripted-target.ts';
import { runInstances } from '../node/sim-instances.ts';
import { bundleFile, bundleScript } from './bundle.ts';

vi.mock('k6', async () => (await import('../node/k6-sim.ts')).k6Module);
vi.mock('k6/http', async () => (await import('../node/k6-sim.ts')).httpModule);
vi.mock('k6/metrics', async () => (await import('../node/k6-sim.ts')).metricsModule);
vi.mock('k6/execution', async () => (await import('../node/k6-sim.ts')).executionModule);

/** A ConfigMap holds at most 1 MiB. */
const configMapLimit = 1_048_576;

describe('k6 script bundles for a ConfigMap [LOAD-DISTRIBUTED]', () => {
  it('every script bundles into one file that imports only k6 modules', async () => {
    for (const script of scriptNames) {
      const b = await bundleScript(script);
      const imports = [...b.code.matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1]);
      expect(new Set(imports)).toEqual(new Set(imports.filter((i) => i === 'k6' || i!.startsWith('k6/'))));
      expect(b.code).not.toMatch(/\bimport\(|\brequire\(/);
      expect(Buffer.byteLength(b.code)).toBeLessThan(configMapLimit);
      expect(b.inputs).toContain(`load/${script}.ts`);
    }
  });

  it('[RATE-PLATFORM-1000, RATE-429-MESSAGE] the platform-token-cap bundle runs as 3 instances with the options of their environment', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'k6-bundle-'));
    const file = join(dir, bundleFile('platform-token-cap'));
    writeFileSync(file, (await bundleScript('platform-token-cap')).code);
    const env = { BASE_URL: `${ORIGIN}/api/v1`, TOKEN: 'api-v1-t', ALLOW_QUOTA: '1', VUS: '9' };
    const load = () => import(/* @vite-ignore */ file) as Promise<ScriptModule>;
    const target = () => scriptedTarget({ caps: { platform: 1000, rag: 1000, search: 100 } });

    const three = await runInstances(load, { ...env, EXTRA: '30' }, 3, target());
    expect(three.runs.map((r) => r.passed)).toEqual([true, true, true]);
    // 1030 requests over 3 instances of 3 VUs each: 344 + 343 + 343.
    expect(Object.keys(three.runs[0]!.thresholds)).toEqual(
      expect.arrayContaining(['cap_sent: count>=343', 'cap_sent: count<=344']),
    );
    const merged = mergeInstanceReports(reportsIn(three.logs));
    expect(merged.tally).toMatchObject({ sent: 1030, successes: 1000, rateLimited: 30 });
    expect(merged.verdict.ok).toBe(true);

    // Other settings, same bundle: not frozen when it was made (as a k6 archive's options would be).
    const two = await runInstances(load, { ...env, VUS: '4' }, 2, target());
    expect(two.calls).toHaveLength(1100);
    expect(mergeInstanceReports(reportsIn(two.logs)).perInstance.map((i) => i.sent)).toEqual([550, 550]);
  });
});
