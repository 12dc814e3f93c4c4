/** The token rules of the domain, called directly: what the dashboard (the control API here) may create, and guards. */
import { describe, expect, it } from 'vitest';
import { Runtime } from '../runtime.js';
import { DAY_MS } from './clock.js';
import type { DomainContext } from './context.js';
import { failure } from './errors.test-support.js';
import { createOrganization, createUser } from './organizations.js';
import { createProject } from './projects.js';
import { applyLifecycle, type CreateTokenInput, createToken, findToken, observedState } from './tokens.js';

function world(): { ctx: DomainContext; org: number; owner: number; projects: number[] } {
  const runtime = new Runtime();
  const seeded = runtime.seeded!;
  return {
    ctx: runtime.domain,
    org: seeded.organizationId,
    owner: seeded.users.owner!,
    projects: Object.values(seeded.projects).map((p) => p.id),
  };
}

describe('createToken', () => {
  const base = (w: ReturnType<typeof world>): CreateTokenInput => ({
    organization_id: w.org,
    creator_user_id: w.owner,
    name: 'ci',
    role: 'viewer',
  });

  it('defaults: scope all with no projects, no expiry, no permissions; active [TOKEN-SCOPE-VALUES, TOKEN-NO-EXPIRY, TOKEN-PREFIX]', () => {
    const w = world();
    const token = createToken(w.ctx, { ...base(w), project_ids: [w.projects[0]!] });
    expect(token).toMatchObject({
      scope_type: 'all',
      project_ids: [],
      expiration: 'none',
      expires_at: null,
      permissions: [],
      status: 'active',
      role: 'viewer',
    });
    expect(token.value.startsWith('api-v1-')).toBe(true);
    expect(findToken(w.ctx, token.id)).toBe(token);
  });

  it('needs a role or at least one permission [TOKEN-ROLE-OR-PERMISSIONS-REQUIRED]', () => {
    const w = world();
    const err = failure(() => createToken(w.ctx, { ...base(w), role: null }));
    expect(err.status).toBe(400);
    expect(err.details).toEqual([
      { path: 'role', message: 'at least one of access role or fine-grained permissions is required' },
    ]);
    const onlyPermission = createToken(w.ctx, {
      ...base(w),
      role: null,
      permissions: [{ module: 'Setting', action: 'Read' }],
    });
    expect(onlyPermission.role).toBeNull();
  });

  it('keeps each module/action pair once [TOKEN-FINE-GRAINED-PAIRS]', () => {
    const w = world();
    const token = createToken(w.ctx, {
      ...base(w),
      permissions: [
        { module: 'Setting', action: 'Read' },
        { module: 'Setting', action: 'Write' },
        { module: 'Setting', action: 'Read' },
      ],
    });
    expect(token.permissions).toEqual([
      { module: 'Setting', action: 'Read' },
      { module: 'Setting', action: 'Write' },
    ]);
  });

  it('is made in an existing organization by one of its members [TOKEN-CREATED-IN-DASHBOARD]', () => {
    const w = world();
    const unknown = failure(() => createToken(w.ctx, { ...base(w), organization_id: 9_999 }));
    expect([unknown.status, unknown.message]).toEqual([404, 'Organization not found']);
    const outsider = createUser(w.ctx, { name: 'Out Sider', email: 'outsider@example.test' });
    const other = createOrganization(w.ctx, {
      name: 'Other',
      owner_user_id: outsider.id,
      plan: 'agency',
      credits: 0,
    });
    const notMember = failure(() => createToken(w.ctx, { ...base(w), creator_user_id: outsider.id }));
    expect(notMember.details).toEqual([
      { path: 'creator_user_id', message: 'the creator must be a member of the organization' },
    ]);
    expect(
      createToken(w.ctx, { ...base(w), organization_id: other.id, creator_user_id: outsider.id })
        .organization_id,
    ).toBe(other.id);
  });

  it('scope selected: at least one project, each of the organization, listed once [TOKEN-SCOPE-SELECTED]', () => {
    const w = world();
    const [a, b] = w.projects;
    const none = failure(() => createToken(w.ctx, { ...base(w), scope_type: 'selected', project_ids: [] }));
    expect(none.details).toEqual([
      { path: 'project_ids', message: 'scope selected needs at least one project' },
    ]);
    const missing = failure(() => createToken(w.ctx, { ...base(w), scope_type: 'selected' }));
    expect(missing.status).toBe(400);
    expect(missing.details).toEqual(none.details);
    const unknown = failure(() =>
      createToken(w.ctx, { ...base(w), scope_type: 'selected', project_ids: [a!, 9_999] }),
    );
    expect(unknown.details).toEqual([
      { path: 'project_ids', message: 'project 9999 is not in the organization' },
    ]);
    const token = createToken(w.ctx, { ...base(w), scope_type: 'selected', project_ids: [a!, b!, a!] });
    expect(token.project_ids).toEqual([a, b]);
    // A project of another organization is refused like an unknown one.
    const owner = createUser(w.ctx, { name: 'Else Where', email: 'elsewhere@example.test' });
    const other = createOrganization(w.ctx, {
      name: 'Elsewhere',
      owner_user_id: owner.id,
      plan: 'agency',
      credits: 0,
    });
    const foreign = createProject(w.ctx, { organization_id: other.id, name: 'Theirs' });
    const refused = failure(() =>
      createToken(w.ctx, { ...base(w), scope_type: 'selected', project_ids: [foreign.id] }),
    );
    expect(refused.details).toEqual([
      { path: 'project_ids', message: `project ${foreign.id} is not in the organization` },
    ]);
  });

  it('expiration: presets count days from now; custom needs an instant after now [TOKEN-EXPIRATION-OPTIONS, TOKEN-EXPIRY-INSTANT]', () => {
    const w = world();
    const now = w.ctx.clock.now();
    expect(createToken(w.ctx, { ...base(w), expiration: '30' }).expires_at).toBe(now + 30 * DAY_MS);
    const message = [{ path: 'expires_at', message: 'custom expiration needs a future instant' }];
    expect(failure(() => createToken(w.ctx, { ...base(w), expiration: 'custom' })).details).toEqual(message);
    expect(
      failure(() => createToken(w.ctx, { ...base(w), expiration: 'custom', expires_at: now })).details,
    ).toEqual(message);
    expect(
      failure(() => createToken(w.ctx, { ...base(w), expiration: 'custom', expires_at: now - 1 })).status,
    ).toBe(400);
    expect(createToken(w.ctx, { ...base(w), expiration: 'custom', expires_at: now + 1 }).expires_at).toBe(
      now + 1,
    );
  });
});

describe('token lifecycle guards', () => {
  it('names the token and the observed state when it refuses [TOKEN-TRANSITION-GUARDS, TOKEN-REVOKED-PERMANENT]', () => {
    const w = world();
    const token = createToken(w.ctx, {
      organization_id: w.org,
      creator_user_id: w.owner,
      name: 't',
      role: 'owner',
    });
    const active = failure(() => applyLifecycle(w.ctx, token.id, 'reactivate'));
    expect([active.status, active.message]).toEqual([409, 'Cannot reactivate a token that is active']);
    applyLifecycle(w.ctx, token.id, 'revoke');
    const gone = failure(() => applyLifecycle(w.ctx, token.id, 'deactivate'));
    expect([gone.status, gone.message]).toEqual([404, `Token ${token.id} not found`]);
  });

  it('a creator who is a member of another organization only does not keep the token usable [TOKEN-CREATOR-REMOVED-401]', () => {
    const w = world();
    const user = createUser(w.ctx, { name: 'Two Orgs', email: 'two-orgs@example.test' });
    const other = createOrganization(w.ctx, {
      name: 'Second',
      owner_user_id: user.id,
      plan: 'agency',
      credits: 0,
    });
    const token = createToken(w.ctx, {
      organization_id: other.id,
      creator_user_id: user.id,
      name: 't',
      role: 'owner',
    });
    expect(observedState(w.ctx, token)).toBe('active');
    // The same user id as a member of the seeded organization, but no longer of the token's own.
    for (const [id, m] of w.ctx.state.members)
      if (m.organization_id === other.id) w.ctx.state.members.delete(id);
    w.ctx.state.members.set(99_999, {
      ...[...w.ctx.state.members.values()][0]!,
      id: 99_999,
      user_id: user.id,
    });
    expect(observedState(w.ctx, token)).toBe('unusable');
  });

  it('a token whose creator has no member row in its organization is unusable, other members or not [TOKEN-CREATOR-REMOVED-401]', () => {
    const w = world();
    const token = createToken(w.ctx, {
      organization_id: w.org,
      creator_user_id: w.owner,
      name: 't',
      role: 'viewer',
    });
    const creatorRow = [...w.ctx.state.members].find(
      ([, m]) => m.organization_id === w.org && m.user_id === w.owner,
    )!;
    const others = [...w.ctx.state.members.values()].filter(
      (m) => m.organization_id === w.org && m.user_id !== w.owner,
    );
    expect(others.length).toBeGreaterThan(0);
    w.ctx.state.members.delete(creatorRow[0]);
    expect(token.creator_removed).toBeFalsy();
    expect(observedState(w.ctx, token)).toBe('unusable');
  });
});
