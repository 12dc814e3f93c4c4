/**
 * The fake's teardown handles: the list of what a state made, as undo steps, encoded in an opaque string
 * (`fake1.` + base64url JSON). Teardown runs the steps backwards through domain functions; a step whose record is
 * already gone is skipped, so a teardown can run twice, or after a reset, and change nothing the second time.
 */
import { z } from 'zod';
import { PlanName, settableLimitTypes } from '../../contract/index.js';
import type { DomainContext } from '../domain/context.js';
import { DomainError, invalidParams } from '../domain/errors.js';
import { removeDocument } from '../domain/knowledgebase.js';
import { findMember, removeMember } from '../domain/members.js';
import {
  clearOrganizationRagCap,
  setOrganizationCredits,
  setOrganizationPlan,
} from '../domain/organization-plan.js';
import { updateChatbot } from '../domain/projects.js';
import { cancelInvitation, deleteOrganization, deleteProject, deleteSessions } from '../domain/removal.js';
import { updateProjectSettings } from '../domain/settings.js';
import { applyLifecycle } from '../domain/tokens.js';
import { removeUsageLimit, setUsageLimits } from '../domain/usage-limits.js';

const Id = z.number().int();

export const UndoStep = z.discriminatedUnion('undo', [
  z.object({ undo: z.literal('revoke_token'), token_id: Id }),
  z.object({ undo: z.literal('remove_member'), organization_id: Id, user_id: Id }),
  z.object({ undo: z.literal('cancel_invitation'), invitation_id: Id }),
  z.object({ undo: z.literal('delete_project'), project_id: Id }),
  z.object({ undo: z.literal('delete_organization'), organization_id: Id }),
  z.object({ undo: z.literal('delete_sessions'), session_ids: z.array(Id) }),
  z.object({ undo: z.literal('remove_documents'), project_id: Id, doc_ids: z.array(z.string()) }),
  z.object({
    undo: z.literal('restore_plan'),
    organization_id: Id,
    plan: PlanName,
    rag_cap_per_hour: Id.nullable(),
  }),
  z.object({ undo: z.literal('restore_credits'), organization_id: Id, credits: z.number().min(0) }),
  z.object({
    undo: z.literal('restore_limits'),
    project_id: Id,
    limits: z.partialRecord(z.enum(settableLimitTypes), z.number().int().min(0)),
  }),
  z.object({
    undo: z.literal('restore_settings'),
    project_id: Id,
    auto_close_duration: Id,
    auto_resolve_duration: Id,
  }),
  z.object({ undo: z.literal('restore_retention'), project_id: Id, retention_duration: Id }),
]);
export type UndoStep = z.infer<typeof UndoStep>;

const PREFIX = 'fake1.';

export function encodeTeardown(steps: readonly UndoStep[]): string {
  return `${PREFIX}${Buffer.from(JSON.stringify(steps)).toString('base64url')}`;
}

/** The steps of a handle; anything this fake did not hand out is `Invalid params`. */
export function decodeTeardown(handle: string | number): UndoStep[] {
  const refuse = () => invalidParams([{ path: 'teardown', message: 'not a teardown handle of this fake' }]);
  if (typeof handle !== 'string' || !handle.startsWith(PREFIX)) throw refuse();
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(handle.slice(PREFIX.length), 'base64url').toString('utf8'));
  } catch {
    throw refuse();
  }
  const parsed = z.array(UndoStep).max(1000).safeParse(json);
  if (!parsed.success) throw refuse();
  return parsed.data;
}

/**
 * Undo the steps, last first; returns how many found something to undo. Best effort: a step the rules refuse now
 * (a limit below what the project uses since) is skipped, and the others still run.
 */
export function runTeardown(domain: DomainContext, steps: readonly UndoStep[]): number {
  let undone = 0;
  for (const step of [...steps].reverse()) {
    try {
      if (undoStep(domain, step)) undone += 1;
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
    }
  }
  return undone;
}

function undoStep(domain: DomainContext, step: UndoStep): boolean {
  const { state } = domain;
  const projectOf = (id: number) => state.projects.get(id);
  switch (step.undo) {
    case 'revoke_token': {
      const token = state.tokens.get(step.token_id);
      if (!token || token.status === 'deleted') return false;
      applyLifecycle(domain, token.id, 'revoke');
      return true;
    }
    case 'remove_member':
      if (!findMember(domain, step.organization_id, step.user_id)) return false;
      removeMember(domain, step.organization_id, step.user_id);
      return true;
    case 'cancel_invitation':
      return cancelInvitation(domain, step.invitation_id);
    case 'delete_project': {
      const project = projectOf(step.project_id);
      if (project) deleteProject(domain, project);
      return project !== undefined;
    }
    case 'delete_organization':
      return deleteOrganization(domain, step.organization_id);
    case 'delete_sessions':
      return deleteSessions(domain, step.session_ids) > 0;
    case 'remove_documents': {
      const project = projectOf(step.project_id);
      if (!project) return false;
      return step.doc_ids.filter((id) => removeDocument(domain, project, id)).length > 0;
    }
    case 'restore_plan': {
      const org = state.organizations.get(step.organization_id);
      if (!org) return false;
      setOrganizationPlan(domain, org, step.plan, step.rag_cap_per_hour ?? undefined);
      if (step.rag_cap_per_hour === null) clearOrganizationRagCap(domain, org);
      return true;
    }
    case 'restore_credits': {
      const org = state.organizations.get(step.organization_id);
      if (org) setOrganizationCredits(domain, org, step.credits);
      return org !== undefined;
    }
    case 'restore_limits': {
      const project = projectOf(step.project_id);
      const org = project && state.organizations.get(project.organization_id);
      if (!project || !org) return false;
      for (const type of settableLimitTypes) {
        const previous = step.limits[type];
        if (previous === undefined) removeUsageLimit(domain, project, type);
        else setUsageLimits(domain, org, project, [{ limit_type: type, limit: previous }]);
      }
      return true;
    }
    case 'restore_settings': {
      const project = projectOf(step.project_id);
      const org = project && state.organizations.get(project.organization_id);
      if (!project || !org) return false;
      const { auto_close_duration, auto_resolve_duration } = step;
      updateProjectSettings(domain, org, project, { auto_close_duration, auto_resolve_duration });
      return true;
    }
    case 'restore_retention': {
      const project = projectOf(step.project_id);
      if (project) updateChatbot(domain, project, { retention_duration: step.retention_duration });
      return project !== undefined;
    }
  }
}
