/**
 * The fake's own target file as QA would write one for staging: no control API, kind real, provider states kept.
 * `keepControl` keeps the control API (still kind real), so that every test, clock and faults included, meets a
 * variant's choices.
 */
import type { TargetConfig } from '../../contract/index.js';

export function asStaging(fake: TargetConfig, allow: boolean, keepControl = false): TargetConfig {
  const { control, ...rest } = fake;
  return {
    ...rest,
    ...(keepControl && control ? { control } : {}),
    name: keepControl
      ? 'staging rehearsal (the fake with its control API, kind real)'
      : 'staging rehearsal (the fake without its control API)',
    kind: 'real',
    allow: { writes: allow, quota: allow, credits: allow },
  };
}
