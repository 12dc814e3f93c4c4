/** The fake's own target file as QA would write one for staging: no control API, kind real, provider states kept. */
import type { TargetConfig } from '../../contract/index.js';

export function asStaging(fake: TargetConfig, allow: boolean): TargetConfig {
  const { control: _control, ...rest } = fake;
  return {
    ...rest,
    name: 'staging rehearsal (the fake without its control API)',
    kind: 'real',
    allow: { writes: allow, quota: allow, credits: allow },
  };
}
