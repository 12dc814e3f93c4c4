/**
 * Credentials of the Platform family (the Bearer header, token prefix, the wrong kind of credential), the plan
 * gate and the order of the request checks. Organizations on a plan, their plan changes and tokens of a role are
 * provider states (`organization`, `plan`, `project`, `token`). The per-token hourly rate cap is in suites/limits/.
 */
import { describe, expect, it } from 'vitest';
import { platformOperations, platformPlans } from '../../contract/index.js';
import { expectError, expectRefused, expectSuccess } from '../support/envelope.js';
import { FORBIDDEN, INVALID_TOKEN, NOT_MEMBER_GIST, PLAN_REQUIRED } from '../support/messages.js';
import { assumed } from '../support/strength.js';
import { enterState, need, useTarget } from '../support/use-target.js';
import { bodyFor } from '../support/world.js';

const target = useTarget();

/**
 * A request without a usable token is refused (documented: every request requires the header); that it is the
 * 401 `Invalid or revoked API token` of an invalid token is the fake's choice, stated by `clause`.
 */
function expectNoCredential(res: Parameters<typeof expectError>[0], clause: string): void {
  expectRefused(res);
  assumed(clause, () => expectError(res, 401, INVALID_TOKEN));
}

describe('the Bearer credential', () => {
  it('every Platform operation without an Authorization header gets 401 Invalid or revoked API token [AUTH-BEARER-HEADER, AUTH-MISSING-CREDENTIAL, ERR-ENVELOPE]', async (ctx) => {
    need(ctx, target(), { projectUid: true });
    const project_uid = target().config.project_uid!;
    for (const op of platformOperations) {
      const res = await target().call(op.id, { auth: { none: true }, body: bodyFor(op.id, { project_uid }) });
      expectNoCredential(res, 'AUTH-MISSING-CREDENTIAL');
    }
  });

  it('a malformed Authorization header gets 401 Invalid or revoked API token [AUTH-BEARER-HEADER, AUTH-MISSING-CREDENTIAL]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    const token = target().config.tokens.owner!;
    // No token at all, or one hidden in Basic credentials: no reading of the header finds a Bearer token.
    const tokenless = ['', 'Bearer', 'Bearer ', `Basic ${Buffer.from(`user:${token}`).toString('base64')}`];
    for (const authorization of tokenless) {
      const res = await target().call('getMyProjects', { auth: { headers: { authorization } }, body: {} });
      expectNoCredential(res, 'AUTH-MISSING-CREDENTIAL');
    }
    // The valid token under another scheme or with extra words: a lenient server may still read it (the last word,
    // the value after any scheme), so refusing these is the fake's strict reading of the header.
    const lenient = [
      token,
      `Token ${token}`,
      `Bearer: ${token}`,
      `Bearer ${token} extra`,
      `BearerX ${token}`,
    ];
    for (const authorization of lenient) {
      const res = await target().call('getMyProjects', { auth: { headers: { authorization } }, body: {} });
      expect(res.status, `no 5xx; body: ${res.text.slice(0, 200)}`).toBeLessThan(500);
      assumed('AUTH-MISSING-CREDENTIAL', () => expectError(res, 401, INVALID_TOKEN));
    }
  });

  it('the token is read from Authorization only: an API token in other headers gets 401 [AUTH-BEARER-HEADER, AUTH-WRONG-CREDENTIAL-KIND]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    const token = target().config.tokens.owner!;
    for (const header of ['api-key', 'x-api-key', 'x-api-token']) {
      const headers: Record<string, string> = { [header]: token };
      const res = await target().call('getMyProjects', { auth: { headers }, body: {} });
      expectNoCredential(res, 'AUTH-WRONG-CREDENTIAL-KIND');
    }
  });

  it('a value without the api-v1- prefix, or a tampered one, names no token: 401 [TOKEN-INVALID-401, TOKEN-PREFIX, ERR-401-MESSAGE, TOKEN-VALUE-EXACT]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    const token = target().config.tokens.owner!;
    const rest = token.slice('api-v1-'.length);
    // A last character changed into another letter, not the same one in another case.
    const last = token.at(-1)?.toLowerCase() === 'a' ? 'b' : 'a';
    for (const value of [
      `api-v2-${rest}`,
      `api-${rest}`,
      rest,
      `${token.slice(0, -1)}${last}`,
      `${token}x`,
      token.slice(0, -1),
      'api-v1-',
      'api-v1-0000000000000000000000000000000000000000',
    ]) {
      expectError(
        await target().call('getMyProjects', { auth: { bearer: value }, body: {} }),
        401,
        INVALID_TOKEN,
      );
    }
    // The valid value in another case: a server comparing values case-insensitively would take it.
    for (const value of [`API-V1-${rest}`, token.toUpperCase()]) {
      const res = await target().call('getMyProjects', { auth: { bearer: value }, body: {} });
      expect(res.status, `no 5xx; body: ${res.text.slice(0, 200)}`).toBeLessThan(500);
      assumed('TOKEN-VALUE-EXACT', () => expectError(res, 401, INVALID_TOKEN));
    }
  });

  // A key names no token: the documented 401 of TOKEN-INVALID-401 (nothing here rests on AUTH-WRONG-CREDENTIAL-KIND).
  it('a project API key sent as the Bearer value of a Platform operation gets 401 [TOKEN-INVALID-401, AUTH-KEY-PREFIX]', async (ctx) => {
    need(ctx, target(), { projectKey: true, projectUid: true });
    const key = target().config.project_key!;
    expect(key.startsWith('apk-')).toBe(true);
    const project_uid = target().config.project_uid!;
    for (const op of [
      'getMyProjects',
      'getOrganizationDetail',
      'getProjectUsageLimit',
      'searchIndexDocument',
    ]) {
      const res = await target().call(op, { auth: { bearer: key }, body: bodyFor(op, { project_uid }) });
      expectError(res, 401, INVALID_TOKEN);
    }
  });

  it('the configured tokens carry the api-v1- prefix and authenticate [TOKEN-PREFIX, VERSION-TOKEN-PREFIX, AUTH-BEARER-HEADER]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    for (const [name, value] of Object.entries(target().config.tokens)) {
      if (!value) continue;
      expect(value.startsWith('api-v1-'), name).toBe(true);
      expectSuccess(
        await target().call('getMyProjects', { auth: { bearer: value }, body: {} }),
        'getMyProjects',
      );
    }
  });

  it('no public response ever contains a token value [TOKEN-DISPLAYED-ONCE]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    const project_uid = target().config.project_uid!;
    const values = Object.values(target().config.tokens).filter((v): v is string => Boolean(v));
    for (const op of [
      'getMyProjects',
      'getOrganizationDetail',
      'getOrganizationMembers',
      'getProjectUsageLimit',
      'getSessions',
    ]) {
      const res = await target().call(op, { body: bodyFor(op, { project_uid }) });
      expectSuccess(res, op);
      for (const v of values) expect(res.text.includes(v), `${op} leaks a token value`).toBe(false);
      expect(res.text, op).not.toMatch(/api-v1-[A-Za-z0-9]{8,}/);
    }
  });
});

describe('the plan gate', () => {
  it('on Professional every Platform call gets 403 with the plan message; back on Advanced it works [AUTH-PLATFORM-PLAN, AUTH-PLATFORM-PLAN-STATUS]', async (ctx) => {
    const org = await enterState(ctx, target(), 'organization', { plan: 'advanced' });
    const auth = { bearer: org.owner_token };
    const { organization_id, project_uid } = org;
    expectSuccess(await target().call('getMyProjects', { auth, body: {} }), 'getMyProjects');

    await enterState(ctx, target(), 'plan', { organization_id, plan: 'professional' });
    for (const op of platformOperations) {
      const res = await target().call(op.id, { auth, body: bodyFor(op.id, { project_uid }) });
      expectRefused(res);
      expectError(res, 403, PLAN_REQUIRED);
    }

    for (const plan of platformPlans) {
      await enterState(ctx, target(), 'plan', { organization_id, plan });
      expectSuccess(await target().call('getMyProjects', { auth, body: {} }), 'getMyProjects');
      expectSuccess(
        await target().call('getProjectUsageLimit', { auth, body: { project_uid } }),
        'getProjectUsageLimit',
      );
    }
  });

  it('the plan gate answers before the permission check [AUTH-CHECK-ORDER, AUTH-PLATFORM-PLAN-STATUS]', async (ctx) => {
    const org = await enterState(ctx, target(), 'organization', { plan: 'professional' });
    const token = await enterState(ctx, target(), 'token', {
      organization_id: org.organization_id,
      role: 'viewer',
      creator_role: 'viewer',
    });
    const res = await target().call('inviteOrganizationMember', {
      auth: { bearer: token.value },
      body: { email: 'x@example.com', role: 'owner' },
    });
    // Refused either way (documented); which refusal answers is the fake's order.
    expectRefused(res);
    assumed('AUTH-CHECK-ORDER', () => expectError(res, 403, PLAN_REQUIRED));
  });
});

describe('order of the request checks', () => {
  it('a forbidden operation gets 403 even with an invalid body [AUTH-CHECK-ORDER, AUTH-MISSING-PERMISSION-403]', async (ctx) => {
    need(ctx, target(), { tokens: ['viewer'] });
    for (const op of ['updateChatbot', 'setProjectUsageLimit', 'inviteOrganizationMember']) {
      const res = await target().call(op, {
        auth: { token: 'viewer' },
        body: { project_uid: 42, limits: 'x', email: 1 },
      });
      // Refused either way (documented); that the permission check answers first is the fake's order.
      expectRefused(res);
      assumed('AUTH-CHECK-ORDER', () => expectError(res, 403, FORBIDDEN));
    }
  });

  it('an allowed operation with an invalid body gets 400, an unknown project 404 [AUTH-CHECK-ORDER, AUTH-UNKNOWN-PROJECT]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    expectError(
      await target().call('getProjectUsageLimit', { body: { project_uid: 42 } }),
      400,
      /^Invalid params/,
    );
    expectError(
      await target().call('getProjectUsageLimit', { body: { project_uid: 'no-such-project-uid' } }),
      404,
      'Project not found',
    );
  });

  it('a forbidden operation on an unknown project gets 403, not 404 [AUTH-CHECK-ORDER]', async (ctx) => {
    need(ctx, target(), { tokens: ['viewer'] });
    const res = await target().call('updateProjectSettings', {
      auth: { token: 'viewer' },
      body: { project_uid: 'no-such-project-uid' },
    });
    expectRefused(res);
    assumed('AUTH-CHECK-ORDER', () => expectError(res, 403, FORBIDDEN));
  });

  it('a project outside the scope gets the scope 403 before the membership check [AUTH-CHECK-ORDER, AUTH-SCOPE-403]', async (ctx) => {
    // A fresh organization: its own project (members: the owner) is not the editor's, and outside the token's scope.
    const org = await enterState(ctx, target(), 'organization');
    const { organization_id } = org;
    const mine = await enterState(ctx, target(), 'project', { organization_id });
    const token = await enterState(ctx, target(), 'token', {
      organization_id,
      role: 'editor',
      creator_role: 'editor',
      scope: 'selected',
      project_uids: [mine.project_uid],
    });
    const res = await target().call('getProjectUsageLimit', {
      auth: { bearer: token.value },
      body: { project_uid: org.project_uid },
    });
    // Outside the scope and its creator not a member: both are documented refusals, in either order.
    expectRefused(res);
    const message = String((res.json as { message?: unknown }).message);
    expect(message === FORBIDDEN || NOT_MEMBER_GIST.test(message), message).toBe(true);
    assumed('AUTH-CHECK-ORDER', () => expectError(res, 403, FORBIDDEN));
  });

  it('an invalid credential gets 401 whatever else is wrong with the request [AUTH-CHECK-ORDER, AUTH-MISSING-CREDENTIAL]', async () => {
    const res = await target().call('setProjectUsageLimit', {
      auth: { bearer: 'api-v1-nope' },
      raw: { body: '{"project_uid": ', contentType: 'application/json' },
    });
    expectError(res, 401, INVALID_TOKEN);
  });
});
