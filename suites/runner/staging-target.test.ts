import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TargetConfig } from '../../contract/index.js';
import { startInProcessTarget } from '../target/in-process.js';
import type { Target } from '../target/target.js';
import { asStaging } from './staging-target.js';

describe('the staging rehearsal target [HARNESS-STAGING-REHEARSAL]', () => {
  // The fake's own target config, reached as every suite reaches the fake: through the in-process adapter.
  let target: Target;
  let fake: TargetConfig;
  beforeAll(async () => {
    target = await startInProcessTarget();
    fake = target.config;
  });
  afterAll(() => target.close());

  it('drops the control API, is kind real and keeps provider states, tokens and pools', () => {
    const staging = TargetConfig.parse(asStaging(fake, true));
    expect(staging.control).toBeUndefined();
    expect(staging.kind).toBe('real');
    expect(staging.provider_states).toEqual(fake.provider_states);
    expect(staging.tokens).toEqual(fake.tokens);
    expect(staging.token_pools).toEqual(fake.token_pools);
    expect(staging.allow).toEqual({ writes: true, quota: true, credits: true });
  });

  it('keeps the control API only when asked, still kind real', () => {
    const withControl = asStaging(fake, true, true);
    expect(withControl.control).toEqual(fake.control);
    expect(withControl.kind).toBe('real');
  });

  it('allow none turns every permission off', () => {
    expect(asStaging(fake, false).allow).toEqual({ writes: false, quota: false, credits: false });
  });
});
