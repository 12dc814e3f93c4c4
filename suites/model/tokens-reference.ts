/**
 * The reference model of API tokens (tokens.model.test.ts; the commands: tokens-commands.ts): the spec's state table
 * (States/API token) and access rules, the expiry instant, and what a request with a token answers. A token whose
 * history went through a choice of the fake carries that assumed clause (`grounds`) into later checks.
 */
import type { MemberRole, TokenRole } from '../../contract/index.js';
import { assumedGrounds, permits, type SpecOperationId } from '../support/access-model.js';
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
      documented: CREATOR_LEFT_GIST,
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
