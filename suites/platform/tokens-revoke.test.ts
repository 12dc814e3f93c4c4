/**
 * Revoke an API token (States/API token), and the guards on the transitions the state table lacks. The revoked token
 * is entered as a provider state; which dashboard actions a token still takes (reactivate, regenerate, revoke after
 * revoke or expiry) is only seen through the fake's control API, and checked there.
 */
import { describe, expect, it } from 'vitest';
import { assumed } from '../support/strength.js';
import { controlTokens, tokenProbes } from '../support/token-probes.js';
import { enterState, need, useTarget } from '../support/use-target.js';
import { tokenAction, tokenByValue } from '../support/world.js';

const target = useTarget();
const { expectWorks, expectInvalid, expectInvalidOnEveryOperation } = tokenProbes(target);
const { control, newToken } = controlTokens(target);

describe('revoke', () => {
  it('a revoked token gets 401 Invalid or revoked API token on every Platform operation [TOKEN-REVOKE, ERR-401-MESSAGE]', async (ctx) => {
    need(ctx, target(), { projectUid: true });
    const token = await enterState(ctx, target(), 'token revoked');
    await expectInvalidOnEveryOperation(token.value, target().config.project_uid!, 'TOKEN-REVOKE');
  });

  it('revoke is permanent: 401 on use, reactivate and regenerate refused [TOKEN-REVOKE, TOKEN-REVOKED-PERMANENT]', async (ctx) => {
    need(ctx, target(), { control: 'the token dashboard' });
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
});

describe('transitions the state table lacks', () => {
  it('a deactivated token can be revoked, and then cannot be reactivated [TOKEN-TRANSITION-GUARDS, TOKEN-REVOKED-PERMANENT]', async (ctx) => {
    need(ctx, target(), { control: 'the token dashboard' });
    const token = await newToken();
    await tokenAction(control(), token.id, 'deactivate');
    await tokenAction(control(), token.id, 'revoke');
    await expect(tokenAction(control(), token.id, 'reactivate')).rejects.toThrow();
    await expectInvalid(token.value);
  });

  it('are refused and change nothing [TOKEN-TRANSITION-GUARDS]', async (ctx) => {
    need(ctx, target(), { control: 'the token dashboard' });
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
