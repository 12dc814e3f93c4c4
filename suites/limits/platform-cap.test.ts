/**
 * The Platform token cap (1,000 requests an hour per token) crossed and recovered on the virtual clock: what
 * counts (every request of a valid token, whatever its outcome: built through provider states, so it runs on staging
 * too), what does not (invalid credentials), per-token isolation, and a regenerated token keeping its count. Each test
 * spends a new token of a new organization. The cap on a fresh token without a clock: hourly-caps.test.ts.
 * Documented, and checked hard: 1,000 admitted then 429 with the spec's message, per token. The fake's choices, checked
 * softly: the window (RATE-WINDOW-FIXED-HOUR), the headers (RATE-HEADERS), and what counts (RATE-PLATFORM-PER-TOKEN-
 * ALL-OPERATIONS, RATE-CHECK-AFTER-CREDENTIAL, RATE-REGENERATE-KEEPS-COUNT).
 */
import { describe, expect, it } from 'vitest';
import { hourlyCaps } from '../../contract/index.js';
import { arrange } from '../support/arrangement.js';
import { expectEnvelope, expectError, expectRefused, expectSuccess } from '../support/envelope.js';
import { withinOneClockHour } from '../support/fresh-quota.js';
import { FORBIDDEN, INVALID_PARAMS, INVALID_TOKEN, RATE_LIMITED } from '../support/messages.js';
import {
  capCheck,
  expectRate,
  expectRetryAfter,
  expectTally,
  HOUR_MS,
  inBatches,
  isAdmitted,
  rateLimitsVia,
  spendUntilLimited,
} from '../support/rate-limits.js';
import { assumed, documented } from '../support/strength.js';
import { enterState, need, useTarget } from '../support/use-target.js';
import { clockNow, createOrganizationVia, orgTokenVia, tokenAction } from '../support/world.js';
import type { RawResponse } from '../target/transport.js';

const target = useTarget();
const control = () => target().control!;
const cap = hourlyCaps.platformTokenPerHour;

/** `n` requests with the token `value`, 50 at a time. */
const burst = (
  value: string,
  n: number,
  op = 'getSupportedModels',
  body: unknown = {},
): Promise<RawResponse[]> => inBatches(n, () => target().call(op, { auth: { bearer: value }, body }));

const one = (value: string, op = 'getSupportedModels', body: unknown = {}) =>
  target().call(op, { auth: { bearer: value }, body });

async function freshOrgToken() {
  const org = await createOrganizationVia(control());
  const make = () => orgTokenVia(control(), org);
  return { org, make };
}

describe('the platform rate cap', () => {
  it('1000 requests in the hour succeed; the 1001st gets 429 with Retry-After; a new window admits requests again [RATE-PLATFORM-1000, RATE-429-MESSAGE, ERR-429-STATUS, RATE-HEADERS, RATE-WINDOW-FIXED-HOUR]', async (ctx) => {
    need(ctx, target(), { control: 'the rate window', quota: true });
    const { make } = await freshOrgToken();
    const token = await make();
    const t0 = await clockNow(control());
    const first = await one(token.value);
    expectSuccess(first, 'getSupportedModels');
    expectRate(first, (r) => {
      expect(r).toMatchObject({ limit: cap, remaining: cap - 1 });
      expect(r.reset).toBeGreaterThan(0);
    });

    const rest = await burst(token.value, cap - 1);
    expectTally(rest, { admitted: cap - 1 });

    const over = await one(token.value);
    capCheck(() => expectError(over, 429, RATE_LIMITED));
    // The clock stands still: the window opened by the first request ends a whole hour later.
    expectRetryAfter(over, Math.ceil((t0 + HOUR_MS - (await clockNow(control()))) / 1000));
    expectRate(over, { remaining: 0 });

    // Still capped a moment before the window ends, admitted once it has.
    await assumed('RATE-WINDOW-FIXED-HOUR', async () => {
      expect((await rateLimitsVia(control())).window_ms).toBe(HOUR_MS);
      await control().advance({ ms: t0 + HOUR_MS - 1001 - (await clockNow(control())) });
      expectError(await one(token.value), 429, RATE_LIMITED);
      await control().advance({ ms: 1001 });
      const again = await one(token.value);
      expectSuccess(again, 'getSupportedModels');
      expectRate(again, { remaining: cap - 1 });
    });
  });

  it('the cap is per token: another token of the same organization is not affected; a regenerated token keeps its count, below the cap and at it [RATE-PLATFORM-PER-TOKEN, RATE-REGENERATE-KEEPS-COUNT]', async (ctx) => {
    need(ctx, target(), { control: 'the token dashboard', quota: true });
    const { make } = await freshOrgToken();
    const [a, b] = [await make(), await make()];

    // Below the cap: the regenerated value continues the count of the old one.
    await burst(a.value, 10);
    const renewed = await tokenAction(control(), a.id, 'regenerate');
    const firstRenewed = await one(renewed.value);
    expectSuccess(firstRenewed, 'getSupportedModels');
    expectRate(firstRenewed, { remaining: cap - 11 }, 'RATE-REGENERATE-KEEPS-COUNT');

    expectTally(await burst(renewed.value, cap - 11), { admitted: cap - 11 });
    const next = await one(renewed.value);
    assumed('RATE-REGENERATE-KEEPS-COUNT', () => expectError(next, 429, RATE_LIMITED));
    // Whichever count the regenerated value has (the old one's, or its own: cap - 9 so far), it reaches its cap.
    const atCap = isAdmitted(next) ? (await spendUntilLimited(() => one(renewed.value), 9)).last : next;
    expectError(atCap, 429, RATE_LIMITED);
    const other = await one(b.value);
    expectSuccess(other, 'getSupportedModels');
    expectRate(other, { remaining: cap - 1 });

    // At the cap: a regenerated value is still refused; the old values are dead.
    const regenerated = await tokenAction(control(), a.id, 'regenerate');
    const afterRegeneration = await one(regenerated.value);
    assumed('RATE-REGENERATE-KEEPS-COUNT', () => expectError(afterRegeneration, 429, RATE_LIMITED));
    // That the replaced values are dead is the regeneration's own rule, checked here in passing.
    const [renewedNow, firstNow] = [await one(renewed.value), await one(a.value)];
    documented('TOKEN-REGENERATE-OLD-DIES', () => {
      expectError(renewedNow, 401, INVALID_TOKEN);
      expectError(firstNow, 401, INVALID_TOKEN);
    });
  });

  it('every request of a valid token counts, whatever its outcome; over the cap, 429 answers before plan and permission checks [RATE-PLATFORM-PER-TOKEN-ALL-OPERATIONS, RATE-CHECK-AFTER-CREDENTIAL]', async (ctx) => {
    // Built through provider states (a fresh organization, a viewer's token, then a lower plan): no clock needed.
    need(ctx, target(), { quota: true });
    const org = await enterState(ctx, target(), 'organization', { plan: 'advanced' });
    const token = await enterState(ctx, target(), 'token', {
      organization_id: org.organization_id,
      role: 'viewer',
      creator_role: 'viewer',
    });
    await withinOneClockHour(target(), async () => {
      const half = cap / 2;
      const forbidden = await burst(token.value, half, 'inviteOrganizationMember', {
        email: 'a@example.com',
        role: 'owner',
      });
      // Over the documented max of 1000: a bad body under any reading of the spec.
      const invalid = await burst(token.value, half / 2, 'getOrganizationMembers', { limit: 1001 });
      // Refused requests are this test's arrangement (each refusal is checked for itself elsewhere).
      await arrange('refused requests: a viewer inviting, a members limit of 1001', async () => {
        expect(forbidden.every((r) => r.status === 403)).toBe(true);
        expectError(forbidden[0]!, 403, FORBIDDEN);
        for (const r of invalid) expectRefused(r, /^Invalid params/);
        expectError(invalid[0]!, 400, INVALID_PARAMS);
      });
      assumed('ERR-INVALID-PARAMS-STATUS', () => expect(invalid.every((r) => r.status === 400)).toBe(true));
      const ok = await burst(token.value, half / 2, 'getOrganizationDetail');
      expectTally(ok, { admitted: half / 2 });

      // The refused requests counted: the token is at its cap.
      const counted = await assumed('RATE-PLATFORM-PER-TOKEN-ALL-OPERATIONS', async () =>
        expectError(await one(token.value, 'getOrganizationDetail'), 429, RATE_LIMITED),
      );
      if (!counted) {
        // Only some of them counted: the token reaches its cap all the same, within the hour.
        const { last } = await spendUntilLimited(() => one(token.value, 'getOrganizationDetail'), cap);
        capCheck(() => expectError(last, 429, RATE_LIMITED));
      }
      const forbiddenOver = await one(token.value, 'inviteOrganizationMember', {
        email: 'a@example.com',
        role: 'owner',
      });
      expectRefused(forbiddenOver);
      assumed('RATE-CHECK-AFTER-CREDENTIAL', () => expectError(forbiddenOver, 429, RATE_LIMITED));
      await enterState(ctx, target(), 'plan', { organization_id: org.organization_id, plan: 'professional' });
      const planOver = await one(token.value, 'getMyProjects');
      expectRefused(planOver);
      assumed('RATE-CHECK-AFTER-CREDENTIAL', () => expectError(planOver, 429, RATE_LIMITED));
    });
  });

  it('requests with an invalid credential are not counted against any token [RATE-PLATFORM-PER-TOKEN]', async (ctx) => {
    need(ctx, target(), { control: 'the token dashboard', quota: true });
    const { make } = await freshOrgToken();
    const token = await make();
    await tokenAction(control(), token.id, 'deactivate');
    const refused = await burst(token.value, 20);
    expect(refused.every((r) => r.status === 401)).toBe(true);
    for (const r of refused) expectEnvelope(r);
    await tokenAction(control(), token.id, 'reactivate');
    const res = await one(token.value);
    expectSuccess(res, 'getSupportedModels');
    // The 20 refused requests took nothing of the reactivated token's count.
    expectRate(res, { remaining: cap - 1 }, 'RATE-CHECK-AFTER-CREDENTIAL');
  });
});
