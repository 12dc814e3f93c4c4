/**
 * A token's access through its creator (Authentication): the creator must be a member of each project accessed, and
 * effective access follows the creator's current organization role. The tokens are entered as provider states
 * (`token creator not project member`, `token creator role changed`, beside twins whose creator is a member), so
 * these run on any target that offers them; changing one creator's role or projects again and again under one token
 * uses the fake's control API.
 */

import { describe, expect, it } from 'vitest';
import { type MemberRole, platformOperations } from '../../contract/index.js';
import type { SpecOperationId } from '../support/access-model.js';
import { arrange } from '../support/arrangement.js';
import { expectError, expectSuccess } from '../support/envelope.js';
import { NOT_MEMBER } from '../support/messages.js';
import { assumed } from '../support/strength.js';
import { controlTokens, expectAccessAsSpecified, tokenProbes } from '../support/token-probes.js';
import { enterState, need, useTarget } from '../support/use-target.js';
import {
  addProjectMemberVia,
  bodyFor,
  changeRoleVia,
  createMemberVia,
  createProjectVia,
  removeProjectMemberVia,
  uniqueEmail,
} from '../support/world.js';
import type { RawResponse } from '../target/transport.js';

const target = useTarget();
const { call } = tokenProbes(target);
const { control, org, newToken } = controlTokens(target);

/** A sample of operations at both levels, reads and writes, as an owner-role token sends them to `project_uid`. */
function sampleOperations(value: string, project_uid: string) {
  const ops: Partial<Record<SpecOperationId, () => Promise<RawResponse>>> = {
    inviteOrganizationMember: () =>
      call('inviteOrganizationMember', value, { email: uniqueEmail(), role: 'viewer' }),
    getOrganizationDetail: () => call('getOrganizationDetail', value, {}),
    updateProjectSettings: () => call('updateProjectSettings', value, { project_uid }),
    getProjectUsageLimit: () => call('getProjectUsageLimit', value, { project_uid }),
    searchIndexDocument: () => call('searchIndexDocument', value, { project_uid, query: 'refund', limit: 1 }),
    getSessions: () => call('getSessions', value, { project_uid }),
    getMyProjects: () => call('getMyProjects', value, {}),
  };
  return Object.entries(ops) as [SpecOperationId, () => Promise<RawResponse>][];
}

/** What an owner-role token whose creator holds `role` may do, as the spec's table gives it. */
const expectAccessOf = (role: MemberRole, op: SpecOperationId, res: RawResponse) =>
  expectAccessAsSpecified(op, { role: 'owner', permissions: [] }, role, res);

const CREATOR_ROLES: MemberRole[] = ['editor', 'viewer', 'trainer', 'operator', 'billing'];

describe("the creator's organization role", () => {
  it("a creator's role changed from owner: the token's access is that of the new role [AUTH-EFFECTIVE-ACCESS-FOLLOWS-CREATOR, AUTH-EFFECTIVE-ACCESS-CAP]", async (ctx) => {
    need(ctx, target(), { writes: true, projectUid: true });
    const project_uid = target().config.project_uid!;
    for (const new_role of CREATOR_ROLES) {
      const token = await enterState(ctx, target(), 'token creator role changed', { new_role });
      expect(token.creator_role).toBe(new_role);
      for (const [op, send] of sampleOperations(token.value, project_uid))
        expectAccessOf(new_role, op, await send());
    }
  });

  it("creator's role changes: the token's access follows it from the next request [AUTH-EFFECTIVE-ACCESS-FOLLOWS-CREATOR, AUTH-EFFECTIVE-ACCESS-CAP]", async (ctx) => {
    need(ctx, target(), { control: 'the token dashboard', writes: true, projectUid: true });
    const o = await org();
    const project_uid = target().config.project_uid!;
    const creator = await createMemberVia(control(), o.organization_id, 'owner');
    await addProjectMemberVia(control(), project_uid, creator);
    const token = await newToken({ creator_user_id: creator, role: 'owner' });
    // One creator through every role and back: each change shows at the next request.
    for (const role of ['owner', ...CREATOR_ROLES, 'owner'] as MemberRole[]) {
      await changeRoleVia(control(), o.organization_id, creator, role);
      for (const [op, send] of sampleOperations(token.value, project_uid))
        expectAccessOf(role, op, await send());
    }
  });
});

describe('the creator must be a member of the project', () => {
  it('creator not a member of the project: the error says the user is not a member of the project; a twin whose creator is a member gets through [AUTH-CREATOR-MEMBER-OF-PROJECT, AUTH-NOT-MEMBER-STATUS]', async (ctx) => {
    const token = await enterState(ctx, target(), 'token creator not project member', {
      role: 'editor',
      creator_role: 'editor',
    });
    const { project_uid } = token;
    // The status is not shown (AUTH-NOT-MEMBER-STATUS); the message's gist is documented (refusals.ts).
    expectError(await call('getProjectUsageLimit', token.value, { project_uid }), 403, NOT_MEMBER);
    const twin = await enterState(ctx, target(), 'token', {
      role: 'editor',
      creator_role: 'editor',
      creator_project_uids: [project_uid],
    });
    await arrange('a twin whose creator is a member, getting through', async () =>
      expectSuccess(await call('getProjectUsageLimit', twin.value, { project_uid }), 'getProjectUsageLimit'),
    );
  });

  it('creator not a member of the project: refused on every project-level operation there, organization-level ones work [AUTH-CREATOR-MEMBER-OF-PROJECT, AUTH-NOT-MEMBER-STATUS]', async (ctx) => {
    // Refusals of writes: a server that accepted one would change the project, hence `writes`.
    need(ctx, target(), { writes: true });
    const token = await enterState(ctx, target(), 'token creator not project member', {
      role: 'owner',
      creator_role: 'owner',
    });
    for (const op of platformOperations.filter((p) => p.projectScoped)) {
      const res = await call(op.id, token.value, bodyFor(op.id, { project_uid: token.project_uid }));
      expectError(res, 403, NOT_MEMBER);
    }
    // Organization-level operations do not depend on project membership.
    expectSuccess(await call('getOrganizationDetail', token.value, {}), 'getOrganizationDetail');
  });

  it('creator removed from a project: the token loses that project at once, keeps the others [AUTH-CREATOR-MEMBER-OF-PROJECT, AUTH-NOT-MEMBER-STATUS, AUTH-EFFECTIVE-ACCESS-FOLLOWS-CREATOR]', async (ctx) => {
    need(ctx, target(), { control: 'the token dashboard' });
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
