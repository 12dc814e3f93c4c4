/**
 * Test-file plumbing: one target per file (the in-process fake unless CONFORMANCE_TARGET names another), `need()` to
 * skip, with the reason printed in the report, what the target cannot do, and `needState()` / `enterState()` for the
 * provider states a cooperating deployment offers (docs/qa-staging.md "Provider states").
 */
import { afterAll, afterEach, beforeAll, beforeEach, type TestContext } from 'vitest';
import type { DataOf, ParamsInput, StateName } from '../../contract/provider-states/index.js';
import { noteUnanswered } from '../target/answers.js';
import { coordinatorUrl, holdSharedData } from '../target/coordinator-client.js';
import { exchangesOf, learnSecrets } from '../target/exchange-note.js';
import { loadTarget } from '../target/load-target.js';
import type { Target, TokenName } from '../target/target.js';
import { formReadBefore } from './form-canary.js';
import { markInconclusive, setAssumedStrength } from './strength.js';

/** The window the hourly caps are stated in; the fake's default (RATE-WINDOW-FIXED-HOUR). */
const SPEC_RATE_WINDOW = { ms: 3_600_000, mode: 'fixed' } as const;

export function useTarget(): () => Target {
  let target: Target | undefined;
  let letGo: (() => Promise<void>) | undefined;
  // biome-ignore lint/correctness/noEmptyPattern: vitest 4 reads a hook's first argument as its fixtures
  beforeAll(async ({}, suite) => {
    // Files run side by side against a deployment (--concurrency): this one first waits for its claims on the
    // target's shared data (suites/target/shared-data.ts), and lets them go once it is done.
    const coordinator = coordinatorUrl();
    const file = suite.file.filepath;
    if (coordinator) letGo = await holdSharedData(coordinator, file);
    target = await loadTarget(file);
    const loaded = target;
    loaded.beforeCall = (operationId) => formReadBefore(loaded, operationId);
    setAssumedStrength(target.isFake);
    learnSecrets([
      target.config.project_key,
      ...Object.values(target.config.tokens),
      ...Object.values(target.config.token_pools ?? {}).flat(),
    ]);
    // A target with a control API (the fake) starts every file from its seeded state, with its clock frozen, so no
    // file sees the clock, tokens or data another file left behind and timing checks are exact. The seed is
    // unchanged, so the config's credentials stay valid.
    // The window goes back to the default hour too: a fake started with a shorter one (FAKE_RATE_WINDOW_MS) would
    // otherwise fail the hour-based cap tests; the window tests shrink it themselves.
    await target.control?.reset({ clock_mode: 'frozen', rate_window: SPEC_RATE_WINDOW });
  });
  // Every test starts with fresh hourly counters where the target lets us reset them, so that the
  // requests of earlier tests never push a later one over the Platform token cap.
  beforeEach(async (ctx) => {
    await target?.control?.post('/rate-limits/reset');
    // A request over the per-token budget, or a spent quota met by a test not about rate limits, stops the running
    // test as inconclusive, with the reason (request-budget.ts, quota.ts).
    if (target)
      target.onBudgetExhausted = (note) => {
        markInconclusive(note);
        return ctx.skip(note);
      };
  });
  // A failed test keeps its last exchanges, redacted, for the report (before teardown sends anything); then what the
  // test's provider states made is undone (where the target offers teardown).
  afterEach(async (ctx) => {
    noteUnanswered(ctx.task);
    if (ctx.task.result?.state === 'fail') ctx.task.meta.exchanges = exchangesOf(ctx.task.id);
    if (target) await tearDownStates(target);
  });
  afterAll(async () => {
    try {
      await target?.close();
    } finally {
      await letGo?.();
    }
  });
  return () => {
    if (!target) throw new Error('target not started');
    return target;
  };
}

/**
 * What a test needs the fake's control API for, named in its skip reason where the target has none: only what no
 * real deployment does on request (the data a run can make comes from provider states or the API's own writes).
 */
export type ControlPurpose =
  | 'the clock'
  | 'a fault'
  | 'a scripted model reply'
  | 'the rate window'
  | 'the token dashboard'
  | 'the outbox'
  | 'the request journal'
  | 'the control view'
  | 'the model list'
  | 'the model prices'
  | 'the fake model'
  | 'a burst of state changes';

export interface Needs {
  /** The fake's control API, and what for (the skip reason names it). */
  control?: ControlPurpose;
  /** Permission to change state on the target. */
  writes?: boolean;
  /** Permission to spend quota (rate caps). */
  quota?: boolean;
  /** Permission to spend credits (RAG completions). */
  credits?: boolean;
  tokens?: TokenName[];
  projectKey?: boolean;
  projectUid?: boolean;
  otherProjectUid?: boolean;
  widgetUid?: boolean;
}

/** The skip reason of a test that needs the control API for `purpose` on a target without one. */
export const noControlApi = (purpose: ControlPurpose): string =>
  `target has no control API; needs it for: ${purpose}`;

/** The reasons a target cannot run a test; empty when it can. */
export function missing(t: Target, needs: Needs): string[] {
  const reasons: string[] = [];
  const c = t.config;
  if (needs.control && !t.control) reasons.push(noControlApi(needs.control));
  if (needs.writes && !c.allow.writes) reasons.push('target does not allow writes (allow.writes)');
  if (needs.quota && !c.allow.quota) reasons.push('target does not allow spending quota (allow.quota)');
  if (needs.credits && !c.allow.credits)
    reasons.push('target does not allow spending credits (allow.credits)');
  for (const name of needs.tokens ?? [])
    if (!c.tokens[name]) reasons.push(`target config has no ${name} token`);
  if (needs.projectKey && !c.project_key) reasons.push('target config has no project_key');
  if (needs.projectUid && !c.project_uid) reasons.push('target config has no project_uid');
  if (needs.otherProjectUid && !c.other_project_uid) reasons.push('target config has no other_project_uid');
  if (needs.widgetUid && !c.widget_uid) reasons.push('target config has no widget_uid');
  return reasons;
}

/** Skip the running test, with the reason, unless the target has everything it needs. */
export function need(ctx: TestContext, t: Target, needs: Needs): void {
  const reasons = missing(t, needs);
  if (reasons.length > 0) ctx.skip(reasons.join('; '));
}

/** What a widget conversation on the fake's clock needs: the control API, writes, the key and the owner token. */
export const WIDGET_ON_CLOCK: Needs = {
  control: 'the clock',
  writes: true,
  projectKey: true,
  widgetUid: true,
  projectUid: true,
  tokens: ['owner'],
};

/** Every test of the enclosing describe skips unless the target has `needs`, then starts from the seeded state. */
export function freshStateEachTest(target: () => Target, needs: Needs): void {
  beforeEach(async (ctx) => {
    need(ctx, target(), needs);
    await target().control?.reset();
  });
}

/** Teardowns of the provider states entered by the running test, per target, in the order entered. */
const pendingTeardowns = new WeakMap<Target, (() => Promise<unknown>)[]>();

/** Undo, last first, every provider state the test entered; a teardown that fails is reported, never fatal. */
export async function tearDownStates(t: Target): Promise<void> {
  await undoLastFirst(pendingTeardowns.get(t)?.splice(0) ?? []);
}

/** Run provider-state teardowns, last first; one that fails is reported, never fatal. */
export async function undoLastFirst(steps: readonly (() => Promise<unknown>)[]): Promise<void> {
  for (const undo of [...steps].reverse()) {
    try {
      await undo();
    } catch (err) {
      console.warn(`provider state teardown failed: ${(err as Error).message}`);
    }
  }
}

/**
 * Why the target cannot enter `name`, or undefined when it can. A catalogue that cannot be read (a wrong secret, the
 * endpoint down) is a reason too: the set-up is missing, the API is not at fault, so the test skips and says why.
 */
export async function stateMissing(t: Target, name: StateName): Promise<string | undefined> {
  if (!t.providerStates) return 'target has no provider_states';
  const rejected = t.providerStates.rejected.get(name);
  if (rejected !== undefined) return rejected;
  try {
    return (await t.providerStates.supports(name)) ? undefined : `target offers no provider state "${name}"`;
  } catch (err) {
    return `target's provider states are unavailable: ${(err as Error).message}`;
  }
}

/** Skip the running test, with the reason, unless the target offers the provider state `name`. */
export async function needState(ctx: TestContext, t: Target, name: StateName): Promise<void> {
  const reason = await stateMissing(t, name);
  if (reason) ctx.skip(reason);
}

/**
 * Enter the provider state `name` (skipping the test, with the reason, when the target does not offer it) and
 * register its teardown for after the test. Resolves to the state's data, checked against the catalogue.
 */
export async function enterState<N extends StateName>(
  ctx: TestContext,
  t: Target,
  name: N,
  params?: ParamsInput<N>,
): Promise<DataOf<N>> {
  await needState(ctx, t, name);
  const states = t.providerStates!;
  const data = await states.enter(name, params);
  const handle = (data as { teardown?: string | number }).teardown;
  if (handle !== undefined) {
    const list = pendingTeardowns.get(t) ?? [];
    pendingTeardowns.set(t, list);
    list.push(() => states.teardown(name, handle));
  }
  return data;
}
