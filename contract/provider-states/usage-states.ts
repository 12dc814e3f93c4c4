/** Provider states of credits, usage limits and the knowledgebase. */
import { z } from 'zod';
import { PlanName } from '../plans.js';
import { defineState, inProject, OrganizationId, projectData, TokenValue, withTeardown } from './define.js';

export const creditsExhaustedState = defineState({
  name: 'credits exhausted',
  version: 1,
  description:
    "`scope: organization`: an organization whose credit balance is 0 (`organization_id`, else a fresh organization on `plan`, as `organization` makes, whose owner token is returned), with a keyed project. `scope: project`: a project (`project_uid`, else a fresh project of the target's organization) whose credits usage limit equals its credits usage (the limit is reached; the balance is untouched). Calls that spend credits then get 402 `Insufficient credits` (CREDITS-EXHAUSTED).",
  produce:
    "organization: set the organization's credit balance to 0 in billing. project: set the project's credits limit to its current usage (setProjectUsageLimit does it).",
  params: z
    .object({
      ...inProject,
      scope: z.enum(['organization', 'project']).default('organization'),
      /** For a fresh organization (scope organization, no organization_id). */
      plan: PlanName.default('advanced'),
    })
    .refine((p) => p.scope === 'project' || p.project_uid === undefined || p.organization_id !== undefined, {
      message: 'scope organization with project_uid needs organization_id',
      path: ['project_uid'],
    }),
  data: withTeardown({
    ...projectData,
    /** The owner token of the fresh organization (scope organization without organization_id). */
    owner_token: TokenValue.optional(),
    credits: z.object({
      organization: z.number().min(0),
      project_limit: z.number().int().min(0),
      project_usage: z.number().int().min(0),
    }),
  }),
});

export const creditBalanceState = defineState({
  name: 'credit balance',
  version: 1,
  description:
    'The credit balance of an organization as billing holds it now, every call answered so far settled (a playground call, a RAG request), after setting it to `credits` when given: the public API shows no balance, so a test reads it before and after the calls whose billing it checks (PLAYGROUND-CREDITS-BY-MODEL, RAG-BILLING-PER-TOKEN), or sets it to what a few calls cost. Only for an organization the `organization` state made, whose balance nothing else spends. Without `credits` it changes nothing.',
  produce:
    "Set the organization's credit balance in billing to `credits` when given; then read it, after charges still being settled for calls already answered are booked. Teardown (when set): put the previous balance back.",
  params: z.object({
    organization_id: OrganizationId,
    /** Set the balance to this first. */
    credits: z.number().min(0).optional(),
  }),
  data: withTeardown({ organization_id: OrganizationId, credits: z.number() }),
});

const usageAndLimit = z
  .object({
    usage: z.number().int().min(0).max(200).default(2),
    /** Absent: usage + 1 (one left). */
    limit: z.number().int().min(0).optional(),
  })
  .refine((u) => u.limit === undefined || u.limit >= u.usage, {
    message: 'limit cannot be below usage',
    path: ['limit'],
  });

export const UsageAndLimit = z.object({ usage: z.number().int().min(0), limit: z.number().int().min(0) });

export const usageNearLimitState = defineState({
  name: 'usage near limit',
  version: 1,
  description:
    "A project (`project_uid`, else a fresh one) with `document.usage` file documents and `webpages.usage` webpages in its knowledgebase, and its document and webpages usage limits set to `limit` (default usage + 1). getProjectUsageLimit then shows exactly these figures. Limits must fit the plan's allocation.",
  produce:
    "Add that many file documents and webpages to the project's knowledgebase (small texts), then set the limits (setProjectUsageLimit).",
  params: z.object({
    ...inProject,
    document: usageAndLimit.default({ usage: 2 }),
    webpages: usageAndLimit.default({ usage: 2 }),
  }),
  data: withTeardown({ ...projectData, document: UsageAndLimit, webpages: UsageAndLimit }),
});

export const KnowledgebaseDocumentSpec = z.object({
  /** Absent: one the deployment chooses (returned in doc_ids). */
  doc_id: z.string().min(1).max(200).optional(),
  title: z.string().min(1).max(500),
  text: z.string().min(1).max(200_000),
  url: z.string().max(2000).default(''),
  kind: z.enum(['file', 'webpage']).default('file'),
});

export const knowledgebaseDocumentsState = defineState({
  name: 'knowledgebase documents',
  version: 1,
  description:
    "Documents with the given texts trained into a project's knowledgebase (`project_uid`, else a fresh project), searchable at once through searchIndexDocument and the RAG endpoints. `doc_ids` are their ids (the `doc_id` of search results and `node_id` of the Bearer search), in the order given.",
  produce: 'Upload each text as a document (or webpage) of the project and wait until training has finished.',
  params: z.object({
    ...inProject,
    documents: z.array(KnowledgebaseDocumentSpec).min(1).max(50),
  }),
  data: withTeardown({ ...projectData, doc_ids: z.array(z.string().min(1)) }),
});

export const usageStates = [
  creditsExhaustedState,
  creditBalanceState,
  usageNearLimitState,
  knowledgebaseDocumentsState,
] as const;
