/**
 * Back-dated tokens, refusals and boundaries: the exact Invalid params each check throws, `ago` 0 and `ago` equal to
 * now accepted, one past them refused, and which expiries backdateTokenCreation moves (the preset decides: a custom
 * instant or none stays, and only an expires_at the token holds can move). The clock never moves.
 */
import { describe, expect, it } from 'vitest';
import { backdateTokenCreation, backdateTokenExpiry } from './back-dating.js';
import { backDatingWorld, invalid, refused } from './back-dating.test-support.js';
import { DAY_MS } from './clock.js';

const world = backDatingWorld;

describe('backdateTokenExpiry refusals [TOKEN-EXPIRY-INSTANT, FAKE-PROVIDER-STATES]', () => {
  it('a token without expiry: 400 on `expiration`, with the reason; the token is unchanged', () => {
    const { ctx, token } = world();
    const forever = token('none');
    const before = { ...forever };
    expect(refused(() => backdateTokenExpiry(ctx, forever, 0))).toEqual(
      invalid('expiration', 'a token without expiry cannot be expired'),
    );
    expect(forever).toEqual(before);
  });

  it('a negative or fractional `ago`: 400 on `expired_seconds_ago`, "at least 0"; 0 and 1 are accepted', () => {
    const { ctx, now, token } = world();
    const seven = token('7');
    const before = { ...seven };
    for (const ago of [-1, -60_000, 0.5, 1.5])
      expect(refused(() => backdateTokenExpiry(ctx, seven, ago))).toEqual(
        invalid('expired_seconds_ago', 'at least 0'),
      );
    expect(seven).toEqual(before);
    expect(backdateTokenExpiry(ctx, seven, 0).expires_at).toBe(now);
    expect(backdateTokenExpiry(ctx, token('7'), 1).expires_at).toBe(now - 1);
  });
});

describe('backdateTokenCreation [TOKEN-EXPIRY-INSTANT, TOKEN-NO-EXPIRY, FAKE-PROVIDER-STATES]', () => {
  it('a negative or fractional `ago`: 400 on `created_seconds_ago`, "at least 0"; the token is unchanged', () => {
    const { ctx, token } = world();
    const seven = token('7');
    const before = { ...seven };
    for (const ago of [-1, -DAY_MS, 0.5, 2.25])
      expect(refused(() => backdateTokenCreation(ctx, seven, ago))).toEqual(
        invalid('created_seconds_ago', 'at least 0'),
      );
    expect(seven).toEqual(before);
  });

  it('`ago` up to now is accepted (creation at the epoch); one millisecond more is "before the epoch"', () => {
    const { ctx, now, token } = world();
    const seven = token('7');
    const before = { ...seven };
    for (const ago of [now + 1, now + DAY_MS])
      expect(refused(() => backdateTokenCreation(ctx, seven, ago))).toEqual(
        invalid('created_seconds_ago', 'before the epoch'),
      );
    expect(seven).toEqual(before);
    const atEpoch = backdateTokenCreation(ctx, seven, now);
    expect([atEpoch.createdAt, atEpoch.expires_at]).toEqual([0, 7 * DAY_MS]);
    const none = backdateTokenCreation(ctx, token('7'), 0);
    expect([none.createdAt, none.expires_at]).toEqual([now, now + 7 * DAY_MS]);
  });

  it('a preset expiry moves with the creation; a custom instant and none stay; the clock stays', () => {
    const { ctx, now, token } = world();
    const preset = backdateTokenCreation(ctx, token('7'), 8 * DAY_MS);
    expect([preset.createdAt, preset.expires_at]).toEqual([now - 8 * DAY_MS, now - DAY_MS]);
    const custom = backdateTokenCreation(ctx, token('custom', now + 3 * DAY_MS), 2 * DAY_MS);
    expect([custom.createdAt, custom.expires_at]).toEqual([now - 2 * DAY_MS, now + 3 * DAY_MS]);
    const forever = backdateTokenCreation(ctx, token('none'), 2 * DAY_MS);
    expect([forever.createdAt, forever.expires_at]).toEqual([now - 2 * DAY_MS, null]);
    expect(ctx.clock.now()).toBe(now);
  });

  it('the preset decides, not expires_at: a `none` token holding an instant keeps it, a preset one holding none keeps none', () => {
    // A state snapshot may hold either (its schema checks the fields one by one), and back-dating must not invent an
    // expiry nor move one that `none` says does not count.
    const { ctx, now, token } = world();
    const noneWithInstant = token('none');
    noneWithInstant.expires_at = now + DAY_MS;
    backdateTokenCreation(ctx, noneWithInstant, 2 * DAY_MS);
    expect([noneWithInstant.createdAt, noneWithInstant.expires_at]).toEqual([now - 2 * DAY_MS, now + DAY_MS]);
    const presetWithout = token('7');
    presetWithout.expires_at = null;
    backdateTokenCreation(ctx, presetWithout, 2 * DAY_MS);
    expect([presetWithout.createdAt, presetWithout.expires_at]).toEqual([now - 2 * DAY_MS, null]);
  });
});
