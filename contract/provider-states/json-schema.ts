/**
 * The provider-state catalogue as a machine-readable document (issue 33): for the backend team that implements the
 * states, each state's name, version, meaning, how a real backend produces it, its params (as a caller writes them)
 * and the data it returns, as JSON Schema (draft 2020-12) generated from the same zod schemas the suites and the
 * fake use. docs/provider-states.schema.json is this document (`npm run provider-states`); a test keeps it current.
 */
import { z } from 'zod';
import { providerStates } from './catalogue.js';
import { PROVIDER_STATES_PROTOCOL, providerStatePaths } from './protocol.js';

/** Refinements (a limit not below its usage, …) have no JSON Schema: the description of the state says them. */
const schemaOf = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });

export function providerStatesDocument() {
  return {
    title: 'Provider states of the Chatbot Platform conformance harness',
    description:
      'Named states a cooperating deployment enters on request so the conformance suites can build their world without a control API (docs/qa-staging.md, "Provider states"). GET {url} lists what the deployment offers; POST {url} {"state", "params"} enters one and answers 200 with `data` in the success envelope; POST {url}/teardown {"state", "teardown"} undoes it. `npm run conformance -- --target FILE --check-provider-states` enters each offered state once and reports every difference from this document.',
    protocol: PROVIDER_STATES_PROTOCOL,
    paths: {
      catalogue: `GET ${providerStatePaths.root || '/'}`,
      enter: 'POST /',
      teardown: `POST ${providerStatePaths.teardown}`,
    },
    states: providerStates.map((s) => ({
      name: s.name,
      version: s.version,
      description: s.description,
      produce: s.produce,
      params: schemaOf(s.params, 'input'),
      data: schemaOf(s.data, 'output'),
    })),
  };
}
