import { describe, expect, it } from 'vitest';
import { fuzzOptionOf } from '../../suites/runner/fuzz-option.js';
import { fuzzSettingsFromEnv, parseFuzzRequests, parseFuzzSeed, seedText } from './settings.js';

describe('--fuzz and --fuzz-seed [FUZZ-AGAINST-TARGET]', () => {
  it('takes a number of requests from 1 to 10,000', () => {
    expect(parseFuzzRequests('2000')).toBe(2000);
    for (const bad of ['0', '-1', '1.5', 'many', '10001', ''])
      expect(parseFuzzRequests(bad)).toHaveProperty('error');
  });

  it("takes a seed, or a finding's SEED:PROPERTY:PATH, and gives it back as it was", () => {
    expect(parseFuzzSeed('42')).toEqual({ seed: 42 });
    const finding = parseFuzzSeed('42:openai:11:1:0');
    expect(finding).toEqual({ seed: 42, replay: { property: 'openai', path: '11:1:0' } });
    expect('error' in finding ? '' : seedText(finding.seed, finding.replay)).toBe('42:openai:11:1:0');
    for (const bad of ['x', '42:openai', '42:Open AI:1', '42:openai:1:x', '1e3'])
      expect(parseFuzzSeed(bad)).toHaveProperty('error');
  });

  it("reads the runner's environment; without it, npm test's short run with a fixed seed", () => {
    expect(fuzzSettingsFromEnv({ CONFORMANCE_FUZZ: '300', CONFORMANCE_FUZZ_SEED: '7:bodies:3' })).toEqual({
      requests: 300,
      seed: 7,
      replay: { property: 'bodies', path: '3' },
    });
    expect(fuzzSettingsFromEnv({}).requests).toBeGreaterThan(0);
    expect(() => fuzzSettingsFromEnv({ CONFORMANCE_FUZZ: 'lots' })).toThrow(/--fuzz takes/);
  });

  it('refuses --fuzz beside the options that plan, replay, record, split or break a run, and --fuzz-seed alone', () => {
    expect(fuzzOptionOf({})).toBeUndefined();
    expect(fuzzOptionOf({ 'fuzz-seed': '1' })).toEqual({ error: '--fuzz-seed goes with --fuzz N' });
    for (const clash of ['replay', 'record', 'shard', 'budget'] as const)
      expect(fuzzOptionOf({ fuzz: '10', [clash]: 'x' })).toEqual({
        error: `--fuzz runs in a whole run against a deployment: it does not go with --${clash}`,
      });
    expect(fuzzOptionOf({ fuzz: '10', sensitivity: true })).toHaveProperty('error');
    expect(fuzzOptionOf({ fuzz: '10', 'fuzz-seed': '5' })).toEqual({ requests: 10, seed: '5' });
    expect(fuzzOptionOf({ fuzz: '10', 'fuzz-seed': 'five' })).toHaveProperty('error');
  });
});
