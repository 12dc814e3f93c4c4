/** Field builders shared by request schemas: JSON fields are strict about types, form fields arrive as text. */
import { z } from 'zod';
import type { Range } from '../limits.js';

export const OrderBy = z.enum(['ASC', 'DESC']);
export type OrderBy = z.infer<typeof OrderBy>;

export const ProjectUid = z.string().min(1).max(200);

/** A JSON integer within a range. */
export const intIn = (r: { min: number; max?: number }) => {
  const base = z.number().int().min(r.min);
  return r.max === undefined ? base : base.max(r.max);
};

/** A JSON number within a range (inclusive). */
export const numberIn = (r: Range) => z.number().min(r.min).max(r.max);

/** A form-urlencoded integer: decimal digits only, then the same range as JSON. */
export const formInt = (r: { min: number; max?: number }) =>
  z
    .string()
    .regex(/^-?\d{1,15}$/)
    .transform(Number)
    .pipe(intIn(r));

/** A date as YYYY-MM-DD that names a real calendar day. */
export const DateOnly = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'not a calendar date');

/** Stats dates accept YYYY-MM-DD, YYYY-MM-DD HH:mm:ss or ISO 8601. Returns epoch ms, or null when unparseable. */
export function parseStatsDate(text: string): number | null {
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/;
  const dateTime = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
  const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;
  let candidate: string;
  if (dateOnly.test(text)) candidate = `${text}T00:00:00Z`;
  else if (dateTime.test(text)) candidate = `${text.replace(' ', 'T')}Z`;
  else if (iso.test(text)) candidate = /(Z|[+-]\d{2}:?\d{2})$/.test(text) ? text : `${text}Z`;
  else return null;
  const ms = Date.parse(candidate);
  if (Number.isNaN(ms)) return null;
  // Reject rolled-over dates such as 2024-02-31.
  const day = text.slice(0, 10);
  if (new Date(Date.parse(`${day}T00:00:00Z`)).toISOString().slice(0, 10) !== day) return null;
  return ms;
}
