/**
 * getSupportedModels: the list, its entries and the tier rule.
 *
 * How the tier rule is observed: on Professional the Platform API itself is refused (AUTH-PLATFORM-PLAN), so the
 * list a Professional organization would get cannot be read through getSupportedModels. These suites therefore
 * check (1) that tier-1 entries are listed on every plan where the Platform API works (Advanced, Agency,
 * Enterprise, in fresh organizations from the provider state `organization`) and that these lists agree, (2) that
 * a Professional organization gets the plan refusal, and that the same organization switched to Advanced (state
 * `plan`) then lists tier-1 entries. The Professional side of the rule (a tier-1 model refused to a Professional
 * organization) is observable only on the RAG endpoints (MODELS-TIER1-RAG-PROFESSIONAL), which belong to the RAG
 * suites.
 */
import { describe, expect, it, type TestContext } from 'vitest';
import { type PlanName, platformPlans, type SupportedModel } from '../../contract/index.js';
import { stopIfCreditsSpent } from '../support/credit-balance.js';
import { expectError, expectRefused, expectSuccess } from '../support/envelope.js';
import { PLAN_REQUIRED } from '../support/messages.js';
import { modelEntries } from '../support/models.js';
import { freshSettingsProject, savedSettings, viewedSettingsProject } from '../support/project-settings.js';
import { uniqueHex8 } from '../support/run-tag.js';
import { assumed } from '../support/strength.js';
import { enterState, need, useTarget } from '../support/use-target.js';

const target = useTarget();

interface ModelEntry extends SupportedModel {
  name: string;
  provider: string;
  credits_per_call: number;
}

/**
 * The entries of a getSupportedModels answer, read wherever the server puts the list (the envelope around it is
 * not shown; MODELS-RESPONSE-SHAPE is the fake's). The fields beyond `value` and `tier` are the fake's too.
 */
async function modelsWith(options: Parameters<ReturnType<typeof target>['call']>[1] = {}) {
  const res = await target().call('getSupportedModels', { body: {}, ...options });
  const entries = modelEntries(expectSuccess(res, 'getSupportedModels').data);
  expect(entries, `a list of model entries; body: ${res.text.slice(0, 300)}`).toBeDefined();
  return entries as ModelEntry[];
}

/** A fresh organization on `plan`, with its owner's token (provider state `organization`). */
async function organizationOnPlan(ctx: TestContext, plan: PlanName): Promise<{ id: number; token: string }> {
  const org = await enterState(ctx, target(), 'organization', { plan, credits: 10_000 });
  return { id: org.organization_id, token: org.owner_token };
}

const byValue = (list: readonly ModelEntry[]) => [...list].sort((a, b) => (a.value < b.value ? -1 : 1));

describe('getSupportedModels', () => {
  it('takes the empty object and lists entries with value and tier [MODELS-EMPTY-BODY, CONV-EMPTY-BODY-OBJECT, RES-SUPPORTED-MODEL-SHAPE, MODELS-FOR-PLAN, MODELS-TIER-VALUES]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    const list = await modelsWith();
    expect(list.length).toBeGreaterThan(0);
    for (const m of list) {
      expect(m.value.trim().length, JSON.stringify(m)).toBeGreaterThan(0);
      expect(Number.isInteger(m.tier), JSON.stringify(m)).toBe(true);
      // The spec names tier 1 only: which other tiers there are is the fake's.
      assumed('MODELS-TIER-VALUES', () => expect([0, 1], JSON.stringify(m)).toContain(m.tier));
    }
  });

  it('entries also carry name, provider and credits_per_call [MODELS-RESPONSE-SHAPE]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    const res = await target().call('getSupportedModels', { body: {} });
    const { data } = expectSuccess(res, 'getSupportedModels');
    const entries = modelEntries(data) ?? [];
    assumed('MODELS-RESPONSE-SHAPE', () => {
      expect(Array.isArray(data), 'data is the array of entries').toBe(true);
      for (const m of entries as ModelEntry[]) {
        expect(typeof m.name, m.value).toBe('string');
        expect(typeof m.provider, m.value).toBe('string');
        expect(typeof m.credits_per_call, m.value).toBe('number');
        expect(m.credits_per_call, m.value).toBeGreaterThan(0);
      }
    });
  });

  it('lists each value once [MODELS-VALUES-UNIQUE]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    const values = (await modelsWith()).map((m) => m.value);
    assumed('MODELS-VALUES-UNIQUE', () => expect(new Set(values).size).toBe(values.length));
  });

  it('answers the same at {org_base_url} [ORG-BASE-URL-OPERATIONS]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    const atBase = await modelsWith();
    await assumed('ORG-BASE-URL-OPERATIONS', async () =>
      expect(await modelsWith({ base: 'org' })).toEqual(atBase),
    );
  });

  it('answers any valid token with the same list [AUTH-GETSUPPORTEDMODELS-ASSUMED]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner', 'editor', 'viewer', 'fine_grained', 'selected'] });
    const owner = await modelsWith();
    for (const token of ['editor', 'viewer', 'fine_grained', 'selected'] as const) {
      await assumed('AUTH-GETSUPPORTEDMODELS-ASSUMED', async () =>
        expect(await modelsWith({ auth: { token } }), token).toEqual(owner),
      );
    }
  });

  it('lists tier-1 models on Advanced, Agency and Enterprise alike [MODELS-TIER1-ADVANCED, MODELS-TIER-BY-PLAN, MODELS-FOR-PLAN]', async (ctx) => {
    const lists: ModelEntry[][] = [];
    for (const plan of platformPlans) {
      const org = await organizationOnPlan(ctx, plan);
      const list = await modelsWith({ auth: { bearer: org.token } });
      expect(list.length, `${plan} lists models`).toBeGreaterThan(0);
      // Which tiers each plan lists, and that the Platform plans list the same models, is the fake's choice.
      assumed('MODELS-TIER-BY-PLAN', () => {
        expect(
          list.some((m) => m.tier === 1),
          `${plan} lists a tier-1 model`,
        ).toBe(true);
        expect(
          list.some((m) => m.tier === 0),
          `${plan} lists a tier-0 model`,
        ).toBe(true);
      });
      lists.push(byValue(list));
    }
    for (const list of lists.slice(1)) assumed('MODELS-TIER-BY-PLAN', () => expect(list).toEqual(lists[0]));
  });

  it("lists the same models for the seeded organization as for a fresh organization on the seeded organization's plan [MODELS-FOR-PLAN]", async (ctx) => {
    // The seeded organization's plan is read in the fake's control view: the public API does not show it.
    need(ctx, target(), { tokens: ['owner'], control: 'the control view' });
    const detail = expectSuccess<{ id: number }>(
      await target().call('getOrganizationDetail', { body: {} }),
      'getOrganizationDetail',
    ).data;
    const { plan } = await target().control!.get<{ plan: PlanName }>(`/organizations/${detail.id}`);
    const fresh = await organizationOnPlan(ctx, plan);
    expect(byValue(await modelsWith({ auth: { bearer: fresh.token } }))).toEqual(byValue(await modelsWith()));
  });

  it('refuses a Professional organization; the same organization on Advanced lists tier-1 models [AUTH-PLATFORM-PLAN, AUTH-PLATFORM-PLAN-STATUS, MODELS-TIER-BY-PLAN]', async (ctx) => {
    const org = await organizationOnPlan(ctx, 'professional');
    const refused = await target().call('getSupportedModels', { body: {}, auth: { bearer: org.token } });
    expectRefused(refused);
    expectError(refused, 403, PLAN_REQUIRED);
    await enterState(ctx, target(), 'plan', { organization_id: org.id, plan: 'advanced' });
    const list = await modelsWith({ auth: { bearer: org.token } });
    assumed('MODELS-TIER-BY-PLAN', () => expect(list.some((m) => m.tier === 1)).toBe(true));
    await enterState(ctx, target(), 'plan', { organization_id: org.id, plan: 'professional' });
    const again = await target().call('getSupportedModels', { body: {}, auth: { bearer: org.token } });
    expectRefused(again);
    expectError(again, 403, PLAN_REQUIRED);
  });

  it('every value is accepted as the model of a playground call [MODELS-VALUE-IS-MODEL-ID]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true, writes: true });
    const project_uid = target().config.project_uid!;
    const session = expectSuccess<{ session_uid: number }>(
      await target().call('createPlaygroundAgentSession', { body: { project_uid } }),
      'createPlaygroundAgentSession',
    ).data;
    for (const m of await modelsWith()) {
      const res = await target().call('playgroundAgentResponse', {
        body: {
          project_uid,
          session_uid: session.session_uid,
          query: 'How do I get a refund?',
          agent_setting: { model: m.value },
        },
      });
      // One call per listed model spends the target's balance: a credit refusal is no verdict on the model.
      stopIfCreditsSpent(target(), res, `a playground call on ${m.value}`);
      expectSuccess(res, 'playgroundAgentResponse');
    }
  });

  /** updateProjectSettings with each listed value as the model of `project_uid`; `after` runs after each. */
  async function chooseEach(project_uid: string, after: (value: string) => Promise<void> = async () => {}) {
    for (const m of await modelsWith()) {
      const res = await target().call('updateProjectSettings', { body: { project_uid, model: m.value } });
      expectSuccess(res, 'updateProjectSettings');
      await after(m.value);
    }
  }

  it('every value is accepted as the model of a project [MODELS-VALUE-IS-MODEL-ID]', async (ctx) => {
    await chooseEach(await freshSettingsProject(ctx, target()));
  });

  it('every value is saved as the model of a project [MODELS-VALUE-IS-MODEL-ID]', async (ctx) => {
    // The saved settings are read in the fake's control view: the public API has no read of them.
    const project_uid = await viewedSettingsProject(ctx, target());
    await chooseEach(project_uid, async (value) =>
      expect((await savedSettings(target(), project_uid)).model).toBe(value),
    );
  });
});

describe('the model list changes over time', () => {
  it('a model added to the list is listed and accepted as a setting; once removed it is refused [VERSION-MODEL-LIST-DYNAMIC, SET-MODEL-IN-LIST, MODELS-VALUE-IS-MODEL-ID]', async (ctx) => {
    need(ctx, target(), { control: 'the model list', writes: true, projectUid: true });
    const t = target();
    const control = t.control!;
    const value = `gpt-test-${uniqueHex8()}`;
    const listed = async () => (await modelsWith()).map((m: SupportedModel) => m.value);
    const choose = () =>
      t.call('updateProjectSettings', { body: { project_uid: t.config.project_uid, model: value } });

    expect(await listed()).not.toContain(value);
    expectError(await choose(), 400, `Invalid model '${value}'. Model not found in available models list.`);
    await control.post('/models', { value, provider: 'openai', tier: 0 });
    expect(await listed()).toContain(value);
    expectSuccess(await choose(), 'updateProjectSettings');
    await control.delete(`/models/${value}`);
    expect(await listed()).not.toContain(value);
    expectError(await choose(), 400, `Invalid model '${value}'. Model not found in available models list.`);
  });
});
