/**
 * Property: for any token configuration (role or none, fine-grained permissions, scope), any creator role, the
 * creator's membership of the project and any Platform operation, the target answers 403 exactly where an
 * independent model of the spec's access rules (suites/support/access-model.ts) says so, with the right message.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MemberRole } from '../../contract/index.js';
import { type AccessCase, expectedOutcome, type Outcome } from '../support/access-model.js';
import { accessCaseArb } from '../support/arbitraries/access.js';
import { expectEnvelope, expectError } from '../support/envelope.js';
import { FORBIDDEN, NOT_MEMBER } from '../support/messages.js';
import { need, useTarget } from '../support/use-target.js';
import {
  type BodyContext,
  bodyFor,
  type ControlProject,
  createMemberVia,
  createOrganizationVia,
  createProjectVia,
  createTokenVia,
  orgTokenVia,
  prepareBodies,
} from '../support/world.js';

const target = useTarget();

interface World {
  creators: Record<MemberRole, number>;
  /** Every creator is a member. */
  memberProject: ControlProject;
  /** No creator is a member. */
  foreignProject: ControlProject;
  /** A third project, named by `selected` tokens whose scope leaves out the called project. */
  otherProject: ControlProject;
  bodies: BodyContext;
  organization_id: number;
}

/** One organization, one member per role, three projects; built once through the control API. */
async function buildWorld(): Promise<World> {
  const control = target().control!;
  const org = await createOrganizationVia(control, { plan: 'advanced', credits: 1_000_000 });
  const creators = { owner: org.owner_user_id } as Record<MemberRole, number>;
  for (const role of ['editor', 'viewer', 'billing', 'trainer', 'operator'] as const) {
    creators[role] = await createMemberVia(control, org.organization_id, role);
  }
  const everyone = Object.values(creators);
  const memberProject = await createProjectVia(control, org.organization_id, everyone);
  const foreignProject = await createProjectVia(control, org.organization_id, []);
  const otherProject = await createProjectVia(control, org.organization_id, everyone);
  const setup = await orgTokenVia(control, org);
  const bodies = await prepareBodies(
    target(),
    memberProject.project_uid,
    { bearer: setup.value },
    { playground: true },
  );
  return {
    creators,
    memberProject,
    foreignProject,
    otherProject,
    bodies,
    organization_id: org.organization_id,
  };
}

describe('permission table', () => {
  it('every generated (token, creator, membership, scope, operation) gets 403 exactly where the spec model says [AUTH-ROLE-OR-PERMISSION, AUTH-MISSING-PERMISSION-403, AUTH-BOTH-SET-ROLE-GOVERNS-ORG, AUTH-BOTH-SET-PERMISSIONS-GOVERN-PROJECT, AUTH-BOTH-SET-NO-FINE-GRAINED-ENTRY, AUTH-PERMISSIONS-ONLY, AUTH-FINE-GRAINED-WRITE-IMPLIES-READ, AUTH-EFFECTIVE-ACCESS-CAP, AUTH-BILLING-ROLE, AUTH-SCOPE-403, AUTH-CREATOR-MEMBER-OF-PROJECT, AUTH-NOT-MEMBER-STATUS, AUTH-CHECK-ORDER, TOKEN-SCOPE-SELECTED]', async (ctx) => {
    need(ctx, target(), { control: true, writes: true });
    const control = target().control!;
    const world = await buildWorld();
    const tokens = new Map<string, Promise<string>>();
    const seen: Record<Outcome, number> = { allowed: 0, forbidden: 0, 'not-member': 0 };

    const tokenFor = (c: AccessCase, project: ControlProject): Promise<string> => {
      const scopeProjects =
        c.scope === 'all'
          ? []
          : [c.scope === 'selected-in' ? project.project_uid : world.otherProject.project_uid];
      const key = JSON.stringify([c.token.role, c.token.permissions, c.creatorRole, c.scope, scopeProjects]);
      let value = tokens.get(key);
      if (!value) {
        value = createTokenVia(control, {
          organization_id: world.organization_id,
          creator_user_id: world.creators[c.creatorRole],
          role: c.token.role,
          permissions: c.token.permissions,
          scope_type: c.scope === 'all' ? 'all' : 'selected',
          project_uids: scopeProjects,
        }).then((t) => t.value);
        tokens.set(key, value);
      }
      return value;
    };

    await fc.assert(
      fc.asyncProperty(accessCaseArb, async (c) => {
        const project = c.creatorIsProjectMember ? world.memberProject : world.foreignProject;
        const bearer = await tokenFor(c, project);
        const res = await target().call(c.operation, {
          auth: { bearer },
          body: bodyFor(c.operation, { ...world.bodies, project_uid: project.project_uid }),
        });
        const expected = expectedOutcome(c);
        seen[expected] += 1;
        if (expected === 'forbidden') expectError(res, 403, FORBIDDEN);
        else if (expected === 'not-member') expectError(res, 403, NOT_MEMBER);
        else {
          expectEnvelope(res);
          expect([401, 403], `allowed, got ${res.status}: ${res.text.slice(0, 200)}`).not.toContain(
            res.status,
          );
        }
      }),
      { numRuns: 300 },
    );
    // The property is not vacuous: every outcome occurred.
    expect(seen.allowed).toBeGreaterThan(0);
    expect(seen.forbidden).toBeGreaterThan(0);
    expect(seen['not-member']).toBeGreaterThan(0);
  });
});
