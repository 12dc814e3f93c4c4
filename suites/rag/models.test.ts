/**
 * Which models each RAG endpoint serves: the values of getSupportedModels of its family (OpenAI-style: gpt-*, o1,
 * o3; Anthropic-style: claude-*), refused when unknown, of the wrong family, or tier 1 on a Professional plan.
 */
import { describe, expect, it, type TestContext } from 'vitest';
import { servesModel } from '../../contract/requests/rag-models.js';
import { stopIfCreditsSpent } from '../support/credit-balance.js';
import { freshWorldOfState } from '../support/fresh-quota.js';
import { supportedModels } from '../support/models.js';
import { needRag, ragModel } from '../support/rag.js';
import { readAnswer } from '../support/rag-answer.js';
import { expectRagError } from '../support/rag-refusal.js';
import {
  askRag,
  DIALECTS,
  dialectClauses,
  otherDialect,
  type RagDialect,
  SMALL_TALK,
} from '../support/rag-wire.js';
import { arranged, assumed } from '../support/strength.js';
import { enterState, need, useTarget } from '../support/use-target.js';
import type { Auth } from '../target/target.js';

const target = useTarget();

const ask = (dialect: RagDialect, model: string, auth?: Auth) =>
  askRag(target(), dialect, { model, messages: SMALL_TALK, maxTokens: 8 }, auth);

/** The `value`s of getSupportedModels, wherever the server puts its list (support/models.ts). */
async function supported(): Promise<string[]> {
  return (await supportedModels(target())).map((m) => m.value);
}

/** The first model of the dialect's family at `tier` that the config's owner token lists (Advanced or above). */
async function listedOfTier(ctx: TestContext, dialect: RagDialect, tier: 0 | 1): Promise<string> {
  const model = (await supportedModels(target())).find(
    (m) => m.tier === tier && servesModel(dialect, m.value),
  );
  if (!model) ctx.skip(`getSupportedModels lists no tier-${tier} ${dialect}-family model`);
  return model!.value;
}

/** Unknown model names of each family, never in any list. */
const UNKNOWN: Record<RagDialect, string> = {
  openai: 'gpt-conformance-unknown-9000',
  anthropic: 'claude-conformance-unknown-9000',
};

/** The refusal message with the model name taken out, to compare two refusals' wording. */
const wording = (message: string, model: string) => message.split(model).join('<model>');

describe.each(DIALECTS)('%s-style endpoint: models', (dialect) => {
  it(`every supported model of its family answers, and the answer names that model [RAG-MODEL-FROM-LIST, ${dialectClauses[dialect].families}, MODELS-VALUE-IS-MODEL-ID]`, async (ctx) => {
    await needRag(ctx, target(), dialect, { tokens: ['owner'] });
    const values = (await supported()).filter((v) => servesModel(dialect, v));
    arranged(ctx, values.length > 0, `getSupportedModels lists no ${dialect}-family model`);
    for (const model of values) {
      const answered = await ask(dialect, model);
      stopIfCreditsSpent(target(), answered, `a RAG request on ${model}`);
      const a = readAnswer(dialect, answered);
      assumed('RAG-RESPONSE-MODEL', () => expect(a.model, model).toBe(model));
    }
  });

  // The spec lists each endpoint's families, not what becomes of another family's model: refusing it is the fake's.
  it('a supported model of the other family gets 400 invalid_request_error in the native shape [RAG-WRONG-FAMILY-400, RAG-ERROR-SHAPE]', async (ctx) => {
    await needRag(ctx, target(), dialect);
    const foreign = await ragModel(target(), otherDialect(dialect));
    if (!foreign) return ctx.skip(`no ${otherDialect(dialect)}-family model to send`);
    expectRagError(dialect, await ask(dialect, foreign), 400, undefined, {
      clause: 'RAG-WRONG-FAMILY-400',
      documented: 'nothing',
    });
  });

  it('a model that is in no list gets 400 invalid_request_error naming the model [RAG-UNKNOWN-MODEL, RAG-ERROR-SHAPE]', async (ctx) => {
    await needRag(ctx, target(), dialect);
    const message = expectRagError(dialect, await ask(dialect, UNKNOWN[dialect]), 400);
    assumed('RAG-UNKNOWN-MODEL', () => expect(message).toContain(UNKNOWN[dialect]));
    expectRagError(dialect, await ask(dialect, 'not-a-model'), 400);
  });

  it('a model added to the supported list becomes usable at once, and is refused again once removed [RAG-MODEL-FROM-LIST, VERSION-MODEL-LIST-DYNAMIC, RAG-UNKNOWN-MODEL]', async (ctx) => {
    await needRag(ctx, target(), dialect, { control: 'the model list', tokens: ['owner'] });
    const control = target().control!;
    const value = dialect === 'openai' ? 'gpt-conformance-new' : 'claude-conformance-new';
    expectRagError(dialect, await ask(dialect, value), 400);
    await control.post('/models', { value, provider: dialect, tier: 0 });
    try {
      expect(await supported()).toContain(value);
      const a = readAnswer(dialect, await ask(dialect, value));
      assumed('RAG-RESPONSE-MODEL', () => expect(a.model).toBe(value));
    } finally {
      await control.delete(`/models/${value}`);
    }
    expect(await supported()).not.toContain(value);
    expectRagError(dialect, await ask(dialect, value), 400);
  });

  it('on a Professional plan a tier-1 model is refused exactly like an unknown model; tier 0 answers [MODELS-TIER1-RAG-PROFESSIONAL, MODELS-TIER1-ADVANCED, RAG-UNKNOWN-MODEL]', async (ctx) => {
    need(ctx, target(), { credits: true, tokens: ['owner'] });
    const tier1 = await listedOfTier(ctx, dialect, 1);
    const tier0 = await listedOfTier(ctx, dialect, 0);
    const world = await freshWorldOfState(ctx, target(), 'professional');
    readAnswer(dialect, await ask(dialect, tier0, world.auth));
    const refused = expectRagError(dialect, await ask(dialect, tier1, world.auth), 400);
    const unknown = expectRagError(dialect, await ask(dialect, UNKNOWN[dialect], world.auth), 400);
    assumed('MODELS-TIER1-RAG-PROFESSIONAL', () => {
      expect(refused, 'the refusal has a message').toEqual(expect.any(String));
      expect(wording(refused!, tier1)).toBe(wording(unknown ?? '', UNKNOWN[dialect]));
    });

    // The same model answers once the organization is on Advanced.
    await enterState(ctx, target(), 'plan', { organization_id: world.organization_id, plan: 'advanced' });
    const a = readAnswer(dialect, await ask(dialect, tier1, world.auth));
    assumed('RAG-RESPONSE-MODEL', () => expect(a.model).toBe(tier1));
  });
});
