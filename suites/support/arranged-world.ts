/**
 * Worlds a test arranges on any target that lets it: through the fake's control API where the target has one, else
 * through the provider states a cooperating deployment offers (docs/qa-staging.md "Provider states"). The test gets
 * the same shape either way, so it runs on staging too instead of skipping for want of data a run can make; where
 * the target has neither, the test skips naming the provider state it lacks.
 */
import type { TestContext } from 'vitest';
import type { ParamsInput } from '../../contract/provider-states/index.js';
import type { Target } from '../target/target.js';
import { balanceOf } from './credit-balance.js';
import { organizationOnPlan } from './plan-states.js';
import {
  addDocumentsVia,
  bearerKey,
  creditsOf,
  type KnowledgebaseDocument,
  projectKeyVia,
  type RagWorld,
  type RagWorldOptions,
  ragProjectVia,
  ragWorldVia,
  xApiKey,
} from './rag-world.js';
import { enterState } from './use-target.js';
import { createOrganizationVia, createProjectVia, freshProjectVia } from './world.js';

type StateDocuments = ParamsInput<'knowledgebase documents'>['documents'];

/** Control documents as the state 'knowledgebase documents' takes them (the same ids, titles, texts and kinds). */
export const asStateDocuments = (documents: readonly KnowledgebaseDocument[]): StateDocuments =>
  documents.map((d) => ({
    doc_id: d.docId,
    title: d.title,
    text: d.text,
    ...(d.url !== undefined ? { url: d.url } : {}),
    ...(d.kind !== undefined ? { kind: d.kind } : {}),
  }));

/**
 * A new organization on `options.plan` (default advanced) with one keyed project holding `options.documents`: the
 * control API's ragWorldVia, or the states 'organization' (plan, credits, Enterprise cap) and 'knowledgebase
 * documents'. Every count of it starts at zero.
 */
export async function ragWorldOf(
  ctx: TestContext,
  t: Target,
  options: RagWorldOptions = {},
): Promise<RagWorld> {
  if (t.control) return ragWorldVia(t.control, options);
  const plan = options.plan ?? (options.rag_cap_per_hour !== undefined ? 'enterprise' : 'advanced');
  const org = await organizationOnPlan(ctx, t, plan, {
    credits: options.credits ?? 1_000_000,
    ...(options.rag_cap_per_hour !== undefined ? { rag_cap_per_hour: options.rag_cap_per_hour } : {}),
  });
  if (options.documents?.length)
    await enterState(ctx, t, 'knowledgebase documents', {
      organization_id: org.organization_id,
      project_uid: org.project_uid,
      documents: asStateDocuments(options.documents),
    });
  const key = org.project_key;
  return {
    organization_id: org.organization_id,
    owner_user_id: org.owner_user_id,
    project_uid: org.project_uid,
    key,
    auth: bearerKey(key),
    xApiKey: xApiKey(key),
  };
}

/** A project of another widget and key in the target's organization (the owner token reaches it). */
export interface OtherProject {
  project_uid: string;
  widget_uid: string;
  project_key: string;
}

/**
 * A fresh project of the target's organization, its widget and a key of its own, holding `documents`: through the
 * control API, or the states 'project' (or 'knowledgebase documents' when there are documents, which makes the
 * project too).
 */
export async function otherProjectOf(
  ctx: TestContext,
  t: Target,
  documents: readonly KnowledgebaseDocument[] = [],
): Promise<OtherProject> {
  const control = t.control;
  if (control) {
    const project = await freshProjectVia(t, 'Other project');
    if (documents.length > 0) await addDocumentsVia(control, project.project_uid, documents);
    const key = await control.createKey(project.project_uid);
    return {
      project_uid: project.project_uid,
      widget_uid: project.widget_uid,
      project_key: key.value,
    };
  }
  const made =
    documents.length > 0
      ? await enterState(ctx, t, 'knowledgebase documents', { documents: asStateDocuments(documents) })
      : await enterState(ctx, t, 'project');
  return { project_uid: made.project_uid, widget_uid: made.widget_uid, project_key: made.project_key };
}

/** An organization's credit balance: the control view, or the state 'credit balance' (for one `organization` made). */
export const creditsLeftOf = (ctx: TestContext, t: Target, organization_id: number): Promise<number> =>
  t.control ? creditsOf(t.control, organization_id) : balanceOf(ctx, t, organization_id);

/** A keyed project of another organization: its uid, id, widget and key. */
export interface ForeignProject extends OtherProject {
  project_id: number;
}

/**
 * A project of a fresh organization (advanced plan) with a key of its own: through the control API, or the provider
 * state `organization`.
 */
export async function foreignProjectOf(ctx: TestContext, t: Target): Promise<ForeignProject> {
  const control = t.control;
  if (control) {
    const org = await createOrganizationVia(control);
    const project = await createProjectVia(control, org.organization_id, undefined);
    return {
      project_uid: project.project_uid,
      project_id: project.id,
      widget_uid: project.widget_uid,
      project_key: (await control.createKey(project.project_uid)).value,
    };
  }
  const org = await enterState(ctx, t, 'organization');
  return {
    project_uid: org.project_uid,
    project_id: org.project_id,
    widget_uid: org.widget_uid,
    project_key: org.project_key,
  };
}

/**
 * A second key of a project: the control API, or the key the state `knowledgebase documents` hands back
 * for the project it trains (one short document more in its knowledgebase).
 */
export async function secondKeyOf(
  ctx: TestContext,
  t: Target,
  project: { organization_id: number; project_uid: string },
): Promise<string> {
  if (t.control) return projectKeyVia(t.control, project.project_uid);
  const trained = await enterState(ctx, t, 'knowledgebase documents', {
    organization_id: project.organization_id,
    project_uid: project.project_uid,
    documents: [{ title: 'Opening hours', text: 'The support desk is open from nine to five on weekdays.' }],
  });
  return trained.project_key;
}

/** Another keyed project of `world`'s organization: the control API, or the state `project`. */
export async function siblingProjectOf(ctx: TestContext, t: Target, world: RagWorld): Promise<RagWorld> {
  if (t.control) return ragProjectVia(t.control, world);
  const project = await enterState(ctx, t, 'project', { organization_id: world.organization_id });
  const key = project.project_key;
  return { ...world, project_uid: project.project_uid, key, auth: bearerKey(key), xApiKey: xApiKey(key) };
}
