/**
 * The gate's options, shared by a run and a merge of shards: `--waivers FILE`, `--baseline FILE` and
 * `--min-documented-coverage N`, checked before anything runs and handed to the reporter through its environment.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { BASELINE_ENV, loadBaseline } from '../reporting/baseline.js';
import { loadWaivers, WAIVERS_ENV } from '../reporting/waivers.js';

export interface GateOptions {
  readonly waivers?: string | undefined;
  readonly baseline?: string | undefined;
  readonly 'min-documented-coverage'?: string | undefined;
}

/** The minimum documented coverage asked for, or why an option is wrong. */
export function checkGateOptions(
  o: GateOptions,
): { readonly minCoverage: number | undefined } | { readonly error: string } {
  const text = o['min-documented-coverage'];
  const minCoverage = text === undefined ? undefined : Number(text);
  if (minCoverage !== undefined && (!Number.isFinite(minCoverage) || minCoverage < 0 || minCoverage > 100))
    return { error: `--min-documented-coverage takes a percentage from 0 to 100, not "${text}"` };
  if (o.waivers !== undefined) {
    const loaded = loadWaivers(o.waivers);
    if (!loaded.ok) return { error: `invalid waiver file ${loaded.path}: ${loaded.error}` };
  }
  if (o.baseline !== undefined) {
    const loaded = loadBaseline(o.baseline);
    if (!loaded.ok) return { error: `invalid baseline ${loaded.path}: ${loaded.error}` };
  }
  return { minCoverage };
}

/** Names the waiver file and a copy of the baseline to the reporter (CONFORMANCE_WAIVERS, CONFORMANCE_BASELINE). */
export function applyGateOptions(o: GateOptions, reportsDir: string): void {
  if (o.waivers !== undefined) process.env[WAIVERS_ENV] = resolve(o.waivers);
  if (o.baseline !== undefined) {
    // The baseline is read now: the run is about to replace reports/conformance.json, which may be the baseline.
    const copy = join(reportsDir, 'conformance.baseline.json');
    mkdirSync(dirname(copy), { recursive: true });
    copyFileSync(resolve(o.baseline), copy);
    process.env[BASELINE_ENV] = copy;
  }
}
