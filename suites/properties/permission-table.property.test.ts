/**
 * Property: for any token configuration (role or none, fine-grained permissions, scope), any creator role, the
 * creator's membership of the project and any Platform operation, the target answers 403 exactly where an
 * independent model of the spec's access rules (suites/support/access-model.ts) says so, with the right message.
 *
 * Two strengths: the model's prediction is checked hard only as far as the spec's own rules decide it (a refusal
 * in the error envelope where a documented rule refuses — with the documented 403 and message for permission and
 * scope, the documented message for a creator who is not a member — and no 401/403 where every rule allows). Where
 * the prediction rests on an assumed clause (access-model.ts `assumedGrounds`; which refusal answers when several
 * apply, AUTH-CHECK-ORDER) the exact outcome is checked under each such clause.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MemberRole } from '../../contract/index.js';
import {
  type AccessCase,
  assumedGrounds,
  expectedOutcome,
  type Outcome,
  SPEC_ACCESS_TABLE,
} from '../support/access-model.js';
import { accessCaseArb } from '../support/arbitraries/access.js';
import { expectEnvelope, expectError, expectRefused } from '../support/envelope.js';
import { FORBIDDEN, NOT_MEMBER } from '../support/messages.js';
import { assumed } from '../support/strength.js';
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
import type { RawResponse } from '../target/transport.js';

const target = useTarget();

/** The model's exact outcome: 403 with the permission message, 403 with the not-a-member message, or no 401/403. */
function expectOutcome(res: RawResponse, outcome: Outcome): void {
  if (outcome === 'forbidden') expectError(res, 403, FORBIDDEN);
  else if (outcome === 'not-member') expectError(res, 403, NOT_MEMBER);
  else {
    expectEnvelope(res);
    expect([401, 403], `allowed, got ${res.status}: ${res.text.slice(0, 200)}`).not.toContain(res.status);
  }
}

/**
 * The documented rules that refuse the case, given whether the operation itself is permitted (`undefined`: only
 * assumed clauses decide it): a missing permission or a project outside the scope (403, permission message), a
 * creator who is not a member of the project (the not-a-member message).
 */
function documentedRefusals(
  c: AccessCase,
  permitted: boolean | undefined,
): { forbidden: boolean; notMember: boolean } {
  const projectLevel = SPEC_ACCESS_TABLE[c.operation].level === 'project';
  return {
    forbidden: permitted === false || (projectLevel && c.scope === 'selected-out'),
    notMember: projectLevel && !c.creatorIsProjectMember,
  };
}

/** The access check of one case in two strengths (see the file's comment). */
function checkCase(c: AccessCase, res: RawResponse): Outcome {
  const expected = expectedOutcome(c);
  const grounds = assumedGrounds(c.operation, c.token, c.creatorRole);
  // The model's verdict on the operation itself, where the spec's rules alone give it.
  const permitted =
    grounds.length > 0
      ? undefined
      : expectedOutcome({ ...c, scope: 'all', creatorIsProjectMember: true }) === 'allowed';
  const { forbidden, notMember } = documentedRefusals(c, permitted);
  if (notMember && (forbidden || permitted === undefined)) {
    // Refused whichever rule answers (a missing permission only assumed clauses decide may refuse it as well).
    expectRefused(res);
    // Where the model sees two refusals, which one answers first is the fake's order of checks.
    const modelRefusesPermission =
      expectedOutcome({ ...c, scope: 'all', creatorIsProjectMember: true }) !== 'allowed';
    if (forbidden || modelRefusesPermission) assumed('AUTH-CHECK-ORDER', () => expectOutcome(res, expected));
  } else if (forbidden) expectError(res, 403, FORBIDDEN);
  else if (notMember) expectError(res, 403, NOT_MEMBER);
  else if (permitted === true) expectOutcome(res, 'allowed');
  // Checked under each clause it rests on; elsewhere than the fake, the first that fails carries the warning (the
  // others would only repeat the same evidence).
  for (const clause of grounds) if (!assumed(clause, () => expectOutcome(res, expected))) break;
  return expected;
}

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
        seen[checkCase(c, res)] += 1;
      }),
      { numRuns: 300 },
    );
    // The property is not vacuous: every outcome occurred.
    expect(seen.allowed).toBeGreaterThan(0);
    expect(seen.forbidden).toBeGreaterThan(0);
    expect(seen['not-member']).toBeGreaterThan(0);
  });
});
