/**
 * The API token lifecycle, driven through the fake's control API: deactivate, reactivate, regenerate, revoke,
 * expiry on the virtual clock, and the token creator's membership and role. Where a real backend can produce the
 * state itself (a deactivated, revoked or expired token), the test enters it as a provider state instead
 * (enterState), so it also runs against a deployment that offers the state and has no control API.
 */
import { describe, expect, it } from 'vitest';
import { type MemberRole, platformOperations } from '../../contract/index.js';
import { assumedGrounds, permits, type SpecOperationId } from '../support/access-model.js';
import { expectError, expectSuccess } from '../support/envelope.js';
import { FORBIDDEN, INVALID_TOKEN, NOT_MEMBER } from '../support/messages.js';
import { assumed } from '../support/strength.js';
import { enterState, need, useTarget } from '../support/use-target.js';
import {
  addMemberVia,
  addProjectMemberVia,
  bodyFor,
  changeRoleVia,
  clockNow,
  createMemberVia,
  createProjectVia,
  listTokens,
  orgTokenVia,
  removeMemberVia,
  removeProjectMemberVia,
  seededOrganization,
  type TokenSpec,
  tokenAction,
  tokenByValue,
  uniqueEmail,
} from '../support/world.js';
import type { RawResponse } from '../target/transport.js';

const target = useTarget();
const DAY = 86_400_000;

let orgPromise: ReturnType<typeof seededOrganization> | undefined;
const org = () => {
  orgPromise ??= seededOrganization(target());
  return orgPromise;
};
const control = () => target().control!;

/** A token of the seeded organization, created by its owner unless said otherwise. */
async function newToken(spec: Partial<TokenSpec> = {}) {
  return orgTokenVia(control(), await org(), spec);
}

/** getMyProjects: open to any valid token, so its status says whether the value authenticates. */
const probe = (value: string) => target().call('getMyProjects', { auth: { bearer: value }, body: {} });

const call = (op: string, value: string, body: Record<string, unknown>): Promise<RawResponse> =>
  target().call(op, { auth: { bearer: value }, body });

async function expectWorks(value: string) {
  expectSuccess(await probe(value), 'getMyProjects');
}

async function expectInvalid(value: string) {
  expectError(await probe(value), 401, INVALID_TOKEN);
}

/** An expired value: 401 (documented); its message is the fake's choice (TOKEN-EXPIRY-MESSAGE). */
async function expectExpired(value: string) {
  const res = await probe(value);
  expectError(res, 401);
  assumed('TOKEN-EXPIRY-MESSAGE', () => expectError(res, 401, INVALID_TOKEN));
}

/** A status as the tests compare it: any success is `ok` (its exact 2xx is the fake's choice, CONV-SUCCESS-200). */
const outcome = (res: RawResponse): number | 'ok' =>
  res.status >= 200 && res.status < 300 ? 'ok' : res.status;

describe('deactivate and reactivate', () => {
  it('a deactivated token gets 401 Invalid or revoked API token on every Platform operation [TOKEN-DEACTIVATE, TOKEN-DEACTIVATED-401, ERR-401-MESSAGE, ERR-ENVELOPE]', async (ctx) => {
    need(ctx, target(), { projectUid: true });
    const token = await enterState(ctx, target(), 'token deactivated');
    const project_uid = target().config.project_uid!;
    for (const op of platformOperations) {
      const res = await call(op.id, token.value, bodyFor(op.id, { project_uid }));
      expectError(res, 401, INVALID_TOKEN);
    }
  });

  it('reactivate: the same value works again with its configuration unchanged [TOKEN-REACTIVATE]', async (ctx) => {
    need(ctx, target(), { control: true, projectUid: true, otherProjectUid: true });
    const { project_uid, other_project_uid } = target().config;
    const token = await newToken({ role: 'viewer', scope_type: 'selected', project_uids: [project_uid!] });
    const observe = async () => [
      outcome(await call('getProjectUsageLimit', token.value, { project_uid })),
      outcome(await call('getProjectUsageLimit', token.value, { project_uid: other_project_uid })),
      outcome(await call('inviteOrganizationMember', token.value, { email: uniqueEmail(), role: 'viewer' })),
      outcome(await call('getOrganizationDetail', token.value, {})),
    ];
    const before = await observe();
    expect(before).toEqual(['ok', 403, 403, 'ok']);
    await tokenAction(control(), token.id, 'deactivate');
    await expectInvalid(token.value);
    const reactivated = await tokenAction(control(), token.id, 'reactivate');
    expect(reactivated.value).toBe(token.value);
    expect(reactivated.state).toBe('active');
    expect(await observe()).toEqual(before);
    const { status: _s, state: _st, ...config } = reactivated;
    const { status: _s0, state: _st0, ...original } = token;
    expect(config).toEqual(original);
  });

  it('reactivate works at any time, even long after deactivation [TOKEN-REACTIVATE, TOKEN-NO-EXPIRY]', async (ctx) => {
    need(ctx, target(), { control: true });
    const token = await newToken({ expiration: 'none' });
    await tokenAction(control(), token.id, 'deactivate');
    await control().advance({ days: 400 });
    await expectInvalid(token.value);
    await tokenAction(control(), token.id, 'reactivate');
    await expectWorks(token.value);
  });
});

describe('regenerate', () => {
  it('gives a new api-v1- value with the same configuration; the old value gets 401 at once [TOKEN-REGENERATE-NEW-VALUE, TOKEN-REGENERATE-OLD-DIES, TOKEN-PREFIX]', async (ctx) => {
    need(ctx, target(), { control: true, writes: true, projectUid: true, otherProjectUid: true });
    const { project_uid, other_project_uid } = target().config;
    const token = await newToken({
      role: 'viewer',
      permissions: [{ module: 'Chatbot', action: 'Write' }],
      scope_type: 'selected',
      project_uids: [project_uid!],
      expiration: '30',
    });
    const observe = async (value: string) => [
      outcome(await call('getOrganizationDetail', value, {})), // viewer role: allowed
      outcome(await call('updateChatbot', value, { project_uid })), // Chatbot Write: allowed
      outcome(await call('updateProjectSettings', value, { project_uid })), // neither: 403
      outcome(await call('getProjectUsageLimit', value, { project_uid: other_project_uid })), // out of scope: 403
    ];
    const before = await observe(token.value);
    expect(before).toEqual(['ok', 'ok', 403, 403]);

    const regenerated = await tokenAction(control(), token.id, 'regenerate');
    expect(regenerated.value.startsWith('api-v1-')).toBe(true);
    expect(regenerated.value).not.toBe(token.value);
    expect(regenerated.id).toBe(token.id);
    expect(regenerated.state).toBe('active');
    for (const key of [
      'name',
      'role',
      'permissions',
      'scope_type',
      'project_ids',
      'expiration',
      'expires_at',
    ] as const) {
      expect(regenerated[key], key).toEqual(token[key]);
    }
    await expectInvalid(token.value);
    expect(await observe(regenerated.value)).toEqual(before);
    await expectInvalid(token.value);
  });

  it('the regenerated value keeps the original expiry instant [TOKEN-REGENERATE-KEEPS-EXPIRY]', async (ctx) => {
    need(ctx, target(), { control: true });
    const token = await newToken({ expiration: '7' });
    await control().advance({ days: 3 });
    const regenerated = await tokenAction(control(), token.id, 'regenerate');
    await control().advance({ ms: 4 * DAY - 1 });
    await expectWorks(regenerated.value);
    await control().advance({ ms: 1 });
    await expectInvalid(regenerated.value);
  });

  it('each regeneration kills every earlier value [TOKEN-REGENERATE-OLD-DIES]', async (ctx) => {
    need(ctx, target(), { control: true });
    const token = await newToken();
    const values = [token.value];
    for (let i = 0; i < 3; i++) values.push((await tokenAction(control(), token.id, 'regenerate')).value);
    expect(new Set(values).size).toBe(values.length);
    for (const old of values.slice(0, -1)) await expectInvalid(old);
    await expectWorks(values.at(-1)!);
  });
});

describe('revoke', () => {
  it('a revoked token gets 401 Invalid or revoked API token on every Platform operation [TOKEN-REVOKE, ERR-401-MESSAGE]', async (ctx) => {
    need(ctx, target(), { projectUid: true });
    const token = await enterState(ctx, target(), 'token revoked');
    const project_uid = target().config.project_uid!;
    for (const op of platformOperations) {
      const res = await call(op.id, token.value, bodyFor(op.id, { project_uid }));
      expectError(res, 401, INVALID_TOKEN);
    }
  });

  it('revoke is permanent: 401 on use, reactivate and regenerate refused [TOKEN-REVOKE, TOKEN-REVOKED-PERMANENT]', async (ctx) => {
    need(ctx, target(), { control: true });
    const token = await newToken();
    await expectWorks(token.value);
    await tokenAction(control(), token.id, 'revoke');
    await expectInvalid(token.value);
    // That the dashboard refuses these actions on a revoked token is the fake's reading of "permanent".
    await assumed('TOKEN-REVOKED-PERMANENT', async () => {
      await expect(tokenAction(control(), token.id, 'reactivate')).rejects.toThrow();
      await expect(tokenAction(control(), token.id, 'regenerate')).rejects.toThrow();
      await expect(tokenAction(control(), token.id, 'revoke')).rejects.toThrow();
    });
    await control().advance({ days: 1 });
    await expectInvalid(token.value);
  });

  it('a deactivated token can be revoked, and then cannot be reactivated [TOKEN-TRANSITION-GUARDS, TOKEN-REVOKED-PERMANENT]', async (ctx) => {
    need(ctx, target(), { control: true });
    const token = await newToken();
    await tokenAction(control(), token.id, 'deactivate');
    await tokenAction(control(), token.id, 'revoke');
    await expect(tokenAction(control(), token.id, 'reactivate')).rejects.toThrow();
    await expectInvalid(token.value);
  });

  it('transitions the state table lacks are refused and change nothing [TOKEN-TRANSITION-GUARDS]', async (ctx) => {
    need(ctx, target(), { control: true });
    const token = await newToken({ expiration: '7' });
    await expect(tokenAction(control(), token.id, 'reactivate')).rejects.toThrow(/409/);
    await tokenAction(control(), token.id, 'deactivate');
    await expect(tokenAction(control(), token.id, 'deactivate')).rejects.toThrow(/409/);
    await expect(tokenAction(control(), token.id, 'regenerate')).rejects.toThrow(/409/);
    expect((await tokenByValue(control(), token.value)).state).toBe('deactivated');
    await tokenAction(control(), token.id, 'reactivate');
    await control().advance({ days: 7 });
    await expectInvalid(token.value);
    await expect(tokenAction(control(), token.id, 'regenerate')).rejects.toThrow(/409/);
    await expect(tokenAction(control(), token.id, 'deactivate')).rejects.toThrow(/409/);
    expect((await tokenByValue(control(), token.value)).state).toBe('expired');
    await tokenAction(control(), token.id, 'revoke');
    await expectInvalid(token.value);
  });
});

describe('expiry on the virtual clock', () => {
  for (const days of [7, 30, 60, 90] as const) {
    it(`a ${days}-day token works until creation + ${days}×24h and gets 401 from that instant [TOKEN-EXPIRATION-OPTIONS, TOKEN-EXPIRED-401, TOKEN-EXPIRY-INSTANT, TOKEN-EXPIRY-MESSAGE]`, async (ctx) => {
      need(ctx, target(), { control: true });
      const token = await newToken({ expiration: String(days) as '7' | '30' | '60' | '90' });
      await expectWorks(token.value);
      // The exact instant of expiry is the fake's reading of "N days" (TOKEN-EXPIRY-INSTANT).
      await control().advance({ ms: days * DAY - 1 });
      const lastMoment = await probe(token.value);
      assumed('TOKEN-EXPIRY-INSTANT', () => expectSuccess(lastMoment, 'getMyProjects'));
      await control().advance({ ms: 1 });
      const expiry = await probe(token.value);
      assumed('TOKEN-EXPIRY-INSTANT', () => expectError(expiry, 401, INVALID_TOKEN));
      await control().advance({ days: 1 });
      await expectExpired(token.value);
    });
  }

  it('a custom expiry holds until the given instant, then 401 [TOKEN-EXPIRATION-OPTIONS, TOKEN-EXPIRED-401, TOKEN-EXPIRY-INSTANT, TOKEN-EXPIRY-MESSAGE]', async (ctx) => {
    need(ctx, target(), { control: true });
    const now = await clockNow(control());
    const span = 36 * 3_600_000 + 5 * 60_000;
    const token = await newToken({ expiration: 'custom', expires_at: new Date(now + span).toISOString() });
    await control().advance({ ms: span / 2 });
    await expectWorks(token.value);
    await control().advance({ ms: span / 2 - 1 });
    const lastMoment = await probe(token.value);
    assumed('TOKEN-EXPIRY-INSTANT', () => expectSuccess(lastMoment, 'getMyProjects'));
    await control().advance({ ms: 1 });
    const expiry = await probe(token.value);
    assumed('TOKEN-EXPIRY-INSTANT', () => expectError(expiry, 401, INVALID_TOKEN));
    await control().advance({ days: 1 });
    await expectExpired(token.value);
  });

  it('an expired token is 401 on every Platform operation [TOKEN-EXPIRED-401]', async (ctx) => {
    need(ctx, target(), { projectUid: true });
    // Expired by back-dating (its 7 days ended a minute ago), not by moving a clock.
    const token = await enterState(ctx, target(), 'token expired', { expiration: '7' });
    const project_uid = target().config.project_uid!;
    for (const op of platformOperations) {
      expect((await call(op.id, token.value, bodyFor(op.id, { project_uid }))).status, op.id).toBe(401);
    }
  });

  it('a token with no expiry never expires [TOKEN-NO-EXPIRY, TOKEN-EXPIRATION-OPTIONS]', async (ctx) => {
    need(ctx, target(), { control: true });
    const token = await newToken({ expiration: 'none' });
    for (const days of [8, 31, 61, 91, 365, 3650]) {
      await control().advance({ days });
      await expectWorks(token.value);
    }
  });
});

describe('the token creator', () => {
  it('creator removed from the organization: every request gets 401 naming that the creator is no longer a member [TOKEN-CREATOR-REMOVED-401, TOKEN-CREATOR-REMOVED-MESSAGE-GIST]', async (ctx) => {
    need(ctx, target(), { control: true, projectUid: true });
    const o = await org();
    const creator = await createMemberVia(control(), o.organization_id, 'editor');
    await addProjectMemberVia(control(), target().config.project_uid!, creator);
    const token = await newToken({ creator_user_id: creator, role: 'editor' });
    await expectWorks(token.value);
    await removeMemberVia(control(), o.organization_id, creator);
    const project_uid = target().config.project_uid!;
    for (const op of platformOperations) {
      const res = await call(op.id, token.value, bodyFor(op.id, { project_uid }));
      expectError(res, 401);
      const message = (res.json as { message: string }).message;
      expect(message).not.toBe(INVALID_TOKEN);
      expect(message).toMatch(/creator/i);
      expect(message).toMatch(/no longer a member/i);
    }
    expect((await tokenByValue(control(), token.value)).state).toBe('unusable');
  });

  it('creator removed from the organization: 401 `Inactive token: the token creator is no longer a member of the organization` [TOKEN-CREATOR-REMOVED-MESSAGE]', async (ctx) => {
    need(ctx, target(), { control: true });
    const o = await org();
    const creator = await createMemberVia(control(), o.organization_id, 'viewer');
    const token = await newToken({ creator_user_id: creator, role: 'viewer' });
    await removeMemberVia(control(), o.organization_id, creator);
    expectError(
      await probe(token.value),
      401,
      'Inactive token: the token creator is no longer a member of the organization',
    );
  });

  it('a token whose creator left is no longer active: deactivate and regenerate are refused, revoke is not [TOKEN-TRANSITION-GUARDS, TOKEN-CREATOR-REMOVED-401]', async (ctx) => {
    need(ctx, target(), { control: true });
    const o = await org();
    const creator = await createMemberVia(control(), o.organization_id, 'editor');
    const token = await newToken({ creator_user_id: creator, role: 'editor' });
    await removeMemberVia(control(), o.organization_id, creator);
    // Which dashboard actions an unusable token still takes is the fake's reading of the state table.
    await assumed('TOKEN-TRANSITION-GUARDS', async () => {
      await expect(tokenAction(control(), token.id, 'regenerate')).rejects.toThrow(/409/);
      await expect(tokenAction(control(), token.id, 'deactivate')).rejects.toThrow(/409/);
    });
    expect((await tokenByValue(control(), token.value)).state).toBe('unusable');
    expectError(await probe(token.value), 401);
    await assumed('TOKEN-TRANSITION-GUARDS', async () => {
      await tokenAction(control(), token.id, 'revoke');
      expectError(await probe(token.value), 401, INVALID_TOKEN);
    });
  });

  it("creator's role changes: the token's access follows it from the next request [AUTH-EFFECTIVE-ACCESS-FOLLOWS-CREATOR, AUTH-EFFECTIVE-ACCESS-CAP]", async (ctx) => {
    need(ctx, target(), { control: true, writes: true, projectUid: true });
    const o = await org();
    const project_uid = target().config.project_uid!;
    const creator = await createMemberVia(control(), o.organization_id, 'owner');
    await addProjectMemberVia(control(), project_uid, creator);
    const token = await newToken({ creator_user_id: creator, role: 'owner' });
    const ops: Partial<Record<SpecOperationId, () => Promise<RawResponse>>> = {
      inviteOrganizationMember: () =>
        call('inviteOrganizationMember', token.value, { email: uniqueEmail(), role: 'viewer' }),
      getOrganizationDetail: () => call('getOrganizationDetail', token.value, {}),
      updateProjectSettings: () => call('updateProjectSettings', token.value, { project_uid }),
      getProjectUsageLimit: () => call('getProjectUsageLimit', token.value, { project_uid }),
      searchIndexDocument: () =>
        call('searchIndexDocument', token.value, { project_uid, query: 'refund', limit: 1 }),
      getSessions: () => call('getSessions', token.value, { project_uid }),
      getMyProjects: () => call('getMyProjects', token.value, {}),
    };
    // The spec's table (support/access-model.ts) read for an owner-role token whose creator holds each role in turn.
    const roles: MemberRole[] = ['owner', 'editor', 'viewer', 'trainer', 'operator', 'billing', 'owner'];
    // A case the spec's rules decide is checked hard; one that rests on the fake's cap (or another assumed
    // clause: access-model.ts assumedGrounds) under that clause.
    for (const role of roles) {
      await changeRoleVia(control(), o.organization_id, creator, role);
      for (const [op, send] of Object.entries(ops) as [SpecOperationId, () => Promise<RawResponse>][]) {
        const res = await send();
        const grant = { role: 'owner' as const, permissions: [] };
        const check = () => {
          if (!permits(op, grant, role)) expectError(res, 403, FORBIDDEN);
          else
            expect(
              res.status >= 200 && res.status < 300,
              `${role} creator, ${op}: ${res.status} ${res.text.slice(0, 200)}`,
            ).toBe(true);
        };
        const grounds = assumedGrounds(op, grant, role);
        if (grounds.length === 0) check();
        for (const id of grounds) assumed(id, check);
      }
    }
  });

  it('creator not a member of the project: the error says the user is not a member of the project [AUTH-CREATOR-MEMBER-OF-PROJECT]', async (ctx) => {
    need(ctx, target(), { control: true });
    const o = await org();
    const creator = await createMemberVia(control(), o.organization_id, 'editor');
    const project = await createProjectVia(control(), o.organization_id, [o.owner_user_id]);
    const token = await newToken({ creator_user_id: creator, role: 'editor' });
    const res = await call('getProjectUsageLimit', token.value, { project_uid: project.project_uid });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect((res.json as { message: string }).message).toMatch(/not a member of the project/i);
    await addProjectMemberVia(control(), project.project_uid, creator);
    expectSuccess(
      await call('getProjectUsageLimit', token.value, { project_uid: project.project_uid }),
      'getProjectUsageLimit',
    );
  });

  it('creator not a member of the project: 403 `User is not a member of the project` on every project-level operation [AUTH-NOT-MEMBER-STATUS, AUTH-CREATOR-MEMBER-OF-PROJECT]', async (ctx) => {
    need(ctx, target(), { control: true });
    const o = await org();
    const creator = await createMemberVia(control(), o.organization_id, 'owner');
    const project = await createProjectVia(control(), o.organization_id, [o.owner_user_id]);
    const token = await newToken({ creator_user_id: creator, role: 'owner' });
    for (const op of platformOperations.filter((p) => p.projectScoped)) {
      const res = await call(op.id, token.value, bodyFor(op.id, { project_uid: project.project_uid }));
      expectError(res, 403, NOT_MEMBER);
    }
    // Organization-level operations do not depend on project membership.
    expectSuccess(await call('getOrganizationDetail', token.value, {}), 'getOrganizationDetail');
  });
});

describe('the token creator, later changes', () => {
  it('a creator added back to the organization does not revive the token [TOKEN-CREATOR-REMOVED-PERMANENT, TOKEN-CREATOR-REMOVED-401]', async (ctx) => {
    need(ctx, target(), { control: true });
    const o = await org();
    const creator = await createMemberVia(control(), o.organization_id, 'editor');
    const token = await newToken({ creator_user_id: creator, role: 'editor' });
    await expectWorks(token.value);
    await removeMemberVia(control(), o.organization_id, creator);
    expectError(await probe(token.value), 401);
    await addMemberVia(control(), o.organization_id, creator, 'editor');
    // The spec gives no way out of "unusable": that the token stays so is the fake's choice.
    const after = await probe(token.value);
    const state = (await tokenByValue(control(), token.value)).state;
    assumed('TOKEN-CREATOR-REMOVED-PERMANENT', () => {
      expectError(after, 401, 'Inactive token: the token creator is no longer a member of the organization');
      expect(state).toBe('unusable');
    });
  });

  it('creator removed from a project: the token loses that project at once, keeps the others [AUTH-CREATOR-MEMBER-OF-PROJECT, AUTH-NOT-MEMBER-STATUS, AUTH-EFFECTIVE-ACCESS-FOLLOWS-CREATOR]', async (ctx) => {
    need(ctx, target(), { control: true });
    const o = await org();
    const creator = await createMemberVia(control(), o.organization_id, 'editor');
    const kept = await createProjectVia(control(), o.organization_id, [o.owner_user_id, creator]);
    const lost = await createProjectVia(control(), o.organization_id, [o.owner_user_id, creator]);
    const token = await newToken({ creator_user_id: creator, role: 'editor' });
    for (const p of [kept, lost]) {
      expectSuccess(
        await call('getProjectUsageLimit', token.value, { project_uid: p.project_uid }),
        'getProjectUsageLimit',
      );
    }
    await removeProjectMemberVia(control(), lost.project_uid, creator);
    expectError(
      await call('getProjectUsageLimit', token.value, { project_uid: lost.project_uid }),
      403,
      NOT_MEMBER,
    );
    expectSuccess(
      await call('getProjectUsageLimit', token.value, { project_uid: kept.project_uid }),
      'getProjectUsageLimit',
    );
    const listed = expectSuccess<{ project_uid: string }[]>(
      await call('getMyProjects', token.value, {}),
      'getMyProjects',
    );
    // Which projects getMyProjects lists is the fake's choice (the creator's projects).
    assumed('PROJECTS-SCOPE-FILTER', () => {
      expect(listed.data.map((p) => p.project_uid)).toContain(kept.project_uid);
      expect(listed.data.map((p) => p.project_uid)).not.toContain(lost.project_uid);
    });
  });
});

describe('token configuration', () => {
  it('no public operation creates, lists or changes tokens [TOKEN-CREATED-IN-DASHBOARD]', async (ctx) => {
    need(ctx, target(), { control: true, writes: true, projectUid: true });
    expect(platformOperations.map((o) => o.id).filter((id) => /token/i.test(id))).toEqual([]);
    const snapshot = async () =>
      (await listTokens(control())).map(
        ({ id, value, status, role, permissions, scope_type, project_ids }) => ({
          id,
          value,
          status,
          role,
          permissions,
          scope_type,
          project_ids,
        }),
      );
    const before = await snapshot();
    const project_uid = target().config.project_uid!;
    for (const op of platformOperations) {
      const res = await call(op.id, target().config.tokens.owner!, bodyFor(op.id, { project_uid }));
      expect(res.status, op.id).toBeLessThan(500);
      expect(res.text, op.id).not.toMatch(/api-v1-[a-z0-9]{8,}/i);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('a token with neither access role nor fine-grained permissions cannot be created [TOKEN-ROLE-OR-PERMISSIONS-REQUIRED]', async (ctx) => {
    need(ctx, target(), { control: true });
    await expect(newToken({ role: null, permissions: [] })).rejects.toThrow(/400/);
    await expect(newToken({ role: null })).rejects.toThrow(/400/);
  });

  it('the name is a free label that does not affect access [TOKEN-NAME]', async (ctx) => {
    need(ctx, target(), { control: true, projectUid: true });
    const project_uid = target().config.project_uid!;
    const a = await newToken({ role: 'viewer', name: 'Owner token' });
    const b = await newToken({ role: 'viewer', name: 'ünïcødé ✓ full admin' });
    for (const op of [
      'getOrganizationDetail',
      'getProjectUsageLimit',
      'setProjectUsageLimit',
      'inviteOrganizationMember',
    ]) {
      const body =
        op === 'setProjectUsageLimit'
          ? { project_uid, limits: [{ limit_type: 'document', limit: 1 }] }
          : bodyFor(op, { project_uid });
      const [ra, rb] = [await call(op, a.value, body), await call(op, b.value, body)];
      expect(ra.status, op).toBe(rb.status);
    }
  });
});
