/**
 * The runner's side of the provider-state check (issue 33): `--check-provider-states` alone runs it and exits on it;
 * every other run whose target has provider_states runs it first, prints what failed, writes
 * reports/provider-states-check.json and names it to the workers (provider-state-verdicts.ts), whose tests then treat
 * a failed state as not offered, with the reason.
 */
import { writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { TargetConfig } from '../../contract/index.js';
import {
  checkProviderStates,
  differenceLines,
  type ProviderStateCheck,
} from '../target/provider-state-check.js';
import { STATE_CHECK_ENV } from '../target/provider-state-verdicts.js';
import { createProviderStatesClient } from '../target/provider-states-client.js';

export const STATE_CHECK_FILE = 'provider-states-check.json';

/** Run the check against the target's provider states, print it and write it into `reportsDir`. */
export async function runStateCheck(
  config: TargetConfig,
  reportsDir: string,
  out: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<ProviderStateCheck | undefined> {
  if (!config.provider_states) return undefined;
  const check = await checkProviderStates(createProviderStatesClient(config.provider_states));
  const file = join(reportsDir, STATE_CHECK_FILE);
  writeFileSync(file, `${JSON.stringify(check, null, 2)}\n`);
  process.env[STATE_CHECK_ENV] = file;
  const count = (v: string) => check.states.filter((s) => s.verdict === v).length;
  if (check.error) out(`provider states: the catalogue could not be read: ${check.error}`);
  else
    out(
      `provider states: ${count('passed')} passed the check, ${count('failed')} failed (treated as not offered), ${count('not offered')} not offered, ${count('not checkable')} not checkable (${relative(process.cwd(), file) || file})`,
    );
  for (const line of differenceLines(check)) out(line);
  return check;
}

/** `--check-provider-states`: 0 every offered state passed, 1 one failed or the catalogue was unreadable. */
export const stateCheckExit = (check: ProviderStateCheck | undefined): number =>
  !check || check.error !== undefined || check.states.some((s) => s.verdict === 'failed') ? 1 : 0;
