/**
 * getProjectUsageLimit, and who may read, set or remove the limits of which project. The plan allocation is not a
 * number of the spec: the suites learn it from the target (the limit reported with no project limit set) and check
 * that it is a real bound. Fresh projects come from the provider state `project`, their documents from
 * `knowledgebase documents`, so these tests need no control API. setProjectUsageLimit and removeProjectUsageLimit
 * themselves: usage-limits-set.test.ts and usage-limits-remove.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { settableLimitTypes } from '../../contract/index.js';
import { expectForbidden, roleOnly } from '../support/access-checks.js';
import type { TokenGrant } from '../support/access-model.js';
import { arrange } from '../support/arrangement.js';
import { stopIfCreditsSpent } from '../support/credit-balance.js';
import { expectEnvelope, expectError, expectSuccess } from '../support/envelope.js';
import { FORBIDDEN, INVALID_PARAMS } from '../support/messages.js';
import {
  abovePlan,
  addDocuments,
  expectBoundRefused,
  freshLimitsProject,
  limitCalls,
  useSharedProject,
} from '../support/project-limits.js';
import { assumed } from '../support/strength.js';
import { need, useTarget } from '../support/use-target.js';
import type { Auth } from '../target/target.js';

const target = useTarget();

const { getLimits, setLimits, removeLimit } = limitCalls(target);
const sharedProject = useSharedProject(target);

describe('getProjectUsageLimit', () => {
  it('data has document, webpages and credits, each {limit, usage} integers [USAGE-LIMIT-GET-SHAPE, RES-USAGE-LIMIT-SHAPE, USAGE-LIMIT-TYPES, USAGE-LIMIT-USAGE-COUNTS]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true });
    const data = await getLimits(target().config.project_uid!); // parsed with the contract schema
    for (const type of settableLimitTypes) {
      expect(Number.isInteger(data[type].limit)).toBe(true);
      expect(Number.isInteger(data[type].usage)).toBe(true);
      // What usage counts is not shown: that it is a count (never negative) is the fake's reading.
      assumed('USAGE-LIMIT-USAGE-COUNTS', () => expect(data[type].usage).toBeGreaterThanOrEqual(0));
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
    const data = await getLimits(await freshLimitsProject(ctx, target()));
    // What usage counts, and so what a new project reports, is the fake's choice.
    assumed('USAGE-LIMIT-USAGE-COUNTS', () =>
      expect([data.document.usage, data.webpages.usage, data.credits.usage]).toEqual([0, 0, 0]),
    );
  });

  it('usage counts file documents as document and webpages as webpages [USAGE-LIMIT-USAGE-COUNTS]', async (ctx) => {
    const uid = await freshLimitsProject(ctx, target());
    await addDocuments(ctx, target(), uid, 'file', 3);
    await addDocuments(ctx, target(), uid, 'webpage', 2);
    const data = await getLimits(uid);
    assumed('USAGE-LIMIT-USAGE-COUNTS', () => {
      expect(data.document.usage).toBe(3);
      expect(data.webpages.usage).toBe(2);
      expect(data.credits.usage).toBe(0);
    });
  });

  it('credits usage grows with the credits the project spends [USAGE-LIMIT-USAGE-COUNTS]', async (ctx) => {
    const uid = await freshLimitsProject(ctx, target());
    await addDocuments(ctx, target(), uid, 'file', 1);
    const session = expectSuccess<{ session_uid: number }>(
      await target().call('createPlaygroundAgentSession', { body: { project_uid: uid } }),
      'createPlaygroundAgentSession',
    ).data;
    const answered = await target().call('playgroundAgentResponse', {
      body: { project_uid: uid, session_uid: session.session_uid, query: 'What are usage limits?' },
    });
    stopIfCreditsSpent(target(), answered, 'a playground call');
    const reply = expectSuccess<{ total_credits: number }>(answered, 'playgroundAgentResponse').data;
    const data = await getLimits(uid);
    assumed('USAGE-LIMIT-USAGE-COUNTS', () => {
      expect(data.credits.usage).toBeGreaterThan(0);
      expect(data.credits.usage).toBe(Math.ceil(reply.total_credits));
    });
  });
});

describe('limits with none set', () => {
  it('a fresh project reports the plan allocation: it is accepted, one more is refused [USAGE-LIMIT-UNSET-IS-ALLOCATION, USAGE-LIMIT-NOT-ABOVE-PLAN, USAGE-LIMIT-BOUNDS-INCLUSIVE, USAGE-LIMIT-ABOVE-PLAN-STATUS]', async (ctx) => {
    const uid = await freshLimitsProject(ctx, target());
    if (target().control) expect((await target().control!.project(uid)).limits).toEqual({});
    const data = await getLimits(uid);
    // What a project with no limit set reports is the fake's choice: everything here rests on reading the
    // allocation from it (USAGE-LIMIT-UNSET-IS-ALLOCATION).
    await assumed('USAGE-LIMIT-UNSET-IS-ALLOCATION', async () => {
      for (const type of settableLimitTypes) {
        const allocation = data[type].limit;
        expect(allocation).toBeGreaterThan(0);
        expectBoundRefused(
          await setLimits(uid, [{ limit_type: type, limit: allocation + 1 }]),
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
    const a = await getLimits(await freshLimitsProject(ctx, target()));
    const b = await getLimits(await freshLimitsProject(ctx, target()));
    assumed('USAGE-LIMIT-UNSET-IS-ALLOCATION', () => {
      for (const type of settableLimitTypes) expect(b[type].limit).toBe(a[type].limit);
    });
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
  });

  it('a numeric, empty or null project_uid gets 400 Invalid params [USAGE-LIMIT-PROJECT-UID-REQUIRED, PROJECT-UID-REPRESENTATIONS]', async (ctx) => {
    need(ctx, target(), { tokens: ['owner'] });
    // How a server reads another representation of project_uid is not shown: it may look it up as unknown.
    for (const project_uid of [42, '', null]) {
      const res = await target().call('getProjectUsageLimit', { body: { project_uid } });
      expectEnvelope(res);
      assumed('PROJECT-UID-REPRESENTATIONS', () => expectError(res, 400, INVALID_PARAMS));
    }
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
    const { usage, before } = await arrange('a credits limit set by the owner', async () => {
      const usage = await getLimits(uid);
      expectSuccess(
        await setLimits(uid, [{ limit_type: 'credits', limit: usage.credits.usage }]),
        'setProjectUsageLimit',
      );
      return { usage, before: await getLimits(uid) };
    });
    const editor: Auth = { token: 'editor' };
    expectForbidden(
      await setLimits(uid, [{ limit_type: 'document', limit: usage.document.usage }], editor),
      'setProjectUsageLimit',
      roleOnly('editor'),
      'editor',
    );
    expectForbidden(
      await removeLimit(uid, 'credits', editor),
      'removeProjectUsageLimit',
      roleOnly('editor'),
      'editor',
    );
    expect(await getLimits(uid)).toEqual(before);
  });

  // Documented by the access table: these rows have no fine-grained entry.
  it('Viewer and fine-grained-only tokens get 403 on set and remove [AUTH-ACCESS-SETPROJECTUSAGELIMIT, AUTH-ACCESS-REMOVEPROJECTUSAGELIMIT, AUTH-ROLE-VIEWER-READ-ONLY, ERR-403-MESSAGE]', async (ctx) => {
    need(ctx, target(), { tokens: ['viewer', 'fine_grained'], projectUid: true, writes: true });
    const uid = target().config.project_uid!;
    // The config's fine_grained token: permissions only (its modules do not matter on rows with no fine-grained entry).
    const grants: Record<'viewer' | 'fine_grained', TokenGrant> = {
      viewer: roleOnly('viewer'),
      fine_grained: { role: null, permissions: [] },
    };
    for (const token of ['viewer', 'fine_grained'] as const) {
      const grant = grants[token];
      expectForbidden(
        await setLimits(uid, [{ limit_type: 'credits', limit: 1_000 }], { token }),
        'setProjectUsageLimit',
        grant,
        token === 'viewer' ? 'viewer' : 'owner',
      );
      expectForbidden(
        await removeLimit(uid, 'credits', { token }),
        'removeProjectUsageLimit',
        grant,
        token === 'viewer' ? 'viewer' : 'owner',
      );
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
