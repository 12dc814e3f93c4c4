/**
 * `playground-price-by-length` (FAKE-VARIANT, PLAYGROUND-PRICE-PER-CALL): the default fake deducts the model's price
 * per call whatever the question; the variant adds a thousandth of a credit per character of the query.
 */
import { describe, expect, it } from 'vitest';
import { bothSides, type Side } from './variant.test-support.js';

const balance = async (s: Side): Promise<number> =>
  (await s.control('get', '/organizations/1')).body.data.credits as number;

/** What one playground call with `query` deducted from the seeded organization, and its total_credits. */
async function spent(s: Side, query: string): Promise<[number, number]> {
  const session = await s.platform('/api/v1/createPlaygroundAgentSession', { project_uid: s.projectUid });
  const before = await balance(s);
  const res = await s.platform('/api/v1/playgroundAgentResponse', {
    project_uid: s.projectUid,
    session_uid: session.body.data.session_uid,
    query,
  });
  expect(res.status).toBe(200);
  return [Math.round((before - (await balance(s))) * 1000) / 1000, res.body.data.total_credits];
}

describe('playground-price-by-length [FAKE-VARIANT, PLAYGROUND-PRICE-PER-CALL, PLAYGROUND-TOTAL-CREDITS]', () => {
  it('by default one price per call of a model; in the variant the price grows by 0.001 per character, and total_credits says so', async () => {
    const { plain, variant } = bothSides('playground-price-by-length');
    const short = 'Refunds?';
    const long = 'How do refunds work, and how long do they take?';
    const [p1, p1total] = await spent(plain, short);
    const [p2] = await spent(plain, long);
    expect(p1).toBeGreaterThan(0);
    expect(p2).toBe(p1);
    expect(p1total).toBe(p1);
    const [v1, v1total] = await spent(variant, short);
    const [v2, v2total] = await spent(variant, long);
    expect(v1).toBe(Math.round((p1 + short.length / 1000) * 1000) / 1000);
    expect(Math.round((v2 - v1) * 1000)).toBe(long.length - short.length);
    expect([v1total, v2total]).toEqual([v1, v2]);
  });
});
