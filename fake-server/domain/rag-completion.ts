/**
 * RAG chat completions, the same for both wire formats: who may call (project key, hourly cap, plan), and one
 * answer of the fake model with its retrieval, token usage and price. The wire adapters turn a native request
 * into a Conversation and the ModelReply back into a native body or stream.
 */

import type { ScriptedReply } from '../../contract/control/rag-script.js';
import { hourlyCaps, integrationPlans, type PlanName } from '../../contract/index.js';
import { type RagDialect, servesModel } from '../../contract/requests/rag-models.js';
import type { RagSource } from '../../contract/requests/rag-sources.js';
import {
  inputTokens,
  outputTokens,
  ragCredits,
  type UsageToolCall,
} from '../../contract/requests/rag-usage.js';
import type { Conversation, ModelReply, ReplyBlock, StreamDelivery } from '../rag/conversation.js';
import { type Draft, defaultAnswer, defaultToolCalls, fitReply, lastUserText } from '../rag/fake-model.js';
import type { Tokenizer } from '../rag/tokens.js';
import { authenticateProjectKey, bearerValue, type ProjectKeyCaller } from './authentication.js';
import type { DomainContext } from './context.js';
import { deductCredits } from './credits.js';
import { DomainError, errors, invalidParams, messages } from './errors.js';
import { indexFor } from './knowledgebase.js';
import { findModelForPlan } from './models.js';
import { consumeReply, nextReply } from './rag-script.js';
import { projectRateKey } from './rate-keys.js';
import type { RateDecision } from './rate-limit.js';
import type { Organization, SupportedModelEntry } from './state.js';

// ---- Who may call -----------------------------------------------------------------------------------

/**
 * The project key from `Authorization: Bearer <key>`, else from `x-api-key` (AUTH-RAG-KEY-HEADERS). A missing,
 * unknown or revoked key, or a platform token, gets 401 (RAG-INVALID-KEY-401).
 */
export function authenticateRagKey(
  domain: DomainContext,
  h: { authorization?: string; xApiKey?: string },
): ProjectKeyCaller {
  const value = bearerValue(h.authorization) ?? (h.xApiKey?.trim() || undefined);
  return authenticateProjectKey(domain, value);
}

/**
 * The RAG hourly cap of an organization's plan, or undefined below Professional (no cap: no access). A plan with
 * access but no cap in the spec (Enterprise, or any added later) takes the organization's configurable cap
 * (RATE-ENTERPRISE-CAP).
 */
export function ragCapPerHour(org: Organization): number | undefined {
  if (!integrationPlans.includes(org.plan)) return undefined;
  const documented: Partial<Record<PlanName, number>> = hourlyCaps.ragPerHour;
  return documented[org.plan] ?? org.ragCapPerHour ?? hourlyCaps.ragEnterpriseDefault;
}

/**
 * Counts the request against the project's hourly cap, one counter for both endpoints (RATE-RAG-SCOPE,
 * RATE-RAG-PROFESSIONAL-200, RATE-RAG-ADVANCED-AGENCY-1000, RATE-ENTERPRISE-CAP): over it, 429 with Retry-After.
 * The cap comes before the plan gate (RATE-CHECK-AFTER-CREDENTIAL): a plan below Professional has no cap of its
 * own, so its requests count against the smallest one (Professional's) and, within it, get 403
 * (RAG-PLAN-PROFESSIONAL); a project that spent its cap and then dropped below Professional still gets 429.
 */
export function admitRag(domain: DomainContext, caller: ProjectKeyCaller): RateDecision {
  const cap = ragCapPerHour(caller.organization);
  const decision = domain.limiter.hit(
    projectRateKey('rag', caller.project.id),
    cap ?? hourlyCaps.ragPerHour.professional,
    domain.clock.now(),
    messages.rateLimited,
  );
  if (cap === undefined) throw errors.ragPlan();
  return decision;
}

// ---- Scripted errors --------------------------------------------------------------------------------

/** A queued error reply (FAKE-MODEL-SCRIPT): answered in the dialect's native error shape after `delayMs`. */
export class ScriptedError extends DomainError {
  constructor(
    status: number,
    message: string,
    headers: Readonly<Record<string, string>>,
    readonly delayMs: number,
  ) {
    super(status, message, undefined, headers);
    this.name = 'ScriptedError';
  }
}

const scriptedErrorMessages: Record<number, string> = {
  400: 'Invalid request',
  401: messages.invalidApiKey,
  402: messages.insufficientCredits,
  403: messages.forbidden,
  404: 'Not found',
  408: 'Request timed out',
  409: 'Conflict',
  413: 'Request too large',
  422: 'Unprocessable request',
  429: messages.rateLimited,
  500: 'Internal server error',
  502: 'Bad gateway',
  503: 'Service unavailable',
  504: 'Gateway timeout',
  529: 'Overloaded',
};

export function scriptedError(reply: Extract<ScriptedReply, { kind: 'error' }>): ScriptedError {
  const headers: Record<string, string> = {};
  if (reply.retry_after !== undefined) headers['Retry-After'] = String(reply.retry_after);
  if (reply.retry_after_ms !== undefined) headers['retry-after-ms'] = String(reply.retry_after_ms);
  const message =
    reply.message ??
    scriptedErrorMessages[reply.status] ??
    (reply.status <= 499 ? 'Request failed' : 'Server error');
  return new ScriptedError(reply.status, message, headers, reply.delay_ms ?? 0);
}

// ---- One answer ---------------------------------------------------------------------------------------

const endpointNames: Record<RagDialect, { endpoint: string; families: string }> = {
  openai: { endpoint: 'OpenAI-style', families: 'gpt-*, o1 and o3' },
  anthropic: { endpoint: 'Anthropic-style', families: 'claude-*' },
};

/** A 400 about the request's `model`: its detail path names the field (the OpenAI-style body's `param`). */
const modelRefused = (message: string) => invalidParams([{ path: 'model', message }], message);

/**
 * The model named by the request: a value of the plan's model list (RAG-MODEL-FROM-LIST, RAG-UNKNOWN-MODEL,
 * MODELS-TIER1-RAG-PROFESSIONAL) of a family the endpoint serves (RAG-WRONG-FAMILY-400); else 400.
 */
export function ragModelFor(
  domain: DomainContext,
  org: Organization,
  conv: Conversation,
): SupportedModelEntry {
  const model = findModelForPlan(domain, org.plan, conv.model);
  if (!model) throw modelRefused(messages.invalidModel(conv.model));
  if (!servesModel(conv.dialect, model.value)) {
    const { endpoint, families } = endpointNames[conv.dialect];
    throw modelRefused(messages.ragWrongFamily(model.value, endpoint, families));
  }
  return model;
}

/** How a reply is delivered; a scripted error never gets here (it is thrown before anything is composed). */
function deliveryOf(reply: Exclude<ScriptedReply, { kind: 'error' }> | undefined): StreamDelivery {
  if (!reply) return { delayMs: 0, cut: null };
  return {
    delayMs: reply.delay_ms ?? 0,
    cut: reply.cut ? { afterEvents: reply.cut.after_events, mode: reply.cut.mode } : null,
  };
}

/**
 * One answer, in this order: the model check (400); a queued scripted error (thrown and consumed); the answer
 * (a queued text or tool-call reply, else the default model); retrieval when the knowledgebase tool is declared
 * and the answer has text; stop sequences and max tokens; usage from the tokenizer; the price, checked (402,
 * nothing deducted, the scripted reply left queued) then deducted; and the scripted reply consumed. The
 * conversation's tool choice is already checked against its tools: the adapters refuse it (declared-tools.ts).
 */
export function completeRag(
  domain: DomainContext,
  caller: ProjectKeyCaller,
  conversation: Conversation,
  tokenizer: Tokenizer,
): ModelReply {
  const { organization: org, project } = caller;
  const conv = conversation;
  const model = ragModelFor(domain, org, conv);

  const scripted = nextReply(domain, project);
  if (scripted?.kind === 'error') {
    consumeReply(domain, project);
    throw scriptedError(scripted);
  }

  // The answer before retrieval: null text means the default model composes it from the sources.
  let calls: UsageToolCall[];
  let text: string | null;
  if (scripted?.kind === 'text') {
    text = scripted.text;
    calls = [];
  } else if (scripted?.kind === 'tool_call') {
    text = scripted.text ?? '';
    calls = scripted.calls.map((c) => ({ name: c.name, arguments: c.arguments }));
  } else {
    calls = defaultToolCalls(conv);
    text = calls.length > 0 ? '' : null;
  }

  const sources: RagSource[] =
    conv.knowledgebase && text !== ''
      ? indexFor(domain, project)
          .search(lastUserText(conv), { limit: conv.knowledgebase.limit })
          .map((h) => ({ point_id: h.point_id, doc_id: h.doc_id, score: h.score, content: h.content }))
      : [];
  const draft: Draft = { text: text ?? defaultAnswer(conv, sources), calls };
  const fitted = fitReply(tokenizer, conv, draft);

  const usage = {
    input: inputTokens(tokenizer, { ...conv, sources }),
    output: outputTokens(tokenizer, fitted.text, fitted.calls),
  };
  // deductCredits checks the balance first: 402 and nothing deducted when it cannot cover the cost.
  deductCredits(domain, org, project, ragCredits(usage.input + usage.output, model.credits_per_1k_tokens));
  // Stryker disable next-line ConditionalExpression: equivalent; consuming with nothing scripted removes nothing
  if (scripted) consumeReply(domain, project);

  const id = domain.ids.token(24);
  const prefix = conv.dialect === 'openai' ? 'call_' : 'toolu_';
  const blocks: ReplyBlock[] = [];
  if (fitted.text !== '') blocks.push({ type: 'text', text: fitted.text });
  for (const call of fitted.calls)
    blocks.push({ type: 'tool_call', call: { id: prefix + domain.ids.token(24), ...call } });
  return {
    id,
    created: Math.floor(domain.clock.now() / 1000),
    model: model.value,
    blocks,
    stop: fitted.stop,
    stopSequence: fitted.stopSequence,
    sources,
    usage,
    delivery: deliveryOf(scripted),
  };
}
