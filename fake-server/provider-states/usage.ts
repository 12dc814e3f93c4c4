/**
 * Provider states of credits, usage limits and the knowledgebase: `credits exhausted`, `credit balance`, `usage near
 * limit`, `knowledgebase documents`.
 */
import { invalidParams } from '../domain/errors.js';
import { addDocument } from '../domain/knowledgebase.js';
import { setOrganizationCredits } from '../domain/organization-plan.js';
import { findOrganization } from '../domain/organizations.js';
import type { Project } from '../domain/state.js';
import { getUsageLimits, limitOf, setUsageLimits, usageOf } from '../domain/usage-limits.js';
import type { StateHandlers, StatesContext } from './context.js';
import { freshOrganization } from './organizations.js';
import { givenOrFreshProject, organizationOf, projectFacts } from './support.js';

/** A project that stays keeps its limits: teardown puts them back. */
function undoLimits(s: StatesContext, fresh: boolean, project: Project): void {
  if (fresh) return;
  const { document, webpages, credits } = project.limits;
  s.undo.push({
    undo: 'restore_limits',
    project_id: project.id,
    limits: {
      ...(document !== undefined ? { document } : {}),
      ...(webpages !== undefined ? { webpages } : {}),
      ...(credits !== undefined ? { credits } : {}),
    },
  });
}

/** Documents added to a project that stays: teardown removes them. */
function undoDocuments(s: StatesContext, fresh: boolean, project: Project, docIds: string[]): void {
  if (!fresh && docIds.length > 0)
    s.undo.push({ undo: 'remove_documents', project_id: project.id, doc_ids: docIds });
}

const nextDocId = (s: StatesContext, kind: string) =>
  `doc-provider-state-${kind}-${s.domain.ids.next('provider_state_doc')}`;

export const usageStates = {
  'credits exhausted': (s, p) => {
    const d = s.domain;
    if (p.scope === 'organization') {
      if (p.organization_id === undefined) {
        const made = freshOrganization(s, { plan: p.plan, credits: 0 });
        return {
          ...projectFacts(s, made.project),
          owner_token: made.token.value,
          credits: {
            organization: 0,
            project_limit: limitOf(made.org, made.project, 'credits'),
            project_usage: 0,
          },
        };
      }
      const org = findOrganization(d, p.organization_id);
      const { project } = givenOrFreshProject(s, org, p.project_uid);
      s.undo.push({ undo: 'restore_credits', organization_id: org.id, credits: org.credits });
      setOrganizationCredits(d, org, 0);
      return {
        ...projectFacts(s, project),
        credits: {
          organization: org.credits,
          project_limit: limitOf(org, project, 'credits'),
          project_usage: usageOf(d, project, 'credits'),
        },
      };
    }
    const org = organizationOf(s, p.organization_id);
    const { project, fresh } = givenOrFreshProject(s, org, p.project_uid);
    undoLimits(s, fresh, project);
    const usage = usageOf(d, project, 'credits');
    setUsageLimits(d, org, project, [{ limit_type: 'credits', limit: usage }]);
    return {
      ...projectFacts(s, project),
      credits: {
        organization: org.credits,
        project_limit: limitOf(org, project, 'credits'),
        project_usage: usage,
      },
    };
  },

  'credit balance': (s, p) => {
    const org = findOrganization(s.domain, p.organization_id);
    if (p.credits !== undefined) {
      s.undo.push({ undo: 'restore_credits', organization_id: org.id, credits: org.credits });
      setOrganizationCredits(s.domain, org, p.credits);
    }
    return { organization_id: org.id, credits: org.credits };
  },

  'usage near limit': (s, p) => {
    const d = s.domain;
    const org = organizationOf(s, p.organization_id);
    const { project, fresh } = givenOrFreshProject(s, org, p.project_uid);
    const current = getUsageLimits(d, org, project);
    const wanted = { document: p.document, webpages: p.webpages };
    for (const type of ['document', 'webpages'] as const)
      if (current[type].usage > wanted[type].usage)
        throw invalidParams([
          { path: `${type}.usage`, message: `the project already uses ${current[type].usage}` },
        ]);
    undoLimits(s, fresh, project);
    const added = (['document', 'webpages'] as const).flatMap((type) =>
      Array.from({ length: wanted[type].usage - current[type].usage }, (_, i) => {
        const docId = nextDocId(s, type);
        return {
          docId,
          title: `Provider state ${type} ${current[type].usage + i + 1}`,
          url: type === 'webpages' ? `https://example.com/provider-states/${docId}` : '',
          kind: type === 'webpages' ? ('webpage' as const) : ('file' as const),
          text: `Filler ${type} number ${current[type].usage + i + 1}, so the project's ${type} usage is as asked.`,
        };
      }),
    );
    undoDocuments(
      s,
      fresh,
      project,
      added.map((doc) => doc.docId),
    );
    for (const doc of added) addDocument(d, project, doc);
    setUsageLimits(d, org, project, [
      { limit_type: 'document', limit: wanted.document.limit ?? wanted.document.usage + 1 },
      { limit_type: 'webpages', limit: wanted.webpages.limit ?? wanted.webpages.usage + 1 },
    ]);
    const after = getUsageLimits(d, org, project);
    return { ...projectFacts(s, project), document: after.document, webpages: after.webpages };
  },

  'knowledgebase documents': (s, p) => {
    const org = organizationOf(s, p.organization_id);
    const { project, fresh } = givenOrFreshProject(s, org, p.project_uid);
    const docs = p.documents.map((doc) => ({ ...doc, docId: doc.doc_id ?? nextDocId(s, 'kb') }));
    undoDocuments(
      s,
      fresh,
      project,
      docs.map((doc) => doc.docId),
    );
    for (const { docId, title, url, kind, text } of docs)
      addDocument(s.domain, project, { docId, title, url, kind, text });
    return { ...projectFacts(s, project), doc_ids: docs.map((doc) => doc.docId) };
  },
} satisfies Partial<StateHandlers>;
