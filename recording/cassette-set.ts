/** Starting a cassette set: its folder, its redacted target config and its meta file. */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TargetConfig } from '../contract/target-config.js';
import { CASSETTE_FORMAT, type CassetteSetMeta, META_FILE, TARGET_FILE, writeJson } from './cassette.js';
import { Redactor } from './redaction.js';

/** Every credential a target config carries. */
export function secretsOf(config: TargetConfig): string[] {
  return [
    ...Object.values(config.tokens).filter((v): v is string => typeof v === 'string'),
    ...(config.project_key ? [config.project_key] : []),
    ...Object.values(config.token_pools ?? {}).flatMap((pool) => pool ?? []),
    ...(config.control ? [config.control.secret] : []),
    // Provider-state headers carry the staging team's secret (a header name of their choosing).
    ...Object.values(config.provider_states?.headers ?? {}),
  ];
}

/** The config with every credential replaced by the placeholder a recording writes for it. */
export function redactTargetConfig(config: TargetConfig): TargetConfig {
  const redactor = new Redactor({ secrets: secretsOf(config) });
  return JSON.parse(redactor.apply(JSON.stringify(config))) as TargetConfig;
}

/** Empty `dir` of earlier cassettes and write the set's target.json and cassette-set.json. */
export function startCassetteSet(
  dir: string,
  config: TargetConfig,
  meta: Omit<CassetteSetMeta, 'format'>,
): void {
  rmSync(dir, { recursive: true, force: true });
  writeJson(join(dir, TARGET_FILE), redactTargetConfig(config));
  writeJson(join(dir, META_FILE), { format: CASSETTE_FORMAT, ...meta });
}
