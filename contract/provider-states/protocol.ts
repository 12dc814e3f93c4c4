/**
 * The provider-state protocol (as in Pact's provider states): a cooperating deployment enters a named state on
 * request, so the suites can build their world on a target that has no control API. Three requests, all under the
 * `provider_states.url` of the target config, each with the config's `provider_states.headers`:
 *
 * - `GET {url}`: the catalogue the deployment offers, `{protocol, states: [{name, version}], teardown?}`.
 * - `POST {url}` with `{"state": NAME, "params": {...}}`: enter the state; 200 with the values the test uses in
 *   `data` (and a `teardown` handle when the state made something that can be undone). An unknown state is 404
 *   `Unknown provider state: NAME`; params the state's schema refuses are 400 `Invalid params`.
 * - `POST {url}/teardown` with `{"state": NAME, "teardown": HANDLE}`: undo it. Optional for a deployment: a 404 or
 *   501 there means "no teardown", and the client carries on.
 *
 * Every answer is the spec's envelope (`RXSUCCESS` / `RXERROR`). The states, their params and their data are the
 * catalogue (catalogue.ts).
 */
import { z } from 'zod';
import { successEnvelope } from '../envelope.js';

/** The protocol's version; a deployment states the one it speaks in its catalogue answer. */
export const PROVIDER_STATES_PROTOCOL = 1;

/** Paths below `provider_states.url`. */
export const providerStatePaths = {
  /** GET: the catalogue. POST: enter a state. */
  root: '',
  /** POST: undo what a state made. */
  teardown: '/teardown',
} as const;

/** What a deployment hands back to undo a state: an opaque string or number of its own choosing. */
export const TeardownHandle = z.union([z.string().min(1).max(4000), z.number()]);
export type TeardownHandle = z.infer<typeof TeardownHandle>;

/** State names: lowercase words separated by single spaces, e.g. `token revoked`. */
export const StateNamePattern = /^[a-z]+( [a-z]+)*$/;

/** POST {url}: the state to enter and its params (validated by the state's own schema). */
export const EnterStateRequest = z.object({
  state: z.string().min(1).max(200),
  params: z.record(z.string(), z.unknown()).default({}),
});
export type EnterStateRequest = z.input<typeof EnterStateRequest>;

/** POST {url}/teardown: the state that was entered and the handle its data carried. */
export const TeardownRequest = z.object({
  state: z.string().min(1).max(200),
  teardown: TeardownHandle,
});
export type TeardownRequest = z.infer<typeof TeardownRequest>;

/** One state a deployment offers: its name and the version of its params and data it implements. */
export const OfferedState = z.object({
  name: z.string().min(1),
  version: z.number().int().min(1),
  description: z.string().optional(),
});
export type OfferedState = z.infer<typeof OfferedState>;

/** GET {url}: what the deployment offers. `teardown: false` says it never undoes anything. */
export const CatalogueData = z.object({
  protocol: z.number().int().min(1),
  states: z.array(OfferedState),
  teardown: z.boolean().optional(),
});
export type CatalogueData = z.infer<typeof CatalogueData>;
export const CatalogueAnswer = successEnvelope(CatalogueData);

/** POST {url}/teardown: what was undone (the data is informative only). */
export const TeardownAnswer = successEnvelope(
  z.object({ state: z.string(), undone: z.number().int().min(0).optional() }).optional(),
);

/** The messages of the protocol's refusals. */
export const providerStateMessages = {
  unknownState: (name: string) => `Unknown provider state: ${name}`,
  invalidParams: 'Invalid params',
  invalidSecret: 'Invalid provider states secret',
} as const;
