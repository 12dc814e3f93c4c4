/**
 * A whole hour of quota on any target that offers provider states: a fresh token (state `token`) has all of its
 * 1,000 Platform requests, a fresh organization (state `organization`) has a fresh owner token and a fresh project
 * key, so every count of it (RAG, key search) starts at zero whatever the deployment counts per. So a documented cap
 * can be spent whole and crossed without a control API, and a second run within the hour gets new ones.
 * Such credentials are not the target config's: the request budget neither limits nor counts them
 * (suites/target/request-budget.ts), so spending one never eats the shared tokens' budget.
 */
import { afterAll, type TestContext } from 'vitest';
import type { PlanName } from '../../contract/index.js';
import type { ParamsInput, StateName, TeardownHandle } from '../../contract/provider-states/index.js';
import { type RagDialect, servesModel } from '../../contract/requests/rag-models.js';
import { loadFixtureDocumentsFor } from '../../fixtures/knowledgebase.js';
import type { Auth, Target } from '../target/target.js';
import { supportedModels } from './models.js';
import { bearerKey, type RagWorld, xApiKey } from './rag-world.js';
import { enterState, need, stateMissing, undoLastFirst } from './use-target.js';

/** A fresh owner token (scope all, no expiry) of the target's organization, or of `organization_id`. */
export async function freshTokenOfState(
  ctx: TestContext,
  t: Target,
  organization_id?: number,
): Promise<{ value: string; organization_id: number }> {
  const token = await enterState(ctx, t, 'token', organization_id === undefined ? {} : { organization_id });
  return { value: token.value, organization_id: token.organization_id };
}

/** A fresh organization on `plan` with one project and its key, and an owner token: every count starts at zero. */
export async function freshWorldOfState(
  ctx: TestContext,
  t: Target,
  plan: PlanName,
): Promise<RagWorld & { owner_token: string }> {
  const org = await enterState(ctx, t, 'organization', { plan });
  const key = org.project_key;
  return { ...org, key, auth: bearerKey(key), xApiKey: xApiKey(key) };
}

/**
 * The key a RAG test that needs no particular project sends. Where the target offers the state: a fresh
 * organization's (Advanced, an empty knowledgebase), so the test spends an hour of RAG quota and credits of its own
 * and nothing of the config key's budget (request_budget_rag_per_project: the smallest documented cap less a margin,
 * which the RAG suites together nearly fill), on a first run and a rerun alike. Else undefined: the config's key,
 * within its budget.
 */
export async function ownRagKey(ctx: TestContext, t: Target): Promise<Auth | undefined> {
  if (await stateMissing(t, 'organization')) return undefined;
  return (await freshWorldOfState(ctx, t, 'advanced')).auth;
}

/** Documents to train into a fresh project's knowledgebase, as the state 'knowledgebase documents' takes them. */
export type StateDocuments = ParamsInput<'knowledgebase documents'>['documents'];

/**
 * The documents of a customer-support knowledgebase: the ones the fake's configured project holds
 * (fixtures/documents/acme-support), among them the refund policy that REFUND_QUESTION asks about, in several
 * chunks each. Ids are left to the deployment.
 */
export function supportDocuments(): StateDocuments {
  return loadFixtureDocumentsFor('acme-support').map(({ title, text, url, kind }) => ({
    title,
    text,
    url,
    kind,
  }));
}

/** A project key a test sends instead of the config's: its value, and as Bearer. */
export interface OwnRagKey {
  value: string;
  auth: Auth;
}

/**
 * The key the RAG tests of one file send, for files whose tests need no particular project, only a knowledgebase
 * holding `documents` (none: an empty one). Where the target offers the states ('organization', and 'knowledgebase
 * documents' when there are documents): one fresh organization's for the whole file (Advanced, its project's
 * knowledgebase trained with `documents`), made by the first test that asks and torn down after the file, so the
 * file spends an hour of RAG quota and credits of its own and nothing of the config key's budget
 * (request_budget_rag_per_project), on a first run and a rerun alike, and a deployment trains the documents once
 * per file. Else undefined: the config's key, within its budget. Call at the top of a test file.
 */
export function ownRagKeyOfFile(
  target: () => Target,
  documents: StateDocuments = [],
): () => Promise<OwnRagKey | undefined> {
  let made: Promise<OwnRagKey | undefined> | undefined;
  const undo: (() => Promise<unknown>)[] = [];
  afterAll(() => undoLastFirst(undo.splice(0)));
  const entered = (t: Target, name: StateName, handle: TeardownHandle | undefined) => {
    if (handle !== undefined) undo.push(() => t.providerStates!.teardown(name, handle));
  };
  const make = async (t: Target): Promise<OwnRagKey | undefined> => {
    if (await stateMissing(t, 'organization')) return undefined;
    if (documents.length > 0 && (await stateMissing(t, 'knowledgebase documents'))) return undefined;
    const states = t.providerStates!;
    const org = await states.enter('organization', { plan: 'advanced' });
    entered(t, 'organization', org.teardown);
    if (documents.length > 0) {
      const trained = await states.enter('knowledgebase documents', {
        organization_id: org.organization_id,
        project_uid: org.project_uid,
        documents,
      });
      entered(t, 'knowledgebase documents', trained.teardown);
    }
    return { value: org.project_key, auth: bearerKey(org.project_key) };
  };
  return () => {
    made ??= make(target());
    return made;
  };
}

const tierZero = new WeakMap<Target, Promise<Partial<Record<RagDialect, string>>>>();

/**
 * A model of tier 0 (usable on every plan from Professional: tier 1 needs Advanced) for each endpoint, from the
 * model list of the target's organization, read with a fresh token where the target offers the state (so a cap test
 * needs nothing of the config's tokens, whose budget an earlier run may have spent), else with the config's owner
 * token; the configured `rag_models` first where the list gives it tier 0. Skips the test, with the reason, when
 * neither can read the list or a dialect has no tier-0 model.
 */
export async function tierZeroModels(ctx: TestContext, t: Target): Promise<Record<RagDialect, string>> {
  let found = tierZero.get(t);
  if (!found) {
    const fresh = !(await stateMissing(t, 'token'));
    if (!fresh) need(ctx, t, { tokens: ['owner'] });
    const reader: Auth | undefined = fresh ? { bearer: (await freshTokenOfState(ctx, t)).value } : undefined;
    found = supportedModels(t, reader).then((entries) => {
      const zero = entries.filter((e) => e.tier === 0).map((e) => e.value);
      const pick = (dialect: RagDialect) => {
        const configured = t.config.rag_models[dialect];
        return configured && zero.includes(configured)
          ? configured
          : zero.find((v) => servesModel(dialect, v));
      };
      return { openai: pick('openai'), anthropic: pick('anthropic') };
    });
    tierZero.set(t, found);
  }
  const models = await found;
  const lacking = (['openai', 'anthropic'] as const).filter((d) => !models[d]);
  if (lacking.length > 0)
    ctx.skip(`getSupportedModels lists no tier-0 model for the ${lacking.join(' and ')} endpoint`);
  return models as Record<RagDialect, string>;
}

const HOUR_MS = 3_600_000;

/**
 * Run a cap check on a deployment whose window is not shown: if it fails and the wall clock crossed the top of an
 * hour meanwhile, a window kept per clock hour may have started afresh in the middle, so the check proves nothing and
 * the test stops as inconclusive (never against our fake, whose window is its own, on its own clock).
 */
export async function withinOneClockHour<T>(t: Target, check: () => Promise<T>, now = Date.now): Promise<T> {
  const startHour = Math.floor(now() / HOUR_MS);
  try {
    return await check();
  } catch (err) {
    if (!t.isFake && Math.floor(now() / HOUR_MS) !== startHour)
      t.onBudgetExhausted(
        `inconclusive (window may have reset): the requests crossed the top of the hour, where a window kept per clock hour starts afresh; run again (${(err as Error).message.split('\n')[0]})`,
      );
    throw err;
  }
}
