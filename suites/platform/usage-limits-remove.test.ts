/**
 * removeProjectUsageLimit: the project then uses the full organization allocation; removal of one resource, of
 * voice_credits, of a limit that is not set; the body. And what a plan change does to a set limit: a fresh
 * organization from the provider state `organization`, put on a lower plan by `plan`.
 */
import { describe, expect, it } from 'vitest';
import { removableLimitTypes, settableLimitTypes } from '../../contract/index.js';
import { expectEnvelope, expectError, expectRefused, expectSuccess } from '../support/envelope.js';
import { INVALID_PARAMS } from '../support/messages.js';
import { listedProject } from '../support/pages.js';
import {
  abovePlan,
  expectBoundRefused,
  freshLimitsProject,
  limitCalls,
  useSharedProject,
} from '../support/project-limits.js';
import { assumed, continueIfAssumedHeld } from '../support/strength.js';
import { enterState, need, useTarget } from '../support/use-target.js';
import type { Auth } from '../target/target.js';

const target = useTarget();

const { getLimits, setLimits, removeLimit, clearLimits, allocations } = limitCalls(target);
const sharedProject = useSharedProject(target);

describe('removeProjectUsageLimit', () => {
  it('removal restores the full organization allocation [USAGE-LIMIT-REMOVE-FULL-ALLOCATION, USAGE-LIMIT-REMOVE-MESSAGE-ONLY, CONV-MESSAGE-ONLY]', async (ctx) => {
    const uid = sharedProject(ctx);
    const allocation = await allocations(uid);
    const usage = await getLimits(uid);
    expectSuccess(
      await setLimits(
        uid,
        settableLimitTypes.map((t) => ({ limit_type: t, limit: usage[t].usage })),
      ),
      'setProjectUsageLimit',
    );
    for (const type of settableLimitTypes) {
      expect((await getLimits(uid))[type].limit).toBe(usage[type].usage);
      expectSuccess(await removeLimit(uid, type), 'removeProjectUsageLimit');
      expect((await getLimits(uid))[type].limit).toBe(allocation[type]);
    }
  });

  it('removes only the named resource [USAGE-LIMIT-REMOVE-FULL-ALLOCATION]', async (ctx) => {
    const uid = sharedProject(ctx);
    const allocation = await allocations(uid);
    const usage = await getLimits(uid);
    expectSuccess(
      await setLimits(uid, [
        { limit_type: 'document', limit: usage.document.usage },
        { limit_type: 'webpages', limit: usage.webpages.usage },
      ]),
      'setProjectUsageLimit',
    );
    expectSuccess(await removeLimit(uid, 'document'), 'removeProjectUsageLimit');
    const after = await getLimits(uid);
    expect(after.document.limit).toBe(allocation.document);
    expect(after.webpages.limit).toBe(usage.webpages.usage);
  });

  it('voice_credits can be removed [USAGE-LIMIT-REMOVE-BODY, USAGE-LIMIT-TYPES, USAGE-LIMIT-SET-VOICE-CREDITS]', async (ctx) => {
    const uid = sharedProject(ctx);
    expectSuccess(await removeLimit(uid, 'voice_credits'), 'removeProjectUsageLimit');
    // …but not set (the fake's choice; afterEach removes it again should a target take it).
    const set = await setLimits(uid, [{ limit_type: 'voice_credits', limit: 0 }]);
    assumed('USAGE-LIMIT-SET-VOICE-CREDITS', () => expectError(set, 400, INVALID_PARAMS));
  });

  it('removing a limit that is not set succeeds and changes nothing [USAGE-LIMIT-REMOVE-IDEMPOTENT]', async (ctx) => {
    const uid = sharedProject(ctx);
    await clearLimits(uid);
    const before = await getLimits(uid);
    for (const type of removableLimitTypes) {
      expectSuccess(await removeLimit(uid, type), 'removeProjectUsageLimit');
      expectSuccess(await removeLimit(uid, type), 'removeProjectUsageLimit');
    }
    expect(await getLimits(uid)).toEqual(before);
  });

  it('removing a limit that is not set leaves the project untouched, updatedAt included [USAGE-LIMIT-REMOVE-IDEMPOTENT]', async (ctx) => {
    // The clock moves, so that a touched updatedAt would show.
    need(ctx, target(), { control: 'the clock' });
    const uid = await freshLimitsProject(ctx, target());
    const before = await listedProject(target(), uid);
    await target().control!.advance({ minutes: 5 });
    for (const type of removableLimitTypes) {
      expectSuccess(await removeLimit(uid, type), 'removeProjectUsageLimit');
    }
    expect(await listedProject(target(), uid)).toEqual(before);
    expect((await target().control!.project(uid)).limits).toEqual({});
  });
  it('a missing or unknown limit_type gets 400 Invalid params [USAGE-LIMIT-REMOVE-BODY, USAGE-LIMIT-UNKNOWN-TYPE]', async (ctx) => {
    const uid = sharedProject(ctx);
    expectError(await removeLimit(uid, undefined), 400, INVALID_PARAMS);
    // Outside the documented enum: refused with `Invalid params` (documented); the status is the fake's choice.
    for (const limit_type of ['voice', 'all', 'pages']) {
      const res = await removeLimit(uid, limit_type);
      expectRefused(res, /^Invalid params/);
      assumed('USAGE-LIMIT-UNKNOWN-TYPE', () => expectError(res, 400, INVALID_PARAMS));
    }
  });

  it('a limit_type in another case, padded, empty or not a string gets 400 Invalid params [USAGE-LIMIT-REMOVE-BODY, USAGE-LIMIT-REPRESENTATIONS]', async (ctx) => {
    const uid = sharedProject(ctx);
    // How a server reads other representations of the four types is not shown: it may fold case or trim.
    for (const limit_type of ['Document', ' credits', '', 1, null, ['document']]) {
      const res = await removeLimit(uid, limit_type);
      expectEnvelope(res);
      assumed('USAGE-LIMIT-REPRESENTATIONS', () => expectError(res, 400, INVALID_PARAMS));
    }
  });
});

describe('usage limits after a plan change', () => {
  it('a set limit above a lowered allocation is reported as the allocation [USAGE-LIMIT-PLAN-DOWNGRADE, USAGE-LIMIT-NOT-ABOVE-PLAN]', async (ctx) => {
    need(ctx, target(), { writes: true });
    // A fresh organization on Enterprise, its own owner token; then put on Advanced (provider state `plan`).
    const org = await enterState(ctx, target(), 'organization', { plan: 'enterprise' });
    const auth: Auth = { bearer: org.owner_token };
    const uid = org.project_uid;
    const high = (await getLimits(uid, auth)).document.limit;
    expectSuccess(
      await setLimits(uid, [{ limit_type: 'document', limit: high }], auth),
      'setProjectUsageLimit',
    );
    await enterState(ctx, target(), 'plan', { organization_id: org.organization_id, plan: 'advanced' });
    const fresh = await enterState(ctx, target(), 'project', { organization_id: org.organization_id });
    const other = await getLimits(fresh.project_uid, auth);
    const inForce = (await getLimits(uid, auth)).document.limit;
    // The allocations of the plans and what is reported once the plan is lowered are the fake's choices.
    const lowered = assumed('USAGE-LIMIT-PLAN-DOWNGRADE', () => {
      expect(other.document.limit).toBeLessThan(high);
      expect(inForce).toBe(other.document.limit);
    });
    continueIfAssumedHeld(
      lowered,
      'USAGE-LIMIT-PLAN-DOWNGRADE',
      'refusing the old limit above the lowered allocation',
    );
    // Setting the old value, now above the allocation, is refused.
    expectBoundRefused(
      await setLimits(uid, [{ limit_type: 'document', limit: high }], auth),
      abovePlan('document'),
    );
  });
});
