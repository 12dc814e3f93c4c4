/**
 * How an API token is configured (Resources/API token, Authentication): created in the dashboard, never through the
 * public API; a name that is only a label; an access role, fine-grained permissions, or both.
 *
 * No public operation creates a token, so what the public API can show of a configuration is how a token made with
 * it behaves: the tokens are entered as provider states (`token`, as the dashboard makes them) and run on any target
 * that offers them. That the dashboard refuses a token with neither role nor permissions is not visible through the
 * public API at all: it is checked on the fake's own creation route (control API) only.
 */
import { describe, expect, it, type TestContext } from 'vitest';
import { platformOperations } from '../../contract/index.js';
import type { SpecOperationId, TokenGrant } from '../support/access-model.js';
import { assumed } from '../support/strength.js';
import { controlTokens, expectAccessAsSpecified, outcome, tokenProbes } from '../support/token-probes.js';
import { enterState, need, useTarget } from '../support/use-target.js';
import { bodyFor, listTokens, unique, WRITE_OPERATIONS } from '../support/world.js';

const target = useTarget();
const { call, expectWorks, onEveryOperation } = tokenProbes(target);
const { control, newToken } = controlTokens(target);

/** A token value anywhere in a body (TOKEN-PREFIX: every value starts with api-v1-). */
const TOKEN_VALUE = /api-v1-[A-Za-z0-9]{8,}/i;

/** A token's grant each way the spec allows: fine-grained permissions only, an access role only, both. */
const GRANTS: TokenGrant[] = [
  { role: null, permissions: [{ module: 'Debugging', action: 'Read' }] },
  { role: 'viewer', permissions: [] },
  { role: 'viewer', permissions: [{ module: 'Debugging', action: 'Read' }] },
];
/** Operations that read only, at both levels, with the spec's access given by role or by Debugging Read. */
const OPS: SpecOperationId[] = [
  'getMyProjects',
  'getOrganizationDetail',
  'getProjectUsageLimit',
  'searchIndexDocument',
];

/**
 * A `token` state with `grant` (and `name`, if given) and its answers to OPS on the configured project, each the
 * access the spec's table gives it (getMyProjects: it authenticates).
 */
async function answersOf(ctx: TestContext, grant: TokenGrant, name?: string): Promise<(number | 'ok')[]> {
  const project_uid = target().config.project_uid!;
  const token = await enterState(ctx, target(), 'token', {
    ...(name === undefined ? {} : { name }),
    role: grant.role ?? 'none',
    permissions: grant.permissions,
  });
  const answers: (number | 'ok')[] = [];
  for (const op of OPS) {
    const res = await call(op, token.value, bodyFor(op, { project_uid }));
    expect(res.status, `${name ?? ''} ${op}`).toBeLessThan(500);
    expectAccessAsSpecified(op, grant, 'owner', res);
    answers.push(outcome(res));
  }
  return answers;
}

describe('tokens are made in the dashboard', () => {
  it('no public operation shows, lists or changes a token: every operation called with a fresh token leaves it working, and no answer carries its value or its name [TOKEN-CREATED-IN-DASHBOARD, TOKEN-DISPLAYED-ONCE, TOKEN-NAME-NOT-SHOWN]', async (ctx) => {
    // The spec's operation table names no token operation (Endpoints).
    expect(platformOperations.map((o) => o.id).filter((id) => /token/i.test(id))).toEqual([]);
    const name = unique('dashboard-token');
    const token = await enterState(ctx, target(), 'token', { name });
    // A fresh project of the organization (its owners are members), so the writes touch nothing else; the
    // operations that write only where the target allows writes.
    const { project_uid } = await enterState(ctx, target(), 'project');
    const allowed = (op: string) => target().config.allow.writes || !WRITE_OPERATIONS.has(op);
    for (const [op, res] of await onEveryOperation(token.value, project_uid, allowed)) {
      expect(res.status, op).toBeLessThan(500);
      expect(res.text.includes(token.value), `${op} shows the token's value`).toBe(false);
      expect(res.text, op).not.toMatch(TOKEN_VALUE);
      // A name is no secret: that no answer echoes it is the fake's choice.
      assumed('TOKEN-NAME-NOT-SHOWN', () =>
        expect(res.text.includes(name), `${op} lists the token by its name`).toBe(false),
      );
    }
    await expectWorks(token.value);
  });

  it("no public operation changes the dashboard's tokens [TOKEN-CREATED-IN-DASHBOARD]", async (ctx) => {
    need(ctx, target(), { control: 'the token dashboard', writes: true, projectUid: true });
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
    for (const [op, res] of await onEveryOperation(
      target().config.tokens.owner!,
      target().config.project_uid!,
    )) {
      expect(res.status, op).toBeLessThan(500);
      expect(res.text, op).not.toMatch(TOKEN_VALUE);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('access role, fine-grained permissions, or both', () => {
  it('a token with an access role, with fine-grained permissions only, or with both is a working token that gets what it configures [TOKEN-ROLE-OR-PERMISSIONS-REQUIRED]', async (ctx) => {
    need(ctx, target(), { projectUid: true });
    for (const grant of GRANTS) await answersOf(ctx, grant);
  });

  it('the dashboard refuses a token with neither access role nor fine-grained permissions [TOKEN-ROLE-OR-PERMISSIONS-REQUIRED]', async (ctx) => {
    need(ctx, target(), { control: 'the token dashboard' });
    await expect(newToken({ role: null, permissions: [] })).rejects.toThrow(/400/);
    await expect(newToken({ role: null })).rejects.toThrow(/400/);
  });
});

describe('the name', () => {
  it('is a free label that does not affect access: tokens of one configuration named alike, or like more access, get the same answers, those of their configuration [TOKEN-NAME]', async (ctx) => {
    need(ctx, target(), { projectUid: true });
    const names = ['Owner token', 'ünïcødé ✓ full admin', 'Owner token', 'x'.repeat(200)];
    for (const grant of GRANTS.slice(0, 2)) {
      const seen: (number | 'ok')[][] = [];
      for (const name of names) seen.push(await answersOf(ctx, grant, name));
      for (const answers of seen) expect(answers).toEqual(seen[0]);
    }
  });
});
