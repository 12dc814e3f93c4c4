/**
 * `lenient-inputs` (FAKE-VARIANT): how a server reads a value that is not the documented representation is its own
 * choice (issue 32, input strictness in two strengths). The variant reads such a value leniently wherever the strict
 * reading would refuse it: `null` and an empty or blank string as a field not given, surrounding white space dropped,
 * an enum value in another case (`asc`, `OPEN`, `Agent`), a numeric string as its number (`"10"`), `true`/`false` as
 * 1/0. A value no such reading makes valid is refused as before, so every documented refusal (a value of the
 * documented type outside its set or range) stays.
 */
import { z } from 'zod';
import type { DomainContext } from '../domain/context.js';
import { variantOn } from '../variant/axes.js';

/** The readings tried, in order, for a value its field refuses. */
function readings(value: unknown): unknown[] {
  if (value === null) return [undefined];
  if (typeof value === 'boolean') return [Number(value)];
  if (typeof value !== 'string') return [];
  const text = value.trim();
  if (text === '') return [undefined];
  const number = /^-?\d+(\.\d+)?$/.test(text) ? [Number(text)] : [];
  return [text, text.toUpperCase(), text.toLowerCase(), ...number];
}

const fieldsOf = (schema: z.ZodType): Record<string, z.ZodType> | undefined =>
  schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : undefined;

/** `raw` with each field its schema refuses replaced by the first lenient reading it accepts (or left as it is). */
export function lenientInputs(domain: DomainContext, schema: z.ZodType, raw: unknown): unknown {
  const fields = fieldsOf(schema);
  if (
    !variantOn(domain, 'lenient-inputs') ||
    !fields ||
    raw === null ||
    typeof raw !== 'object' ||
    Array.isArray(raw)
  )
    return raw;
  const out: Record<string, unknown> = { ...(raw as Record<string, unknown>) };
  for (const [key, value] of Object.entries(out)) {
    // Own fields only: a `__proto__` key names no field (ERR-UNKNOWN-FIELDS-IGNORED).
    const field = Object.hasOwn(fields, key) ? fields[key] : undefined;
    if (!field || field.safeParse(value).success) continue;
    // Free text (a query, a prompt) is taken as sent: only a field of a closed form (an enum, a number, a date) is
    // read another way, so a query past its length is never trimmed under it.
    const freeText = field.safeParse('free text').success;
    const reading = readings(value).find(
      (r) => (!freeText || typeof r !== 'string') && field.safeParse(r).success,
    );
    if (reading === undefined && readings(value).includes(undefined) && field.safeParse(undefined).success)
      delete out[key];
    else if (reading !== undefined) out[key] = reading;
  }
  return out;
}
