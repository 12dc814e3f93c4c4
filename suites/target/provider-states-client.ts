/**
 * The typed client of a deployment's provider states (contract/provider-states/, docs/qa-staging.md "Provider
 * states"): the catalogue it offers, entering a state with its params, and tearing it down. Shapes come only from
 * the contract's catalogue; requests go through `send`, so record and replay cover them like every other request.
 * A request that gets no answer (refused, reset, DNS, TLS, a timeout) is a NoAnswer (answers.ts): the test it was
 * arranging cannot be arranged, and ends inconclusive ("no answer"), never red.
 */
import type { TargetConfig } from '../../contract/index.js';
import {
  CatalogueAnswer,
  type DataOf,
  type OfferedState,
  type ParamsInput,
  providerStateCatalogue,
  providerStatePaths,
  type StateName,
  type TeardownHandle,
} from '../../contract/provider-states/index.js';
import { answered } from './answers.js';
import { type RawResponse, send } from './transport.js';

/** A refusal or a malformed answer of the provider-state endpoint. */
export class ProviderStateError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ProviderStateError';
  }
}

export interface ProviderStatesClient {
  /**
   * States the deployment offers that failed --check-provider-states at the start of this run, with the reason:
   * treated as not offered (supports() is false for them).
   */
  readonly rejected: ReadonlyMap<StateName, string>;
  /** What the deployment offers (read once, then kept). */
  catalogue(): Promise<readonly OfferedState[]>;
  /** Whether the deployment offers `name` at the version of our catalogue. */
  supports(name: StateName): Promise<boolean>;
  /** Enter `name`; resolves to its data, checked against the catalogue's data schema. */
  enter<N extends StateName>(name: N, params?: ParamsInput<N>): Promise<DataOf<N>>;
  /** Undo a state; `unsupported` when the deployment has no teardown (404 or 501, or says so in its catalogue). */
  teardown(name: StateName, handle: TeardownHandle): Promise<'done' | 'unsupported'>;
}

const describeAnswer = (res: RawResponse): string =>
  `${res.status} ${(res.json as { message?: unknown } | undefined)?.message ?? res.text.slice(0, 200)}`;

export function createProviderStatesClient(
  config: NonNullable<TargetConfig['provider_states']>,
  rejected: ReadonlyMap<StateName, string> = new Map(),
): ProviderStatesClient {
  const base = config.url.replace(/\/$/, '');
  const exchange = (method: 'GET' | 'POST', path: string, body?: unknown) =>
    answered(
      {
        method,
        url: `${base}${path}`,
        headers: {
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...config.headers,
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      },
      (req) => send(req),
    );

  let offered: Promise<{ states: readonly OfferedState[]; teardown: boolean }> | undefined;
  const readCatalogue = () => {
    offered ??= (async () => {
      const res = await exchange('GET', providerStatePaths.root);
      const answer = CatalogueAnswer.safeParse(res.json);
      if (res.status !== 200 || !answer.success)
        throw new ProviderStateError(`provider states: GET catalogue → ${describeAnswer(res)}`, res.status);
      return { states: answer.data.data.states, teardown: answer.data.data.teardown ?? true };
    })();
    // A failed read is not kept: the next call asks again.
    offered.catch(() => {
      offered = undefined;
    });
    return offered;
  };

  return {
    rejected,
    catalogue: async () => (await readCatalogue()).states,

    async supports(name) {
      if (rejected.has(name)) return false;
      const { states } = await readCatalogue();
      return states.some((s) => s.name === name && s.version === providerStateCatalogue[name].version);
    },

    async enter(name, params) {
      const definition = providerStateCatalogue[name];
      // Our own params checked first: a mistake in a test is not sent to the deployment.
      const given = params ?? {};
      const checked = definition.params.safeParse(given);
      if (!checked.success)
        throw new ProviderStateError(
          `provider state "${name}": params refused by the catalogue: ${checked.error.message}`,
          0,
        );
      const res = await exchange('POST', providerStatePaths.root, { state: name, params: given });
      const json = res.json as { type?: unknown; data?: unknown } | undefined;
      if (res.status !== 200 || json?.type !== 'RXSUCCESS')
        throw new ProviderStateError(`provider state "${name}" → ${describeAnswer(res)}`, res.status);
      const data = definition.data.safeParse(json.data);
      if (!data.success)
        throw new ProviderStateError(
          `provider state "${name}": data does not fit the catalogue: ${data.error.message}`,
          res.status,
        );
      return data.data as DataOf<typeof name>;
    },

    async teardown(name, handle) {
      if (!(await readCatalogue()).teardown) return 'unsupported';
      const res = await exchange('POST', providerStatePaths.teardown, { state: name, teardown: handle });
      if (res.status === 404 || res.status === 501) return 'unsupported';
      if (res.status !== 200)
        throw new ProviderStateError(
          `provider state "${name}" teardown → ${describeAnswer(res)}`,
          res.status,
        );
      return 'done';
    },
  };
}
