/**
 * --check-provider-states over each parameter's documented range (issue 40): in front of the fake stands a
 * deployment whose `credit balance` state takes whole credits only (400 Invalid params to `credits: 0.5`, which the
 * catalogue allows: any number ≥ 0); the check fails that state on `credits`, says the fraction is in the documented
 * range, and names the test files that need the state. The plain fake passes the same range.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkProviderStates, differenceLines, failedCheckReason } from './provider-state-check.js';
import { rangeValues, testsEntering } from './provider-state-ranges.js';
import { createProviderStatesClient } from './provider-states-client.js';
import {
  openStatesDouble,
  type StatesChange,
  type StatesDouble,
} from './provider-states-double.test-support.js';
import type { Target } from './target.js';

let double: StatesDouble;
let fake: Target;
let proxyUrl: string;

/** In front of the fake's provider states: `credit balance` refuses a `credits` that is not a whole number. */
const wholeCreditsOnly: StatesChange = (body) => {
  const parsed = body ? (JSON.parse(body) as { state?: string; params?: { credits?: unknown } }) : {};
  const credits = parsed.params?.credits;
  return parsed.state === 'credit balance' && typeof credits === 'number' && !Number.isInteger(credits)
    ? {
        refuse: {
          status: 400,
          body: { type: 'RXERROR', message: 'Invalid params: credits must be an integer' },
        },
      }
    : body;
};

beforeAll(async () => {
  double = await openStatesDouble(wholeCreditsOnly);
  fake = double.fake;
  proxyUrl = double.url;
});
afterAll(() => double.close());

describe('--check-provider-states over documented ranges [HARNESS-PROVIDER-STATE-CHECK]', () => {
  it('tries the lower bound and a fraction of every parameter that takes any number, and no integer parameter', () => {
    expect(rangeValues('credit balance')).toEqual([
      { name: 'credits', value: 0, range: 'any number ≥ 0' },
      { name: 'credits', value: 0.5, range: 'any number ≥ 0' },
    ]);
    expect(rangeValues('session idle')).toEqual([]);
  });

  it('names the tests that enter a state, through the support helpers that wrap it', () => {
    const tests = testsEntering('credit balance');
    expect(tests).toContain('suites/rag/billing.test.ts');
    expect(tests).toContain('suites/platform/playground-credits.test.ts');
    expect(tests).not.toContain('suites/platform/search.test.ts');
  });

  it('a credit balance that refuses fractions fails on credits, naming the range and the tests it silences', async () => {
    const check = await checkProviderStates(createProviderStatesClient({ url: proxyUrl }));
    const failed = check.states.filter((s) => s.verdict === 'failed');
    expect(failed.map((s) => s.state)).toEqual(['credit balance']);
    const [state] = failed;
    expect(state?.differences).toHaveLength(1);
    expect(state?.differences[0]).toMatchObject({ state: 'credit balance', parameter: 'credits' });
    expect(state?.differences[0]?.message).toMatch(
      /^credits 0\.5 is in its documented range \(any number ≥ 0\)/,
    );
    expect(state?.differences[0]?.message).toMatch(/400 Invalid params/);
    expect(state?.silences).toContain('suites/rag/billing.test.ts');
    const lines = differenceLines(check);
    expect(lines[0]).toMatch(/^ {2}FAIL {2}provider state "credit balance", parameter credits: credits 0\.5/);
    expect(lines[1]).toMatch(/without it these tests skip or stop: .*suites\/rag\/billing\.test\.ts/);
    expect(failedCheckReason(state!)).toMatch(/parameter credits: credits 0\.5 is in its documented range/);
  }, 60_000);

  it('the fake takes every value of the range', async () => {
    const check = await checkProviderStates(fake.providerStates!);
    expect(differenceLines(check)).toEqual([]);
    expect(check.states.find((s) => s.state === 'credit balance')?.verdict).toBe('passed');
  }, 60_000);
});
