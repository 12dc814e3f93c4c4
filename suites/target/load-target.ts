/**
 * Choose the target: the file named by CONFORMANCE_TARGET, or the in-process fake when unset. In record and replay
 * modes the file's cassette opens here and is written when the target closes.
 */
import { loadTargetConfig, TARGET_ENV } from '../reporting/target-info.js';
import { beginCassette, cassetteMode, endCassette } from './cassettes.js';
import { createControlClient } from './control-client.js';
import { coordinatorUrl, remoteBudget } from './coordinator-client.js';
import { startInProcessTarget } from './in-process.js';
import { rejectedStates } from './provider-state-verdicts.js';
import { createProviderStatesClient } from './provider-states-client.js';
import { budgetFor } from './request-budget.js';
import { createHttpTarget, type Target } from './target.js';

/** `testFile`: the test file that loads it (the run coordinator counts its requests). */
export async function loadTarget(testFile?: string): Promise<Target> {
  const file = process.env[TARGET_ENV];
  if (!file) {
    if (cassetteMode()) throw new Error('record and replay need a target config (CONFORMANCE_TARGET)');
    return startInProcessTarget();
  }
  const loaded = loadTargetConfig(file);
  if (!loaded.ok) throw new Error(`${TARGET_ENV}=${file}: ${loaded.error}`);
  const config = loaded.config;
  beginCassette(config);
  const control = config.control ? createControlClient(config.control) : undefined;
  const providerStates = config.provider_states
    ? createProviderStatesClient(config.provider_states, rejectedStates())
    : undefined;
  // Where the run has a coordinator, every request is drawn from its one quota bank; else from this file's ledger.
  const coordinator = coordinatorUrl();
  const budget =
    (coordinator ? await remoteBudget(coordinator, testFile) : undefined) ??
    budgetFor(config, control !== undefined);
  return createHttpTarget(config, control, endCassette, budget, providerStates);
}
