/**
 * The provider-state catalogue: every state a cooperating deployment may offer, with its version, its meaning for
 * the backend team, its params schema and its data schema. The fake implements all of them (its reference
 * implementation); a real deployment offers what it can and says which in its catalogue answer (GET {url}).
 */
import type { z } from 'zod';
import { conversationStates } from './conversation-states.js';
import { organizationStates } from './organization-states.js';
import { StateNamePattern } from './protocol.js';
import { tokenStates } from './token-states.js';
import { usageStates } from './usage-states.js';

/** Every state, in the order the table of docs/qa-staging.md lists them. */
export const providerStates = [
  ...organizationStates,
  ...tokenStates,
  ...conversationStates,
  ...usageStates,
] as const;

type AnyState = (typeof providerStates)[number];

/** The catalogue by name. */
export type ProviderStateCatalogue = { readonly [S in AnyState as S['name']]: S };
export type StateName = AnyState['name'];

export const providerStateCatalogue = Object.fromEntries(
  providerStates.map((s) => [s.name, s]),
) as unknown as ProviderStateCatalogue;

export const stateNames: readonly StateName[] = providerStates.map((s) => s.name);

/** The params a state takes, as a caller writes them (defaults may be left out). */
export type ParamsInput<N extends StateName> = z.input<ProviderStateCatalogue[N]['params']>;
/** The params as the state's schema returns them (defaults filled in). */
export type ParamsOf<N extends StateName> = z.output<ProviderStateCatalogue[N]['params']>;
/** What entering the state returns in `data`. */
export type DataOf<N extends StateName> = z.output<ProviderStateCatalogue[N]['data']>;

export function isStateName(name: string): name is StateName {
  return Object.hasOwn(providerStateCatalogue, name);
}

// Checked at import time, like the clause catalogue: names are unique and follow the naming rule.
{
  const seen = new Set<string>();
  for (const s of providerStates) {
    if (!StateNamePattern.test(s.name))
      throw new Error(`provider state name "${s.name}" is not lowercase words`);
    if (seen.has(s.name)) throw new Error(`provider state "${s.name}" is defined twice`);
    seen.add(s.name);
  }
}
