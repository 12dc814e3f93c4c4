import { describe, expect, it } from 'vitest';
import { inParallel, REQUESTS_AT_ONCE } from './bounded.js';

const tick = () => new Promise((r) => setTimeout(r, 2));

describe('independent requests of one test, a few at a time [HARNESS-CONCURRENT-FILES]', () => {
  it('keeps the order of the items and never sends more than the bound at once', async () => {
    let now = 0;
    let most = 0;
    const out = await inParallel([...Array(30).keys()], async (n) => {
      now += 1;
      most = Math.max(most, now);
      await tick();
      now -= 1;
      return n * 2;
    });
    expect(out).toEqual([...Array(30).keys()].map((n) => n * 2));
    expect(most).toBe(REQUESTS_AT_ONCE);
  });

  it('on a failure sends nothing more, and throws it once every request sent has its answer', async () => {
    let inFlight = 0;
    let sent = 0;
    const err = await inParallel([...Array(40).keys()], async (n) => {
      sent += 1;
      inFlight += 1;
      await tick();
      inFlight -= 1;
      if (n === 3) throw new Error('refused');
      return n;
    }).catch((e: Error) => e);
    expect((err as Error).message).toBe('refused');
    expect(inFlight).toBe(0);
    expect(sent).toBeLessThan(40);
  });
});
