import { describe, expect, it } from 'vitest';
import { bodyText } from './nesting.js';
import { callsToolNamedByNoString } from './planted.js';
import { nativeBody, ragRequestArb } from './rag-bodies.js';
import { searchServerErrors } from './search.js';

const planted = (dialect: 'openai' | 'anthropic') => ({
  path: dialect === 'openai' ? '/openai/chat/completions' : '/anthropic/v1/messages',
  send: async (r: Parameters<typeof nativeBody>[2]) =>
    callsToolNamedByNoString(
      dialect === 'openai' ? '/openai/chat/completions' : '/anthropic/v1/messages',
      bodyText(nativeBody(dialect, 'm', r)),
    )
      ? { ok: false as const, why: '500' }
      : { ok: true as const },
});

describe('the fuzz search against a planted server error [FUZZ-AGAINST-TARGET]', () => {
  it.for(['openai', 'anthropic'] as const)(
    '%s: finds the planted 500 within 300 requests and shrinks it to one odd tool and no history',
    async (dialect) => {
      const result = await searchServerErrors({
        property: dialect,
        arb: ragRequestArb,
        seed: 7,
        requests: 300,
        send: planted(dialect).send,
        sameAs: () => 'one',
      });
      expect(result.sent).toBeLessThanOrEqual(300);
      expect(result.findings).toHaveLength(1);
      const [f] = result.findings;
      expect(f?.value.tools.filter((t) => t.kind === 'function' && typeof t.name !== 'string')).toHaveLength(
        1,
      );
      expect(f?.value.tools).toHaveLength(1);
      expect(f?.value.history).toEqual([]);
      // The seed and path replay it alone: one request, the same value.
      const replayed = await searchServerErrors({
        property: dialect,
        arb: ragRequestArb,
        seed: f?.seed ?? 0,
        requests: 1,
        send: planted(dialect).send,
        sameAs: () => 'one',
        replay: { property: dialect, path: f?.path ?? '' },
      });
      expect(replayed.sent).toBe(1);
      expect(replayed.findings[0]?.value).toEqual(f?.value);
    },
  );

  it('sends no more than its requests, and stops where the budget refuses', async () => {
    let calls = 0;
    const capped = await searchServerErrors({
      property: 'openai',
      arb: ragRequestArb,
      seed: 1,
      requests: 40,
      send: async () => ({ ok: true }),
      sameAs: () => 'one',
    });
    expect(capped.sent).toBe(40);
    const refused = await searchServerErrors({
      property: 'openai',
      arb: ragRequestArb,
      seed: 1,
      requests: 40,
      send: async () => (++calls > 5 ? { spent: 'the project key is spent' } : { ok: true }),
      sameAs: () => 'one',
    });
    expect(refused.sent).toBe(6);
    expect(refused.spent).toBe('the project key is spent');
    // Values the sender leaves out are not sent and not counted; a round that sends nothing ends the search.
    let tried = 0;
    const leftOut = await searchServerErrors({
      property: 'openai',
      arb: ragRequestArb,
      seed: 1,
      requests: 40,
      send: async (r) => {
        tried += 1;
        return r.stream ? { skipped: 'streams spent' } : { ok: true };
      },
      sameAs: () => 'one',
    });
    expect(leftOut.sent).toBe(40);
    expect(tried).toBeGreaterThan(40);
    const nothing = await searchServerErrors({
      property: 'openai',
      arb: ragRequestArb,
      seed: 1,
      requests: 40,
      send: async () => ({ skipped: 'all spent' }),
      sameAs: () => 'one',
    });
    expect(nothing).toMatchObject({ sent: 0, rounds: 5 });
  });

  it('the planted server fails only a called tool whose name is not a string', () => {
    const ask = (content: string, name: unknown) =>
      JSON.stringify({
        model: 'm',
        messages: [{ role: 'user', content }],
        tools: [{ type: 'function', function: { name, description: 'Track a parcel shipment' } }],
      });
    expect(callsToolNamedByNoString('/openai/chat/completions', ask('Track my parcel', 42))).toBe(true);
    expect(callsToolNamedByNoString('/openai/chat/completions', ask('Track my parcel', 'track_parcel'))).toBe(
      false,
    );
    expect(callsToolNamedByNoString('/openai/chat/completions', ask('How do refunds work?', 42))).toBe(false);
  });
});
