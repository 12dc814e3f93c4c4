/**
 * A world for RAG tests, built through the fake's control API: an organization on a given plan (and RAG cap), a
 * project with its own project key and a few knowledgebase documents, the organization's credit balance, the
 * model price list, and the project's queue of scripted model replies. Only the control API is used.
 */
import type { ControlBody, ControlModel } from '../../contract/control/index.js';
import type { PlanName } from '../../contract/index.js';
import type { RagDialect } from '../../contract/requests/rag-models.js';
import { servesModel } from '../../contract/requests/rag-models.js';
import type { ControlClient } from '../target/control-client.js';
import type { Auth } from '../target/target.js';
import { createOrganizationVia, createProjectVia, unique } from './world.js';

/** A document to add to a project's knowledgebase (POST /_control/projects/:uid/documents). */
export type KnowledgebaseDocument = ControlBody<'addDocument'>;

/** A scripted reply as written (defaults may be left out), FAKE-MODEL-SCRIPT. */
type ScriptedReplyInput = ControlBody<'scriptReplies'>['replies'][number];

export interface RagWorld {
  organization_id: number;
  owner_user_id: number;
  project_uid: string;
  /** The project key (apk-…). */
  key: string;
  /** The key as Bearer: what call() sends for `auth`. */
  auth: Auth;
  /** The key as `x-api-key` (Anthropic-style). */
  xApiKey: Auth;
}

/** A new project key of `project_uid`. */
export async function projectKeyVia(control: ControlClient, project_uid: string): Promise<string> {
  return (await control.createKey(project_uid)).value;
}

export const bearerKey = (key: string): Auth => ({ bearer: key });
export const xApiKey = (key: string): Auth => ({ headers: { 'x-api-key': key } });

export function addDocumentsVia(
  control: ControlClient,
  project_uid: string,
  documents: readonly KnowledgebaseDocument[],
): Promise<unknown[]> {
  return Promise.all(documents.map((d) => control.addDocument(project_uid, d)));
}

/** A new project (with its own key and `documents`) in organization `organization_id`. */
export async function ragProjectVia(
  control: ControlClient,
  org: { organization_id: number; owner_user_id: number },
  documents: readonly KnowledgebaseDocument[] = [],
): Promise<RagWorld> {
  const project = await createProjectVia(control, org.organization_id, undefined, unique('RAG project'));
  const key = await projectKeyVia(control, project.project_uid);
  if (documents.length) await addDocumentsVia(control, project.project_uid, documents);
  return { ...org, project_uid: project.project_uid, key, auth: bearerKey(key), xApiKey: xApiKey(key) };
}

export interface RagWorldOptions {
  plan?: PlanName;
  credits?: number;
  /** Enterprise only: the organization's RAG cap per hour (RATE-ENTERPRISE-CAP). */
  rag_cap_per_hour?: number;
  documents?: readonly KnowledgebaseDocument[];
}

/** A new organization on `plan` (default advanced) with one keyed project: its counters start at zero. */
export async function ragWorldVia(control: ControlClient, options: RagWorldOptions = {}): Promise<RagWorld> {
  const org = await createOrganizationVia(control, {
    plan: options.plan ?? 'advanced',
    credits: options.credits ?? 1_000_000,
  });
  if (options.rag_cap_per_hour !== undefined)
    await setPlanVia(control, org.organization_id, options.plan ?? 'enterprise', options.rag_cap_per_hour);
  return ragProjectVia(control, org, options.documents);
}

/** Set an organization's plan, and for Enterprise optionally its RAG cap per hour. */
export function setPlanVia(
  control: ControlClient,
  organization_id: number,
  plan: PlanName,
  rag_cap_per_hour?: number,
): Promise<unknown> {
  return control.setPlan(organization_id, {
    plan,
    ...(rag_cap_per_hour !== undefined ? { rag_cap_per_hour } : {}),
  });
}

/** The organization's credit balance. */
export async function creditsOf(control: ControlClient, organization_id: number): Promise<number> {
  return (await control.organization(organization_id)).credits;
}

export function setCreditsVia(
  control: ControlClient,
  organization_id: number,
  credits: number,
): Promise<unknown> {
  return control.setCredits(organization_id, { credits });
}

/** Credits the project has used so far (the control view of the project). */
export async function creditsUsedOf(control: ControlClient, project_uid: string): Promise<number> {
  return (await control.project(project_uid)).creditsUsed;
}

/** A supported model with its prices, as GET /_control/models shows it. */
export type PricedModel = ControlModel;

export const pricedModelsVia = (control: ControlClient): Promise<PricedModel[]> => control.models();

/** The first model of the dialect's family at `tier` in the fake's list. */
export async function modelOfTier(
  control: ControlClient,
  dialect: RagDialect,
  tier: 0 | 1,
): Promise<PricedModel> {
  const model = (await pricedModelsVia(control)).find(
    (m) => m.tier === tier && servesModel(dialect, m.value),
  );
  if (!model) throw new Error(`no tier-${tier} ${dialect} model in GET /_control/models`);
  return model;
}

/** Queue scripted replies (FAKE-MODEL-SCRIPT) for the project's next RAG requests. */
export function scriptRepliesVia(
  control: ControlClient,
  project_uid: string,
  replies: ScriptedReplyInput[],
): Promise<unknown> {
  return control.scriptReplies(project_uid, { replies });
}

/** A new world (ragWorldVia) whose project has `replies` queued. */
export async function scriptedWorldVia(
  control: ControlClient,
  replies: ScriptedReplyInput[],
  options: RagWorldOptions = {},
): Promise<RagWorld> {
  const world = await ragWorldVia(control, options);
  await scriptRepliesVia(control, world.project_uid, replies);
  return world;
}

export function clearRepliesVia(control: ControlClient, project_uid: string): Promise<unknown> {
  return control.clearReplies(project_uid);
}

/** Documents with words no other project has, so that retrieval in a fresh project is predictable. */
export function zorblaxDocuments(word = unique('zorblax').replace(/[^a-z0-9]/g, '')): {
  word: string;
  documents: KnowledgebaseDocument[];
} {
  return {
    word,
    documents: [
      {
        docId: `doc-${word}-returns`,
        title: `Returning a ${word}`,
        text: `A ${word} can be returned within 30 days of delivery. Pack the ${word} in its original box and print the free return label from your account. The refund for a returned ${word} reaches your card within five business days.`,
      },
      {
        docId: `doc-${word}-care`,
        title: `Caring for your ${word}`,
        text: `Clean the ${word} with a dry cloth once a week. Never put a ${word} in the dishwasher. Store the ${word} away from direct sunlight to keep its colours bright.`,
      },
      {
        docId: `doc-${word}-warranty`,
        title: `The ${word} warranty`,
        text: `Every ${word} comes with a two-year warranty against manufacturing defects. To claim the warranty, send a photo of the faulty ${word} and your order number to support.`,
      },
    ],
  };
}
