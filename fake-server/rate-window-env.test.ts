import { describe, expect, it } from 'vitest';
import { rateWindowFromEnv } from './rate-window-env.js';

describe('rate window from the environment of npm start [FAKE-RATE-WINDOW-CONTROL]', () => {
  it('reads the length and the mode; unset or empty keeps the default', () => {
    expect(rateWindowFromEnv({})).toEqual({});
    expect(rateWindowFromEnv({ FAKE_RATE_WINDOW_MS: '', FAKE_RATE_WINDOW: '' })).toEqual({});
    expect(rateWindowFromEnv({ FAKE_RATE_WINDOW_MS: '60000' })).toEqual({ ms: 60_000 });
    expect(rateWindowFromEnv({ FAKE_RATE_WINDOW: 'sliding', FAKE_RATE_WINDOW_MS: '1000' })).toEqual({
      ms: 1000,
      mode: 'sliding',
    });
  });

  it('refuses a value it cannot use, naming the variable', () => {
    expect(() => rateWindowFromEnv({ FAKE_RATE_WINDOW_MS: '999' })).toThrow(/^FAKE_RATE_WINDOW_MS=999: /);
    expect(() => rateWindowFromEnv({ FAKE_RATE_WINDOW_MS: '1m' })).toThrow(/^FAKE_RATE_WINDOW_MS=1m: /);
    expect(() => rateWindowFromEnv({ FAKE_RATE_WINDOW_MS: '1500.5' })).toThrow(/FAKE_RATE_WINDOW_MS/);
    expect(() => rateWindowFromEnv({ FAKE_RATE_WINDOW: 'rolling' })).toThrow(/^FAKE_RATE_WINDOW=rolling: /);
  });
});
