/**
 * Removing what was made for a test (provider-state teardown): sessions, a project, a whole organization, a pending
 * invitation. Each removal takes everything that refers to what it removes, so the store stays consistent
 * (GET /_control/consistency): no message, log, key, knowledgebase or token scope points at a removed record.
 */
import type { DomainContext } from './context.js';
import { forgetOrganizationCounts } from './rate-keys.js';
import type { Project } from './state.js';

/** Delete these sessions with their messages and execution logs; returns how many existed. */
export function deleteSessions(domain: DomainContext, sessionIds: Iterable<number>): number {
  const { sessions, messages, executionLogs } = domain.state;
  let deleted = 0;
  for (const id of sessionIds) {
    if (!sessions.has(id)) continue;
    for (const m of messages.ofSession(id)) messages.delete(m.id);
    for (const l of executionLogs.ofSession(id)) executionLogs.delete(l.id);
    sessions.delete(id);
    deleted += 1;
  }
  return deleted;
}

/**
 * Delete a project with its sessions, keys, knowledgebase and scripted replies. Tokens scoped to it lose it; a token
 * of scope `selected` left with no project at all is deleted with it (it could never be used again).
 */
export function deleteProject(domain: DomainContext, project: Project): void {
  const { state } = domain;
  deleteSessions(
    domain,
    [...state.sessions.values()].filter((s) => s.project_id === project.id).map((s) => s.id),
  );
  for (const [value, key] of [...state.projectKeys])
    if (key.project_id === project.id) state.projectKeys.delete(value);
  state.knowledgebases.delete(project.id);
  state.ragScripts.delete(project.id);
  for (const token of [...state.tokens.values()]) {
    if (!token.project_ids.includes(project.id)) continue;
    token.project_ids = token.project_ids.filter((id) => id !== project.id);
    // Only a selected token lists projects (an all-scope token lists none, createToken): left with none, it goes.
    if (token.project_ids.length === 0) state.tokens.delete(token.id);
  }
  state.projects.delete(project.id);
}

/** Delete a pending (or any) invitation and its email in the outbox; returns whether it existed. */
export function cancelInvitation(domain: DomainContext, invitationId: number): boolean {
  const { state } = domain;
  if (!state.invitations.delete(invitationId)) return false;
  for (let i = state.outbox.length - 1; i >= 0; i--)
    if (state.outbox[i]!.invitation_id === invitationId) state.outbox.splice(i, 1);
  return true;
}

/**
 * Delete an organization and everything in it: the hourly counts of its tokens and projects (FAKE-SHARED-FAKE),
 * projects (as deleteProject), tokens, invitations and their emails, memberships. Its users stay (a user may belong
 * to other organizations). Returns whether it existed.
 */
export function deleteOrganization(domain: DomainContext, organizationId: number): boolean {
  const { state } = domain;
  if (!state.organizations.has(organizationId)) return false;
  // First the counts, while the organization's tokens and projects still say whose they are.
  forgetOrganizationCounts(domain, organizationId);
  for (const p of [...state.projects.values()])
    if (p.organization_id === organizationId) deleteProject(domain, p);
  for (const t of [...state.tokens.values()])
    if (t.organization_id === organizationId) state.tokens.delete(t.id);
  for (const i of [...state.invitations.values()])
    if (i.organization_id === organizationId) cancelInvitation(domain, i.id);
  for (const m of [...state.members.values()])
    if (m.organization_id === organizationId) state.members.delete(m.id);
  state.organizations.delete(organizationId);
  return true;
}
