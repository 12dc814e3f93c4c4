/**
 * setProjectUsageLimit: values within the allocation are reflected, the two documented bounds (not above the plan
 * allocation, not below current usage) and their inclusive edges, the body's rules and atomicity. Usage comes from
 * the provider state `usage near limit` (documents in a fresh project) or from the playground's spending, so these
 * tests need no control API.
 */
import { describe, expect, it } from 'vitest';
import { type SettableLimitType, settableLimitTypes } from '../../contract/index.js';
import { stopIfCreditsSpent } from '../support/credit-balance.js';
import { expectEnvelope, expectError, expectSuccess } from '../support/envelope.js';
import { INVALID_PARAMS } from '../support/messages.js';
import {
  abovePlan,
  belowUsage,
  expectBoundRefused,
  freshLimitsProject,
  limitCalls,
  useSharedProject,
} from '../support/project-limits.js';
import { arranged, assumed, continueIfAssumedHeld } from '../support/strength.js';
import { enterState, need, useTarget } from '../support/use-target.js';

const target = useTarget();

const { getLimits, setLimits, allocations } = limitCalls(target);
const sharedProject = useSharedProject(target);

describe('setProjectUsageLimit', () => {
  it('values within the allocation are reflected by getProjectUsageLimit [USAGE-LIMIT-SET-REFLECTED, USAGE-LIMIT-SET-MESSAGE-ONLY, CONV-MESSAGE-ONLY]', async (ctx) => {
    const uid = sharedProject(ctx);
    const allocation = await allocations(uid);
    const before = await getLimits(uid);
    const wanted = Object.fromEntries(
      settableLimitTypes.map((t) => [t, before[t].usage + Math.floor((allocation[t] - before[t].usage) / 2)]),
    ) as Record<SettableLimitType, number>;
    const res = await setLimits(
      uid,
      settableLimitTypes.map((t) => ({ limit_type: t, limit: wanted[t] })),
    );
    expectSuccess(res, 'setProjectUsageLimit');
    const after = await getLimits(uid);
    for (const t of settableLimitTypes) {
      expect(after[t].limit).toBe(wanted[t]);
      expect(after[t].usage).toBe(before[t].usage);
    }
  });

  it('a later set replaces an earlier one and leaves the other resources alone [USAGE-LIMIT-SET-REFLECTED]', async (ctx) => {
    const uid = sharedProject(ctx);
    const allocation = await allocations(uid);
    const usage = (await getLimits(uid)).credits.usage;
    expectSuccess(
      await setLimits(uid, [{ limit_type: 'credits', limit: allocation.credits - 1 }]),
      'setProjectUsageLimit',
    );
    expectSuccess(await setLimits(uid, [{ limit_type: 'credits', limit: usage }]), 'setProjectUsageLimit');
    const after = await getLimits(uid);
    expect(after.credits.limit).toBe(usage);
    expect(after.document.limit).toBe(allocation.document);
    expect(after.webpages.limit).toBe(allocation.webpages);
  });

  it('a limit above the plan allocation gets 400 [USAGE-LIMIT-NOT-ABOVE-PLAN, USAGE-LIMIT-ABOVE-PLAN-STATUS]', async (ctx) => {
    const uid = sharedProject(ctx);
    const allocation = await allocations(uid);
    for (const type of settableLimitTypes) {
      for (const limit of [allocation[type] + 1, allocation[type] * 10 + 7]) {
        expectBoundRefused(await setLimits(uid, [{ limit_type: type, limit }]), abovePlan(type));
      }
    }
    expect(await getLimits(uid)).toMatchObject({
      document: { limit: allocation.document },
      webpages: { limit: allocation.webpages },
      credits: { limit: allocation.credits },
    });
  });

  it('a limit below current usage is refused and not applied; exactly the usage is accepted [USAGE-LIMIT-NOT-BELOW-USAGE, USAGE-LIMIT-BELOW-USAGE-STATUS, USAGE-LIMIT-BOUNDS-INCLUSIVE, USAGE-LIMIT-USAGE-COUNTS]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], writes: true });
    // Documents in a fresh project, the document and webpages limits one above their usage.
    const world = await enterState(ctx, target(), 'usage near limit', {
      document: { usage: 3 },
      webpages: { usage: 2 },
    });
    const uid = world.project_uid;
    // The usage the server reports is the bound; that the state's documents count one each is the fake's reading.
    const before = await getLimits(uid);
    assumed('USAGE-LIMIT-USAGE-COUNTS', () => {
      expect(before.document.usage).toBe(world.document.usage);
      expect(before.webpages.usage).toBe(world.webpages.usage);
    });
    arranged(
      ctx,
      settableLimitTypes.some((type) => before[type].usage > 0),
      'the project reports no usage, so no limit is below it',
    );
    for (const type of settableLimitTypes) {
      const used = before[type].usage;
      for (const limit of new Set([used - 1, 0]))
        if (limit >= 0 && limit < used)
          expectBoundRefused(await setLimits(uid, [{ limit_type: type, limit }]), belowUsage(type));
    }
    expect(await getLimits(uid), 'no limit below usage applied').toEqual(before);
    for (const type of settableLimitTypes)
      expectSuccess(
        await setLimits(uid, [{ limit_type: type, limit: before[type].usage }]),
        'setProjectUsageLimit',
      );
    const data = await getLimits(uid);
    for (const type of settableLimitTypes) {
      expect(data[type], type).toMatchObject({ limit: before[type].usage, usage: before[type].usage });
      assumed('CONV-NO-EXTRA-FIELDS', () =>
        expect(Object.keys(data[type]).sort()).toEqual(['limit', 'usage']),
      );
    }
  });

  it('a credits limit below the credits already spent is refused; exactly the spent credits are accepted [USAGE-LIMIT-NOT-BELOW-USAGE, USAGE-LIMIT-BELOW-USAGE-STATUS, USAGE-LIMIT-BOUNDS-INCLUSIVE]', async (ctx) => {
    const uid = await freshLimitsProject(ctx, target());
    const { session_uid } = expectSuccess<{ session_uid: number }>(
      await target().call('createPlaygroundAgentSession', { body: { project_uid: uid } }),
      'createPlaygroundAgentSession',
    ).data;
    const answered = await target().call('playgroundAgentResponse', {
      body: { project_uid: uid, session_uid, query: 'Hello' },
    });
    // The spending that sets the bound: refused for want of credits the run spent, there is no bound (inconclusive).
    stopIfCreditsSpent(target(), answered, 'a playground call');
    expectSuccess(answered, 'playgroundAgentResponse');
    const before = await getLimits(uid);
    const spent = before.credits.usage;
    // That a playground answer counts as credits usage is the fake's choice; without any, there is no bound to test.
    const counted = assumed('USAGE-LIMIT-USAGE-COUNTS', () => expect(spent).toBeGreaterThan(0));
    continueIfAssumedHeld(counted, 'USAGE-LIMIT-USAGE-COUNTS', 'a credits limit below the spent credits');
    expectBoundRefused(
      await setLimits(uid, [{ limit_type: 'credits', limit: spent - 1 }]),
      belowUsage('credits'),
    );
    expect((await getLimits(uid)).credits.limit, 'the refused limit is not applied').toBe(
      before.credits.limit,
    );
    expectSuccess(await setLimits(uid, [{ limit_type: 'credits', limit: spent }]), 'setProjectUsageLimit');
    expect((await getLimits(uid)).credits.limit).toBe(spent);
  });

  it('an empty or missing limits, or an item without limit_type or limit, gets 400 Invalid params [USAGE-LIMIT-SET-BODY]', async (ctx) => {
    const uid = sharedProject(ctx);
    for (const limits of [[], undefined]) expectError(await setLimits(uid, limits), 400, INVALID_PARAMS);
    for (const item of [{}, { limit_type: 'document' }, { limit: 1 }]) {
      expectError(await setLimits(uid, [item]), 400, INVALID_PARAMS);
    }
  });

  it('limits that is not an array, or an item that is not an object, gets 400 Invalid params [USAGE-LIMIT-SET-BODY, USAGE-LIMIT-REPRESENTATIONS]', async (ctx) => {
    const uid = sharedProject(ctx);
    // How a server reads another JSON type for the array or its items is not shown: it may skip what it cannot read.
    const bodies = [null, {}, 'document', { limit_type: 'document', limit: 1 }, [null], ['document']];
    for (const limits of bodies) {
      const res = await setLimits(uid, limits);
      expectEnvelope(res);
      assumed('USAGE-LIMIT-REPRESENTATIONS', () => expectError(res, 400, INVALID_PARAMS));
    }
  });

  it('voice_credits cannot be set: 400 Invalid params, and nothing else in the request is applied [USAGE-LIMIT-SET-VOICE-CREDITS, USAGE-LIMIT-ATOMIC]', async (ctx) => {
    const uid = sharedProject(ctx);
    const before = await getLimits(uid);
    expectError(await setLimits(uid, [{ limit_type: 'voice_credits', limit: 0 }]), 400, INVALID_PARAMS);
    const mixed = [
      { limit_type: 'document', limit: before.document.usage },
      { limit_type: 'voice_credits', limit: 1 },
    ];
    expectError(await setLimits(uid, mixed), 400, INVALID_PARAMS);
    expect(await getLimits(uid)).toEqual(before);
  });

  it('an unknown limit_type gets 400 Invalid params [USAGE-LIMIT-UNKNOWN-TYPE]', async (ctx) => {
    const uid = sharedProject(ctx);
    for (const limit_type of ['Document', 'documents', 'webpage', 'pages', '', 'credit', 1, null]) {
      expectError(await setLimits(uid, [{ limit_type, limit: 1 }]), 400, INVALID_PARAMS);
    }
  });

  it('a negative, fractional or string limit gets 400 Invalid params [USAGE-LIMIT-VALUE-NONNEGATIVE, ERR-JSON-NO-COERCION]', async (ctx) => {
    const uid = sharedProject(ctx);
    for (const limit of [-1, -100, 1.5, 0.1, '10', '', null, true]) {
      expectError(await setLimits(uid, [{ limit_type: 'credits', limit }]), 400, INVALID_PARAMS);
    }
  });

  it('a limit_type repeated in one request gets 400 Invalid params and nothing is applied [USAGE-LIMIT-DUPLICATE-TYPES, USAGE-LIMIT-ATOMIC]', async (ctx) => {
    const uid = sharedProject(ctx);
    const before = await getLimits(uid);
    const usage = before.document.usage;
    const res = await setLimits(uid, [
      { limit_type: 'document', limit: usage },
      { limit_type: 'webpages', limit: before.webpages.usage },
      { limit_type: 'document', limit: usage + 1 },
    ]);
    expectError(res, 400, INVALID_PARAMS);
    expect(await getLimits(uid)).toEqual(before);
  });

  it('a multi-item set with one failing item changes nothing [USAGE-LIMIT-ATOMIC]', async (ctx) => {
    const uid = sharedProject(ctx);
    const allocation = await allocations(uid);
    const baseline = await getLimits(uid);
    expectSuccess(
      await setLimits(uid, [{ limit_type: 'credits', limit: allocation.credits - 1 }]),
      'setProjectUsageLimit',
    );
    const before = await getLimits(uid);
    // The failing item comes last, so a target that applies items one by one would have applied the first ones.
    const attempts = [
      [
        { limit_type: 'document', limit: baseline.document.usage },
        { limit_type: 'credits', limit: baseline.credits.usage },
        { limit_type: 'webpages', limit: allocation.webpages + 1 },
      ],
      [
        { limit_type: 'webpages', limit: baseline.webpages.usage },
        { limit_type: 'document', limit: allocation.document + 1 },
      ],
      [
        { limit_type: 'credits', limit: baseline.credits.usage },
        { limit_type: 'document', limit: -1 },
      ],
    ];
    for (const limits of attempts) expectError(await setLimits(uid, limits), 400);
    expect(await getLimits(uid)).toEqual(before);
    if (target().control)
      expect((await target().control!.project(uid)).limits).toEqual({ credits: allocation.credits - 1 });
  });

  it('a failing item below usage, after valid ones, changes nothing [USAGE-LIMIT-ATOMIC, USAGE-LIMIT-NOT-BELOW-USAGE]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], writes: true });
    const world = await enterState(ctx, target(), 'usage near limit', {
      document: { usage: 2 },
      webpages: { usage: 0 },
    });
    const uid = world.project_uid;
    const before = await getLimits(uid);
    // The bound is the usage the server reports (what it counts is its own reading).
    arranged(ctx, before.document.usage > 0, 'the project reports no document usage');
    const res = await setLimits(uid, [
      { limit_type: 'credits', limit: before.credits.usage },
      { limit_type: 'webpages', limit: before.webpages.usage },
      { limit_type: 'document', limit: before.document.usage - 1 },
    ]);
    expectBoundRefused(res, belowUsage('document'));
    const after = await getLimits(uid);
    expect(after.document.limit, 'the limit below usage is not applied').toBe(before.document.limit);
    assumed('USAGE-LIMIT-ATOMIC', () => expect(after).toEqual(before));
  });
});
