/**
 * `small-credit-balance` (FAKE-VARIANT): the seeded organization and a provider-state `organization` without `credits`
 * start with a small balance in the variant, which a few dozen playground calls exhaust; a balance asked for stays.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { SMALL_CREDIT_BALANCE } from '../domain/variant-small-credit-balance.js';
import { DEFAULT_ADMIN_SECRET } from '../index.js';
import { bothSides, type Side } from './variant.test-support.js';

const balance = async (s: Side, id: number): Promise<number> =>
  (await s.control('get', `/organizations/${id}`)).body.data.credits as number;

async function enterState(s: Side, state: string, params: object) {
  const res = await request(s.fake.app.callback())
    .post('/_provider-states')
    .set('x-provider-states-secret', DEFAULT_ADMIN_SECRET)
    .send({ state, params });
  expect(res.status, res.text).toBe(200);
  return res.body.data as { organization_id: number };
}

/** Playground calls of the seeded project until one is refused (at most `max`): how many passed, and the refusal. */
async function callsUntilRefused(
  s: Side,
  max: number,
): Promise<{ passed: number; refusal?: request.Response }> {
  const session = await s.platform('/api/v1/createPlaygroundAgentSession', { project_uid: s.projectUid });
  for (let passed = 0; passed < max; passed += 1) {
    const res = await s.platform('/api/v1/playgroundAgentResponse', {
      project_uid: s.projectUid,
      session_uid: session.body.data.session_uid,
      query: 'How do refunds work?',
    });
    if (res.status !== 200) return { passed, refusal: res };
  }
  return { passed: max };
}

describe('small-credit-balance [FAKE-VARIANT]', () => {
  it('the seeded organization starts with 25,000 credits by default, with the small balance in the variant', async () => {
    const { plain, variant } = bothSides('small-credit-balance');
    const id = plain.fake.runtime.seeded!.organizationId;
    expect(await balance(plain, id)).toBe(25_000);
    expect(await balance(variant, id)).toBe(SMALL_CREDIT_BALANCE);
    // It lasts across a reset: the seed is applied again with the axis on.
    await variant.control('post', '/reset');
    expect(await balance(variant, variant.fake.runtime.seeded!.organizationId)).toBe(SMALL_CREDIT_BALANCE);
  });

  it('the run spends it: the variant refuses a playground call for want of credits once the small balance is spent', async () => {
    const { plain, variant } = bothSides('small-credit-balance');
    const max = SMALL_CREDIT_BALANCE + 5;
    expect((await callsUntilRefused(plain, max)).passed).toBe(max);
    const { passed, refusal } = await callsUntilRefused(variant, max);
    // The default model costs 1 credit a call: the balance pays for as many calls as it holds credits.
    expect(passed).toBe(SMALL_CREDIT_BALANCE);
    expect(refusal?.status).toBe(402);
    expect(refusal?.body.message).toMatch(/credits/i);
  });

  it('a provider-state organization without credits starts small in the variant; credits asked for are kept', async () => {
    const { plain, variant } = bothSides('small-credit-balance');
    const unasked = [
      await enterState(plain, 'organization', {}),
      await enterState(variant, 'organization', { plan: 'advanced' }),
    ];
    expect(await balance(plain, unasked[0]!.organization_id)).toBe(1_000_000);
    expect(await balance(variant, unasked[1]!.organization_id)).toBe(SMALL_CREDIT_BALANCE);
    for (const s of [plain, variant]) {
      const asked = await enterState(s, 'organization', { credits: 1_000_000 });
      expect(await balance(s, asked.organization_id)).toBe(1_000_000);
      const none = await enterState(s, 'organization', { credits: 0 });
      expect(await balance(s, none.organization_id)).toBe(0);
    }
  });
});
