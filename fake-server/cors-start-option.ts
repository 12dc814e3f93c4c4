/**
 * The allowed page origins of `npm start` (FAKE-CORS): `--cors-origins LIST` (or `--cors-origins=LIST`), else
 * FAKE_CORS_ORIGINS; a comma-separated list of origin patterns (http/cors-origins.ts). Unset or blank: the default.
 * Each pattern is checked here, so a wrong one stops the start with one line naming it.
 */
import { parseArgs } from 'node:util';
import { originRule, splitOrigins } from './http/cors-origins.js';

const FLAG = 'cors-origins';

/** The patterns asked for, or undefined for the default; throws an Error saying what is wrong. */
export function corsOriginsFromStart(
  argv: readonly string[],
  env: Record<string, string | undefined>,
): string[] | undefined {
  const { values } = parseArgs({
    args: [...argv],
    options: { [FLAG]: { type: 'string' } },
    strict: false,
    allowPositionals: true,
  });
  const flag = values[FLAG];
  // A flag with no value (or swallowing the next flag) counts as an empty list.
  const given =
    typeof flag === 'string' ? (flag.startsWith('--') ? '' : flag) : flag === true ? '' : undefined;
  const [name, list] =
    given !== undefined ? [`--${FLAG}`, given] : ['FAKE_CORS_ORIGINS', env.FAKE_CORS_ORIGINS];
  if (list === undefined || (name === 'FAKE_CORS_ORIGINS' && list.trim() === '')) return undefined;
  const patterns = splitOrigins(list);
  if (patterns.length === 0)
    throw new Error(`${name} needs a comma-separated list of origins, e.g. http://localhost:3000,null`);
  originRule(patterns);
  return patterns;
}
