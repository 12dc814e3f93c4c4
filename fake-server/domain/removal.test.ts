/** Removals called directly (provider-state teardown): each takes what refers to what it removes, and no more. */
import { describe, expect, it } from 'vitest';
import { ScriptedReply } from '../../contract/control/rag-script.js';
import { Runtime } from '../runtime.js';
import { checkConsistency } from './consistency.js';
import { inviteMember } from './invitations.js';
import { addDocument } from './knowledgebase.js';
import { ownedOrganization } from './org-world.test-support.js';
import { createProjectKey } from './project-keys.js';
import { createProject } from './projects.js';
import { queueReplies } from './rag-script.js';
import { cancelInvitation, deleteOrganization, deleteProject, deleteSessions } from './removal.js';
import { createToken } from './tokens.js';
import { createSession, sendMessage } from './widget.js';

function world() {
  const runtime = new Runtime();
  const ctx = runtime.domain;
  const seeded = runtime.seeded!;
  const org = ctx.state.organizations.get(seeded.organizationId)!;
  const owner = seeded.users.owner!;
  const project = createProject(ctx, { organization_id: org.id, name: 'Doomed' });
  const kept = seeded.projects.main!;
  const talk = () => {
    const { session_uid } = createSession(ctx, project, project.integration.widget_uid);
    sendMessage(ctx, org, project, {
      widget_uid: project.integration.widget_uid,
      session_uid,
      message: 'Hi',
    });
    return [...ctx.state.sessions.values()].find((s) => s.session_uid === Number(session_uid))!;
  };
  const token = (project_ids: number[]) =>
    createToken(ctx, {
      organization_id: org.id,
      creator_user_id: owner,
      name: 't',
      role: 'viewer',
      scope_type: 'selected',
      project_ids,
    });
  return { ctx, org, owner, project, kept, talk, token };
}

describe('removal [FAKE-PROVIDER-STATES]', () => {
  it('deleteSessions: the sessions with their messages and logs; unknown ids are counted out', () => {
    const { ctx, talk } = world();
    const [a, b] = [talk(), talk()];
    const messages = ctx.state.messages.size;
    expect(deleteSessions(ctx, [a.id, 999_999])).toBe(1);
    expect(ctx.state.sessions.has(a.id)).toBe(false);
    expect(ctx.state.sessions.has(b.id)).toBe(true);
    expect(ctx.state.messages.size).toBe(messages - 2);
    expect(ctx.state.executionLogs.ofSession(a.id)).toEqual([]);
    expect(checkConsistency(ctx).consistent).toBe(true);
  });

  it('deleteProject: its sessions, keys, knowledgebase and replies; a token left without projects goes, others lose it, tokens of scope all stay', () => {
    const { ctx, project, kept, talk, token } = world();
    talk();
    const key = createProjectKey(ctx, project).value;
    addDocument(ctx, project, { docId: 'd', title: 'T', url: '', kind: 'file', text: 'Some text.' });
    queueReplies(ctx, project, [ScriptedReply.parse({ kind: 'text', text: 'x' })]);
    const only = token([project.id]);
    const both = token([project.id, kept.id]);
    const everywhere = [...ctx.state.tokens.values()].filter((t) => t.scope_type === 'all');
    expect(everywhere.length).toBeGreaterThan(0);
    deleteProject(ctx, project);
    // Tokens of scope all list no project: they stay, whatever project goes.
    for (const t of everywhere) expect(ctx.state.tokens.has(t.id), `token ${t.id}`).toBe(true);
    expect(ctx.state.projects.has(project.id)).toBe(false);
    expect(ctx.state.projectKeys.has(key)).toBe(false);
    expect(ctx.state.knowledgebases.has(project.id)).toBe(false);
    expect(ctx.state.ragScripts.has(project.id)).toBe(false);
    expect([...ctx.state.sessions.values()].some((s) => s.project_id === project.id)).toBe(false);
    expect(ctx.state.tokens.has(only.id)).toBe(false);
    expect(ctx.state.tokens.get(both.id)?.project_ids).toEqual([kept.id]);
    expect(ctx.state.projects.has(kept.id)).toBe(true);
    expect(checkConsistency(ctx).consistent).toBe(true);
  });

  it('cancelInvitation: the invitation and its email; false when there is none', () => {
    const { ctx, org, owner } = world();
    const kept = inviteMember(ctx, org, owner, 'keep@example.com', 'viewer');
    const gone = inviteMember(ctx, org, owner, 'gone@example.com', 'viewer');
    expect(cancelInvitation(ctx, gone.id)).toBe(true);
    expect(ctx.state.invitations.has(gone.id)).toBe(false);
    expect(ctx.state.outbox.map((e) => e.invitation_id)).toEqual([kept.id]);
    expect(cancelInvitation(ctx, gone.id)).toBe(false);
  });

  it('deleteOrganization: everything in it, its users stay, other organizations untouched; false when unknown', () => {
    const { ctx, org } = world();
    const { owner: boss, org: doomed } = ownedOrganization(ctx, 'Doomed', { credits: 1 });
    const p = createProject(ctx, { organization_id: doomed.id, name: 'P' });
    createProjectKey(ctx, p);
    const t = createToken(ctx, {
      organization_id: doomed.id,
      creator_user_id: boss.id,
      name: 't',
      role: 'owner',
    });
    inviteMember(ctx, doomed, boss.id, 'x@example.com', 'editor');
    const homeProjects = [...ctx.state.projects.values()].filter((x) => x.organization_id === org.id).length;
    expect(deleteOrganization(ctx, doomed.id)).toBe(true);
    expect(ctx.state.organizations.has(doomed.id)).toBe(false);
    expect(ctx.state.projects.has(p.id)).toBe(false);
    expect(ctx.state.tokens.has(t.id)).toBe(false);
    expect([...ctx.state.members.values()].some((m) => m.organization_id === doomed.id)).toBe(false);
    expect([...ctx.state.invitations.values()].some((i) => i.organization_id === doomed.id)).toBe(false);
    expect(ctx.state.outbox.some((e) => e.organization_id === doomed.id)).toBe(false);
    expect(ctx.state.users.has(boss.id)).toBe(true);
    expect([...ctx.state.projects.values()].filter((x) => x.organization_id === org.id).length).toBe(
      homeProjects,
    );
    expect(deleteOrganization(ctx, doomed.id)).toBe(false);
    expect(checkConsistency(ctx).consistent).toBe(true);
  });

  it('deleteProject and deleteOrganization leave the sessions, keys and invitations of other projects and organizations', () => {
    const { ctx, org, owner, project, kept, talk } = world();
    talk();
    const sessionsOf = (id: number) => [...ctx.state.sessions.values()].filter((s) => s.project_id === id);
    const keptSessions = sessionsOf(kept.id).length;
    expect(keptSessions).toBeGreaterThan(0);
    const keptKey = createProjectKey(ctx, kept).value;
    deleteProject(ctx, project);
    expect(sessionsOf(kept.id)).toHaveLength(keptSessions);
    expect(ctx.state.projectKeys.has(keptKey)).toBe(true);
    const invited = inviteMember(ctx, org, owner, 'stays@example.com', 'viewer');
    const { owner: boss, org: other } = ownedOrganization(ctx, 'Other', { credits: 1 });
    inviteMember(ctx, other, boss.id, 'goes@example.com', 'viewer');
    expect(deleteOrganization(ctx, other.id)).toBe(true);
    expect(ctx.state.invitations.has(invited.id)).toBe(true);
    expect(ctx.state.outbox.map((e) => e.invitation_id)).toContain(invited.id);
    expect(checkConsistency(ctx).consistent).toBe(true);
  });
});
