/**
 * The reference model of API tokens (tokens.model.test.ts; the commands: tokens-commands.ts): the spec's state table
 * (States/API token) and access rules, the expiry instant, and what a request with a token answers. A token whose
 * history went through a choice of the fake carries that assumed clause (`grounds`) into later checks.
 */
import type { MemberRole, TokenRole } from '../../contract/index.js';
import { assumedGrounds, decidedBy, permits, type SpecOperationId } from '../support/access-model.js';
import { CREATOR_LEFT, CREATOR_LEFT_GIST, FORBIDDEN, INVALID_TOKEN } from '../support/messages.js';
import type { LifecycleAction } from '../support/world.js';

export const DAY = 86_400_000;
export { CREATOR_LEFT };

export interface TokenModel {
  role: TokenRole;
  scope: 'all' | 'selected';
  /** Created by the editor member (else by the owner). */
  byMember: boolean;
  expiresAt: number | null;
  status: 'active' | 'deactivated' | 'deleted';
  /** Assumed clauses the model's knowledge of this token rests on (the choices its history went through). */
  grounds: Set<string>;
  /** The last lifecycle action that succeeded on it, if any. */
  last?: LifecycleAction;
}

export interface Model {
  now: number;
  tokens: TokenModel[];
  memberGone: boolean;
}

export const expired = (m: Model, t: TokenModel) => t.expiresAt !== null && m.now >= t.expiresAt;
export const creatorGone = (m: Model, t: TokenModel) => t.byMember && m.memberGone;
export const usable = (m: Model, t: TokenModel) =>
  t.status === 'active' && !expired(m, t) && !creatorGone(m, t);
export const shownState = (m: Model, t: TokenModel) =>
  t.status !== 'active' ? t.status : expired(m, t) ? 'expired' : creatorGone(m, t) ? 'unusable' : 'active';

/** Within a day of a token's expiry instant: which side of it a request falls on is TOKEN-EXPIRY-INSTANT. */
export const nearExpiry = (m: Model, t: TokenModel) =>
  t.expiresAt !== null && Math.abs(m.now - t.expiresAt) < DAY;

/**
 * The assumed clauses an action's answer rests on: none for the table's own transitions (deactivate, regenerate
 * and revoke on an active token, reactivate on a deactivated one); TOKEN-REVOKED-PERMANENT on a revoked token;
 * TOKEN-TRANSITION-GUARDS for every other case, and TOKEN-EXPIRY-INSTANT when it is decided at the expiry instant.
 */
export function actionGrounds(m: Model, t: TokenModel, action: LifecycleAction): string[] {
  if (t.status === 'deleted') return ['TOKEN-REVOKED-PERMANENT', 'TOKEN-TRANSITION-GUARDS'];
  const inTable = action === 'reactivate' ? t.status === 'deactivated' && !expired(m, t) : usable(m, t);
  const grounds = inTable ? [] : ['TOKEN-TRANSITION-GUARDS'];
  if (nearExpiry(m, t)) grounds.push('TOKEN-EXPIRY-INSTANT');
  return grounds;
}

/** 200, 404 (revoked: gone) or 409 (not a transition of the table), by TOKEN-TRANSITION-GUARDS. */
export function actionStatus(m: Model, t: TokenModel, action: LifecycleAction): 200 | 404 | 409 {
  if (t.status === 'deleted') return 404;
  const ok = action === 'revoke' ? true : action === 'reactivate' ? t.status === 'deactivated' : usable(m, t);
  return ok ? 200 : 409;
}

export type Use = 'getProjectUsageLimit' | 'updateProjectSettings' | 'getOrganizationDetail';

/** A request with the token (its current value, or a former one): status and the messages it may carry. */
export function useOutcome(
  m: Model,
  t: TokenModel,
  op: Use,
  project: 'A' | 'B',
  former: boolean,
): UseOutcome {
  const invalid = new RegExp(`^${INVALID_TOKEN}$`);
  if (former)
    return {
      status: 401,
      messages: [INVALID_TOKEN],
      documented: invalid,
      grounds: [],
      clauses: ['TOKEN-REGENERATE-OLD-DIES'],
      documentedClause: 'ERR-401-MESSAGE',
    };
  const instant = nearExpiry(m, t) ? ['TOKEN-EXPIRY-INSTANT'] : [];
  if (t.status !== 'active' || expired(m, t)) {
    // Invalid for two reasons: which one the message names is not shown. An expired token's message is the
    // fake's choice (TOKEN-EXPIRY-MESSAGE).
    const expiryOnly = t.status === 'active';
    const vague = creatorGone(m, t) || expiryOnly;
    return {
      status: 401,
      messages: creatorGone(m, t) ? [INVALID_TOKEN, CREATOR_LEFT] : [INVALID_TOKEN],
      documented: vague ? /./ : invalid,
      grounds: instant,
      ...(expiryOnly ? { messageClause: 'TOKEN-EXPIRY-MESSAGE' } : {}),
      clauses: [
        t.status === 'deleted'
          ? 'TOKEN-REVOKE'
          : t.status === 'deactivated'
            ? 'TOKEN-DEACTIVATED-401'
            : 'TOKEN-EXPIRED-401',
      ],
      ...(vague ? {} : { documentedClause: 'ERR-401-MESSAGE' }),
    };
  }
  if (creatorGone(m, t))
    return {
      status: 401,
      messages: [CREATOR_LEFT],
      documented: CREATOR_LEFT_GIST,
      grounds: instant,
      messageClause: 'TOKEN-CREATOR-REMOVED-MESSAGE',
      clauses: ['TOKEN-CREATOR-REMOVED-401'],
      documentedClause: 'TOKEN-CREATOR-REMOVED-MESSAGE-GIST',
    };
  const creatorRole: MemberRole = t.byMember ? 'editor' : 'owner';
  const grant = { role: t.role, permissions: [] };
  const access = assumedGrounds(op as SpecOperationId, grant, creatorRole);
  const forbidden = new RegExp(`^${FORBIDDEN}$`);
  const decided = decidedBy(op as SpecOperationId, grant, creatorRole);
  if (!permits(op as SpecOperationId, grant, creatorRole))
    return {
      status: 403,
      messages: [FORBIDDEN],
      documented: forbidden,
      grounds: [...instant, ...access],
      clauses: decided,
      documentedClause: 'ERR-403-MESSAGE',
    };
  if (op !== 'getOrganizationDetail' && t.scope === 'selected' && project === 'B')
    return {
      status: 403,
      messages: [FORBIDDEN],
      documented: forbidden,
      grounds: instant,
      clauses: ['AUTH-SCOPE-403'],
      documentedClause: 'ERR-403-MESSAGE',
    };
  // A token that should work: the rule that made it work again, else the access table's.
  const works =
    t.last === 'reactivate'
      ? ['TOKEN-REACTIVATE']
      : t.last === 'regenerate'
        ? ['TOKEN-REGENERATE-NEW-VALUE']
        : decided;
  return { status: 200, messages: [], documented: /./, grounds: [...instant, ...access], clauses: works };
}

/** What a request with a token answers, in the model. */
export interface UseOutcome {
  status: number;
  messages: string[];
  /** What the spec documents of the message. */
  documented: RegExp;
  grounds: string[];
  /** The assumed clause of the fake's exact message. */
  messageClause?: string;
  /** The documented clauses the class (status) rests on: a wrong class reds these. */
  clauses: string[];
  /** The documented clause of `documented`, when the message is documented. */
  documentedClause?: string;
}
