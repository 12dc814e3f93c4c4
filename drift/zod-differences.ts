/** Zod issues as 'schema' differences: JSON path, the real value shortened, the zod message. */
import type { z } from 'zod';
import { jsonPath, shorten, valueAt } from './json-shape.js';
import type { Difference } from './types.js';

export const violation = (path: string, detail: string, real?: string): Difference =>
  real === undefined ? { kind: 'schema', path, detail } : { kind: 'schema', path, real, detail };

/**
 * Validates `value` (found at `base`) against `schema`. The same message at the same place in many array
 * elements is reported once, at its first element, with how many more elements have it.
 */
export function schemaDifferences(schema: z.ZodType, value: unknown, base = '$'): Difference[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  const groups = new Map<string, { issue: z.core.$ZodIssue; more: number }>();
  for (const issue of result.error.issues) {
    const general = issue.path.map((k) => (typeof k === 'number' ? '[]' : String(k))).join('\u0000');
    const key = `${general}\u0001${issue.message}`;
    const group = groups.get(key);
    if (group) group.more++;
    else groups.set(key, { issue, more: 0 });
  }
  return [...groups.values()].map(({ issue, more }) =>
    violation(
      jsonPath(base, issue.path),
      more === 0 ? issue.message : `${issue.message} (and at ${more} more element${more === 1 ? '' : 's'})`,
      shorten(valueAt(value, issue.path)),
    ),
  );
}
