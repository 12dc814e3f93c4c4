/**
 * The Platform token cap (1,000 requests an hour per token) crossed and recovered on the virtual clock: what
 * counts (every request of a valid token, whatever its outcome), what does not (invalid credentials), per-token
 * isolation, and a regenerated token keeping its count. Each test spends a new token of a new organization.
 */
import { describe, expect, it } from 'vitest';
import { hourlyCaps } from '../../contract/index.js';
import { expectEnvelope, expectError, expectSuccess } from '../support/envelope.js';
import { INVALID_TOKEN, RATE_LIMITED } from '../support/messages.js';
import { HOUR_MS, inBatches, rateLimitsVia, rateOf, retryAfterOf } from '../support/rate-limits.js';
import { need, useTarget } from '../support/use-target.js';
import {
  createMemberVia,
  createOrganizationVia,
  createTokenVia,
  orgTokenVia,
  setPlanVia,
  tokenAction,
} from '../support/world.js';
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
    need(ctx, target(), { control: true, quota: true });
    const { make } = await freshOrgToken();
    const token = await make();
    const first = await one(token.value);
    expect(first.status).toBe(200);
    expect(rateOf(first)).toMatchObject({ limit: cap, remaining: cap - 1 });
    expect(rateOf(first).reset).toBeGreaterThan(0);

    const rest = await burst(token.value, cap - 1);
    expect(rest.filter((r) => r.status !== 200).map((r) => r.status)).toEqual([]);

    const over = await one(token.value);
    expectError(over, 429, RATE_LIMITED);
    const retryAfter = retryAfterOf(over);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(over.headers['x-ratelimit-remaining']).toBe('0');

    // Still capped a moment before the window ends, admitted once it has.
    await control().advance({ ms: retryAfter * 1000 - 1001 });
    expectError(await one(token.value), 429, RATE_LIMITED);
    expect((await rateLimitsVia(control())).window_ms).toBe(HOUR_MS);
    await control().advance({ ms: 1001 });
    const again = await one(token.value);
    expect(again.status).toBe(200);
    expect(again.headers['x-ratelimit-remaining']).toBe(String(cap - 1));
  });

  it('the cap is per token: another token of the same organization is not affected; a regenerated token keeps its count, below the cap and at it [RATE-PLATFORM-PER-TOKEN, RATE-REGENERATE-KEEPS-COUNT]', async (ctx) => {
    need(ctx, target(), { control: true, quota: true });
    const { make } = await freshOrgToken();
    const [a, b] = [await make(), await make()];

    // Below the cap: the regenerated value continues the count of the old one.
    await burst(a.value, 10);
    const renewed = await tokenAction(control(), a.id, 'regenerate');
    expect(rateOf(await one(renewed.value)).remaining).toBe(cap - 11);

    const all = await burst(renewed.value, cap - 11);
    expect(all.every((r) => r.status === 200)).toBe(true);
    expectError(await one(renewed.value), 429, RATE_LIMITED);
    const other = await one(b.value);
    expectSuccess(other, 'getSupportedModels');
    expect(rateOf(other).remaining).toBe(cap - 1);

    // At the cap: a regenerated value is still refused; the old values are dead.
    const regenerated = await tokenAction(control(), a.id, 'regenerate');
    expectError(await one(regenerated.value), 429, RATE_LIMITED);
    expectError(await one(renewed.value), 401, INVALID_TOKEN);
    expectError(await one(a.value), 401, INVALID_TOKEN);
  });

  it('every request of a valid token counts, whatever its outcome; over the cap, 429 answers before plan and permission checks [RATE-PLATFORM-PER-TOKEN-ALL-OPERATIONS, RATE-CHECK-AFTER-CREDENTIAL]', async (ctx) => {
    need(ctx, target(), { control: true, quota: true });
    const org = await createOrganizationVia(control());
    const viewer = await createMemberVia(control(), org.organization_id, 'viewer');
    const token = await createTokenVia(control(), {
      organization_id: org.organization_id,
      creator_user_id: viewer,
      role: 'viewer',
    });
    const half = cap / 2;
    const forbidden = await burst(token.value, half, 'inviteOrganizationMember', {
      email: 'a@example.com',
      role: 'owner',
    });
    expect(forbidden.every((r) => r.status === 403)).toBe(true);
    const invalid = await burst(token.value, half / 2, 'getOrganizationMembers', { limit: 'many' });
    expect(invalid.every((r) => r.status === 400)).toBe(true);
    const ok = await burst(token.value, half / 2, 'getOrganizationDetail');
    expect(ok.every((r) => r.status === 200)).toBe(true);

    expectError(await one(token.value, 'getOrganizationDetail'), 429, RATE_LIMITED);
    const forbiddenOver = await one(token.value, 'inviteOrganizationMember', {
      email: 'a@example.com',
      role: 'owner',
    });
    expectError(forbiddenOver, 429, RATE_LIMITED);
    await setPlanVia(control(), org.organization_id, 'professional');
    expectError(await one(token.value, 'getMyProjects'), 429, RATE_LIMITED);
  });

  it('requests with an invalid credential are not counted against any token [RATE-PLATFORM-PER-TOKEN]', async (ctx) => {
    need(ctx, target(), { control: true, quota: true });
    const { make } = await freshOrgToken();
    const token = await make();
    await tokenAction(control(), token.id, 'deactivate');
    const refused = await burst(token.value, 20);
    expect(refused.every((r) => r.status === 401)).toBe(true);
    for (const r of refused) expectEnvelope(r);
    await tokenAction(control(), token.id, 'reactivate');
    const res = await one(token.value);
    expect(res.status).toBe(200);
    expect(res.headers['x-ratelimit-remaining']).toBe(String(cap - 1));
  });
});
