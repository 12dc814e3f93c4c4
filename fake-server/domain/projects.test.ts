/** Projects read and changed directly: the listing's organization, updates, creation defaults, project members. */
import { describe, expect, it } from 'vitest';
import { Runtime } from '../runtime.js';
import { authenticateToken } from './authentication.js';
import { failure } from './errors.test-support.js';
import { ownedOrganization } from './org-world.test-support.js';
import {
  addProjectMember,
  createProject,
  defaultSettings,
  listProjects,
  projectView,
  removeProjectMember,
  updateChatbot,
} from './projects.js';

function world() {
  const runtime = new Runtime();
  const ctx = runtime.domain;
  const seeded = runtime.seeded!;
  return { runtime, ctx, seeded, org: seeded.organizationId, owner: seeded.users.owner! };
}

describe('projects', () => {
  it('getMyProjects lists the token’s organization only, even a project elsewhere that lists the creator [PROJECTS-SCOPE-FILTER]', () => {
    const { ctx, seeded, owner } = world();
    const caller = authenticateToken(ctx, seeded.tokens.owner);
    const mine = listProjects(ctx, caller, { limit: 100, page: 1, orderBy: 'ASC' }).items.map((p) => p.id);
    const { org: other } = ownedOrganization(ctx, 'Else', { plan: 'agency' });
    createProject(ctx, {
      organization_id: other.id,
      name: 'Theirs',
      members: [{ user_id: owner, role: 'owner' }],
    });
    expect(listProjects(ctx, caller, { limit: 100, page: 1, orderBy: 'ASC' }).items.map((p) => p.id)).toEqual(
      mine,
    );
  });

  it('a viewer who is not a member of the organization is shown the viewer role [PROJECT-ORGANIZATION-ROLE]', () => {
    const { ctx, seeded } = world();
    const project = Object.values(seeded.projects)[0]!;
    expect(projectView(ctx, project, 987_654).organization.role).toBe('viewer');
  });

  it('updateChatbot stamps updatedAt when the name or the retention changes, and not when nothing does [UPDATECHATBOT-RETENTION, UPDATECHATBOT-NO-FIELDS]', () => {
    const { ctx, seeded } = world();
    const project = Object.values(seeded.projects)[0]!;
    const stamped = project.updatedAt;
    ctx.clock.advance(60_000);
    updateChatbot(ctx, project, {});
    expect(project.updatedAt).toBe(stamped);
    updateChatbot(ctx, project, { retention_duration: 3_600 });
    expect([project.retention_duration, project.updatedAt]).toEqual([3_600, ctx.clock.now()]);
    ctx.clock.advance(60_000);
    updateChatbot(ctx, project, { name: 'Renamed' });
    expect([project.name, project.updatedAt]).toEqual(['Renamed', ctx.clock.now()]);
  });

  it('a new project: the organization’s owners as members, default purpose and settings, the first listed model [PROJECTS-SCOPE-FILTER, RES-PROJECT-APP-ID-PURPOSE]', () => {
    const { ctx, org, owner } = world();
    const project = createProject(ctx, { organization_id: org, name: 'Fresh' });
    expect(project.members).toEqual([{ user_id: owner, role: 'owner' }]);
    // The organization has members other than owners, who are left out.
    expect([...ctx.state.members.values()].some((m) => m.organization_id === org && m.role !== 'owner')).toBe(
      true,
    );
    expect(project.purpose).toBe('customer_support');
    expect(project.settings).toEqual(defaultSettings(ctx.state.models[0]!.value));
    expect(project.settings.prompt).toBe('You are a helpful assistant. Answer from the knowledgebase.');
    expect(project.settings.restriction).toBe('Do not answer questions unrelated to the knowledgebase.');
    expect(
      createProject(ctx, { organization_id: org, name: 'Pinned', model: 'gpt-4.1' }).settings.model,
    ).toBe('gpt-4.1');
    ctx.state.models.length = 0;
    expect(createProject(ctx, { organization_id: org, name: 'Bare' }).settings.model).toBe('gpt-4o-mini');
    const counters = new Map(ctx.ids.position().counters);
    expect(counters.get('integration')).toBe(project.integration.id + 2);
    expect([failure(() => createProject(ctx, { organization_id: 987_654, name: 'x' })).message]).toEqual([
      'Organization not found',
    ]);
  });

  it('project members: adding again replaces the role, removing takes that user only, unknown users are refused [AUTH-CREATOR-MEMBER-OF-PROJECT]', () => {
    const { ctx, org, owner, seeded } = world();
    const editor = seeded.users.editor!;
    const project = createProject(ctx, { organization_id: org, name: 'Team' });
    addProjectMember(ctx, project, editor, 'editor');
    addProjectMember(ctx, project, editor, 'viewer');
    expect(project.members).toEqual([
      { user_id: owner, role: 'owner' },
      { user_id: editor, role: 'viewer' },
    ]);
    const unknownUser = failure(() => addProjectMember(ctx, project, 987_654, 'viewer'));
    expect([unknownUser.status, unknownUser.message]).toEqual([404, 'User not found']);
    ctx.clock.advance(1_000);
    removeProjectMember(ctx, project, owner);
    expect([project.members, project.updatedAt]).toEqual([
      [{ user_id: editor, role: 'viewer' }],
      ctx.clock.now(),
    ]);
    const notMember = failure(() => removeProjectMember(ctx, project, owner));
    expect([notMember.status, notMember.message]).toEqual([404, 'Project member not found']);
    expect(project.members).toEqual([{ user_id: editor, role: 'viewer' }]);
  });
});
