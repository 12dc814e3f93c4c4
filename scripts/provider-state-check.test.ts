/**
 * --check-provider-states (issue 33), in scripts/ because it runs the runner as a process and stands a misreading
 * deployment in front of the fake (neither ships with the package's suites): against the fake every state passes; against a fake whose `credit balance`
 * state reads another parameter (`balance` instead of `credits`), the check names that state and that parameter, and
 * a test that needs the state is then told why it cannot have it.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformance } from '../suites/reporting/conformance-cli.test-support.js';
import { stateMissing } from '../suites/support/use-target.js';
import {
  checkProviderStates,
  differenceLines,
  failedCheckReason,
} from '../suites/target/provider-state-check.js';
import { createProviderStatesClient } from '../suites/target/provider-states-client.js';
import {
  openStatesDouble,
  type StatesChange,
  type StatesDouble,
} from '../suites/target/provider-states-double.test-support.js';
import type { Target } from '../suites/target/target.js';

let double: StatesDouble;
let fake: Target;
let proxyUrl: string;

/** In front of the fake's provider states: `credit balance` takes `balance`, and ignores `credits`. */
const misreading: StatesChange = (body) => {
  if (!body) return body;
  const parsed = JSON.parse(body) as { state?: string; params?: Record<string, unknown> };
  if (parsed.state === 'credit balance' && parsed.params) {
    const { credits: _ignored, balance, ...rest } = parsed.params;
    parsed.params = { ...rest, ...(balance !== undefined ? { credits: balance } : {}) };
  }
  return JSON.stringify(parsed);
};

beforeAll(async () => {
  double = await openStatesDouble(misreading);
  fake = double.fake;
  proxyUrl = double.url;
});
afterAll(() => double.close());

describe('--check-provider-states [HARNESS-PROVIDER-STATE-CHECK]', () => {
  it('against the fake, every state of the catalogue passes', async () => {
    const check = await checkProviderStates(fake.providerStates!);
    expect(differenceLines(check)).toEqual([]);
    expect(check.states.filter((s) => s.verdict !== 'passed').map((s) => s.state)).toEqual([]);
    expect(check.states).toHaveLength(22);
  }, 60_000);

  it('against a fake whose credit balance state takes other parameters, it names that state and parameter', async () => {
    const check = await checkProviderStates(createProviderStatesClient({ url: proxyUrl }));
    const failed = check.states.filter((s) => s.verdict === 'failed');
    expect(failed.map((s) => s.state)).toEqual(['credit balance']);
    const [state] = failed;
    expect(state?.differences[0]).toMatchObject({
      state: 'credit balance',
      parameter: 'credits',
      message: expect.stringMatching(/^sent credits 5, the data says \d+/),
    });
    expect(differenceLines(check)).toContainEqual(
      expect.stringMatching(
        /^ {2}FAIL {2}provider state "credit balance", parameter credits: sent credits 5/,
      ),
    );
    // A test needing it is told why it cannot have it (treated as not offered, coverage "provider state not offered").
    const rejected = new Map([[state!.state, failedCheckReason(state!)]]);
    const target = {
      ...fake,
      providerStates: createProviderStatesClient({ url: proxyUrl }, rejected),
    } as Target;
    expect(await stateMissing(target, 'credit balance')).toMatch(
      /^provider state "credit balance" failed --check-provider-states: parameter credits: sent credits 5/,
    );
    expect(await stateMissing(target, 'organization')).toBeUndefined();
  }, 60_000);
});

describe('the runner: --check-provider-states [HARNESS-PROVIDER-STATE-CHECK]', () => {
  it('against the fake: exit 0, one line per verdict, the check written beside the reports', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'state-check-'));
    const file = join(dir, 'target.json');
    const { control: _c, ...asStaging } = fake.config;
    writeFileSync(file, JSON.stringify({ ...asStaging, kind: 'real' }));
    const run = await runConformance(
      ['--target', file, '--check-provider-states', '--out', join(dir, 'out')],
      dir,
    );
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(
      /provider states: 22 passed the check, 0 failed \(treated as not offered\), 0 not offered/,
    );
    expect(run.code).toBe(0);
    const written = JSON.parse(readFileSync(join(dir, 'out', 'provider-states-check.json'), 'utf8'));
    expect(written.states).toHaveLength(22);
  }, 60_000);

  it('against the misreading proxy: exit 1 and the state and parameter named; no provider_states: exit 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'state-check-'));
    const file = join(dir, 'target.json');
    const { control: _c, ...asStaging } = fake.config;
    writeFileSync(file, JSON.stringify({ ...asStaging, kind: 'real', provider_states: { url: proxyUrl } }));
    const run = await runConformance(['--target', file, '--check-provider-states', '--out', dir], dir);
    expect(run.stdout).toMatch(/FAIL {2}provider state "credit balance", parameter credits: sent credits 5/);
    expect(run.code).toBe(1);
    const { provider_states: _p, ...without } = asStaging;
    writeFileSync(file, JSON.stringify({ ...without, kind: 'real' }));
    const none = await runConformance(['--target', file, '--check-provider-states'], dir);
    expect(none.stderr).toMatch(/names no provider_states to check/);
    expect(none.code).toBe(2);
  }, 60_000);
});
