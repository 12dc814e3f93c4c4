/**
 * Credits seen through provider states: a fresh organization with a known balance (state `organization`) whose
 * balance a test reads, or sets, through the state `credit balance`. The public API shows no balance, yet the spec
 * documents what calls take from it (PLAYGROUND-CREDITS-BY-MODEL, RAG-BILLING-PER-TOKEN); a fresh organization is one
 * nothing else spends from while the test measures, and its owner token has a whole hour's quota.
 */
import type { TestContext } from 'vitest';
import type { Auth, Target } from '../target/target.js';
import type { RawResponse } from '../target/transport.js';
import { enterState, needState } from './use-target.js';

export interface FundedOrganization {
  organization_id: number;
  /** Its one project (members: the owner), with a widget and a new project key. */
  project_uid: string;
  widget_uid: string;
  project_key: string;
  /** The owner's token (role owner, scope all). */
  owner: Auth;
  /** The project key, for the Project Integration operations. */
  key: Auth;
}

/** Credits in thousandths, the finest unit the fake charges (RAG-CREDITS-PER-TOKEN-PRICE): compare these. */
export const milli = (credits: number): number => Math.round(credits * 1000);

/**
 * A new organization on the Advanced plan with `credits`, whose balance the test can read. Skips (naming the state)
 * unless the target offers both states.
 */
export async function fundedOrganization(
  ctx: TestContext,
  t: Target,
  credits = 10_000,
): Promise<FundedOrganization> {
  await needState(ctx, t, 'credit balance');
  const org = await enterState(ctx, t, 'organization', { credits });
  return {
    organization_id: org.organization_id,
    project_uid: org.project_uid,
    widget_uid: org.widget_uid,
    project_key: org.project_key,
    owner: { bearer: org.owner_token },
    key: { apiKey: org.project_key },
  };
}

/** The organization's balance now (`credits`: set it first; the state puts the old one back after the test). */
export async function balanceOf(
  ctx: TestContext,
  t: Target,
  organization_id: number,
  credits?: number,
): Promise<number> {
  const params = credits === undefined ? { organization_id } : { organization_id, credits };
  return (await enterState(ctx, t, 'credit balance', params)).credits;
}

/** What `run` took from the organization's balance, in credits (to the thousandth), and what it returned. */
export async function spentBy<T>(
  ctx: TestContext,
  t: Target,
  organization_id: number,
  run: () => Promise<T>,
): Promise<{ result: T; spent: number }> {
  const before = await balanceOf(ctx, t, organization_id);
  const result = await run();
  const after = await balanceOf(ctx, t, organization_id);
  return { result, spent: (milli(before) - milli(after)) / 1000 };
}

/**
 * Whether `res` refuses a call for want of credits. Neither the status nor the text of that refusal is shown (the fake's
 * is 402 `Insufficient credits`, CREDITS-EXHAUSTED): a 402, or any 4xx whose message (in the error envelope, or a RAG
 * endpoint's native error body) speaks of credits.
 */
export function isCreditRefusal(res: RawResponse): boolean {
  if (res.status === 402) return true;
  if (res.status < 400 || res.status >= 500) return false;
  // The envelope's `message`, or a RAG endpoint's native `error.message`.
  const body = res.json as { message?: unknown; error?: { message?: unknown } } | undefined;
  const message = body?.message ?? body?.error?.message;
  return typeof message === 'string' && /credit/i.test(message);
}

/**
 * A call that spends credits was refused for want of them: against a deployment, whose balance the run itself (and
 * whoever else uses it) spends and whose prices the spec does not show, the test stops as inconclusive, never failed
 * (HARNESS-INCONCLUSIVE-QUOTA). Against the fake the balances are the harness's own, so such a refusal is left to fail.
 */
export function stopIfCreditsSpent(t: Target, res: RawResponse, what: string): void {
  if (t.isFake || !isCreditRefusal(res)) return;
  t.onBudgetExhausted(
    `inconclusive: ${what} was refused for want of credits (${res.status}), spent by this run; prices are not shown`,
  );
}
