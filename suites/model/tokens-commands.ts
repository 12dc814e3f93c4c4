/**
 * The commands of the API tokens model (tokens.model.test.ts), one class per operation, run against the target and
 * checked against the reference (tokens-reference.ts) in two strengths (HARNESS-TWO-STRENGTHS): what the state table
 * and the access rules decide hard; what rests on a choice of the fake under that assumed clause.
 */
import type fc from 'fast-check';
import { expect } from 'vitest';
import type { TokenRole } from '../../contract/index.js';
import { type ControlAnswer, controlAnswer } from '../support/control-raw.js';
import { expectError, expectSuccess } from '../support/envelope.js';
import { assumed, documented, readable } from '../support/strength.js';
import { type ControlToken, type LifecycleAction, listTokens, unique } from '../support/world.js';
import type { Target } from '../target/target.js';
import { under } from './grounds.js';
import {
  actionGrounds,
  actionStatus,
  DAY,
  type Model,
  nearExpiry,
  shownState,
  type TokenModel,
  type Use,
  useOutcome,
} from './tokens-reference.js';

/** The real system: the target, and the organization, member, projects and tokens of the run. */
export interface Real {
  target: Target;
  organization_id: number;
  owner_user_id: number;
  member_user_id: number;
  projects: { A: { id: number; uid: string }; B: { id: number; uid: string } };
  /** Per token of the model: its id and every value it had, the current one last. */
  tokens: { id: number; values: string[] }[];
}

export const MAX_TOKENS = 6;

export class Create implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly role: TokenRole,
    readonly scope: 'all' | 'selected',
    readonly byMember: boolean,
    readonly expiry: 'none' | '7',
  ) {}
  check = (m: Readonly<Model>) => m.tokens.length < MAX_TOKENS;
  async run(m: Model, r: Real) {
    const answer = await controlAnswer<ControlToken>(r.target, 'POST', '/tokens', {
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

export class Act implements fc.AsyncCommand<Model, Real> {
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
      r.target,
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
    t.last = this.action;
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

export class UseToken implements fc.AsyncCommand<Model, Real> {
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
    const res = await r.target.call(this.op, { auth: { bearer: value }, body });
    const got = (res.json as { message?: unknown } | undefined)?.message;
    // The class: a success, or the documented status with what the spec says of its message; the class bound to the
    // rule that decides it, the message to its own (a wrong class stops the run: the model no longer knows the
    // target's state).
    const grounds = [...t.grounds, ...expected.grounds];
    const ofClass = () => {
      if (expected.status === 200) expectSuccess(res, this.op);
      else expect(res.status, `status; body: ${res.text.slice(0, 200)}`).toBe(expected.status);
    };
    const message = () => {
      if (expected.status === 200) return;
      expectError(res, expected.status);
      expect(String(got), 'the message').toMatch(expected.documented);
    };
    if (grounds.length === 0) {
      readable(expected.clauses, ofClass);
      if (expected.documentedClause) documented(expected.documentedClause, message);
      else message();
    } else
      under(grounds, () => {
        ofClass();
        message();
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

export class Advance implements fc.AsyncCommand<Model, Real> {
  constructor(readonly days: number) {}
  check = () => true;
  async run(m: Model, r: Real) {
    await r.target.control!.advance({ days: this.days });
    m.now += this.days * DAY;
  }
  toString = () => `advance(${this.days}d)`;
}

/** To a token's expiry instant, or 1 ms before it: the boundary of TOKEN-EXPIRY-INSTANT. */
export class AdvanceToExpiry implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly offsetMs: 0 | -1,
  ) {}
  check = (m: Readonly<Model>) => {
    const t = m.tokens[this.pick % Math.max(1, m.tokens.length)];
    return t?.expiresAt != null && t.expiresAt + this.offsetMs > m.now;
  };
  async run(m: Model, r: Real) {
    const t = m.tokens[this.pick % m.tokens.length]!;
    const ms = t.expiresAt! + this.offsetMs - m.now;
    await r.target.control!.advance({ ms });
    m.now += ms;
  }
  toString = () => `advanceToExpiry(#${this.pick}, ${this.offsetMs}ms)`;
}

export class RemoveMember implements fc.AsyncCommand<Model, Real> {
  check = (m: Readonly<Model>) => !m.memberGone;
  async run(m: Model, r: Real) {
    await r.target.control!.delete(`/organizations/${r.organization_id}/members/${r.member_user_id}`);
    m.memberGone = true;
  }
  toString = () => 'removeMember';
}

export class List implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(m: Model, r: Real) {
    const listed = new Map((await listTokens(r.target.control!)).map((t) => [t.id, t]));
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
