/** What a provider-state handler works with, and the shape every handler has (typed by the contract's catalogue). */
import type { DataOf, ParamsOf, StateName } from '../../contract/provider-states/index.js';
import type { DomainContext } from '../domain/context.js';
import type { UndoStep } from './teardown.js';

export interface StatesContext {
  domain: DomainContext;
  /** The organization the fake's target config describes (its tokens' organization); none without fixtures. */
  targetOrganizationId: number | undefined;
  /** What teardown undoes, in the order it was made (teardown runs it backwards). */
  undo: UndoStep[];
}

/** Enter one state: its data without the teardown handle (the router adds it from `undo`). */
export type StateHandler<N extends StateName> = (
  s: StatesContext,
  params: ParamsOf<N>,
) => Omit<DataOf<N>, 'teardown'>;

/** One handler per catalogue state; the router's table must have them all. */
export type StateHandlers = { readonly [N in StateName]: StateHandler<N> };
