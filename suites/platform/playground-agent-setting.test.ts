/**
 * playgroundAgentResponse's agent_setting: it overrides the project's settings for that call only, the saved
 * configuration stays as it was, and without a model the saved model answers and is billed. The public API shows
 * neither the saved settings nor which model answered, but the spec says each call deducts credits by model: so each
 * test works in a fresh organization (provider state `organization`) and reads its balance (`credit balance`) around
 * each call, and a call billed at a model's price ran on that model. The fake's control API, where there is one,
 * also shows the saved settings unchanged.
 */
import { describe, expect, it } from 'vitest';
import { expectError } from '../support/envelope.js';
import { INVALID_PARAMS } from '../support/messages.js';
import { billedPlayground, playgroundOf, twoPrices } from '../support/playground.js';
import { assumed } from '../support/strength.js';
import { need, useTarget } from '../support/use-target.js';

const target = useTarget();
const pg = playgroundOf(target);

const mainUid = () => target().config.project_uid!;

/** The project's saved settings as the fake's control API shows them; undefined on a target without one. */
async function savedSettings(project_uid: string): Promise<unknown> {
  return (await target().control?.project(project_uid))?.settings;
}

describe('playgroundAgentResponse agent_setting', () => {
  it("overrides settings for the call only and leaves the project's saved configuration unchanged [PLAYGROUND-AGENT-SETTING-OVERRIDE, PLAYGROUND-AGENT-SETTING-NOT-SAVED, PLAYGROUND-TOTAL-CREDITS]", async (ctx) => {
    need(ctx, target(), { writes: true });
    const w = await billedPlayground(ctx, target);
    // Priced as the saved model: the override is checked against what the other path deducts.
    const [saved, other] = await twoPrices(ctx, w, 'saved');
    await w.saveModel(saved.value);
    const before = await savedSettings(w.org.project_uid);

    const overridden = await w.billed({
      agent_setting: { model: other.value, system_prompt: 'Answer like a pirate.', temperature: 1.9 },
    });
    expect(overridden.spent, `billed at the overriding model ${other.value}`).toBe(other.price);
    assumed('PLAYGROUND-TOTAL-CREDITS', () => expect(overridden.result.total_credits).toBe(other.price));

    const plain = await w.billed();
    expect(plain.spent, `the next call is back on the saved model ${saved.value}`).toBe(saved.price);
    assumed('PLAYGROUND-TOTAL-CREDITS', () => expect(plain.result.total_credits).toBe(saved.price));
    expect(await savedSettings(w.org.project_uid), 'the saved settings (control API)').toEqual(before);
  });

  it("uses (and bills) the project's saved model when agent_setting.model is omitted [PLAYGROUND-MODEL-DEFAULT-SAVED, PLAYGROUND-CREDITS-BY-MODEL, PLAYGROUND-TOTAL-CREDITS]", async (ctx) => {
    need(ctx, target(), { writes: true });
    const w = await billedPlayground(ctx, target);
    // Priced as named in agent_setting: the saved model is checked against what the other path deducts.
    const [first, second] = await twoPrices(ctx, w, 'named');
    for (const model of [first, second]) {
      await w.saveModel(model.value);
      // The model omitted, with and without other overrides: the saved model's price.
      for (const agent_setting of [undefined, { temperature: 0.2 }]) {
        const { result, spent } = await w.billed(agent_setting ? { agent_setting } : {});
        expect(spent, `${model.value} saved, agent_setting ${JSON.stringify(agent_setting)}`).toBe(
          model.price,
        );
        assumed('PLAYGROUND-TOTAL-CREDITS', () =>
          expect(result.total_credits, model.value).toBe(model.price),
        );
      }
    }
  });

  it('rejects an agent_setting.model that is not in the supported list [PLAYGROUND-AGENT-SETTING-MODEL-IN-LIST]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true, writes: true });
    const session = await pg.session();
    const base = { project_uid: mainUid(), session_uid: session.session_uid, query: 'hello' };
    for (const model of ['gpt-nonexistent', 'GPT-4O-MINI']) {
      expectError(
        await pg.respond({ ...base, agent_setting: { model } }),
        400,
        `Invalid model '${model}'. Model not found in available models list.`,
      );
    }
  });

  it('takes agent_setting.temperature from 0 to 2 and accepts other agent_setting fields [PLAYGROUND-AGENT-SETTING-TEMPERATURE-RANGE]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true, writes: true });
    const session = await pg.session();
    const base = {
      project_uid: mainUid(),
      session_uid: session.session_uid,
      query: 'How do I export my data?',
    };
    for (const temperature of [0, 2, 1.25]) await pg.reply({ ...base, agent_setting: { temperature } });
    for (const temperature of [-0.1, 2.01, '1']) {
      expectError(await pg.respond({ ...base, agent_setting: { temperature } }), 400, INVALID_PARAMS);
    }
    await pg.reply({ ...base, agent_setting: { max_nodes: 3, mode: 'agent', unknown_knob: true } });
    expectError(await pg.respond({ ...base, agent_setting: 'gpt-4o' }), 400, INVALID_PARAMS);
  });
});
