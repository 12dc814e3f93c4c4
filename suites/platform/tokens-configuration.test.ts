/**
 * How an API token is configured (Resources/API token, Authentication): created in the dashboard, never through the
 * public API; a name that is only a label; an access role, fine-grained permissions, or both.
 *
 * No public operation creates a token, so what the public API can show of a configuration is how a token made with
 * it behaves: the tokens are entered as provider states (`token`, as the dashboard makes them) and run on any target
 * that offers them. That the dashboard refuses a token with neither role nor permissions is not visible through the
 * public API at all: it is checked on the fake's own creation route (control API) only.
 */
import { describe, expect, it } from 'vitest';
import { platformOperations } from '../../contract/index.js';
import type { SpecOperationId, TokenGrant } from '../support/access-model.js';
import { controlTokens, expectAccessAsSpecified, outcome, tokenProbes } from '../support/token-probes.js';
import { enterState, need, useTarget } from '../support/use-target.js';
import { bodyFor, listTokens, unique, uniqueEmail } from '../support/world.js';

const target = useTarget();
const { call, expectWorks, onEveryOperation } = tokenProbes(target);
const { control, newToken } = controlTokens(target);

/** A token value anywhere in a body (TOKEN-PREFIX: every value starts with api-v1-). */
const TOKEN_VALUE = /api-v1-[A-Za-z0-9]{8,}/i;

describe('tokens are made in the dashboard', () => {
  it('no public operation shows, lists or changes a token: every operation called with a fresh token leaves it working, and no answer carries its value or its name [TOKEN-CREATED-IN-DASHBOARD, TOKEN-DISPLAYED-ONCE]', async (ctx) => {
    need(ctx, target(), { writes: true });
    // The spec's operation table names no token operation (Endpoints).
    expect(platformOperations.map((o) => o.id).filter((id) => /token/i.test(id))).toEqual([]);
    const name = unique('dashboard-token');
    const token = await enterState(ctx, target(), 'token', { name });
    // A fresh project of the organization (its owners are members), so the writes touch nothing else.
    const { project_uid } = await enterState(ctx, target(), 'project');
    for (const [op, res] of await onEveryOperation(token.value, project_uid)) {
      expect(res.status, op).toBeLessThan(500);
      expect(res.text.includes(token.value), `${op} shows the token's value`).toBe(false);
      expect(res.text.includes(name), `${op} lists the token by its name`).toBe(false);
      expect(res.text, op).not.toMatch(TOKEN_VALUE);
    }
    await expectWorks(token.value);
  });

  it("no public operation changes the dashboard's tokens [TOKEN-CREATED-IN-DASHBOARD]", async (ctx) => {
    need(ctx, target(), { control: true, writes: true, projectUid: true });
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
  const GRANTS: { label: string; grant: TokenGrant }[] = [
    {
      label: 'permissions only',
      grant: { role: null, permissions: [{ module: 'Debugging', action: 'Read' }] },
    },
    { label: 'role only', grant: { role: 'viewer', permissions: [] } },
    {
      label: 'both',
      grant: { role: 'viewer', permissions: [{ module: 'Debugging', action: 'Read' }] },
    },
  ];
  const OPS: SpecOperationId[] = [
    'getMyProjects',
    'getOrganizationDetail',
    'getProjectUsageLimit',
    'searchIndexDocument',
  ];

  it('a token with an access role, with fine-grained permissions only, or with both is a working token that gets what it configures [TOKEN-ROLE-OR-PERMISSIONS-REQUIRED]', async (ctx) => {
    need(ctx, target(), { projectUid: true });
    const project_uid = target().config.project_uid!;
    for (const { label, grant } of GRANTS) {
      const token = await enterState(ctx, target(), 'token', {
        role: grant.role ?? 'none',
        permissions: grant.permissions,
      });
      await expectWorks(token.value);
      for (const op of OPS) {
        const res = await call(op, token.value, bodyFor(op, { project_uid }));
        expect(res.status, `${label}, ${op}`).toBeLessThan(500);
        expectAccessAsSpecified(op, grant, 'owner', res);
      }
    }
  });

  it('the dashboard refuses a token with neither access role nor fine-grained permissions [TOKEN-ROLE-OR-PERMISSIONS-REQUIRED]', async (ctx) => {
    need(ctx, target(), { control: true });
    await expect(newToken({ role: null, permissions: [] })).rejects.toThrow(/400/);
    await expect(newToken({ role: null })).rejects.toThrow(/400/);
  });
});

describe('the name', () => {
  it('is a free label that does not affect access: tokens named alike or like more access get what their role gives [TOKEN-NAME]', async (ctx) => {
    // The Owner-only operations are refused to a viewer; a server that accepted one would write, hence `writes`.
    need(ctx, target(), { writes: true, projectUid: true });
    const project_uid = target().config.project_uid!;
    const observe = async (value: string) => [
      outcome(await call('getOrganizationDetail', value, {})),
      outcome(await call('getProjectUsageLimit', value, { project_uid })),
      outcome(
        await call('setProjectUsageLimit', value, {
          project_uid,
          limits: [{ limit_type: 'document', limit: 1 }],
        }),
      ),
      outcome(await call('inviteOrganizationMember', value, { email: uniqueEmail(), role: 'viewer' })),
    ];
    for (const name of ['Owner token', 'ünïcødé ✓ full admin', 'Viewer token', 'x'.repeat(200)]) {
      const token = await enterState(ctx, target(), 'token', { role: 'viewer', name });
      expect(await observe(token.value), name).toEqual(['ok', 'ok', 403, 403]);
    }
  });
});
