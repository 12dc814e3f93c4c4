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
 *
 * The organization, its projects and every token are provider states (`organization`, `project`, `token`), so the
 * property runs on any target that offers them.
 */
import fc from 'fast-check';
import { describe, expect, it, type TestContext } from 'vitest';
import {
  type AccessCase,
  assumedGrounds,
  decidedBy,
  expectedOutcome,
  type Outcome,
  SPEC_ACCESS_TABLE,
} from '../support/access-model.js';
import { accessCaseArb } from '../support/arbitraries/access.js';
import { expectEnvelope, expectError, expectRefused } from '../support/envelope.js';
import { FORBIDDEN, NOT_MEMBER } from '../support/messages.js';
import { anotherRefusalsMessage } from '../support/refusals.js';
import { assumed, documented, isStop } from '../support/strength.js';
import { enterState, need, needState, useTarget } from '../support/use-target.js';
import { type BodyContext, bodyFor, prepareBodies } from '../support/world.js';
import type { RawResponse } from '../target/transport.js';

const target = useTarget();

/** The model's exact outcome: 403 with the permission message, 403 with the not-a-member message, or no 401/403. */
function expectOutcome(res: RawResponse, outcome: Outcome, operation: string): void {
  if (outcome === 'forbidden') expectError(res, 403, FORBIDDEN);
  else if (outcome === 'not-member') expectError(res, 403, NOT_MEMBER);
  else {
    expectEnvelope(res, operation);
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

/** The case, as a failure names it (a counterexample: the property goes on to the other cases). */
const caseText = (c: AccessCase, seed: number): string =>
  `${c.operation} with a ${c.token.role ?? 'no-role'} token${c.token.permissions.length ? ` holding ${c.token.permissions.map((p) => `${p.module} ${p.action}`).join(', ')}` : ''}, made by a ${c.creatorRole}, scope ${c.scope}, creator ${c.creatorIsProjectMember ? '' : 'not '}a member of the project (seed ${seed})`;

/**
 * The documented clauses a case's check rests on, so a broken rule turns red only its own clauses (issue 39: the row
 * of the access table and the one rule that decides the case, access-model.ts decidedBy; the scope rule for a
 * project outside the scope; the membership rule for a creator who is not a member).
 */
function rulesOf(c: AccessCase, decided: 'permission' | 'scope' | 'membership' | 'allowed'): string[] {
  if (decided === 'scope') return ['AUTH-SCOPE-403'];
  if (decided === 'membership') return ['AUTH-CREATOR-MEMBER-OF-PROJECT'];
  return decidedBy(c.operation, c.token, c.creatorRole);
}

/** A documented check of the case, bound to the rules it rests on, its failure naming the case. */
function bound(ids: string[], c: AccessCase, seed: number, check: () => void): void {
  documented(ids, () => {
    try {
      check();
    } catch (err) {
      // A check inside that stopped the case after its own bound failure (the answer unreadable) is that check's.
      if (isStop(err)) throw err;
      throw new Error(`${caseText(c, seed)}: ${(err as Error).message}`);
    }
  });
}

/** The access check of one case in two strengths (see the file's comment). */
function checkCase(c: AccessCase, res: RawResponse, seed: number): Outcome {
  const expected = expectedOutcome(c);
  const grounds = assumedGrounds(c.operation, c.token, c.creatorRole);
  // The model's verdict on the operation itself, where the spec's rules alone give it.
  const permitted =
    grounds.length > 0
      ? undefined
      : expectedOutcome({ ...c, scope: 'all', creatorIsProjectMember: true }) === 'allowed';
  const { forbidden, notMember } = documentedRefusals(c, permitted);
  const byPermission = permitted === false;
  if (notMember && (forbidden || permitted === undefined)) {
    // Refused whichever rule answers (a missing permission only assumed clauses decide may refuse it as well).
    bound(rulesOf(c, 'membership'), c, seed, () => expectRefused(res));
    // Where the model sees two refusals, which one answers first is the fake's order of checks.
    const modelRefusesPermission =
      expectedOutcome({ ...c, scope: 'all', creatorIsProjectMember: true }) !== 'allowed';
    if (forbidden || modelRefusesPermission)
      assumed('AUTH-CHECK-ORDER', () => expectOutcome(res, expected, c.operation));
  } else if (forbidden)
    bound(rulesOf(c, byPermission ? 'permission' : 'scope'), c, seed, () => expectError(res, 403, FORBIDDEN));
  else if (notMember) {
    // The operation is permitted, so only the membership rule may refuse; a 403 worded as another access rule's
    // refusal (the permission's) is that rule's wrong decision, bound to the rules that permit the case.
    const message = (res.json as { message?: unknown } | undefined)?.message;
    const decided = anotherRefusalsMessage(message, NOT_MEMBER, res.status) ? 'allowed' : 'membership';
    bound(rulesOf(c, decided), c, seed, () => expectError(res, 403, NOT_MEMBER));
  } else if (permitted === true)
    bound(rulesOf(c, 'allowed'), c, seed, () => expectOutcome(res, 'allowed', c.operation));
  // Checked under each clause it rests on; elsewhere than the fake, the first that fails carries the warning (the
  // others would only repeat the same evidence).
  for (const clause of grounds) if (!assumed(clause, () => expectOutcome(res, expected, c.operation))) break;
  return expected;
}

interface World {
  organization_id: number;
  /** Every creator is a member (the owner, and each token's new creator). */
  memberProject: string;
  /** No creator is a member. */
  foreignProject: string;
  /** A third project, named by `selected` tokens whose scope leaves out the called project. */
  otherProject: string;
  bodies: BodyContext;
}

/**
 * A fresh organization (provider state `organization`) with three projects (state `project`): two whose members
 * are its owners, one without members. Each token's creator joins the first and the third.
 */
async function buildWorld(ctx: TestContext): Promise<World> {
  const t = target();
  await needState(ctx, t, 'token');
  const org = await enterState(ctx, t, 'organization', { plan: 'advanced' });
  const { organization_id } = org;
  const memberProject = (await enterState(ctx, t, 'project', { organization_id })).project_uid;
  const foreignProject = (await enterState(ctx, t, 'project', { organization_id, members: [] })).project_uid;
  const otherProject = (await enterState(ctx, t, 'project', { organization_id })).project_uid;
  const bodies = await prepareBodies(t, memberProject, { bearer: org.owner_token }, { playground: true });
  return { organization_id, memberProject, foreignProject, otherProject, bodies };
}

describe('permission table', () => {
  it('every generated (token, creator, membership, scope, operation) gets 403 exactly where the spec model says [AUTH-ROLE-OR-PERMISSION, AUTH-MISSING-PERMISSION-403, AUTH-BOTH-SET-ROLE-GOVERNS-ORG, AUTH-BOTH-SET-PERMISSIONS-GOVERN-PROJECT, AUTH-BOTH-SET-NO-FINE-GRAINED-ENTRY, AUTH-PERMISSIONS-ONLY, AUTH-FINE-GRAINED-WRITE-IMPLIES-READ, AUTH-EFFECTIVE-ACCESS-CAP, AUTH-BILLING-ROLE, AUTH-SCOPE-403, AUTH-CREATOR-MEMBER-OF-PROJECT, AUTH-NOT-MEMBER-STATUS, AUTH-CHECK-ORDER, TOKEN-SCOPE-SELECTED]', async (ctx) => {
    need(ctx, target(), { writes: true });
    const world = await buildWorld(ctx);
    const tokens = new Map<string, Promise<string>>();
    const seen: Record<Outcome, number> = { allowed: 0, forbidden: 0, 'not-member': 0 };

    /** The case's token (provider state `token`), made once per configuration. */
    const tokenFor = (c: AccessCase, project_uid: string): Promise<string> => {
      const scopeProjects =
        c.scope === 'all' ? [] : [c.scope === 'selected-in' ? project_uid : world.otherProject];
      const key = JSON.stringify([c.token.role, c.token.permissions, c.creatorRole, c.scope, scopeProjects]);
      let value = tokens.get(key);
      if (!value) {
        value = enterState(ctx, target(), 'token', {
          organization_id: world.organization_id,
          role: c.token.role ?? 'none',
          permissions: c.token.permissions,
          creator_role: c.creatorRole,
          creator_project_uids: [world.memberProject, world.otherProject],
          scope: c.scope === 'all' ? 'all' : 'selected',
          project_uids: scopeProjects,
        }).then((t) => t.value);
        tokens.set(key, value);
      }
      return value;
    };

    // Each broken rule is a failure of its own clauses, naming the case and this seed; the property goes on checking
    // every case rather than stopping (and shrinking) at the first.
    const seed = fc.readConfigureGlobal().seed ?? Math.floor(Math.random() * 2 ** 31);
    await fc.assert(
      fc.asyncProperty(accessCaseArb, async (c) => {
        const project_uid = c.creatorIsProjectMember ? world.memberProject : world.foreignProject;
        const bearer = await tokenFor(c, project_uid);
        const res = await target().call(c.operation, {
          auth: { bearer },
          body: bodyFor(c.operation, { ...world.bodies, project_uid }),
        });
        seen[checkCase(c, res, seed)] += 1;
      }),
      { numRuns: 300, seed },
    );
    // The property is not vacuous: every outcome occurred.
    expect(seen.allowed).toBeGreaterThan(0);
    expect(seen.forbidden).toBeGreaterThan(0);
    expect(seen['not-member']).toBeGreaterThan(0);
  });
});
