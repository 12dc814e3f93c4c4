/**
 * The supported model list as the spec documents it: "list of supported models for the plan (each with `value`,
 * `tier`)"; the exact shape of the envelope around that list is not shown (MODELS-RESPONSE-SHAPE is the fake's
 * choice: `data` is the array). The suites read the entries wherever a server puts them: `data` itself when it is an
 * array, else the first array of entries with a string `value` directly under `data`.
 */
import type { Auth, Target } from '../target/target.js';
import { expectSuccess } from './envelope.js';

export interface ModelEntry {
  value: string;
  tier: number;
  [field: string]: unknown;
}

const isEntryList = (v: unknown): v is ModelEntry[] =>
  Array.isArray(v) &&
  v.every((e) => e !== null && typeof e === 'object' && typeof (e as { value?: unknown }).value === 'string');

/** The entries of a getSupportedModels `data`, or undefined when no list of entries can be found in it. */
export function modelEntries(data: unknown): ModelEntry[] | undefined {
  if (isEntryList(data)) return data;
  if (data !== null && typeof data === 'object')
    for (const value of Object.values(data)) if (isEntryList(value)) return value;
  return undefined;
}

/** getSupportedModels with `auth`, checked as a success, and its entries (a failed expectation when none are found). */
export async function supportedModels(t: Target, auth?: Auth): Promise<ModelEntry[]> {
  const res = await t.call('getSupportedModels', { body: {}, ...(auth ? { auth } : {}) });
  const entries = modelEntries(expectSuccess(res, 'getSupportedModels').data);
  if (!entries)
    throw new Error(`getSupportedModels: no list of model entries in data: ${res.text.slice(0, 300)}`);
  return entries;
}
