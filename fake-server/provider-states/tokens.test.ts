/**
 * The token provider states, each entered on the fake and observed only through the public API: the value works,
 * or gets the 401 its lifecycle step gives, or the access its configuration and creator give.
 */
import { describe, expect, it } from 'vitest';
import { statesFake } from './states.test-support.js';

const INVALID_TOKEN = 'Invalid or revoked API token';
const CREATOR_REMOVED = 'Inactive token: the token creator is no longer a member of the organization';
const FORBIDDEN = 'You do not have permission to perform this action';

const probe = (f: ReturnType<typeof statesFake>, value: string) => f.call('getMyProjects', { bearer: value });

describe('token [FAKE-PROVIDER-STATES]', () => {
  it('an owner token of the target organization works at once [TOKEN-PREFIX]', async () => {
    const f = statesFake();
    const token = await f.enter('token');
    expect(token.value).toMatch(/^api-v1-/);
    expect(token.expires_at).toBeNull();
    const res = await probe(f, token.value);
    expect(res.status).toBe(200);
    expect(res.body.data.map((p: { project_uid: string }) => p.project_uid)).toContain(f.target.project_uid);
  });

  it('role viewer, scope selected: the other project is out of scope, inviting is refused [AUTH-SCOPE-403, AUTH-ROLE-VIEWER-READ-ONLY]', async () => {
    const f = statesFake();
    const { project_uid, other_project_uid } = f.target;
    const { value } = await f.enter('token', {
      role: 'viewer',
      scope: 'selected',
      project_uids: [project_uid!],
    });
    expect((await f.call('getProjectUsageLimit', { bearer: value }, { project_uid })).status).toBe(200);
    const outside = await f.call(
      'getProjectUsageLimit',
      { bearer: value },
      { project_uid: other_project_uid },
    );
    expect(outside.status).toBe(403);
    expect(outside.body.message).toBe(FORBIDDEN);
    const invite = await f.call(
      'inviteOrganizationMember',
      { bearer: value },
      { email: 'x@example.com', role: 'viewer' },
    );
    expect(invite.status).toBe(403);
  });

  it('no role, fine-grained Setting Write only: settings allowed, organization detail refused [AUTH-PERMISSIONS-ONLY]', async () => {
    const f = statesFake();
    const { value } = await f.enter('token', {
      role: 'none',
      permissions: [{ module: 'Setting', action: 'Write' }],
    });
    const project_uid = f.target.project_uid;
    expect(
      (await f.call('updateProjectSettings', { bearer: value }, { project_uid, temperature: 1 })).status,
    ).toBe(200);
    expect((await f.call('getOrganizationDetail', { bearer: value })).status).toBe(403);
  });

  it('a 30-day token expires 30 days after now [TOKEN-EXPIRATION-OPTIONS]', async () => {
    const f = statesFake();
    const token = await f.enter('token', { expiration: '30' });
    expect(Date.parse(token.expires_at!) - Date.parse('2026-01-05T09:00:00Z')).toBe(30 * 86_400_000);
    expect((await probe(f, token.value)).status).toBe(200);
  });

  it('a creator of another role is a new member of that role: an editor-role creator cannot invite [AUTH-EFFECTIVE-ACCESS-CAP]', async () => {
    const f = statesFake();
    const token = await f.enter('token', { creator_role: 'editor' });
    expect(token.creator_user_id).not.toBe(undefined);
    const invite = await f.call(
      'inviteOrganizationMember',
      { bearer: token.value },
      { email: 'y@example.com', role: 'viewer' },
    );
    expect(invite.status).toBe(403);
    // A member of every project of the organization: project-level access works.
    const limits = await f.call(
      'getProjectUsageLimit',
      { bearer: token.value },
      { project_uid: f.target.project_uid },
    );
    expect(limits.status).toBe(200);
  });

  it('refuses a configuration the spec does not allow, with 400 Invalid params [TOKEN-ROLE-OR-PERMISSIONS-REQUIRED]', async () => {
    const f = statesFake();
    for (const params of [
      { role: 'none' },
      { scope: 'selected' },
      { expiration: 'custom' },
      { expiration: 'custom', expires_at: '2020-01-01T00:00:00Z' },
    ]) {
      const res = await f.enterRaw({ state: 'token', params });
      expect(res.status, JSON.stringify(params)).toBe(400);
      expect(res.body.message).toMatch(/^Invalid params/);
    }
  });
});

describe('token lifecycle states [FAKE-PROVIDER-STATES]', () => {
  it('token deactivated: 401 Invalid or revoked API token [TOKEN-DEACTIVATED-401, TOKEN-DEACTIVATE]', async () => {
    const f = statesFake();
    const { value } = await f.enter('token deactivated');
    const res = await probe(f, value);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ type: 'RXERROR', message: INVALID_TOKEN });
  });

  it('token reactivated: the same value works again with its configuration [TOKEN-REACTIVATE]', async () => {
    const f = statesFake();
    const { project_uid, other_project_uid } = f.target;
    const { value } = await f.enter('token reactivated', {
      role: 'viewer',
      scope: 'selected',
      project_uids: [project_uid!],
    });
    expect((await probe(f, value)).status).toBe(200);
    expect(
      (await f.call('getProjectUsageLimit', { bearer: value }, { project_uid: other_project_uid })).status,
    ).toBe(403);
  });

  it('token regenerated: the new value works, every old one gets 401 [TOKEN-REGENERATE-NEW-VALUE, TOKEN-REGENERATE-OLD-DIES]', async () => {
    const f = statesFake();
    const token = await f.enter('token regenerated', { regenerations: 3 });
    expect(token.old_values).toHaveLength(3);
    expect(token.old_value).toBe(token.old_values.at(-1));
    expect(new Set([token.value, ...token.old_values]).size).toBe(4);
    expect((await probe(f, token.value)).status).toBe(200);
    for (const old of token.old_values) expect((await probe(f, old)).status).toBe(401);
  });

  it('token revoked: 401 [TOKEN-REVOKE, TOKEN-REVOKED-PERMANENT]', async () => {
    const f = statesFake();
    const { value } = await f.enter('token revoked');
    const res = await probe(f, value);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(INVALID_TOKEN);
  });

  it('token expired: preset and custom, back-dated; 401 from the expiry instant on [TOKEN-EXPIRED-401, TOKEN-EXPIRY-INSTANT]', async () => {
    const f = statesFake();
    const now = Date.parse('2026-01-05T09:00:00Z');
    const preset = await f.enter('token expired', { expiration: '30' });
    expect(Date.parse(preset.expires_at)).toBe(now - 60_000);
    const custom = await f.enter('token expired', { expiration: 'custom', expired_seconds_ago: 0 });
    expect(Date.parse(custom.expires_at)).toBe(now);
    for (const { value } of [preset, custom]) {
      const res = await probe(f, value);
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(INVALID_TOKEN);
    }
    // Back-dating, not a moved clock: a token made now still works.
    expect((await probe(f, (await f.enter('token', { expiration: '7' })).value)).status).toBe(200);
  });

  it('token created earlier: a preset counts from the back-dated creation, a custom instant and none stay [TOKEN-EXPIRATION-OPTIONS, TOKEN-NO-EXPIRY, TOKEN-EXPIRY-INSTANT]', async () => {
    const f = statesFake();
    const now = Date.parse('2026-01-05T09:00:00Z');
    const works = async (value: string) => (await probe(f, value)).status;
    const inside = await f.enter('token created earlier', {
      expiration: '7',
      created_seconds_ago: 7 * 86_400 - 60,
    });
    expect(Date.parse(inside.created_at)).toBe(now - (7 * 86_400 - 60) * 1000);
    expect(Date.parse(inside.expires_at!)).toBe(now + 60_000);
    expect(await works(inside.value)).toBe(200);
    const lapsed = await f.enter('token created earlier', {
      expiration: '90',
      created_seconds_ago: 90 * 86_400,
    });
    expect(Date.parse(lapsed.expires_at!)).toBe(now);
    expect(await works(lapsed.value)).toBe(401);
    const never = await f.enter('token created earlier', { created_seconds_ago: 3650 * 86_400 });
    expect(never.expires_at).toBeNull();
    expect(await works(never.value)).toBe(200);
    const custom = await f.enter('token created earlier', {
      expiration: 'custom',
      expires_at: '2026-01-05T10:00:00Z',
      created_seconds_ago: 30 * 86_400,
    });
    expect(custom.expires_at).toBe('2026-01-05T10:00:00.000Z');
    expect(await works(custom.value)).toBe(200);
    for (const created_seconds_ago of [-1, 1.5, 21 * 365 * 86_400]) {
      const res = await f.enterRaw({ state: 'token created earlier', params: { created_seconds_ago } });
      expect(res.status, String(created_seconds_ago)).toBe(400);
      expect(res.body.message).toMatch(/^Invalid params/);
    }
    const aDayAgo = await f.enter('token created earlier');
    expect(Date.parse(aDayAgo.created_at)).toBe(now - 86_400_000);
  });

  it('token creator removed: 401 naming that the creator is no longer a member [TOKEN-CREATOR-REMOVED-401, TOKEN-CREATOR-REMOVED-MESSAGE]', async () => {
    const f = statesFake();
    const token = await f.enter('token creator removed', { role: 'editor' });
    const res = await probe(f, token.value);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(CREATOR_REMOVED);
    const members = await f.call('getOrganizationMembers', f.owner, { limit: 1000 });
    const ids = members.body.data.organizationMember.map((m: { user_id: number }) => m.user_id);
    expect(ids).not.toContain(token.creator_user_id);
  });

  it('token creator role changed: access follows the new role [AUTH-EFFECTIVE-ACCESS-FOLLOWS-CREATOR]', async () => {
    const f = statesFake();
    const token = await f.enter('token creator role changed', { creator_role: 'owner', new_role: 'viewer' });
    expect(token.creator_role).toBe('viewer');
    const invite = await f.call(
      'inviteOrganizationMember',
      { bearer: token.value },
      { email: 'z@example.com', role: 'viewer' },
    );
    expect(invite.status).toBe(403);
    expect((await f.call('getOrganizationDetail', { bearer: token.value })).status).toBe(200);
    const members = await f.call('getOrganizationMembers', f.owner, { limit: 1000 });
    const creator = members.body.data.organizationMember.find(
      (m: { user_id: number }) => m.user_id === token.creator_user_id,
    );
    expect(creator.role).toBe('viewer');
  });

  it('token creator not project member: 403 User is not a member of the project there, organization operations work [AUTH-NOT-MEMBER-STATUS, AUTH-CREATOR-MEMBER-OF-PROJECT]', async () => {
    const f = statesFake();
    const token = await f.enter('token creator not project member');
    const res = await f.call(
      'getProjectUsageLimit',
      { bearer: token.value },
      { project_uid: token.project_uid },
    );
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('User is not a member of the project');
    expect((await f.call('getOrganizationDetail', { bearer: token.value })).status).toBe(200);
    // The target's owner token reaches that project (its members are the organization's owners).
    expect((await f.call('getProjectUsageLimit', f.owner, { project_uid: token.project_uid })).status).toBe(
      200,
    );
  });

  it('token creator not project member, given project: the creator stays out of it [AUTH-CREATOR-MEMBER-OF-PROJECT]', async () => {
    const f = statesFake();
    const project_uid = f.target.project_uid!;
    const token = await f.enter('token creator not project member', { project_uid });
    expect(token.project_uid).toBe(project_uid);
    expect((await f.call('getSessions', { bearer: token.value }, { project_uid })).status).toBe(403);
    const refused = await f.enterRaw({
      state: 'token creator not project member',
      params: { project_uid, creator_project_uids: [project_uid] },
    });
    expect(refused.status).toBe(400);
  });
});
