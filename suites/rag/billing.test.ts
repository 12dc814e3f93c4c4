/**
 * Billing of the RAG endpoints: per token against the credit balance (documented: a request takes credits, the same
 * token counts the same), at the model's credits_per_1k_tokens for input and output tokens alike, rounded to 3
 * decimals and counted in the project's credits usage (the fake's formula); a refused request costs nothing, and a
 * request the balance cannot cover gets 402 in the native shape and costs nothing (the fake's).
 * Every test works in a new organization, so nothing else spends its credits meanwhile. The public API shows no
 * balance: where a test needs no price list or scripted reply, its organization, knowledgebase and balance are
 * provider states (`organization`, `knowledgebase documents`, `credit balance`), so it runs on staging too; the
 * formula against the fake's price list and the scripted answers stay on the control API. Prices are not shown, so
 * a documented check never rests on what the test's own earlier requests left of the balance: it tops the balance up
 * before each request it measures (billedFrom).
 */
import { describe, expect, it, type TestContext } from 'vitest';
import { servesModel } from '../../contract/requests/rag-models.js';
import { ragCredits } from '../../contract/requests/rag-usage.js';
import {
  balanceOf,
  type FundedOrganization,
  fundedOrganization,
  spentBy,
} from '../support/credit-balance.js';
import { supportedModels } from '../support/models.js';
import { INSUFFICIENT_CREDITS, needRag } from '../support/rag.js';
import { type Answer, answer, readAnswer } from '../support/rag-answer.js';
import { expectRagError } from '../support/rag-refusal.js';
import { streamAnswer } from '../support/rag-stream.js';
import { type Ask, askRag, DIALECTS, type RagDialect, SMALL_TALK } from '../support/rag-wire.js';
import {
  bearerKey,
  creditsOf,
  creditsUsedOf,
  modelOfTier,
  type PricedModel,
  pricedModelsVia,
  type RagWorld,
  ragWorldVia,
  scriptedWorldVia,
  zorblaxDocuments,
} from '../support/rag-world.js';
import { arranged, assumed } from '../support/strength.js';
import { enterState, useTarget } from '../support/use-target.js';
import type { Auth } from '../target/target.js';

const target = useTarget();
const control = () => target().control!;

/** Credits are compared in thousandths, the precision they are charged in. */
const milli = (credits: number) => Math.round(credits * 1000);

const tokensOf = (a: Answer) => a.usage!.input + a.usage!.output;

/** The organization balance and the project usage, before and after `run`. */
async function spent<T>(
  world: RagWorld,
  run: () => Promise<T>,
): Promise<{ result: T; balance: number; usage: number }> {
  const balance = await creditsOf(control(), world.organization_id);
  const usage = await creditsUsedOf(control(), world.project_uid);
  const result = await run();
  return {
    result,
    balance: milli(balance - (await creditsOf(control(), world.organization_id))),
    usage: milli((await creditsUsedOf(control(), world.project_uid)) - usage),
  };
}

async function prepare(ctx: TestContext, dialect: RagDialect): Promise<void> {
  await needRag(ctx, target(), dialect, { control: 'the model prices' });
}

/** A fresh organization (provider states) whose project key asks; its knowledgebase holds `documents`. */
interface BilledWorld extends FundedOrganization {
  /** The project key as Bearer, which both endpoints take. */
  auth: Auth;
}

async function billedWorld(
  ctx: TestContext,
  documents: ReturnType<typeof zorblaxDocuments>['documents'] = [],
): Promise<BilledWorld> {
  const org = await fundedOrganization(ctx, target(), 1_000_000);
  if (documents.length > 0)
    await enterState(ctx, target(), 'knowledgebase documents', {
      organization_id: org.organization_id,
      project_uid: org.project_uid,
      documents: documents.map((d) => ({ doc_id: d.docId, title: d.title, text: d.text })),
    });
  return { ...org, auth: bearerKey(org.project_key) };
}

/** What a fresh organization of these tests holds; billedFrom() tops it up to this before each measured request. */
const FUNDS = 1_000_000;

/** What `run` took from the world's balance, in thousandths of a credit. */
async function billed<T>(ctx: TestContext, world: BilledWorld, run: () => Promise<T>) {
  const { result, spent } = await spentBy(ctx, target(), world.organization_id, run);
  return { result, balance: milli(spent) };
}

/**
 * What `run` took from the world's balance, in credits as the balance shows them (no rounding of ours), after topping
 * the balance up to FUNDS: prices are not shown, so no request of the test ever meets a balance its own earlier
 * requests spent.
 */
async function billedFrom<T>(ctx: TestContext, world: BilledWorld, run: () => Promise<T>) {
  await balanceOf(ctx, target(), world.organization_id, FUNDS);
  const result = await run();
  return { result, spent: FUNDS - (await balanceOf(ctx, target(), world.organization_id)) };
}

/** Two charges read off the balance agree to the thousandth (a balance may be kept or shown to the thousandth). */
const sameCharge = (a: number, b: number) => Math.abs(a - b) <= 0.001 + 1e-9;

/** A listed model of the dialect's family at `tier`, as the organization's owner sees the list; skips when none. */
async function listedModel(ctx: TestContext, world: BilledWorld, dialect: RagDialect, tier: number) {
  const model = (await supportedModels(target(), world.owner)).find(
    (m) => m.tier === tier && servesModel(dialect, m.value),
  );
  if (!model) ctx.skip(`getSupportedModels lists no tier-${tier} ${dialect}-family model`);
  return model!.value;
}

/** A long question: many more input tokens than SMALL_TALK, for the same model. */
const LONG_QUESTION = `${'Please read all of this carefully before you answer. '.repeat(600)}Now say hello in one short sentence.`;

/** A model of the dialect's family at a price of one credit per token, so that a cost is a token count. */
async function perTokenModel(dialect: RagDialect): Promise<string> {
  const value = `${dialect === 'openai' ? 'gpt' : 'claude'}-conformance-per-token`;
  await control().post('/models', { value, provider: dialect, tier: 0, credits_per_1k_tokens: 1000 });
  return value;
}

describe.each(DIALECTS)('%s-style endpoint: billing', (dialect: RagDialect) => {
  it('each request costs (input + output tokens) × the model’s credits_per_1k_tokens / 1000, rounded to 3 decimals, taken from the balance and added to the project’s usage [RAG-CREDITS-PER-TOKEN-PRICE, RAG-BILLING-PER-TOKEN]', async (ctx) => {
    await prepare(ctx, dialect);
    const { word, documents } = zorblaxDocuments();
    const world = await ragWorldVia(control(), { documents });
    const prices = new Map((await pricedModelsVia(control())).map((m) => [m.value, m]));
    const chosen: PricedModel[] = [
      await modelOfTier(control(), dialect, 0),
      await modelOfTier(control(), dialect, 1),
    ];
    assumed('RAG-CREDITS-PER-TOKEN-PRICE', () =>
      expect(chosen[0]!.credits_per_1k_tokens).not.toBe(chosen[1]!.credits_per_1k_tokens),
    );
    for (const model of chosen) {
      const price = prices.get(model.value)!.credits_per_1k_tokens;
      for (const ask of [
        { model: model.value, messages: SMALL_TALK, maxTokens: 100 },
        {
          model: model.value,
          messages: `How do I return my ${word}?`,
          knowledgebase: { limit: 3 },
          maxTokens: 600,
        },
      ] satisfies Ask[]) {
        const {
          result: a,
          balance,
          usage,
        } = await spent(world, () => answer(target(), dialect, ask, world.auth));
        // Billed per token against the balance (documented); the price formula is the fake's.
        expect(balance, `${model.value}: ${tokensOf(a)} tokens billed`).toBeGreaterThan(0);
        const expected = milli(ragCredits(tokensOf(a), price));
        assumed('RAG-CREDITS-PER-TOKEN-PRICE', () => {
          expect(balance, `${model.value}: ${tokensOf(a)} tokens at ${price} per 1k`).toBe(expected);
          expect(usage, 'the project usage grows by as much').toBe(expected);
        });
      }
    }
  });

  it('billing follows tokens: at one credit per token a request costs exactly its token count, streamed or not, short or long [RAG-BILLING-PER-TOKEN, RAG-CREDITS-PER-TOKEN-PRICE, RAG-STREAM-EQUALS-BODY]', async (ctx) => {
    await prepare(ctx, dialect);
    const model = await perTokenModel(dialect);
    try {
      const short = { kind: 'text' as const, text: 'Yes.' };
      const long = { kind: 'text' as const, text: 'Yes. '.repeat(60).trim() };
      const world = await scriptedWorldVia(control(), [short, long, long]);
      const ask: Ask = { model, messages: SMALL_TALK, maxTokens: 500 };
      const a = await spent(world, () => answer(target(), dialect, ask, world.auth));
      const b = await spent(world, () => answer(target(), dialect, ask, world.auth));
      const c = await spent(world, () => streamAnswer(target(), dialect, ask, world.auth));
      assumed('RAG-CREDITS-PER-TOKEN-PRICE', () => {
        expect(a.balance).toBe(tokensOf(a.result) * 1000);
        expect(b.balance).toBe(tokensOf(b.result) * 1000);
      });
      assumed('FAKE-MODEL-SCRIPT', () =>
        expect(b.result.usage!.output, 'the scripted answers').toBeGreaterThan(a.result.usage!.output),
      );
      // The same prompt with a longer answer costs more: output tokens are priced, as the fake's formula has it.
      assumed('RAG-CREDITS-PER-TOKEN-PRICE', () => {
        if (
          b.result.usage!.input === a.result.usage!.input &&
          b.result.usage!.output > a.result.usage!.output
        )
          expect(b.balance, 'the longer answer costs more').toBeGreaterThan(a.balance);
      });
      expect(a.balance, 'a request costs credits').toBeGreaterThan(0);
      assumed('RAG-STREAM-EQUALS-BODY', () => {
        expect(c.balance, 'the same answer streamed costs the same').toBe(b.balance);
        expect(tokensOf(c.result!.answer)).toBe(tokensOf(b.result));
      });
    } finally {
      await control().delete(`/models/${model}`);
    }
  });

  it('billed per token against the credit balance: a request costs credits, the same token counts cost the same; many more input tokens cost more (the fake prices input tokens too) [RAG-BILLING-PER-TOKEN, RAG-CREDITS-PER-TOKEN-PRICE]', async (ctx) => {
    const model = await needRag(ctx, target(), dialect);
    const world = await billedWorld(ctx);
    const ask = (messages: string): Ask => ({ model, messages, maxTokens: 16, temperature: 0 });
    const short = await billedFrom(ctx, world, () => answer(target(), dialect, ask(SMALL_TALK), world.auth));
    const again = await billedFrom(ctx, world, () => answer(target(), dialect, ask(SMALL_TALK), world.auth));
    const long = await billedFrom(ctx, world, () =>
      answer(target(), dialect, ask(LONG_QUESTION), world.auth),
    );
    for (const r of [short, again, long])
      expect(r.spent, `${tokensOf(r.result)} tokens: credits taken from the balance`).toBeGreaterThan(0);
    const usage = (r: typeof short) => r.result.usage!;
    if (usage(again).input === usage(short).input && usage(again).output === usage(short).output)
      expect(
        sameCharge(again.spent, short.spent),
        `the same model and token counts cost the same: ${again.spent} and ${short.spent}`,
      ).toBe(true);
    // "Per token" does not say which tokens: that input tokens are priced too is the fake's formula.
    assumed('RAG-CREDITS-PER-TOKEN-PRICE', () => {
      // 600 sentences of nine words: thousands more input tokens with any tokenizer, whatever context the server
      // adds (a system prompt, retrieved chunks) to both requests.
      expect(usage(long).input, 'the long question is counted as more input tokens').toBeGreaterThan(
        usage(short).input + 3000,
      );
      if (usage(long).output >= usage(short).output)
        expect(long.spent, 'the request with many more tokens costs more').toBeGreaterThan(short.spent);
    });
  });

  it('refused requests cost nothing: unknown model, bad body, invalid key [RAG-REFUSED-NOT-BILLED]', async (ctx) => {
    const model = await needRag(ctx, target(), dialect);
    const world = await billedWorld(ctx);
    const { balance } = await billed(ctx, world, async () => {
      expectRagError(
        dialect,
        await askRag(target(), dialect, { model: 'gpt-none-claude-none', messages: 'Hi' }, world.auth),
        400,
      );
      expectRagError(
        dialect,
        await askRag(target(), dialect, { native: { model, messages: [] } }, world.auth),
        400,
      );
      expectRagError(
        dialect,
        await askRag(target(), dialect, { model, messages: 'Hi' }, { bearer: `${world.project_key}x` }),
        401,
      );
    });
    const control = target().control;
    const used = control ? await creditsUsedOf(control, world.project_uid) : 0;
    assumed('RAG-REFUSED-NOT-BILLED', () => {
      expect(balance, 'nothing taken from the balance').toBe(0);
      expect(used, 'nor counted in the project usage').toBe(0);
    });
  });

  it('a balance of exactly the cost pays for the request; then, or one thousandth short, the request gets 402 Insufficient credits in the native shape and deducts nothing, streamed or not [CREDITS-EXHAUSTED, RAG-CREDITS-PER-TOKEN-PRICE, RAG-ERROR-SHAPE]', async (ctx) => {
    await needRag(ctx, target(), dialect);
    const world = await billedWorld(ctx);
    const id = world.organization_id;
    const ask: Ask = {
      model: await listedModel(ctx, world, dialect, 1),
      messages: SMALL_TALK,
      maxTokens: 100,
    };
    // The fake's default model is deterministic: the same request costs the same each time (what it cost here).
    const { result: probe, balance: cost } = await billed(ctx, world, () =>
      answer(target(), dialect, ask, world.auth),
    );
    assumed('RAG-CREDITS-PER-TOKEN-PRICE', () => expect(cost).toBeGreaterThan(1));
    // A balance one thousandth short of the cost needs a cost of two thousandths at least: prices are not shown.
    arranged(
      ctx,
      cost > 1,
      `the request cost ${cost / 1000} credits, too little to set a balance just short of it`,
    );

    // Neither the refusal of a request the balance cannot cover nor its status is shown: all of it is the fake's.
    const refusedWith = async (credits: number) => {
      await balanceOf(ctx, target(), id, credits);
      const { balance } = await billed(ctx, world, async () => {
        expectRagError(dialect, await askRag(target(), dialect, ask, world.auth), 402, INSUFFICIENT_CREDITS);
        const streamed = await askRag(
          target(),
          dialect,
          { ...ask, stream: true, includeUsage: true },
          world.auth,
        );
        expectRagError(dialect, streamed, 402, INSUFFICIENT_CREDITS);
      });
      const left = await balanceOf(ctx, target(), id);
      assumed('CREDITS-EXHAUSTED', () => {
        expect(balance, `balance ${credits}: nothing deducted`).toBe(0);
        expect(left).toBe(credits);
      });
    };

    await refusedWith(0);
    await refusedWith((cost - 1) / 1000);
    await balanceOf(ctx, target(), id, cost / 1000);
    const paidRes = await askRag(target(), dialect, ask, world.auth);
    const left = await balanceOf(ctx, target(), id);
    assumed('RAG-CREDITS-PER-TOKEN-PRICE', () => {
      const paid = readAnswer(dialect, paidRes);
      expect(tokensOf(paid)).toBe(tokensOf(probe));
      expect(milli(left)).toBe(0);
    });
    await refusedWith(0);
  });
});
