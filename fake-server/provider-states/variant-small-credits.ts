/**
 * `small-credit-balance` (FAKE-VARIANT) at the provider-state endpoint: the catalogue's `organization` state defaults
 * `credits` to 1,000,000 while parsing, after which a balance asked for and the default look alike; so the choice is
 * made on the params as sent: without `credits`, the variant's small starting balance is put in before parsing.
 */
import type { DomainContext } from '../domain/context.js';
import { SMALL_CREDIT_BALANCE } from '../domain/variant-small-credit-balance.js';
import { variantOn } from '../variant/axes.js';

/** `params` as the state is entered with: unchanged unless the axis is on and `organization` is given no credits. */
export function variantStateParams(
  domain: DomainContext,
  state: string,
  params: Record<string, unknown>,
): Record<string, unknown> {
  if (
    state !== 'organization' ||
    Object.hasOwn(params, 'credits') ||
    !variantOn(domain, 'small-credit-balance')
  )
    return params;
  return { ...params, credits: SMALL_CREDIT_BALANCE };
}
