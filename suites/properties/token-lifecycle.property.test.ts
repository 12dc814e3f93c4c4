/**
 * Model-based property of the API token lifecycle: random sequences of deactivate, reactivate, regenerate, revoke
 * and clock steps on one token, run against the target through the control API and compared, after every step,
 * with a small reference state machine written from the spec's state table.
 * Two strengths: the state table's own transitions and their documented 401s are checked hard; what the model adds
 * to the table is checked under its assumed clause: refusing the transitions the table does not list
 * (TOKEN-TRANSITION-GUARDS, TOKEN-REVOKED-PERMANENT), the exact instant of expiry (TOKEN-EXPIRY-INSTANT, within a
 * day of it), the expired token's message (TOKEN-EXPIRY-MESSAGE) and a regenerated value keeping the old expiry
 * (TOKEN-REGENERATE-KEEPS-EXPIRY).
 *
 * Those sequences need the fake's control API (the dashboard's actions, its clock). A second property runs on any
 * target that offers the token provider states: every step of the lifecycle entered as a state, each with random
 * configurations (role, permissions or both, expiration, the creator's role), observed through the public API.
 */
import fc from 'fast-check';
import { describe, expect, it, type TestContext } from 'vitest';
import type { MemberRole, TokenRole } from '../../contract/index.js';
import {
  clockStepMsArb,
  type LifecycleExpiry,
  lifecycleExpiryArb,
  tokenGrantArb,
} from '../support/arbitraries/access.js';
import { expectError, expectSuccess, statusBy } from '../support/envelope.js';
import { INVALID_TOKEN } from '../support/messages.js';
import { assumed, readable } from '../support/strength.js';
import { expectCreatorLeft, tokenProbes } from '../support/token-probes.js';
import { enterState, need, useTarget } from '../support/use-target.js';
import {
  clockNow,
  createTokenVia,
  type LifecycleAction,
  seededOrganization,
  tokenAction,
} from '../support/world.js';

const target = useTarget();
const DAY = 86_400_000;

/** The reference machine: the spec's table plus TOKEN-TRANSITION-GUARDS, TOKEN-EXPIRY-INSTANT, TOKEN-REVOKED-PERMANENT. */
interface Model {
  status: 'active' | 'deactivated' | 'revoked';
  /** Epoch ms at which the token expires; null: never (TOKEN-NO-EXPIRY). */
  expiresAt: number | null;
  now: number;
  /** The last action the token took. */
  last?: LifecycleAction;
}

/** The documented rule that makes an active, unexpired token work: the action that made it so, else its expiry. */
const worksBy = (m: Model): string =>
  m.last === 'reactivate'
    ? 'TOKEN-REACTIVATE'
    : m.last === 'regenerate'
      ? 'TOKEN-REGENERATE-NEW-VALUE'
      : m.expiresAt === null
        ? 'TOKEN-NO-EXPIRY'
        : 'TOKEN-EXPIRATION-OPTIONS';

interface Real {
  id: number;
  current: string;
  /** Every value the token had before a regeneration. */
  old: string[];
}

/** How close to its expiry instant a token's state is the fake's reading of the instant (TOKEN-EXPIRY-INSTANT). */
const EXPIRY_MARGIN_MS = DAY;

const expired = (m: Model) => m.expiresAt !== null && m.now >= m.expiresAt;
const authenticates = (m: Model) => m.status === 'active' && !expired(m);

/** Whether the spec's state table itself lists the transition from the model's state (documented). */
function inStateTable(m: Model, action: LifecycleAction): boolean {
  // "Can be reactivated at any time"; the other three leave an active (so not expired) token.
  return action === 'reactivate' ? m.status === 'deactivated' : m.status === 'active' && !expired(m);
}

/** Whether the machine has the transition in the model's current state. */
function accepts(m: Model, action: LifecycleAction): boolean {
  switch (action) {
    case 'deactivate':
    case 'regenerate':
      return m.status === 'active' && !expired(m);
    case 'reactivate':
      return m.status === 'deactivated';
    case 'revoke':
      return m.status !== 'revoked';
  }
}

const probe = (value: string) => target().call('getMyProjects', { auth: { bearer: value }, body: {} });

/**
 * After every step: the current value authenticates iff the model says so; no old value ever does. Documented: an
 * active token works, a deactivated or revoked one gets 401 `Invalid or revoked API token`, an expired one 401, an
 * old value 401 `Invalid or revoked API token`. Assumed: the expiry instant itself, the expired token's message, and
 * that a regenerated value expires when the old one would have.
 */
async function verify(m: Model, r: Real): Promise<void> {
  const res = await probe(r.current);
  const exact = () => {
    if (authenticates(m)) expectSuccess(res, 'getMyProjects');
    else expectError(res, 401, INVALID_TOKEN);
  };
  const nearExpiry = m.expiresAt !== null && Math.abs(m.now - m.expiresAt) < EXPIRY_MARGIN_MS;
  const regeneratedPastExpiry = r.old.length > 0 && expired(m);
  if (m.status !== 'active') {
    statusBy(m.status === 'revoked' ? 'TOKEN-REVOKE' : 'TOKEN-DEACTIVATED-401', res, 401);
    expectError(res, 401, INVALID_TOKEN);
  } else if (nearExpiry || regeneratedPastExpiry) {
    if (nearExpiry) assumed('TOKEN-EXPIRY-INSTANT', exact);
    if (regeneratedPastExpiry) assumed('TOKEN-REGENERATE-KEEPS-EXPIRY', exact);
  } else if (expired(m)) {
    statusBy('TOKEN-EXPIRED-401', res, 401);
    expectError(res, 401);
    assumed('TOKEN-EXPIRY-MESSAGE', exact);
  } else {
    statusBy(worksBy(m), res, 'ok');
    expectSuccess(res, 'getMyProjects');
    // A regenerated value with an expiry still ahead works, as the old one would have.
    if (r.old.length > 0 && m.expiresAt !== null) assumed('TOKEN-REGENERATE-KEEPS-EXPIRY', exact);
  }
  for (const old of r.old) {
    const answer = await probe(old);
    statusBy('TOKEN-REGENERATE-OLD-DIES', answer, 401);
    expectError(answer, 401, INVALID_TOKEN);
  }
}

/** The documented rule of each action of the state table. */
const ACTION_CLAUSE: Record<LifecycleAction, string> = {
  deactivate: 'TOKEN-DEACTIVATE',
  reactivate: 'TOKEN-REACTIVATE',
  regenerate: 'TOKEN-REGENERATE-NEW-VALUE',
  revoke: 'TOKEN-REVOKE',
};

class ActionCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly action: LifecycleAction) {}
  check(): boolean {
    return true; // refused actions are part of what is checked
  }
  async run(m: Model, r: Real): Promise<void> {
    const expected = accepts(m, this.action);
    const documented = inStateTable(m, this.action);
    const outcome = await tokenAction(target().control!, r.id, this.action).then(
      (view) => ({ ok: true as const, view }),
      (err: Error) => ({ ok: false as const, err }),
    );
    const asModelled = () =>
      expect(
        outcome.ok,
        `${this.action} in ${JSON.stringify(m)}: ${outcome.ok ? 'accepted' : outcome.err.message}`,
      ).toBe(expected);
    // The table's own transitions are documented; refusing the others (and what a revoked token may not do) is
    // the fake's guard.
    if (documented) readable(ACTION_CLAUSE[this.action], asModelled);
    else {
      assumed('TOKEN-TRANSITION-GUARDS', asModelled);
      if (m.status === 'revoked') assumed('TOKEN-REVOKED-PERMANENT', asModelled);
    }
    if (outcome.ok) {
      m.last = this.action;
      if (this.action === 'deactivate') m.status = 'deactivated';
      if (this.action === 'reactivate') m.status = 'active';
      if (this.action === 'revoke') m.status = 'revoked';
      if (this.action === 'regenerate') {
        const value = outcome.view.value;
        readable('TOKEN-REGENERATE-NEW-VALUE', () => {
          expect(value.startsWith('api-v1-')).toBe(true);
          expect([r.current, ...r.old]).not.toContain(value);
        });
        r.old.push(r.current);
        r.current = value;
      }
    }
    await verify(m, r);
  }
  toString(): string {
    return this.action;
  }
}

class AdvanceCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly ms: number) {}
  check(): boolean {
    return true;
  }
  async run(m: Model, r: Real): Promise<void> {
    await target().control!.advance({ ms: this.ms });
    m.now += this.ms;
    await verify(m, r);
  }
  toString(): string {
    return `advance(${this.ms}ms)`;
  }
}

const commandArbs = [
  fc.constant(new ActionCommand('deactivate')),
  fc.constant(new ActionCommand('reactivate')),
  fc.constant(new ActionCommand('regenerate')),
  fc.constant(new ActionCommand('revoke')),
  clockStepMsArb.map((ms) => new AdvanceCommand(ms)),
];

describe('token lifecycle', () => {
  it('random lifecycle sequences match the reference state machine after every step [TOKEN-DEACTIVATE, TOKEN-DEACTIVATED-401, TOKEN-REACTIVATE, TOKEN-REGENERATE-NEW-VALUE, TOKEN-REGENERATE-OLD-DIES, TOKEN-REGENERATE-KEEPS-EXPIRY, TOKEN-REVOKE, TOKEN-REVOKED-PERMANENT, TOKEN-EXPIRED-401, TOKEN-EXPIRY-INSTANT, TOKEN-EXPIRY-MESSAGE, TOKEN-NO-EXPIRY, TOKEN-TRANSITION-GUARDS]', async (ctx) => {
    need(ctx, target(), { control: 'the token dashboard' });
    const control = target().control!;
    const org = await seededOrganization(target());

    await fc.assert(
      fc.asyncProperty(
        lifecycleExpiryArb,
        fc.commands(commandArbs, { maxCommands: 14 }),
        async (expiry, cmds) => {
          const now = await clockNow(control);
          const expiresAt = expiryInstant(expiry, now);
          const token = await createTokenVia(control, {
            organization_id: org.organization_id,
            creator_user_id: org.owner_user_id,
            role: 'viewer',
            ...(expiry.kind === 'none'
              ? { expiration: 'none' as const }
              : expiry.kind === '7'
                ? { expiration: '7' as const }
                : { expiration: 'custom' as const, expires_at: new Date(expiresAt!).toISOString() }),
          });
          const model: Model = { status: 'active', expiresAt, now };
          const real: Real = { id: token.id, current: token.value, old: [] };
          await verify(model, real);
          await fc.asyncModelRun(() => ({ model, real }), cmds);
        },
      ),
      { numRuns: 100 },
    );
  });
});

function expiryInstant(expiry: LifecycleExpiry, now: number): number | null {
  switch (expiry.kind) {
    case 'none':
      return null;
    case '7':
      return now + 7 * DAY;
    case 'custom':
      return now + expiry.hours * 3_600_000;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Each step of the lifecycle as a provider state, with random configurations (no control API needed).

const DAY_S = 86_400;
const PRESET_DAYS = { '7': 7, '30': 30, '60': 60, '90': 90 } as const;
type Preset = keyof typeof PRESET_DAYS;

/** A token's configuration as the token states take it; at least a role or a permission. */
const configArb = fc
  .record({
    grant: tokenGrantArb,
    expiration: fc.constantFrom<Preset | 'none'>('7', '30', '60', '90', 'none'),
    creator_role: fc.constantFrom<MemberRole>('owner', 'editor', 'viewer', 'operator'),
  })
  .map(({ grant, expiration, creator_role }) => ({
    role: (grant.role ?? 'none') as TokenRole | 'none',
    permissions: grant.permissions,
    expiration,
    creator_role,
  }));
type Config = typeof configArb extends fc.Arbitrary<infer C> ? C : never;

/** What a step draws besides the configuration. */
const extraArb = fc.record({
  regenerations: fc.integer({ min: 1, max: 3 }),
  expired_seconds_ago: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 365 * DAY_S })),
  // Mostly around the presets' lifetimes, sometimes years.
  created_seconds_ago: fc.oneof(
    fc.integer({ min: 0, max: 100 * DAY_S }),
    fc.integer({ min: 0, max: 20 * 365 * DAY_S }),
  ),
});
type Extra = typeof extraArb extends fc.Arbitrary<infer E> ? E : never;

const { probe: probeValue, expectWorks, expectInvalid, expectExpired } = tokenProbes(target);

/**
 * A token created `age` seconds ago with `expiration`: a day or more inside its lifetime it works, a day or more
 * past it 401 (documented); within a day of its expiry instant, which side it falls on is TOKEN-EXPIRY-INSTANT.
 */
async function expectByAge(value: string, expiration: Preset | 'none', age: number): Promise<void> {
  if (expiration === 'none') return expectWorks(value, 'TOKEN-NO-EXPIRY');
  const lifetime = PRESET_DAYS[expiration] * DAY_S;
  if (age <= lifetime - DAY_S) return expectWorks(value, 'TOKEN-EXPIRATION-OPTIONS');
  if (age >= lifetime + DAY_S) return expectExpired(value);
  const res = await probeValue(value);
  assumed('TOKEN-EXPIRY-INSTANT', () => {
    if (age < lifetime) expectSuccess(res, 'getMyProjects');
    else expectError(res, 401, INVALID_TOKEN);
  });
}

type Step = (ctx: TestContext, c: Config, x: Extra) => Promise<void>;

/** Every step of the state table, each entered as its provider state and observed. */
const STEPS: [string, Step][] = [
  [
    'active',
    async (ctx, c) =>
      expectWorks(
        (await enterState(ctx, target(), 'token', c)).value,
        c.expiration === 'none' ? 'TOKEN-NO-EXPIRY' : 'TOKEN-EXPIRATION-OPTIONS',
      ),
  ],
  [
    'deactivated',
    async (ctx, c) =>
      expectInvalid((await enterState(ctx, target(), 'token deactivated', c)).value, 'TOKEN-DEACTIVATED-401'),
  ],
  [
    'reactivated',
    async (ctx, c) =>
      expectWorks((await enterState(ctx, target(), 'token reactivated', c)).value, 'TOKEN-REACTIVATE'),
  ],
  [
    'regenerated',
    async (ctx, c, x) => {
      const t = await enterState(ctx, target(), 'token regenerated', {
        ...c,
        regenerations: x.regenerations,
      });
      const values = [...t.old_values, t.value];
      readable('TOKEN-REGENERATE-NEW-VALUE', () => {
        expect(new Set(values).size).toBe(x.regenerations + 1);
        for (const v of values) expect(v.startsWith('api-v1-')).toBe(true);
      });
      await expectWorks(t.value, 'TOKEN-REGENERATE-NEW-VALUE');
      for (const old of t.old_values) await expectInvalid(old, 'TOKEN-REGENERATE-OLD-DIES');
    },
  ],
  [
    'revoked',
    async (ctx, c) =>
      expectInvalid((await enterState(ctx, target(), 'token revoked', c)).value, 'TOKEN-REVOKE'),
  ],
  [
    'expired',
    async (ctx, c, x) => {
      const expiration = c.expiration === 'none' ? '7' : c.expiration;
      const params = { ...c, expiration, expired_seconds_ago: x.expired_seconds_ago };
      await expectExpired((await enterState(ctx, target(), 'token expired', params)).value);
    },
  ],
  [
    'created earlier, with a preset expiration',
    async (ctx, c, x) => {
      const expiration = c.expiration === 'none' ? '30' : c.expiration;
      const params = { ...c, expiration, created_seconds_ago: x.created_seconds_ago };
      const t = await enterState(ctx, target(), 'token created earlier', params);
      await expectByAge(t.value, expiration, x.created_seconds_ago);
    },
  ],
  [
    'created earlier, with no expiration',
    async (ctx, c, x) => {
      const params = { ...c, expiration: 'none' as const, created_seconds_ago: x.created_seconds_ago };
      await expectWorks(
        (await enterState(ctx, target(), 'token created earlier', params)).value,
        'TOKEN-NO-EXPIRY',
      );
    },
  ],
  [
    'creator removed',
    async (ctx, c) => {
      const creator_role = c.creator_role === 'owner' ? 'editor' : c.creator_role;
      const t = await enterState(ctx, target(), 'token creator removed', { ...c, creator_role });
      expectCreatorLeft(await probeValue(t.value), 'getMyProjects');
    },
  ],
];

describe('token lifecycle states', () => {
  it('every step of the state table, entered as a provider state with random configurations, authenticates as the table says [TOKEN-ROLE-OR-PERMISSIONS-REQUIRED, TOKEN-DEACTIVATED-401, TOKEN-REACTIVATE, TOKEN-REGENERATE-NEW-VALUE, TOKEN-REGENERATE-OLD-DIES, TOKEN-REVOKE, TOKEN-EXPIRED-401, TOKEN-EXPIRATION-OPTIONS, TOKEN-NO-EXPIRY, TOKEN-CREATOR-REMOVED-401, TOKEN-CREATOR-REMOVED-MESSAGE-GIST]', async (ctx) => {
    for (const [name, step] of STEPS) {
      await fc
        .assert(
          fc.asyncProperty(configArb, extraArb, (config, extra) => step(ctx, config, extra)),
          { numRuns: 5, endOnFailure: true },
        )
        .catch((err: Error) => {
          // The property's own failure stays the cause: a bound failure in it reds its clause alone.
          throw new Error(`${name}: ${err.message}`, { cause: err });
        });
    }
  });
});
