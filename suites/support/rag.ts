/**
 * What every RAG test needs: the project key, permission to spend credits, and a model of the endpoint's family
 * (from the target config's rag_models, else the first one getSupportedModels lists for that family).
 */
import type { TestContext } from 'vitest';
import { type RagDialect, servesModel } from '../../contract/requests/rag-models.js';
import type { Target } from '../target/target.js';
import { modelEntries } from './models.js';
import { missing, type Needs } from './use-target.js';

/** A RAG completion spends credits (billed per token) and needs the project key. */
export const RAG_CALL: Needs = { projectKey: true, credits: true };

const listed = new WeakMap<Target, Promise<string[]>>();

/** The `value`s of getSupportedModels (empty when the target config has no owner token). */
function supportedValues(t: Target): Promise<string[]> {
  let values = listed.get(t);
  if (!values) {
    values = (async () => {
      if (!t.config.tokens.owner) return [];
      const res = await t.call('getSupportedModels', { body: {} });
      const data = (res.json as { data?: unknown } | undefined)?.data;
      return (modelEntries(data) ?? []).map((m) => m.value);
    })();
    listed.set(t, values);
  }
  return values;
}

/** The model the suites pass on the dialect's endpoint, or undefined when the target offers none. */
export async function ragModel(t: Target, dialect: RagDialect): Promise<string | undefined> {
  const configured = t.config.rag_models[dialect];
  if (configured) return configured;
  return (await supportedValues(t)).find((v) => servesModel(dialect, v));
}

/** Skip unless the target can take a RAG call on `dialect`; returns the model to pass. */
export async function needRag(
  ctx: TestContext,
  t: Target,
  dialect: RagDialect,
  needs: Needs = {},
): Promise<string> {
  const reasons = missing(t, { ...RAG_CALL, ...needs });
  const model = await ragModel(t, dialect);
  if (!model) reasons.push(`no ${dialect}-family model: set rag_models.${dialect} in the target config`);
  if (reasons.length > 0) ctx.skip(reasons.join('; '));
  return model as string;
}

/** 429 on the RAG endpoints, in the native error shape (RAG-RATE-LIMIT-NATIVE). */
export const RAG_RATE_LIMITED = 'Rate limit exceeded. Please try again later.';

/** 403 for an organization below Professional (RAG-PLAN-PROFESSIONAL). */
export const RAG_PLAN_REQUIRED = 'The RAG chat completion API requires the Professional plan or above';

/** 402 when the balance cannot cover a request (CREDITS-EXHAUSTED). */
export const INSUFFICIENT_CREDITS = 'Insufficient credits';
