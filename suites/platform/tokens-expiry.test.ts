/**
 * Token expiration (Resources/API token, States/API token): 7, 30, 60 or 90 days, a custom instant, or none.
 * "Time has passed" is made by back-dating in provider states (`token created earlier`: a token as if created that
 * long ago; `token expired`: its expiry a minute past), so the documented behaviour is checked on any target that
 * offers them; the exact instant of expiry, to the millisecond, is watched on the fake's clock.
 *
 * Which side of its expiry instant a request falls on within a day of it is the fake's reading of "N days"
 * (TOKEN-EXPIRY-INSTANT, assumed): a server counting calendar days is still conforming. A day or more on either side
 * is the spec's.
 */
import { describe, expect, it } from 'vitest';
import { expectError, expectSuccess } from '../support/envelope.js';
import { INVALID_TOKEN } from '../support/messages.js';
import { assumed } from '../support/strength.js';
import { controlTokens, tokenProbes } from '../support/token-probes.js';
import { enterState, need, useTarget } from '../support/use-target.js';
import { clockNow } from '../support/world.js';
import type { RawResponse } from '../target/transport.js';

const target = useTarget();
const DAY = 86_400_000;
const DAY_S = 86_400;
const PRESETS = ['7', '30', '60', '90'] as const;
const { probe, expectWorks, expectExpired, onEveryOperation } = tokenProbes(target);
const { control, newToken } = controlTokens(target);

/**
 * The fake's reading of the expiry instant (TOKEN-EXPIRY-INSTANT): a request just before it succeeds, one from it on
 * gets 401 `Invalid or revoked API token`.
 */
function expectExpiryInstant(justBefore: RawResponse, from: RawResponse): void {
  assumed('TOKEN-EXPIRY-INSTANT', () => expectSuccess(justBefore, 'getMyProjects'));
  assumed('TOKEN-EXPIRY-INSTANT', () => expectError(from, 401, INVALID_TOKEN));
}

describe('expiry, by back-dating', () => {
  for (const preset of PRESETS) {
    const days = Number(preset);
    it(`a ${days}-day token works until creation + ${days} days, then gets 401 [TOKEN-EXPIRATION-OPTIONS, TOKEN-EXPIRED-401, TOKEN-EXPIRY-INSTANT, TOKEN-EXPIRY-MESSAGE]`, async (ctx) => {
      const createdAgo = (seconds: number) =>
        enterState(ctx, target(), 'token created earlier', {
          expiration: preset,
          created_seconds_ago: seconds,
        });
      // A day inside its lifetime, and a day past it: the spec's "N days" under any reading.
      await expectWorks((await createdAgo((days - 1) * DAY_S)).value);
      await expectExpired((await createdAgo((days + 1) * DAY_S)).value);
      // Its expiry a minute past, by the target's own reckoning: expired.
      await expectExpired((await enterState(ctx, target(), 'token expired', { expiration: preset })).value);
      // A minute either side of creation + N×24h: the fake's reading of the instant.
      expectExpiryInstant(
        await probe((await createdAgo(days * DAY_S - 60)).value),
        await probe((await createdAgo(days * DAY_S + 60)).value),
      );
    });
  }

  it('a custom expiry holds until the instant given, however long ago the token was made, then 401 [TOKEN-EXPIRATION-OPTIONS, TOKEN-EXPIRED-401, TOKEN-EXPIRY-MESSAGE]', async (ctx) => {
    // An hour ahead of the target's clock, read from a token made now.
    const now = await enterState(ctx, target(), 'token created earlier', { created_seconds_ago: 0 });
    const expires_at = new Date(Date.parse(now.created_at) + 3_600_000).toISOString();
    const custom = { expiration: 'custom', expires_at } as const;
    await expectWorks((await enterState(ctx, target(), 'token', custom)).value);
    const old = await enterState(ctx, target(), 'token created earlier', {
      ...custom,
      created_seconds_ago: 120 * DAY_S,
    });
    await expectWorks(old.value);
    const expired = await enterState(ctx, target(), 'token expired', { expiration: 'custom' });
    await expectExpired(expired.value);
  });

  it('a token with no expiry never expires: made ten years ago, it still works [TOKEN-NO-EXPIRY, TOKEN-EXPIRATION-OPTIONS]', async (ctx) => {
    for (const days of [8, 31, 61, 91, 365, 3650]) {
      const token = await enterState(ctx, target(), 'token created earlier', {
        expiration: 'none',
        created_seconds_ago: days * DAY_S,
      });
      expect(token.expires_at, `${days} days`).toBeNull();
      await expectWorks(token.value);
    }
  });

  it('an expired token is 401 on every Platform operation [TOKEN-EXPIRED-401]', async (ctx) => {
    need(ctx, target(), { projectUid: true });
    // Expired by back-dating (its 7 days ended a minute ago), not by moving a clock.
    const token = await enterState(ctx, target(), 'token expired', { expiration: '7' });
    for (const [op, res] of await onEveryOperation(token.value, target().config.project_uid!))
      expect(res.status, op).toBe(401);
  });
});

describe('expiry on the virtual clock', () => {
  /** On the fake's clock, from now: the token works until `msLeft` has passed, then gets 401, and a day later. */
  async function watchExpiry(value: string, msLeft: number): Promise<void> {
    await control().advance({ ms: msLeft - 1 });
    const lastMoment = await probe(value);
    await control().advance({ ms: 1 });
    expectExpiryInstant(lastMoment, await probe(value));
    await control().advance({ days: 1 });
    await expectExpired(value);
  }

  for (const preset of PRESETS) {
    const days = Number(preset);
    it(`a ${days}-day token works until creation + ${days}×24h and gets 401 from that instant [TOKEN-EXPIRATION-OPTIONS, TOKEN-EXPIRED-401, TOKEN-EXPIRY-INSTANT, TOKEN-EXPIRY-MESSAGE]`, async (ctx) => {
      need(ctx, target(), { control: 'the clock' });
      const token = await newToken({ expiration: preset });
      await expectWorks(token.value);
      await watchExpiry(token.value, days * DAY);
    });
  }

  it('a custom expiry holds until the given instant, then 401 [TOKEN-EXPIRATION-OPTIONS, TOKEN-EXPIRED-401, TOKEN-EXPIRY-INSTANT, TOKEN-EXPIRY-MESSAGE]', async (ctx) => {
    need(ctx, target(), { control: 'the clock' });
    const now = await clockNow(control());
    const span = 36 * 3_600_000 + 5 * 60_000;
    const token = await newToken({ expiration: 'custom', expires_at: new Date(now + span).toISOString() });
    await control().advance({ ms: span / 2 });
    await expectWorks(token.value);
    await watchExpiry(token.value, span / 2);
  });

  it('a token with no expiry never expires [TOKEN-NO-EXPIRY, TOKEN-EXPIRATION-OPTIONS]', async (ctx) => {
    const ages = [8, 31, 61, 91, 365, 3650];
    if (!target().control) {
      // Without a clock to move: tokens with no expiry created that many days ago (provider state `token created
      // earlier`, back-dated), each still working.
      for (const days of ages) {
        const old = await enterState(ctx, target(), 'token created earlier', {
          expiration: 'none',
          created_seconds_ago: days * 86_400,
        });
        await expectWorks(old.value);
      }
      return;
    }
    const token = await newToken({ expiration: 'none' });
    for (const days of ages) {
      await control().advance({ days });
      await expectWorks(token.value);
    }
  });
});
