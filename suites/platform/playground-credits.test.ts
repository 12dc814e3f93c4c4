/**
 * What a playground call costs: each call deducts credits by model (documented), total_credits is what it deducted
 * (the fake's reading), a balance too short gets 402 and a refused call costs nothing. The public API shows no
 * balance: each test works in a fresh organization (provider state `organization`) and reads or sets its balance
 * through `credit balance`; prices are what the calls deducted, never a price list.
 */
import { describe, expect, it } from 'vitest';
import { balanceOf, milli, spentBy } from '../support/credit-balance.js';
import { expectError, expectRefused } from '../support/envelope.js';
import { billedPlayground, type PricedModel } from '../support/playground.js';
import { assumed } from '../support/strength.js';
import { need, useTarget } from '../support/use-target.js';
import { isSuccessStatus } from '../support/world.js';

const target = useTarget();

const INSUFFICIENT = 'Insufficient credits';

/** The fake's price per playground call of each model (control API); empty on a target without one. */
async function controlPrices(): Promise<Map<string, number>> {
  const models = (await target().control?.models()) ?? [];
  return new Map(models.map((m) => [m.value, m.credits_per_call]));
}

describe('playgroundAgentResponse credits', () => {
  it('deducts from the balance by model: each call some credits, the models not all at one price [PLAYGROUND-CREDITS-BY-MODEL, PLAYGROUND-PRICE-PER-CALL, PLAYGROUND-TOTAL-CREDITS]', async (ctx) => {
    need(ctx, target(), { writes: true });
    const w = await billedPlayground(ctx, target, 1000);
    const table = await controlPrices();
    const charged = new Map<string, number>();
    for (const model of w.models) {
      const calls: Awaited<ReturnType<typeof w.billed>>[] = [];
      for (const query of ['How do refunds work?', 'And how long does a refund take to reach my card?'])
        calls.push(await w.billed({ query, agent_setting: { model } }));
      for (const { result, spent } of calls) {
        expect(spent, `${model}: a call deducts credits`).toBeGreaterThan(0);
        // What total_credits means is the fake's choice: the credits this call deducted.
        assumed('PLAYGROUND-TOTAL-CREDITS', () => expect(result.total_credits, model).toBe(spent));
      }
      // "By model" does not say per call: one price per call of a model, whatever the question, is the fake's reading,
      // and so is its price list (the control API's credits_per_call).
      assumed('PLAYGROUND-PRICE-PER-CALL', () => {
        expect(calls[1]!.spent, `${model}: whatever the question`).toBe(calls[0]!.spent);
        if (table.size > 0) expect(calls[0]!.spent, `${model}: the fake's price`).toBe(table.get(model));
      });
      charged.set(model, calls[0]!.spent);
    }
    // The same question on every model: that not every model deducts the same is the fake's price list ("by model"
    // does not say that two models differ).
    if (w.models.length > 1)
      assumed('PLAYGROUND-PRICE-PER-CALL', () =>
        expect(new Set(charged.values()).size, 'models are priced differently').toBeGreaterThan(1),
      );
  });

  it('answers 402 Insufficient credits and deducts nothing when the balance is short [CREDITS-EXHAUSTED]', async (ctx) => {
    need(ctx, target(), { writes: true });
    const w = await billedPlayground(ctx, target, 1000);
    await w.needPricePerCall();
    let dear: PricedModel | undefined;
    for (const value of w.models) {
      const { spent } = await w.billed({ agent_setting: { model: value } });
      if (!dear || spent > dear.price) dear = { value, price: spent };
    }
    const body = { query: 'hello', agent_setting: { model: dear!.value } };
    const id = w.org.organization_id;
    // Neither the refusal of a call the balance cannot cover nor what it deducts is shown: all of it is the fake's.
    // Nothing, then one thousandth short of the price.
    for (const short of [0, (milli(dear!.price) - 1) / 1000]) {
      await balanceOf(ctx, target(), id, short);
      const res = await w.respond(body);
      const left = await balanceOf(ctx, target(), id);
      expectError(res, 402, INSUFFICIENT);
      assumed('CREDITS-EXHAUSTED', () => expect(left, `balance ${short}: nothing deducted`).toBe(short));
    }
    await balanceOf(ctx, target(), id, dear!.price);
    const paid = await w.respond(body);
    const left = await balanceOf(ctx, target(), id);
    assumed('CREDITS-EXHAUSTED', () => {
      expect(isSuccessStatus(paid.status), 'a balance of exactly the price pays').toBe(true);
      expect(left).toBe(0);
    });
    assumed('PLAYGROUND-TOTAL-CREDITS', () =>
      expect((paid.json as { data?: { total_credits?: unknown } }).data?.total_credits).toBe(dear!.price),
    );
  });

  it('an invalid call deducts nothing [CREDITS-EXHAUSTED, PLAYGROUND-AGENT-SETTING-MODEL-IN-LIST]', async (ctx) => {
    need(ctx, target(), { writes: true });
    const w = await billedPlayground(ctx, target, 50);
    const { result: unknown, spent } = await spentBy(ctx, target(), w.org.organization_id, async () => {
      expectError(await w.respond({ agent_setting: { model: 'no-such-model' } }), 400);
      expectError(await w.respond({ query: '' }), 400);
      return w.respond({ session_uid: 999_999_999_999 });
    });
    expectRefused(unknown);
    assumed('PLAYGROUND-UNKNOWN-SESSION', () => {
      expect(unknown.status).toBe(404);
      expect((unknown.json as { message?: unknown }).message).toBe('Session not found');
    });
    expect(spent).toBe(0);
  });
});
