/**
 * What the usage-limit suites share: the three calls, the allocation learned from the target (the limit reported
 * with no project limit set), the refusals' texts, and the projects they write to: a fresh one from the provider
 * state `project` (documents added by `knowledgebase documents`), or the configured project, whose limits are
 * cleared after each test that wrote to it.
 */
import { afterEach, expect, type TestContext } from 'vitest';
import {
  type ProjectUsageLimit,
  removableLimitTypes,
  type SettableLimitType,
  settableLimitTypes,
} from '../../contract/index.js';
import type { Auth, Target } from '../target/target.js';
import type { RawResponse } from '../target/transport.js';
import { arrange, cleanUp } from './arrangement.js';
import { expectError, expectRefused, expectSuccess } from './envelope.js';
import { arranged, assumed, continueIfAssumedHeld } from './strength.js';
import { enterState, need } from './use-target.js';

/** The fake's texts of the two bound refusals (USAGE-LIMIT-ABOVE-PLAN-STATUS, USAGE-LIMIT-BELOW-USAGE-STATUS). */
export const abovePlan = (type: string) => `Limit for ${type} exceeds the plan allocation`;
export const belowUsage = (type: string) => `Limit for ${type} cannot be below current usage`;

export async function getLimits(t: Target, uid: string, auth?: Auth): Promise<ProjectUsageLimit> {
  const res = await t.call('getProjectUsageLimit', { body: { project_uid: uid }, auth });
  return expectSuccess<ProjectUsageLimit>(res, 'getProjectUsageLimit').data;
}

export const setLimits = (t: Target, uid: string, limits: unknown, auth?: Auth) =>
  t.call('setProjectUsageLimit', { body: { project_uid: uid, limits }, auth });

export const removeLimit = (t: Target, uid: string, limit_type: unknown, auth?: Auth) =>
  t.call('removeProjectUsageLimit', { body: { project_uid: uid, limit_type }, auth });

/** Remove every project limit, so that each resource falls back to the organization allocation. */
export async function clearLimits(t: Target, uid: string, auth?: Auth): Promise<void> {
  for (const type of removableLimitTypes)
    expectSuccess(await removeLimit(t, uid, type, auth), 'removeProjectUsageLimit');
}

/**
 * The allocation of each settable resource: the limit reported once no project limit is set. That this is the
 * allocation is the fake's choice (USAGE-LIMIT-UNSET-IS-ALLOCATION); a reported limit of 0, or one below the usage,
 * cannot be an allocation, and the running test then stops rather than test the bounds against it.
 */
export async function allocations(
  t: Target,
  uid: string,
  auth?: Auth,
): Promise<Record<SettableLimitType, number>> {
  // Arranging the test: clearing the limits and reading what is left never turns a clause red here.
  const got = await arrange('removing every project limit to read the plan allocation', async () => {
    await clearLimits(t, uid, auth);
    return getLimits(t, uid, auth);
  });
  const held = assumed('USAGE-LIMIT-UNSET-IS-ALLOCATION', () => {
    for (const type of settableLimitTypes) {
      expect(got[type].limit, `${type} limit with none set`).toBeGreaterThan(0);
      expect(got[type].limit, `${type} limit with none set`).toBeGreaterThanOrEqual(got[type].usage);
    }
  });
  continueIfAssumedHeld(held, 'USAGE-LIMIT-UNSET-IS-ALLOCATION', 'reading the plan allocation from it');
  return { document: got.document.limit, webpages: got.webpages.limit, credits: got.credits.limit };
}

/** The calls above bound to the file's target, as each usage-limit suite uses them. */
export function limitCalls(target: () => Target) {
  return {
    getLimits: (uid: string, auth?: Auth) => getLimits(target(), uid, auth),
    setLimits: (uid: string, limits: unknown, auth?: Auth) => setLimits(target(), uid, limits, auth),
    removeLimit: (uid: string, limit_type: unknown, auth?: Auth) =>
      removeLimit(target(), uid, limit_type, auth),
    clearLimits: (uid: string) => clearLimits(target(), uid),
    allocations: (uid: string) => allocations(target(), uid),
  };
}

/**
 * A limit outside a documented bound is refused (hard: a 4xx in the error envelope, "limits cannot exceed plan
 * allocation or go below current usage"); the fake's 400 and text softly, under the refusal's assumed clause.
 */
export function expectBoundRefused(res: RawResponse, message: string): void {
  expectRefused(res);
  expectError(res, 400, message);
}

/** A fresh project of the target's organization (provider state `project`): no documents, credits or limits. */
export async function freshLimitsProject(ctx: TestContext, t: Target): Promise<string> {
  need(ctx, t, { tokens: ['owner'], writes: true });
  return (await enterState(ctx, t, 'project', { name: 'Usage limit subject' })).project_uid;
}

/** `count` documents of `kind` added to the project's knowledgebase (provider state `knowledgebase documents`). */
export async function addDocuments(
  ctx: TestContext,
  t: Target,
  project_uid: string,
  kind: 'file' | 'webpage',
  count: number,
): Promise<void> {
  const documents = Array.from({ length: count }, (_, i) => ({
    title: `Usage ${kind} ${i + 1}`,
    kind,
    url: kind === 'webpage' ? `https://example.com/usage-limits/page-${i + 1}` : '',
    text: `Document number ${i + 1} about usage limits and allocations.`,
  }));
  const made = await enterState(ctx, t, 'knowledgebase documents', { project_uid, documents });
  arranged(ctx, made.doc_ids.length === count, `the provider state did not add ${count} ${kind} documents`);
}

/**
 * `sharedProject(ctx)`: the configured project, for tests that any target with writes can run; every limit a test
 * set on it is removed after the test.
 */
export function useSharedProject(target: () => Target): (ctx: TestContext) => string {
  let touched: string | undefined;
  afterEach(async () => {
    const uid = touched;
    touched = undefined;
    if (uid) await cleanUp('removing the limits the test set', () => clearLimits(target(), uid));
  });
  return (ctx) => {
    need(ctx, target(), { tokens: ['owner'], projectUid: true, writes: true });
    touched = target().config.project_uid!;
    return touched;
  };
}
