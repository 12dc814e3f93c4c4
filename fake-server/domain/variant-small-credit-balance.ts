/**
 * `small-credit-balance` (FAKE-VARIANT): a deployment's credit balance is its own data, and a staging organization may
 * hold little. Under the axis the seeded organization and those the `organization` provider state makes without
 * `credits` start with SMALL_CREDIT_BALANCE: a few dozen calls at the cheapest models' prices (1 credit a playground
 * or widget call, thousandths per RAG token), so a run's own spending exhausts it partway and the calls after meet the
 * credit refusal. A balance asked for explicitly (state params, control API, `credit balance`) stays as asked.
 */
import { variantOn } from '../variant/axes.js';
import type { DomainContext } from './context.js';

export const SMALL_CREDIT_BALANCE = 40;

/** The balance an organization starts with when nothing asked for one: `usual`, or the small one under the axis. */
export const startingBalance = (domain: DomainContext, usual: number): number =>
  variantOn(domain, 'small-credit-balance') ? SMALL_CREDIT_BALANCE : usual;
