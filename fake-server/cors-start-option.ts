/**
 * The allowed page origins of `npm start` (FAKE-CORS): `--cors-origins LIST` or FAKE_CORS_ORIGINS (start-options.ts);
 * a comma-separated list of origin patterns (http/cors-origins.ts). Unset or blank: the default. Each pattern is
 * checked here, so a wrong one stops the start with one line naming it.
 */
import { originRule, splitOrigins } from './http/cors-origins.js';

/** The patterns `list` asks for, or undefined for the default; throws an Error naming `name` and what is wrong. */
export function corsOriginsFromStart(name: string, list: string | undefined): string[] | undefined {
  if (list === undefined || list.trim() === '') return undefined;
  const patterns = splitOrigins(list);
  if (patterns.length === 0)
    throw new Error(`${name} needs a comma-separated list of origins, e.g. http://localhost:3000,null`);
  originRule(patterns);
  return patterns;
}
