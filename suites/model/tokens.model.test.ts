/**
 * Model-based test of API tokens: random sequences of token creations (role, scope, expiry, created by the owner or
 * by an editor member), lifecycle actions on any of them, clock steps, the removal of the editor from the
 * organization, requests made with current and former values, and listings of the tokens (control API), compared
 * command by command with a small reference model of the spec's state table (States/API token) and access rules.
 * Each run uses a new organization with two projects A and B; `selected` tokens cover A only.
 *
 * Two strengths (HARNESS-TWO-STRENGTHS): what the state table and the access rules decide is checked hard; what
 * rests on a choice of the fake (the guards on transitions the table lacks, a revoked token's actions, the exact
 * expiry instant, the messages of an expired token and of a token whose creator left, the creator's cap) under
 * that assumed clause. A token whose history went through such a choice carries it into later checks (`grounds`).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MemberRole, TokenRole } from '../../contract/index.js';
import { assumedGrounds, permits, type SpecOperationId } from '../support/access-model.js';
import { type ControlAnswer, controlAnswer } from '../support/control-raw.js';
import { expectError, expectSuccess } from '../support/envelope.js';
import { FORBIDDEN, INVALID_TOKEN } from '../support/messages.js';
import { assumed } from '../support/strength.js';
import { need, useTarget } from '../support/use-target.js';
import {
  addProjectMemberVia,
  type ControlToken,
  clockNow,
  createMemberVia,
  createOrganizationVia,
  createProjectVia,
  type LifecycleAction,
  listTokens,
  unique,
} from '../support/world.js';

const target = useTarget();

const DAY = 86_400_000;
const CREATOR_LEFT = 'Inactive token: the token creator is no longer a member of the organization';

// ---------------------------------------------------------------------------------------------------------------
// The reference model

interface TokenModel {
  role: TokenRole;
  scope: 'all' | 'selected';
  /** Created by the editor member (else by the owner). */
  byMember: boolean;
  expiresAt: number | null;
  status: 'active' | 'deactivated' | 'deleted';
  /** Assumed clauses the model's knowledge of this token rests on (the choices its history went through). */
  grounds: Set<string>;
}

interface Model {
  now: number;
  tokens: TokenModel[];
  memberGone: boolean;
}

const expired = (m: Model, t: TokenModel) => t.expiresAt !== null && m.now >= t.expiresAt;
const creatorGone = (m: Model, t: TokenModel) => t.byMember && m.memberGone;
const usable = (m: Model, t: TokenModel) => t.status === 'active' && !expired(m, t) && !creatorGone(m, t);
const shownState = (m: Model, t: TokenModel) =>
  t.status !== 'active' ? t.status : expired(m, t) ? 'expired' : creatorGone(m, t) ? 'unusable' : 'active';

/** `check` hard when `grounds` is empty, else under each of them. */
function under(grounds: Iterable<string>, check: () => void): void {
  const ids = [...new Set(grounds)];
  if (ids.length === 0) check();
  for (const id of ids) assumed(id, check);
}

/** Within a day of a token's expiry instant: which side of it a request falls on is TOKEN-EXPIRY-INSTANT. */
const nearExpiry = (m: Model, t: TokenModel) => t.expiresAt !== null && Math.abs(m.now - t.expiresAt) < DAY;

/**
 * The assumed clauses an action's answer rests on: none for the table's own transitions (deactivate, regenerate
 * and revoke on an active token, reactivate on a deactivated one); TOKEN-REVOKED-PERMANENT on a revoked token;
 * TOKEN-TRANSITION-GUARDS for every other case, and TOKEN-EXPIRY-INSTANT when it is decided at the expiry instant.
 */
function actionGrounds(m: Model, t: TokenModel, action: LifecycleAction): string[] {
  if (t.status === 'deleted') return ['TOKEN-REVOKED-PERMANENT', 'TOKEN-TRANSITION-GUARDS'];
  const inTable = action === 'reactivate' ? t.status === 'deactivated' && !expired(m, t) : usable(m, t);
  const grounds = inTable ? [] : ['TOKEN-TRANSITION-GUARDS'];
  if (nearExpiry(m, t)) grounds.push('TOKEN-EXPIRY-INSTANT');
  return grounds;
}

/** 200, 404 (revoked: gone) or 409 (not a transition of the table), by TOKEN-TRANSITION-GUARDS. */
function actionStatus(m: Model, t: TokenModel, action: LifecycleAction): 200 | 404 | 409 {
  if (t.status === 'deleted') return 404;
  const ok = action === 'revoke' ? true : action === 'reactivate' ? t.status === 'deactivated' : usable(m, t);
  return ok ? 200 : 409;
}

type Use = 'getProjectUsageLimit' | 'updateProjectSettings' | 'getOrganizationDetail';

/** A request with the token (its current value, or a former one): status and the messages it may carry. */
function useOutcome(
  m: Model,
  t: TokenModel,
  op: Use,
  project: 'A' | 'B',
  former: boolean,
): { status: number; messages: string[]; documented: RegExp; grounds: string[]; messageClause?: string } {
  const invalid = new RegExp(`^${INVALID_TOKEN}$`);
  if (former) return { status: 401, messages: [INVALID_TOKEN], documented: invalid, grounds: [] };
  const instant = nearExpiry(m, t) ? ['TOKEN-EXPIRY-INSTANT'] : [];
  if (t.status !== 'active' || expired(m, t)) {
    // Invalid for two reasons: which one the message names is not shown. An expired token's message is the
    // fake's choice (TOKEN-EXPIRY-MESSAGE).
    const expiryOnly = t.status === 'active';
    return {
      status: 401,
      messages: creatorGone(m, t) ? [INVALID_TOKEN, CREATOR_LEFT] : [INVALID_TOKEN],
      documented: creatorGone(m, t) || expiryOnly ? /./ : invalid,
      grounds: instant,
      ...(expiryOnly ? { messageClause: 'TOKEN-EXPIRY-MESSAGE' } : {}),
    };
  }
  if (creatorGone(m, t))
    return {
      status: 401,
      messages: [CREATOR_LEFT],
      documented: /no longer a member/i,
      grounds: instant,
      messageClause: 'TOKEN-CREATOR-REMOVED-MESSAGE',
    };
  const creatorRole: MemberRole = t.byMember ? 'editor' : 'owner';
  const grant = { role: t.role, permissions: [] };
  const access = assumedGrounds(op as SpecOperationId, grant, creatorRole);
  const forbidden = new RegExp(`^${FORBIDDEN}$`);
  if (!permits(op as SpecOperationId, grant, creatorRole))
    return { status: 403, messages: [FORBIDDEN], documented: forbidden, grounds: [...instant, ...access] };
  if (op !== 'getOrganizationDetail' && t.scope === 'selected' && project === 'B')
    return { status: 403, messages: [FORBIDDEN], documented: forbidden, grounds: instant };
  return { status: 200, messages: [], documented: /./, grounds: [...instant, ...access] };
}

// ---------------------------------------------------------------------------------------------------------------
// The real system

interface Real {
  organization_id: number;
  owner_user_id: number;
  member_user_id: number;
  projects: { A: { id: number; uid: string }; B: { id: number; uid: string } };
  /** Per token of the model: its id and every value it had, the current one last. */
  tokens: { id: number; values: string[] }[];
}

const MAX_TOKENS = 6;

class Create implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly role: TokenRole,
    readonly scope: 'all' | 'selected',
    readonly byMember: boolean,
    readonly expiry: 'none' | '7',
  ) {}
  check = (m: Readonly<Model>) => m.tokens.length < MAX_TOKENS;
  async run(m: Model, r: Real) {
    const answer = await controlAnswer<ControlToken>(target(), 'POST', '/tokens', {
      organization_id: r.organization_id,
      creator_user_id: this.byMember ? r.member_user_id : r.owner_user_id,
      name: unique('model token'),
      role: this.role,
      scope_type: this.scope,
      ...(this.scope === 'selected' ? { project_uids: [r.projects.A.uid] } : {}),
      expiration: this.expiry,
    });
    if (this.byMember && m.memberGone) {
      // Tokens are created by members of the organization only (the fake's dashboard refuses it).
      assumed('MODEL-TOKENS', () =>
        expect(answer.status, 'a creator who left cannot create tokens').toBe(400),
      );
      return;
    }
    expect(answer.status, answer.message).toBe(200);
    const view = answer.data!;
    const t: TokenModel = {
      role: this.role,
      scope: this.scope,
      byMember: this.byMember,
      expiresAt: this.expiry === '7' ? m.now + 7 * DAY : null,
      status: 'active',
      grounds: new Set(),
    };
    expect(view.value.startsWith('api-v1-')).toBe(true);
    expect(view).toMatchObject({
      role: this.role,
      scope_type: this.scope,
      project_ids: this.scope === 'selected' ? [r.projects.A.id] : [],
      expiration: this.expiry,
      state: 'active',
    });
    expect(view.expires_at === null ? null : Date.parse(view.expires_at)).toBe(t.expiresAt);
    m.tokens.push(t);
    r.tokens.push({ id: view.id, values: [view.value] });
  }
  toString = () =>
    `create(${this.role}, ${this.scope}, ${this.byMember ? 'member' : 'owner'}, ${this.expiry})`;
}

class Act implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly action: LifecycleAction,
  ) {}
  check = (m: Readonly<Model>) => m.tokens.length > 0;
  async run(m: Model, r: Real) {
    const i = this.pick % m.tokens.length;
    const t = m.tokens[i]!;
    const real = r.tokens[i]!;
    const expected = actionStatus(m, t, this.action);
    const grounds = [...t.grounds, ...actionGrounds(m, t, this.action)];
    const answer: ControlAnswer<ControlToken> = await controlAnswer(
      target(),
      'POST',
      `/tokens/${real.id}/${this.action}`,
    );
    under(grounds, () =>
      expect(answer.status, `${this.action} on a token ${shownState(m, t)}: ${answer.message}`).toBe(
        expected,
      ),
    );
    // The model follows what the dashboard did, carrying the choice it rested on.
    if (answer.status !== 200) return;
    for (const id of grounds) t.grounds.add(id);
    if (this.action === 'deactivate') t.status = 'deactivated';
    if (this.action === 'reactivate') t.status = 'active';
    if (this.action === 'revoke') t.status = 'deleted';
    const view = answer.data!;
    if (this.action === 'regenerate') {
      expect(real.values, 'a regenerated value is new').not.toContain(view.value);
      expect(view.value.startsWith('api-v1-')).toBe(true);
      real.values.push(view.value);
    }
    expect(view.value).toBe(real.values.at(-1));
    under(t.grounds, () => expect(view.state).toBe(shownState(m, t)));
  }
  toString = () => `${this.action}(#${this.pick})`;
}

class UseToken implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly op: Use,
    readonly project: 'A' | 'B',
    readonly former: boolean,
  ) {}
  check = (m: Readonly<Model>) => m.tokens.length > 0;
  async run(m: Model, r: Real) {
    const i = this.pick % m.tokens.length;
    const values = r.tokens[i]!.values;
    const former = this.former && values.length > 1;
    const value = former ? values.at(-2)! : values.at(-1)!;
    const t = m.tokens[i]!;
    const expected = useOutcome(m, t, this.op, this.project, former);
    const body = this.op === 'getOrganizationDetail' ? {} : { project_uid: r.projects[this.project].uid };
    const res = await target().call(this.op, { auth: { bearer: value }, body });
    const got = (res.json as { message?: unknown } | undefined)?.message;
    // The class: a success, or the documented status with what the spec says of its message.
    under([...t.grounds, ...expected.grounds], () => {
      if (expected.status === 200) expectSuccess(res, this.op);
      else {
        expectError(res, expected.status);
        expect(String(got)).toMatch(expected.documented);
      }
    });
    // The fake's exact message.
    if (expected.status !== 200) {
      const exact = () => expect(expected.messages).toContain(got);
      if (expected.messageClause) assumed(expected.messageClause, exact);
      assumed('MODEL-TOKENS', exact);
    }
  }
  toString = () => `use(#${this.pick}, ${this.op}, ${this.project}${this.former ? ', former value' : ''})`;
}

class Advance implements fc.AsyncCommand<Model, Real> {
  constructor(readonly days: number) {}
  check = () => true;
  async run(m: Model) {
    await target().control!.advance({ days: this.days });
    m.now += this.days * DAY;
  }
  toString = () => `advance(${this.days}d)`;
}

/** To a token's expiry instant, or 1 ms before it: the boundary of TOKEN-EXPIRY-INSTANT. */
class AdvanceToExpiry implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly offsetMs: 0 | -1,
  ) {}
  check = (m: Readonly<Model>) => {
    const t = m.tokens[this.pick % Math.max(1, m.tokens.length)];
    return t?.expiresAt != null && t.expiresAt + this.offsetMs > m.now;
  };
  async run(m: Model) {
    const t = m.tokens[this.pick % m.tokens.length]!;
    const ms = t.expiresAt! + this.offsetMs - m.now;
    await target().control!.advance({ ms });
    m.now += ms;
  }
  toString = () => `advanceToExpiry(#${this.pick}, ${this.offsetMs}ms)`;
}

class RemoveMember implements fc.AsyncCommand<Model, Real> {
  check = (m: Readonly<Model>) => !m.memberGone;
  async run(m: Model, r: Real) {
    await target().control!.delete(`/organizations/${r.organization_id}/members/${r.member_user_id}`);
    m.memberGone = true;
  }
  toString = () => 'removeMember';
}

class List implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(m: Model, r: Real) {
    const listed = new Map((await listTokens(target().control!)).map((t) => [t.id, t]));
    for (const [i, t] of m.tokens.entries()) {
      const view = listed.get(r.tokens[i]!.id);
      expect(view, `token #${i} is listed`).toBeDefined();
      const grounds = [...t.grounds, ...(nearExpiry(m, t) ? ['TOKEN-EXPIRY-INSTANT'] : [])];
      under(grounds, () =>
        expect({ status: view!.status, state: view!.state, value: view!.value, role: view!.role }).toEqual({
          status: t.status,
          state: shownState(m, t),
          value: r.tokens[i]!.values.at(-1),
          role: t.role,
        }),
      );
    }
  }
  toString = () => 'list';
}

const pickArb = fc.nat({ max: MAX_TOKENS - 1 });
const commandArbs = [
  fc
    .record({
      role: fc.constantFrom<TokenRole>('owner', 'editor', 'viewer'),
      scope: fc.constantFrom<'all' | 'selected'>('all', 'selected'),
      byMember: fc.boolean(),
      expiry: fc.constantFrom<'none' | '7'>('none', '7'),
    })
    .map((c) => new Create(c.role, c.scope, c.byMember, c.expiry)),
  fc
    .tuple(pickArb, fc.constantFrom<LifecycleAction>('deactivate', 'reactivate', 'regenerate', 'revoke'))
    .map(([p, a]) => new Act(p, a)),
  fc
    .record({
      pick: pickArb,
      op: fc.constantFrom<Use>('getProjectUsageLimit', 'updateProjectSettings', 'getOrganizationDetail'),
      project: fc.constantFrom<'A' | 'B'>('A', 'B'),
      former: fc.boolean(),
    })
    .map((u) => new UseToken(u.pick, u.op, u.project, u.former)),
  fc.integer({ min: 1, max: 8 }).map((d) => new Advance(d)),
  fc.tuple(pickArb, fc.constantFrom<0 | -1>(0, -1)).map(([p, o]) => new AdvanceToExpiry(p, o)),
  fc.constant(new RemoveMember()),
  fc.constant(new List()),
];

async function newWorld(): Promise<Real> {
  const control = target().control!;
  const org = await createOrganizationVia(control);
  const member = await createMemberVia(control, org.organization_id, 'editor');
  const [a, b] = [
    await createProjectVia(control, org.organization_id, undefined),
    await createProjectVia(control, org.organization_id, undefined),
  ];
  for (const p of [a!, b!]) await addProjectMemberVia(control, p.project_uid, member);
  return {
    ...org,
    member_user_id: member,
    projects: { A: { id: a!.id, uid: a!.project_uid }, B: { id: b!.id, uid: b!.project_uid } },
    tokens: [],
  };
}

// The creators here are the owner and an editor, whose role allows every operation used: the creator's cap
// (AUTH-EFFECTIVE-ACCESS-CAP) never decides an answer, so the title does not cite it (the access table does).
describe('API tokens against a reference model', () => {
  // The assumed clauses a generated sequence may or may not reach (TOKEN-REVOKED-PERMANENT, TOKEN-TRANSITION-GUARDS,
  // TOKEN-EXPIRY-INSTANT, TOKEN-CREATOR-REMOVED-MESSAGE) are cited by the assumed() checks of the steps that reach them.
  it('random sequences of creations, lifecycle actions, clock steps, creator removal, uses and listings match the model command by command [MODEL-TOKENS, TOKEN-DEACTIVATE, TOKEN-DEACTIVATED-401, TOKEN-REACTIVATE, TOKEN-REGENERATE-NEW-VALUE, TOKEN-REGENERATE-OLD-DIES, TOKEN-REVOKE, TOKEN-EXPIRED-401, TOKEN-NO-EXPIRY, TOKEN-CREATOR-REMOVED-401, TOKEN-SCOPE-SELECTED, TOKEN-SCOPE-VALUES]', async (ctx) => {
    need(ctx, target(), { control: true });
    await fc.assert(
      fc.asyncProperty(fc.commands(commandArbs, { maxCommands: 20, size: 'max' }), async (cmds) => {
        const real = await newWorld();
        const model: Model = { now: await clockNow(target().control!), tokens: [], memberGone: false };
        await fc.asyncModelRun(() => ({ model, real }), cmds);
        await new List().run(model, real);
      }),
      { numRuns: 30 },
    );
  });
});
