/**
 * The outcome of the run's --check-provider-states, handed from the runner to the test workers: the runner writes it
 * to reports/provider-states-check.json and names the file in CONFORMANCE_PROVIDER_STATES_CHECK; each worker's target
 * then treats the states that failed as not offered, with the check's reason (provider-state-check.ts).
 */
import { readFileSync } from 'node:fs';
import type { StateName } from '../../contract/provider-states/index.js';
import { failedCheckReason, type ProviderStateCheck } from './provider-state-check.js';

export const STATE_CHECK_ENV = 'CONFORMANCE_PROVIDER_STATES_CHECK';

/** The states that failed the run's check, with the reason a test that needs one is given. */
export function rejectedStates(env: NodeJS.ProcessEnv = process.env): Map<StateName, string> {
  const file = env[STATE_CHECK_ENV];
  if (!file) return new Map();
  let check: ProviderStateCheck;
  try {
    check = JSON.parse(readFileSync(file, 'utf8')) as ProviderStateCheck;
  } catch {
    return new Map();
  }
  return new Map(
    check.states.filter((s) => s.verdict === 'failed').map((s) => [s.state, failedCheckReason(s)]),
  );
}
