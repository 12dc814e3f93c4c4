/**
 * The runner's command line: the options of a run (`npm run conformance -- …`, the bin `chatbot-conformance`) and of
 * `merge DIR...`, in node:util parseArgs form, read by the runner and by the CI example's test
 * (examples/ci/sharded-workflow.test.ts), so an example cannot show an option the runner does not take.
 */
import type { ParseArgsConfig } from 'node:util';

const GATE = {
  waivers: { type: 'string' },
  baseline: { type: 'string' },
  'min-documented-coverage': { type: 'string' },
} as const;

export const RUN_OPTIONS = {
  target: { type: 'string', short: 't' },
  out: { type: 'string', short: 'o' },
  filter: { type: 'string', short: 'f' },
  record: { type: 'string' },
  replay: { type: 'string' },
  ...GATE,
  sensitivity: { type: 'boolean' },
  rule: { type: 'string', multiple: true },
  shard: { type: 'string' },
  concurrency: { type: 'string' },
  budget: { type: 'string' },
  'plan-from': { type: 'string' },
  'check-provider-states': { type: 'boolean' },
  preflight: { type: 'boolean' },
  fuzz: { type: 'string' },
  'fuzz-seed': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies ParseArgsConfig['options'];

export const MERGE_OPTIONS = {
  out: { type: 'string', short: 'o' },
  ...GATE,
  help: { type: 'boolean', short: 'h' },
} as const satisfies ParseArgsConfig['options'];

/** The subcommand that merges shard results: `conformance merge DIR...`. */
export const MERGE_COMMAND = 'merge';
