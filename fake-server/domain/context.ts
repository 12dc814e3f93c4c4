/** What every domain function works over: the store, the clock and the id source. */
import type { VariantAxis } from '../../contract/variant-axes.js';
import type { Clock } from './clock.js';
import type { CostCounter } from './cost.js';
import type { IdSource } from './ids.js';
import type { RateLimiter } from './rate-limit.js';
import type { State } from './state.js';

export interface DomainContext {
  state: State;
  clock: Clock;
  ids: IdSource;
  limiter: RateLimiter;
  /** The variant-mode axes switched on (FAKE-VARIANT); absent in the default mode. */
  variant?: ReadonlySet<VariantAxis>;
  /** The records visited, counted for the cost tests (cost.ts, FAKE-PAGE-COST); absent otherwise. */
  cost?: CostCounter;
}
