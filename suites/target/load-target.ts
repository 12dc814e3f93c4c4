/** Choose the target: the file named by CONFORMANCE_TARGET, or the in-process fake when unset. */
import { loadTargetConfig, TARGET_ENV } from '../reporting/target-info.js';
import { createControlClient } from './control-client.js';
import { startInProcessTarget } from './in-process.js';
import { budgetFor } from './request-budget.js';
import { createHttpTarget, type Target } from './target.js';

export async function loadTarget(): Promise<Target> {
  const file = process.env[TARGET_ENV];
  if (!file) return startInProcessTarget();
  const loaded = loadTargetConfig(file);
  if (!loaded.ok) throw new Error(`${TARGET_ENV}=${file}: ${loaded.error}`);
  const config = loaded.config;
  const control = config.control ? createControlClient(config.control) : undefined;
  return createHttpTarget(config, control, undefined, budgetFor(config, control !== undefined));
}
