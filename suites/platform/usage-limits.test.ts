/**
 * getProjectUsageLimit, setProjectUsageLimit, removeProjectUsageLimit. The plan allocation is not a number of the
 * spec: the suites learn it from the target (the limit reported with no project limit set) and check that it is a
 * real bound (the allocation is accepted, one more is refused).
 */
import { afterEach, describe, expect, it, type TestContext } from 'vitest';
import {
  type Project,
  type ProjectUsageLimit,
  removableLimitTypes,
  type SettableLimitType,
  settableLimitTypes,
} from '../../contract/index.js';
import { expectError, expectRefused, expectSuccess } from '../support/envelope.js';
import { FORBIDDEN, INVALID_PARAMS } from '../support/messages.js';
import { listedProject } from '../support/pages.js';
import { assumed } from '../support/strength.js';
import { need, useTarget } from '../support/use-target.js';
import { freshProjectVia } from '../support/world.js';
import type { Auth } from '../target/target.js';

const target = useTarget();

const abovePlan = (type: string) => `Limit for ${type} exceeds the plan allocation`;
const belowUsage = (type: string) => `Limit for ${type} cannot be below current usage`;

async function getLimits(uid: string, auth?: Auth): Promise<ProjectUsageLimit> {
  const res = await target().call('getProjectUsageLimit', { body: { project_uid: uid }, auth });
  return expectSuccess<ProjectUsageLimit>(res, 'getProjectUsageLimit').data;
}

const setLimits = (uid: string, limits: unknown, auth?: Auth) =>
  target().call('setProjectUsageLimit', { body: { project_uid: uid, limits }, auth });

const removeLimit = (uid: string, limit_type: unknown, auth?: Auth) =>
  target().call('removeProjectUsageLimit', { body: { project_uid: uid, limit_type }, auth });

/** Remove every project limit, so that each resource falls back to the organization allocation. */
async function clearLimits(uid: string): Promise<void> {
  for (const type of removableLimitTypes)
    expectSuccess(await removeLimit(uid, type), 'removeProjectUsageLimit');
}

/** The allocation of each settable resource: the limit in force once no project limit is set. */
async function allocations(uid: string): Promise<Record<SettableLimitType, number>> {
  await clearLimits(uid);
  const got = await getLimits(uid);
  return { document: got.document.limit, webpages: got.webpages.limit, credits: got.credits.limit };
}

/** The project as getMyProjects (owner token) shows it. */
const listed = (uid: string): Promise<Project> => listedProject(target(), uid);

const controlLimits = async (uid: string) => (await target().control!.project(uid)).limits;

/** A fresh project through the control API: no documents, no credits spent, no limits set. */
async function freshProject(ctx: TestContext): Promise<string> {
  need(ctx, target(), { tokens: ['owner'], control: true, writes: true });
  return (await freshProjectVia(target(), 'Usage limit subject')).project_uid;
}

let docCounter = 0;
async function addDocuments(uid: string, kind: 'file' | 'webpage', count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    docCounter += 1;
    await target().control!.post(`/projects/${uid}/documents`, {
      docId: `usage-${kind}-${docCounter}`,
      title: `Usage ${kind} ${docCounter}`,
      kind,
      url: kind === 'webpage' ? `https://example.com/page-${docCounter}` : '',
      text: `Document number ${docCounter} about usage limits and allocations.`,
    });
  }
}

/** The configured project, with its limits cleared after each test that wrote to it. */
let touched: string | undefined;
function sharedProject(ctx: TestContext): string {
  need(ctx, target(), { tokens: ['owner'], projectUid: true, writes: true });
  touched = target().config.project_uid!;
  return touched;
}
afterEach(async () => {
  if (touched) await clearLimits(touched);
  touched = undefined;
});

describe('getProjectUsageLimit', () => {
  it('data has document, webpages and credits, each {limit, usage} integers [USAGE-LIMIT-GET-SHAPE, RES-USAGE-LIMIT-SHAPE, USAGE-LIMIT-TYPES]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    const data = await getLimits(target().config.project_uid!); // parsed with the contract schema
    for (const type of settableLimitTypes) {
      expect(Number.isInteger(data[type].limit)).toBe(true);
      expect(Number.isInteger(data[type].usage)).toBe(true);
      expect(data[type].usage).toBeGreaterThanOrEqual(0);
    }
  });

  it('Owner, Editor and Viewer tokens may read it and see the same values [AUTH-ACCESS-GETPROJECTUSAGELIMIT]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner', 'editor', 'viewer'], projectUid: true });
    const uid = target().config.project_uid!;
    const owner = await getLimits(uid);
    expect(await getLimits(uid, { token: 'editor' })).toEqual(owner);
    expect(await getLimits(uid, { token: 'viewer' })).toEqual(owner);
  });

  it('a fresh project reports zero usage [USAGE-LIMIT-USAGE-COUNTS]', async (ctx) => {
    const uid = await freshProject(ctx);
    const data = await getLimits(uid);
    expect([data.document.usage, data.webpages.usage, data.credits.usage]).toEqual([0, 0, 0]);
  });

  it('usage counts file documents as document and webpages as webpages [USAGE-LIMIT-USAGE-COUNTS]', async (ctx) => {
    const uid = await freshProject(ctx);
    await addDocuments(uid, 'file', 3);
    await addDocuments(uid, 'webpage', 2);
    const data = await getLimits(uid);
    expect(data.document.usage).toBe(3);
    expect(data.webpages.usage).toBe(2);
    expect(data.credits.usage).toBe(0);
  });

  it('credits usage grows with the credits the project spends [USAGE-LIMIT-USAGE-COUNTS]', async (ctx) => {
    const uid = await freshProject(ctx);
    await addDocuments(uid, 'file', 1);
    const session = expectSuccess<{ session_uid: number }>(
      await target().call('createPlaygroundAgentSession', { body: { project_uid: uid } }),
      'createPlaygroundAgentSession',
    ).data;
    const reply = expectSuccess<{ total_credits: number }>(
      await target().call('playgroundAgentResponse', {
        body: { project_uid: uid, session_uid: session.session_uid, query: 'What are usage limits?' },
      }),
      'playgroundAgentResponse',
    ).data;
    const data = await getLimits(uid);
    expect(data.credits.usage).toBeGreaterThan(0);
    expect(data.credits.usage).toBe(Math.ceil(reply.total_credits));
  });
});

describe('limits with none set', () => {
  it('a fresh project reports the plan allocation: it is accepted, one more is refused [USAGE-LIMIT-UNSET-IS-ALLOCATION, USAGE-LIMIT-NOT-ABOVE-PLAN, USAGE-LIMIT-BOUNDS-INCLUSIVE, USAGE-LIMIT-ABOVE-PLAN-STATUS]', async (ctx) => {
    const uid = await freshProject(ctx);
    expect(await controlLimits(uid)).toEqual({});
    const data = await getLimits(uid);
    // What a project with no limit set reports is the fake's choice: everything here rests on reading the
    // allocation from it (USAGE-LIMIT-UNSET-IS-ALLOCATION).
    await assumed('USAGE-LIMIT-UNSET-IS-ALLOCATION', async () => {
      for (const type of settableLimitTypes) {
        const allocation = data[type].limit;
        expect(allocation).toBeGreaterThan(0);
        expectError(
          await setLimits(uid, [{ limit_type: type, limit: allocation + 1 }]),
          400,
          abovePlan(type),
        );
        expectSuccess(
          await setLimits(uid, [{ limit_type: type, limit: allocation }]),
          'setProjectUsageLimit',
        );
      }
      expect(await getLimits(uid)).toEqual(data);
    });
  });

  it('every project of the organization gets the same allocation [USAGE-LIMIT-UNSET-IS-ALLOCATION]', async (ctx) => {
    const a = await getLimits(await freshProject(ctx));
    const b = await getLimits(await freshProject(ctx));
    for (const type of settableLimitTypes) expect(b[type].limit).toBe(a[type].limit);
  });
});

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
        expectError(await setLimits(uid, [{ limit_type: type, limit }]), 400, abovePlan(type));
      }
    }
    expect(await getLimits(uid)).toMatchObject({
      document: { limit: allocation.document },
      webpages: { limit: allocation.webpages },
      credits: { limit: allocation.credits },
    });
  });

  it('a limit below current usage gets 400; exactly the usage is accepted [USAGE-LIMIT-NOT-BELOW-USAGE, USAGE-LIMIT-BELOW-USAGE-STATUS, USAGE-LIMIT-BOUNDS-INCLUSIVE]', async (ctx) => {
    const uid = await freshProject(ctx);
    await addDocuments(uid, 'file', 3);
    await addDocuments(uid, 'webpage', 2);
    // The usage the server reports is the bound; what it counts is the fake's choice.
    const usage = await getLimits(uid);
    assumed('USAGE-LIMIT-USAGE-COUNTS', () =>
      expect([usage.document.usage, usage.webpages.usage, usage.credits.usage]).toEqual([3, 2, 0]),
    );
    for (const type of settableLimitTypes) {
      const used = usage[type].usage;
      for (const limit of new Set([used - 1, 0]))
        if (limit >= 0 && limit < used)
          expectError(await setLimits(uid, [{ limit_type: type, limit }]), 400, belowUsage(type));
    }
    expect(await controlLimits(uid)).toEqual({});
    for (const type of settableLimitTypes)
      expectSuccess(
        await setLimits(uid, [{ limit_type: type, limit: usage[type].usage }]),
        'setProjectUsageLimit',
      );
    const data = await getLimits(uid);
    for (const type of settableLimitTypes) {
      expect(data[type], type).toMatchObject({ limit: usage[type].usage, usage: usage[type].usage });
      assumed('CONV-NO-EXTRA-FIELDS', () =>
        expect(Object.keys(data[type]).sort()).toEqual(['limit', 'usage']),
      );
    }
  });

  it('a credits limit below the credits already spent gets 400 [USAGE-LIMIT-NOT-BELOW-USAGE, USAGE-LIMIT-BELOW-USAGE-STATUS]', async (ctx) => {
    const uid = await freshProject(ctx);
    const { session_uid } = expectSuccess<{ session_uid: number }>(
      await target().call('createPlaygroundAgentSession', { body: { project_uid: uid } }),
      'createPlaygroundAgentSession',
    ).data;
    expectSuccess(
      await target().call('playgroundAgentResponse', {
        body: { project_uid: uid, session_uid, query: 'Hello' },
      }),
      'playgroundAgentResponse',
    );
    const spent = (await getLimits(uid)).credits.usage;
    expect(spent).toBeGreaterThan(0);
    expectError(
      await setLimits(uid, [{ limit_type: 'credits', limit: spent - 1 }]),
      400,
      belowUsage('credits'),
    );
    expectSuccess(await setLimits(uid, [{ limit_type: 'credits', limit: spent }]), 'setProjectUsageLimit');
  });

  it('an empty, missing or non-array limits gets 400 Invalid params [USAGE-LIMIT-SET-BODY]', async (ctx) => {
    const uid = sharedProject(ctx);
    for (const limits of [[], undefined, null, {}, 'document', { limit_type: 'document', limit: 1 }]) {
      expectError(await setLimits(uid, limits), 400, INVALID_PARAMS);
    }
    for (const item of [{}, { limit_type: 'document' }, { limit: 1 }, null, 'document']) {
      expectError(await setLimits(uid, [item]), 400, INVALID_PARAMS);
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
    if (target().control) expect(await controlLimits(uid)).toEqual({ credits: allocation.credits - 1 });
  });

  it('a failing item below usage, after valid ones, changes nothing [USAGE-LIMIT-ATOMIC, USAGE-LIMIT-NOT-BELOW-USAGE]', async (ctx) => {
    const uid = await freshProject(ctx);
    await addDocuments(uid, 'file', 2);
    const res = await setLimits(uid, [
      { limit_type: 'credits', limit: 5 },
      { limit_type: 'webpages', limit: 0 },
      { limit_type: 'document', limit: 1 },
    ]);
    expectError(res, 400, belowUsage('document'));
    const after = await controlLimits(uid);
    assumed('USAGE-LIMIT-ATOMIC', () => expect(after).toEqual({}));
  });
});

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
    const uid = await freshProject(ctx);
    const before = await listed(uid);
    await target().control!.advance({ minutes: 5 });
    for (const type of removableLimitTypes) {
      expectSuccess(await removeLimit(uid, type), 'removeProjectUsageLimit');
    }
    expect(await listed(uid)).toEqual(before);
    expect(await controlLimits(uid)).toEqual({});
  });

  it('a missing or unknown limit_type gets 400 Invalid params [USAGE-LIMIT-REMOVE-BODY, USAGE-LIMIT-UNKNOWN-TYPE]', async (ctx) => {
    const uid = sharedProject(ctx);
    expectError(await removeLimit(uid, undefined), 400, INVALID_PARAMS);
    // Outside the documented enum: refused with `Invalid params` (documented); the status is the fake's choice.
    for (const limit_type of ['', 'Document', 'voice', 'all', 1, null, ['document']]) {
      const res = await removeLimit(uid, limit_type);
      expectRefused(res, /^Invalid params/);
      assumed('USAGE-LIMIT-UNKNOWN-TYPE', () => expectError(res, 400, INVALID_PARAMS));
    }
  });
});

describe('usage limits after a plan change', () => {
  it('a set limit above a lowered allocation is reported as the allocation [USAGE-LIMIT-PLAN-DOWNGRADE, USAGE-LIMIT-NOT-ABOVE-PLAN]', async (ctx) => {
    const uid = await freshProject(ctx);
    const org = (await listed(uid)).organization_id;
    const { plan: original } = await target().control!.get<{ plan: string }>(`/organizations/${org}`);
    try {
      await target().control!.post(`/organizations/${org}/plan`, { plan: 'enterprise' });
      const high = (await getLimits(uid)).document.limit;
      expectSuccess(await setLimits(uid, [{ limit_type: 'document', limit: high }]), 'setProjectUsageLimit');
      await target().control!.post(`/organizations/${org}/plan`, { plan: 'advanced' });
      const other = await getLimits(await freshProject(ctx));
      const inForce = (await getLimits(uid)).document.limit;
      // The allocations of the plans and what is reported once the plan is lowered are the fake's choices.
      assumed('USAGE-LIMIT-PLAN-DOWNGRADE', () => {
        expect(other.document.limit).toBeLessThan(high);
        expect(inForce).toBe(other.document.limit);
      });
      // Setting the old value, now above the allocation, is refused.
      if (other.document.limit < high)
        expectError(
          await setLimits(uid, [{ limit_type: 'document', limit: high }]),
          400,
          abovePlan('document'),
        );
    } finally {
      await target().control!.post(`/organizations/${org}/plan`, { plan: original });
    }
  });
});

describe('usage limits: project resolution', () => {
  it('without project_uid all three operations get 400 Invalid params [USAGE-LIMIT-PROJECT-UID-REQUIRED]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], writes: true });
    expectError(await target().call('getProjectUsageLimit', { body: {} }), 400, INVALID_PARAMS);
    expectError(
      await target().call('setProjectUsageLimit', {
        body: { limits: [{ limit_type: 'document', limit: 1 }] },
      }),
      400,
      INVALID_PARAMS,
    );
    expectError(
      await target().call('removeProjectUsageLimit', { body: { limit_type: 'document' } }),
      400,
      INVALID_PARAMS,
    );
    expectError(
      await target().call('getProjectUsageLimit', { body: { project_uid: 42 } }),
      400,
      INVALID_PARAMS,
    );
  });

  it('an unknown project_uid gets 404 Project not found [AUTH-UNKNOWN-PROJECT]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], writes: true });
    const uid = 'no-such-project-uid-0000';
    expectError(
      await target().call('getProjectUsageLimit', { body: { project_uid: uid } }),
      404,
      'Project not found',
    );
    expectError(await setLimits(uid, [{ limit_type: 'document', limit: 1 }]), 404, 'Project not found');
    expectError(await removeLimit(uid, 'document'), 404, 'Project not found');
  });

  it('a project outside a `selected` token scope gets 403 [AUTH-SCOPE-403, ERR-403-MESSAGE]', async (ctx) => {
    need(ctx, target(), { tokens: ['selected'], otherProjectUid: true, writes: true });
    const other = target().config.other_project_uid!;
    const auth: Auth = { token: 'selected' };
    const res = await target().call('getProjectUsageLimit', { body: { project_uid: other }, auth });
    expectError(res, 403, FORBIDDEN);
    expectError(await setLimits(other, [{ limit_type: 'document', limit: 1 }], auth), 403, FORBIDDEN);
    expectError(await removeLimit(other, 'document', auth), 403, FORBIDDEN);
  });
});

describe('usage limits: only Owner may set or remove', () => {
  it('an Editor token gets 403 on set and remove, and nothing changes [AUTH-ACCESS-SETPROJECTUSAGELIMIT, AUTH-ACCESS-REMOVEPROJECTUSAGELIMIT, AUTH-ROLE-EDITOR, ERR-403-MESSAGE]', async (ctx) => {
    need(ctx, target(), { tokens: ['editor'] });
    const uid = sharedProject(ctx);
    const usage = await getLimits(uid);
    expectSuccess(
      await setLimits(uid, [{ limit_type: 'credits', limit: usage.credits.usage }]),
      'setProjectUsageLimit',
    );
    const before = await getLimits(uid);
    const editor: Auth = { token: 'editor' };
    expectError(
      await setLimits(uid, [{ limit_type: 'document', limit: usage.document.usage }], editor),
      403,
      FORBIDDEN,
    );
    expectError(await removeLimit(uid, 'credits', editor), 403, FORBIDDEN);
    expect(await getLimits(uid)).toEqual(before);
  });

  // Documented by the access table: these rows have no fine-grained entry.
  it('Viewer and fine-grained-only tokens get 403 on set and remove [AUTH-ACCESS-SETPROJECTUSAGELIMIT, AUTH-ACCESS-REMOVEPROJECTUSAGELIMIT, AUTH-ROLE-VIEWER-READ-ONLY, ERR-403-MESSAGE]', async (ctx) => {
    need(ctx, target(), { tokens: ['viewer', 'fine_grained'], projectUid: true, writes: true });
    const uid = target().config.project_uid!;
    for (const token of ['viewer', 'fine_grained'] as const) {
      expectError(await setLimits(uid, [{ limit_type: 'credits', limit: 1_000 }], { token }), 403, FORBIDDEN);
      expectError(await removeLimit(uid, 'credits', { token }), 403, FORBIDDEN);
    }
  });

  it('a fine-grained-only token cannot read limits either (no fine-grained entry) [AUTH-ACCESS-GETPROJECTUSAGELIMIT, ERR-403-MESSAGE]', async (ctx) => {
    need(ctx, target(), { tokens: ['fine_grained'], projectUid: true });
    const res = await target().call('getProjectUsageLimit', {
      body: { project_uid: target().config.project_uid },
      auth: { token: 'fine_grained' },
    });
    expectError(res, 403, FORBIDDEN);
  });
});
