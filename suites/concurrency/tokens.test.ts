/**
 * The token lifecycle under concurrency: lifecycle actions (deactivate, reactivate, regenerate, revoke), the clock
 * reaching the token's expiry, the removal of its creator and requests made with the token, all sent at once. The
 * answers and the final state must be those of at least one serial order of them through a small reference of the
 * state table: refusals included (an action refused because an earlier one in that order changed the state).
 *
 * Lifecycle actions are the fake's control API (the spec has no public operation for them), so every test needs it.
 * Requests of one burst differ by their bodies (the control routes ignore a body; getMyProjects takes `limit`), so a
 * recording replays each answer to its own request.
 *
 * Concurrency is not shown, nor are the guards on transitions the table lacks: that a serial order explains the
 * burst rests on CONC-TOKEN-LIFECYCLE-SERIALIZABLE and TOKEN-TRANSITION-GUARDS. It is checked on the classes of
 * the answers (accepted or refused; a request admitted, or 401), and on the fake's exact statuses and messages on
 * top; what the state table itself says of the outcome (new values, the old value dead, the final value working
 * exactly when the token is usable) is checked hard.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ControlAnswer, controlAnswer } from '../support/control-raw.js';
import { expectError, expectSuccess, statusBy } from '../support/envelope.js';
import { CREATOR_LEFT, CREATOR_LEFT_GIST, INVALID_TOKEN } from '../support/messages.js';
import { findSerialOrder, reachableFinals } from '../support/serial-order.js';
import { assumed, readable } from '../support/strength.js';
import { need, useTarget } from '../support/use-target.js';
import {
  type ControlToken,
  createMemberVia,
  type LifecycleAction,
  listTokens,
  orgTokenVia,
  seededOrganization,
  tokenAction,
} from '../support/world.js';

const target = useTarget();

/** One of the things sent at once. */
type Act = LifecycleAction | 'probe' | 'expire' | 'remove-creator';

// ---------------------------------------------------------------------------------------------------------------
// The reference: the spec's state table (States/API token) with TOKEN-TRANSITION-GUARDS.

interface TokenState {
  status: 'active' | 'deactivated' | 'deleted';
  value: string;
  expired: boolean;
  creatorRemoved: boolean;
}

const key = (s: TokenState) => `${s.status}|${s.value}|${s.expired}|${s.creatorRemoved}`;
const usable = (s: TokenState) => s.status === 'active' && !s.expired && !s.creatorRemoved;
/** The `state` the control API reports. */
const shownState = (s: TokenState) =>
  s.status !== 'active' ? s.status : s.expired ? 'expired' : s.creatorRemoved ? 'unusable' : 'active';

/** Whether `action` is allowed in `s`; `gone`: the token no longer exists (404). */
function allowed(s: TokenState, action: LifecycleAction): boolean | 'gone' {
  if (s.status === 'deleted') return 'gone';
  switch (action) {
    case 'deactivate':
    case 'regenerate':
      return usable(s);
    case 'reactivate':
      return s.status === 'deactivated';
    case 'revoke':
      return true;
  }
}

/** The state after `act` when it is allowed (`newValue`: the value a regenerate answered). */
function apply(s: TokenState, act: Act, newValue?: string): TokenState {
  switch (act) {
    case 'deactivate':
      return { ...s, status: 'deactivated' };
    case 'reactivate':
      return { ...s, status: 'active' };
    case 'revoke':
      return { ...s, status: 'deleted' };
    case 'regenerate':
      return { ...s, value: newValue ?? `${s.value}'` };
    case 'expire':
      return { ...s, expired: true };
    case 'remove-creator':
      return { ...s, creatorRemoved: true };
    case 'probe':
      return s;
  }
}

/** What was observed for one act. */
interface Seen {
  act: Act;
  status: number;
  message: string;
  view?: ControlToken | undefined;
}

const isSuccess = (status: number) => status >= 200 && status < 300;
const isRefusal = (status: number) => status >= 400 && status < 500;

/**
 * Does `seen` happen when its act runs in `s`? The state after it, or why not. `exact`: the fake's statuses and
 * messages (200, 401 with its message, 404 for a revoked token, 409 for a refused transition); otherwise the
 * classes (a success, a 401 for a request, a refusal for an action).
 */
function explain(
  s: TokenState,
  seen: Seen,
  original: string,
  exact: boolean,
): { next: TokenState } | { mismatch: string } {
  const { act } = seen;
  const ok200 = exact ? seen.status === 200 : isSuccess(seen.status);
  if (act === 'expire' || act === 'remove-creator') {
    return ok200 ? { next: apply(s, act) } : { mismatch: `${act} refused` };
  }
  if (act === 'probe') {
    const matches = s.value === original && s.status === 'active' && !s.expired;
    if (matches && !s.creatorRemoved) return ok200 ? { next: s } : { mismatch: 'probe refused' };
    if (seen.status !== 401) return { mismatch: `probe got ${seen.status} for a token that is not usable` };
    if (!exact) return { next: s };
    // Expired or deactivated and its creator gone: either reason may be the one the message names.
    const messages = matches
      ? [CREATOR_LEFT]
      : s.creatorRemoved
        ? [INVALID_TOKEN, CREATOR_LEFT]
        : [INVALID_TOKEN];
    return messages.includes(seen.message) ? { next: s } : { mismatch: `probe message ${seen.message}` };
  }
  const ok = allowed(s, act);
  const refused = (status: number) => (exact ? seen.status === status : isRefusal(seen.status));
  if (ok === 'gone') return refused(404) ? { next: s } : { mismatch: `${act} on a revoked token` };
  if (!ok) return refused(409) ? { next: s } : { mismatch: `${act} should be refused` };
  if (!ok200 || !seen.view) return { mismatch: `${act} should be accepted` };
  const next = apply(s, act, seen.view.value);
  if (act === 'regenerate' ? seen.view.value === s.value : seen.view.value !== next.value)
    return { mismatch: `${act} answered the value ${seen.view.value}` };
  if (seen.view.state !== shownState(next)) return { mismatch: `${act} answered state ${seen.view.state}` };
  return { next };
}

// ---------------------------------------------------------------------------------------------------------------
// Running a burst against the target

interface Scenario {
  /** Deactivated (sequentially) before the burst, so that reactivate has something to do. */
  startDeactivated: boolean;
  /**
   * What is sent at once. With `expire` the token is created with a 7-day expiry and `expire` steps the clock 7
   * days; with `remove-creator` it is created by an editor member whom that act removes from the organization.
   */
  acts: Act[];
}

const control = () => target().control!;

async function runScenario(scenario: Scenario): Promise<void> {
  const org = await seededOrganization(target());
  const removable = scenario.acts.includes('remove-creator');
  const creator = removable
    ? await createMemberVia(control(), org.organization_id, 'editor')
    : org.owner_user_id;
  const token = await orgTokenVia(control(), org, {
    creator_user_id: creator,
    role: removable ? 'editor' : 'owner',
    expiration: scenario.acts.includes('expire') ? '7' : 'none',
  });
  const initial: TokenState = {
    status: 'active',
    value: token.value,
    expired: false,
    creatorRemoved: false,
  };
  if (scenario.startDeactivated) {
    await tokenAction(control(), token.id, 'deactivate');
    initial.status = 'deactivated';
  }

  const seen: Seen[] = await Promise.all(
    scenario.acts.map(async (act, i): Promise<Seen> => {
      if (act === 'probe') {
        const res = await target().call('getMyProjects', {
          auth: { bearer: token.value },
          body: { limit: 900 + i },
        });
        return { act, status: res.status, message: (res.json as { message?: string })?.message ?? '' };
      }
      let answer: ControlAnswer<ControlToken>;
      if (act === 'expire') answer = await controlAnswer(target(), 'POST', '/clock/advance', { days: 7 });
      else if (act === 'remove-creator')
        answer = await controlAnswer(
          target(),
          'DELETE',
          `/organizations/${org.organization_id}/members/${creator}`,
        );
      else
        answer = await controlAnswer<ControlToken>(target(), 'POST', `/tokens/${token.id}/${act}`, {
          request: i,
        });
      const lifecycle = act !== 'expire' && act !== 'remove-creator';
      return {
        act,
        status: answer.status,
        message: answer.message,
        ...(lifecycle ? { view: answer.data } : {}),
      };
    }),
  );

  // Every regenerate that was accepted answered a value never seen before.
  const values = [
    token.value,
    ...seen.filter((s) => s.act === 'regenerate' && isSuccess(s.status) && s.view).map((s) => s.view!.value),
  ];
  expect(new Set(values).size, 'regenerated values are all new').toBe(values.length);
  for (const v of values) expect(v.startsWith('api-v1-')).toBe(true);

  const listed = (await listTokens(control())).find((t) => t.id === token.id);
  expect(listed, 'GET /tokens still lists the token (revoked ones with status deleted)').toBeDefined();
  const final = { status: listed!.status, value: listed!.value, state: listed!.state };

  const orderBy = (exact: boolean) =>
    findSerialOrder<TokenState>({
      initial,
      count: seen.length,
      step: (s, i) => explain(s, seen[i]!, token.value, exact),
      final: (s) => s.status === final.status && s.value === final.value && shownState(s) === final.state,
      key,
    });
  const story = seen.map((s) => `${s.act} → ${s.status}${s.view ? ` ${s.view.state}` : ` ${s.message}`}`);
  const why = `no serial order explains these answers (from ${initial.status}): ${story.join('; ')}; final ${JSON.stringify({ ...final, value: final.value === token.value ? 'original' : 'other' })}`;
  const byClass = orderBy(false);
  for (const id of ['CONC-TOKEN-LIFECYCLE-SERIALIZABLE', 'TOKEN-TRANSITION-GUARDS'])
    assumed(id, () => expect(byClass, why).toBeDefined());
  const byStatus = orderBy(true);
  assumed('TOKEN-TRANSITION-GUARDS', () =>
    expect(byStatus, `exact statuses and messages: ${why}`).toBeDefined(),
  );

  // The final state is also what the public API sees: the current value works iff the token is usable.
  const res = await target().call('getMyProjects', { auth: { bearer: final.value }, body: { limit: 899 } });
  if (final.state === 'active') expectSuccess(res, 'getMyProjects');
  else expectError(res, 401);
  if (final.value !== token.value) {
    // The original value after a regeneration: its 401 is the regeneration's rule, its message the 401's; a message
    // naming the creator's departure says the server still takes the old value for the token, the regeneration's
    // rule again (a dead value is only invalid).
    const old = await target().call('getMyProjects', { auth: { bearer: token.value }, body: { limit: 898 } });
    statusBy('TOKEN-REGENERATE-OLD-DIES', old, 401);
    const message = (old.json as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string' && CREATOR_LEFT_GIST.test(message))
      readable('TOKEN-REGENERATE-OLD-DIES', () =>
        expect(message, 'the old value answered as the token').toBe(INVALID_TOKEN),
      );
    expectError(old, 401, INVALID_TOKEN);
  }
}

/** How many distinct final states some order of the scenario's lifecycle actions reaches (nothing observed). */
function outcomes(scenario: Scenario): number {
  const s0: TokenState = {
    status: scenario.startDeactivated ? 'deactivated' : 'active',
    value: 'v0',
    expired: false,
    creatorRemoved: false,
  };
  let fresh = 0;
  const run = (s: TokenState, i: number): TokenState => {
    const act = scenario.acts[i]!;
    if (act === 'probe' || act === 'expire' || act === 'remove-creator') return apply(s, act);
    if (allowed(s, act) !== true) return s;
    fresh += 1;
    return apply(s, act, act === 'regenerate' ? `v${fresh}` : undefined);
  };
  return reachableFinals(s0, scenario.acts.length, run, (s) => `${shownState(s)}|${s.value === 'v0'}`).size;
}

// ---------------------------------------------------------------------------------------------------------------

const NAMED: { title: string; scenario: Scenario }[] = [
  {
    title: 'deactivate and reactivate, three of each, with requests in flight',
    scenario: {
      startDeactivated: false,
      acts: [
        'deactivate',
        'reactivate',
        'deactivate',
        'probe',
        'reactivate',
        'deactivate',
        'reactivate',
        'probe',
      ],
    },
  },
  {
    title: 'four regenerations at once, with a deactivation and requests with the original value',
    scenario: {
      startDeactivated: false,
      acts: ['regenerate', 'regenerate', 'probe', 'regenerate', 'deactivate', 'regenerate', 'probe'],
    },
  },
  {
    title: 'revoke racing reactivate, regenerate and deactivate on a deactivated token',
    scenario: { startDeactivated: true, acts: ['reactivate', 'revoke', 'regenerate', 'deactivate', 'probe'] },
  },
  {
    title: 'the expiry reached while the token is deactivated, reactivated and regenerated',
    scenario: { startDeactivated: true, acts: ['expire', 'reactivate', 'regenerate', 'deactivate', 'probe'] },
  },
  {
    title: 'the creator removed while the token is regenerated, deactivated and revoked',
    scenario: {
      startDeactivated: false,
      acts: ['remove-creator', 'regenerate', 'deactivate', 'probe', 'reactivate', 'probe'],
    },
  },
];

describe('concurrent token lifecycle actions on one token', () => {
  for (const { title, scenario } of NAMED) {
    it(`${title}: some serial order explains every answer and the final state [CONC-TOKEN-LIFECYCLE-SERIALIZABLE, TOKEN-TRANSITION-GUARDS]`, async (ctx) => {
      need(ctx, target(), { control: 'the token dashboard' });
      // The scenario can end in more than one state, so the check below decides something.
      expect(outcomes(scenario)).toBeGreaterThan(1);
      await runScenario(scenario);
    });
  }

  it('generated bursts of actions, clock steps, creator removals and requests: some serial order explains them all [CONC-TOKEN-LIFECYCLE-SERIALIZABLE, TOKEN-TRANSITION-GUARDS, TOKEN-REGENERATE-OLD-DIES]', async (ctx) => {
    need(ctx, target(), { control: 'the token dashboard' });
    const actArb = fc.constantFrom<Act>('deactivate', 'reactivate', 'regenerate', 'revoke', 'probe');
    const scenarioArb = fc
      .record({
        startDeactivated: fc.boolean(),
        acts: fc.array(actArb, { minLength: 2, maxLength: 7 }),
        expire: fc.boolean(),
        removeCreator: fc.boolean(),
      })
      .map(
        ({ startDeactivated, acts, expire, removeCreator }): Scenario => ({
          startDeactivated,
          acts: [
            ...acts,
            ...(expire ? (['expire'] as const) : []),
            ...(removeCreator ? (['remove-creator'] as const) : []),
          ],
        }),
      );
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (scenario) => {
        await target().control!.post('/rate-limits/reset');
        await runScenario(scenario);
      }),
      { numRuns: 25 },
    );
  });
});
