/**
 * The agent as properties over generated input:
 * - determinism: a fake reset to the same seed answers the same generated conversation (under generated AI settings)
 *   with the same replies, the same session ids and the same stored transcript;
 * - per-call overrides: generated playground agent_setting objects change that call only. In a fresh organization
 *   (provider state `organization`) whose balance `credit balance` reads around each call: a call is billed at the
 *   overriding model's price, else the saved model's, and the next call without overrides at the saved model's
 *   again; the project's saved settings (where the control API shows them) and the answers stay as they were.
 * The determinism runs reset the fake without a new seed, so the target config's credentials stay valid; the override
 * property needs no control API. fast-check prints the seed and the shrunk counterexample on failure.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aiModes, type SessionMessage, settingsRanges } from '../../contract/index.js';
import { spentBy, stopIfCreditsSpent } from '../support/credit-balance.js';
import { expectError, expectSuccess } from '../support/envelope.js';
import { INVALID_PARAMS } from '../support/messages.js';
import { allMessages } from '../support/pages.js';
import { billedPlayground } from '../support/playground.js';
import { assumed, documented } from '../support/strength.js';
import { freshStateEachTest, need, useTarget, WIDGET_ON_CLOCK } from '../support/use-target.js';
import { isSuccessStatus, onProject } from '../support/world.js';

const target = useTarget();

const control = () => target().control!;

// ---------------------------------------------------------------------------------------------------------------
// Arbitraries (local: this file owns them)

/** Questions on the acme-support knowledgebase, so that most replies draw on retrieved chunks. */
const TOPICS = [
  'How do I reset my password?',
  'two-factor authentication recovery codes',
  'monthly and annual billing proration',
  'Which payment methods do you accept?',
  'export my data and close the workspace',
  'QuickBooks Xero sync errors',
  'webhooks and REST API keys',
  'refund processing times and chargebacks',
  'The invoice PDF is blank',
  'error codes, when to contact support',
] as const;

/** A visitor message: a topic, free text, or a topic with free text around it (1 to 20000 characters). */
const visitorMessageArb: fc.Arbitrary<string> = fc
  .oneof(
    fc.constantFrom(...TOPICS),
    fc.string({ minLength: 1, maxLength: 200 }),
    fc
      .tuple(fc.string({ maxLength: 40 }), fc.constantFrom(...TOPICS), fc.string({ maxLength: 40 }))
      .map(([a, topic, b]) => `${a} ${topic} ${b}`),
    fc.string({ minLength: 1, maxLength: 80, unit: 'grapheme' }),
  )
  .filter((s) => s.length >= 1 && s.length <= 20_000);

const r = settingsRanges;

/** Saved AI settings that shape the reply (any subset, values inside their ranges). */
const replySettingsArb = fc.record(
  {
    temperature: fc.double({ min: r.temperature.min, max: r.temperature.max, noNaN: true }),
    mode: fc.constantFrom(...aiModes),
    max_nodes: fc.integer(r.max_nodes),
    add_page_link: fc.integer(r.add_page_link),
    chat_history_count: fc.integer(r.chat_history_count),
  },
  { requiredKeys: [] },
);

const conversationArb = fc.record({
  settings: replySettingsArb,
  messages: fc.array(visitorMessageArb, { minLength: 1, maxLength: 4 }),
});

/** A playground agent_setting: documented fields (some out of range or unknown), plus fields it may not persist. */
const agentSettingArb = (models: readonly string[]) =>
  fc.record(
    {
      model: fc.oneof(fc.constantFrom(...models), fc.constant('no-such-model')),
      system_prompt: fc.string({ maxLength: 300 }),
      temperature: fc.oneof(
        fc.double({ min: r.temperature.min, max: r.temperature.max, noNaN: true }),
        fc.constantFrom(r.temperature.min - 0.5, r.temperature.max + 0.5),
      ),
      prompt: fc.string({ maxLength: 100 }),
      restriction: fc.string({ maxLength: 100 }),
      mode: fc.constantFrom(...aiModes),
      max_nodes: fc.integer(r.max_nodes),
      add_page_link: fc.integer(r.add_page_link),
      chat_history_count: fc.integer(r.chat_history_count),
      auto_close_duration: fc.integer(r.auto_close_duration),
      auto_resolve_duration: fc.integer(r.auto_resolve_duration),
    },
    { requiredKeys: [] },
  );

// ---------------------------------------------------------------------------------------------------------------
// Helpers

interface Transcript {
  session_uid: string;
  replies: { send_by: string; message: string; session_uid?: string }[];
  stored: SessionMessage[];
}

/** Reset the fake (same seed), save `settings`, and hold the conversation through the widget. */
async function play(conversation: {
  settings: Record<string, unknown>;
  messages: readonly string[];
}): Promise<Transcript> {
  const fresh = await control().reset();
  const t = target();
  // Same seed: the same credentials as the config the file started with.
  assumed('FAKE-DETERMINISTIC-SEED', () => {
    expect(fresh.project_key).toBe(t.config.project_key);
    expect(fresh.widget_uid).toBe(t.config.widget_uid);
    expect(fresh.project_uid).toBe(t.config.project_uid);
    expect(fresh.tokens.owner).toBe(t.config.tokens.owner);
  });
  if (Object.keys(conversation.settings).length > 0) {
    expectSuccess(
      await t.call('updateProjectSettings', { body: onProject(t, conversation.settings) }),
      'updateProjectSettings',
    );
  }
  const created = expectSuccess<{ session_uid: string }>(
    await t.call('createSession', { body: { widget_uid: t.config.widget_uid } }),
    'createSession',
  ).data;
  const replies: Transcript['replies'] = [];
  for (const message of conversation.messages) {
    const res = await t.call('sendMessage', {
      body: { widget_uid: t.config.widget_uid, session_uid: created.session_uid, message },
    });
    replies.push(expectSuccess<Transcript['replies'][number]>(res, 'sendMessage').data);
  }
  const stored = await allMessages(t, Number(created.session_uid));
  return { session_uid: created.session_uid, replies, stored };
}

/** A project's saved settings as the fake's control API shows them; undefined on a target without one. */
const savedSettings = async (project_uid: string): Promise<unknown> =>
  (await target().control?.project(project_uid))?.settings;

// ---------------------------------------------------------------------------------------------------------------

describe('agent properties', () => {
  freshStateEachTest(target, WIDGET_ON_CLOCK);

  it('the agent is deterministic: reset to the same seed, the same conversation gets the same replies and transcript [FAKE-DETERMINISTIC-SEED, SEND-MESSAGE-RESPONSE, SEND-MESSAGE-RECORDED]', async () => {
    await fc.assert(
      fc.asyncProperty(conversationArb, async (conversation) => {
        const first = await play(conversation);
        const second = await play(conversation);
        assumed('FAKE-DETERMINISTIC-SEED', () => expect(second).toEqual(first));
        // Documented: the reply of sendMessage is the AI's (send_by `assistant`).
        documented('SEND-MESSAGE-ASSISTANT', () =>
          expect(first.replies.every((reply) => reply.send_by === 'assistant')).toBe(true),
        );
        const conversationTexts = conversation.messages.flatMap((m, i) => [m, first.replies[i]!.message]);
        // The transcript holds each visitor message and its reply (SEND-MESSAGE-RECORDED)…
        assumed('SEND-MESSAGE-RECORDED', () =>
          expect(first.stored.map((m) => m.message).sort()).toEqual([...conversationTexts].sort()),
        );
        // …in the order sent, each reply after its message: the fake breaks createdAt ties by ascending id.
        assumed('SESSION-MESSAGES-ORDER-KEY', () =>
          expect(first.stored.map((m) => m.message)).toEqual(conversationTexts),
        );
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});

describe('agent_setting overrides', () => {
  it('agent_setting overrides apply to their call only: each call is billed at the overriding model, else the saved one, and the saved configuration and answers without overrides never change [PLAYGROUND-AGENT-SETTING-NOT-SAVED, PLAYGROUND-AGENT-SETTING-OVERRIDE, PLAYGROUND-MODEL-DEFAULT-SAVED, PLAYGROUND-CREDITS-BY-MODEL, PLAYGROUND-TOTAL-CREDITS, PLAYGROUND-AGENT-SETTING-MODEL-IN-LIST, PLAYGROUND-AGENT-SETTING-TEMPERATURE-RANGE]', async (ctx) => {
    need(ctx, target(), { writes: true });
    const w = await billedPlayground(ctx, target);
    // Which model a call ran on is read from what it deducted: only where one call of a model has one price.
    await w.needPricePerCall();
    const offered = w.models;
    // What a call on each model deducts, with it saved; then the first one stays saved.
    const prices = new Map<string, number>();
    for (const model of offered) prices.set(model, (await w.price(model)).price);
    const saved = offered[0]!;
    await w.saveModel(saved);
    const before = await savedSettings(w.org.project_uid);
    const probe = () => w.billed({ query: 'How do refunds work and how long do they take?' });
    const baseline = await probe();
    expect(baseline.spent, 'billed at the saved model').toBe(prices.get(saved));
    // total_credits is what the call deducted.
    assumed('PLAYGROUND-TOTAL-CREDITS', () => expect(baseline.result.total_credits).toBe(baseline.spent));
    /** The agent_setting fields the spec names; the full list is not shown. */
    const namedFields = new Set(['model', 'system_prompt', 'temperature']);

    await fc.assert(
      fc.asyncProperty(agentSettingArb(offered), fc.constantFrom(...TOPICS), async (agentSetting, query) => {
        const { result: res, spent } = await spentBy(ctx, target(), w.org.organization_id, () =>
          w.respond({ query, agent_setting: agentSetting }),
        );
        stopIfCreditsSpent(target(), res, 'a playground call with generated overrides');
        const temperature = agentSetting.temperature;
        const temperatureOk =
          temperature === undefined || (temperature >= r.temperature.min && temperature <= r.temperature.max);
        const modelOk = agentSetting.model === undefined || offered.includes(agentSetting.model);
        if (!temperatureOk) {
          // The range of agent_setting.temperature and its refusal are the fake's choice.
          assumed('PLAYGROUND-AGENT-SETTING-TEMPERATURE-RANGE', () => expectError(res, 400, INVALID_PARAMS));
        } else if (!modelOk) {
          assumed('PLAYGROUND-AGENT-SETTING-MODEL-IN-LIST', () => {
            expectError(
              res,
              400,
              `Invalid model '${agentSetting.model}'. Model not found in available models list.`,
            );
          });
        } else {
          const succeeds = () =>
            expectSuccess<{ total_credits: number }>(res, 'playgroundAgentResponse').data;
          // With only the fields the spec names, in range, the call succeeds; that the other fields are accepted
          // too is the fake's choice.
          const onlyNamed = Object.keys(agentSetting).every((k) => namedFields.has(k));
          if (onlyNamed) succeeds();
          else assumed('PLAYGROUND-AGENT-SETTING-TEMPERATURE-RANGE', () => void succeeds());
        }
        if (isSuccessStatus(res.status)) {
          // Documented: billed by the model it ran on, the overriding one, else the saved one.
          expect(spent, 'billed at the overriding model, else the saved one').toBe(
            prices.get(agentSetting.model ?? saved),
          );
          const data = (res.json as { data: { total_credits: number } }).data;
          assumed('PLAYGROUND-TOTAL-CREDITS', () => expect(data.total_credits).toBe(spent));
        } else {
          // That a refused call deducts nothing goes with its refusal: the fake's choice.
          const clause = temperatureOk
            ? 'PLAYGROUND-AGENT-SETTING-MODEL-IN-LIST'
            : 'PLAYGROUND-AGENT-SETTING-TEMPERATURE-RANGE';
          assumed(clause, () => expect(spent, 'a refused call deducts nothing').toBe(0));
        }
        // Documented: the saved configuration never changes, so the next call without overrides is billed at the
        // saved model (and, where the control API shows them, the saved settings are the same).
        const again = await probe();
        expect(again.spent, 'the next call is billed at the saved model').toBe(prices.get(saved));
        expect(await savedSettings(w.org.project_uid), 'the saved settings (control API)').toEqual(before);
        // The same question without overrides gets the same answer as before: the fake's agent is deterministic.
        assumed('FAKE-DETERMINISTIC-SEED', () => expect(again.result).toEqual(baseline.result));
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
