/**
 * Deactivate and reactivate an API token (States/API token). The deactivated and the reactivated token are entered
 * as provider states, so these checks run on any target that offers them; only what needs the dashboard's view of
 * the token (the same value, the same configuration) or a long pause on the fake's clock uses the control API.
 */

import { describe, expect, it } from 'vitest';
import type { ParamsInput } from '../../contract/provider-states/index.js';
import { arrange } from '../support/arrangement.js';
import { controlTokens, outcome, tokenProbes } from '../support/token-probes.js';
import { enterState, need, useTarget } from '../support/use-target.js';
import { tokenAction, uniqueEmail } from '../support/world.js';

const target = useTarget();
const { call, expectWorks, expectInvalid, expectInvalidOnEveryOperation } = tokenProbes(target);
const { control, newToken } = controlTokens(target);

/**
 * What a viewer token scoped to the configured project gets: its project, the other project (out of scope: 403),
 * an invitation (Owner only: 403) and the organization's detail.
 */
async function viewerOutcomes(value: string) {
  const { project_uid, other_project_uid } = target().config;
  return [
    outcome(await call('getProjectUsageLimit', value, { project_uid })),
    outcome(await call('getProjectUsageLimit', value, { project_uid: other_project_uid })),
    outcome(await call('inviteOrganizationMember', value, { email: uniqueEmail(), role: 'viewer' })),
    outcome(await call('getOrganizationDetail', value, {})),
  ];
}
const VIEWER_OUTCOMES = ['ok', 403, 403, 'ok'];

describe('deactivate', () => {
  it('a deactivated token gets 401 Invalid or revoked API token on every Platform operation [TOKEN-DEACTIVATE, TOKEN-DEACTIVATED-401, ERR-401-MESSAGE, ERR-ENVELOPE]', async (ctx) => {
    need(ctx, target(), { projectUid: true });
    const token = await enterState(ctx, target(), 'token deactivated');
    await expectInvalidOnEveryOperation(token.value, target().config.project_uid!, 'TOKEN-DEACTIVATED-401');
  });
});

describe('reactivate', () => {
  it('a reactivated token works again with the access its configuration gives, as a twin never deactivated does [TOKEN-REACTIVATE]', async (ctx) => {
    // The invitation is refused to a viewer; a server that accepted it would send one, hence `writes`.
    need(ctx, target(), { writes: true, projectUid: true, otherProjectUid: true });
    const config: ParamsInput<'token'> = {
      role: 'viewer',
      scope: 'selected',
      project_uids: [target().config.project_uid!],
    };
    const twin = await enterState(ctx, target(), 'token', config);
    const reactivated = await enterState(ctx, target(), 'token reactivated', config);
    // The twin, never deactivated, is the reference (an arrangement: its access is the access table's to check).
    const reference = await arrange('a twin never deactivated, as the access table says', async () => {
      const seen = await viewerOutcomes(twin.value);
      expect(seen).toEqual(VIEWER_OUTCOMES);
      return seen;
    });
    expect(await viewerOutcomes(reactivated.value)).toEqual(reference);
  });

  it("reactivate: the dashboard's token keeps its value and its configuration [TOKEN-REACTIVATE]", async (ctx) => {
    need(ctx, target(), { control: 'the token dashboard', projectUid: true, otherProjectUid: true });
    const token = await newToken({
      role: 'viewer',
      scope_type: 'selected',
      project_uids: [target().config.project_uid!],
    });
    expect(await viewerOutcomes(token.value)).toEqual(VIEWER_OUTCOMES);
    await tokenAction(control(), token.id, 'deactivate');
    await expectInvalid(token.value);
    const reactivated = await tokenAction(control(), token.id, 'reactivate');
    expect(reactivated.value).toBe(token.value);
    expect(reactivated.state).toBe('active');
    expect(await viewerOutcomes(token.value)).toEqual(VIEWER_OUTCOMES);
    const { status: _s, state: _st, ...config } = reactivated;
    const { status: _s0, state: _st0, ...original } = token;
    expect(config).toEqual(original);
  });

  it('reactivate works at any time, even long after deactivation [TOKEN-REACTIVATE, TOKEN-NO-EXPIRY]', async (ctx) => {
    need(ctx, target(), { control: 'the token dashboard' });
    const token = await newToken({ expiration: 'none' });
    await tokenAction(control(), token.id, 'deactivate');
    await control().advance({ days: 400 });
    await expectInvalid(token.value);
    await tokenAction(control(), token.id, 'reactivate');
    await expectWorks(token.value);
  });
});
