/**
 * `small-credit-balance` (FAKE-VARIANT): a deployment's credit balance is its own data, and a staging organization may
 * hold little. Under the axis the seeded organization and those the `organization` provider state makes without
 * `credits` start with SMALL_CREDIT_BALANCE: 250 calls at the cheapest models' prices (1 credit a playground or
 * widget call, thousandths per RAG token), so a whole run's own spending exhausts it near its end (10 tests of a
 * staging rehearsal with every axis meet the credit refusal and are inconclusive) while most of the run still checks
 * what it needs credits for; 40 starved a quarter of the credit-spending tests and took documented coverage to 90%. A balance asked for explicitly (state params, control API, `credit balance`) stays as asked.
 */
import { variantOn } from '../variant/axes.js';
import type { DomainContext } from './context.js';

export const SMALL_CREDIT_BALANCE = 250;

/** The balance an organization starts with when nothing asked for one: `usual`, or the small one under the axis. */
export const startingBalance = (domain: DomainContext, usual: number): number =>
  variantOn(domain, 'small-credit-balance') ? SMALL_CREDIT_BALANCE : usual;
