/**
 * `iso-breadth` (FAKE-VARIANT), its HTTP side: "Datetimes are ISO 8601 strings" does not say which profile
 * (CONV-DATETIME-PROFILE flipped). The variant writes every datetime of a Platform or Project Integration success in
 * another one, `2024-01-01T10:00:00+00:00` (seconds, no fraction, a numeric offset), and lets getChatbotExecutionLogs
 * take a date-time for from and to, read as its UTC day (EXEC-LOGS-DATE-STRICT flipped). The dates getStats reads
 * are the domain's (domain/variant-iso-dates.ts).
 */
import type { DomainContext } from '../domain/context.js';
import { dateTimeDay } from '../domain/variant-iso-dates.js';
import { variantOn } from '../variant/axes.js';
import { type Answer, isObject, isSuccessEnvelope, objectBody } from './variant-answer.js';

/** The fake's own profile (`toISOString`), the only text rewritten: free text that merely looks like one is not. */
const FAKE_PROFILE = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})\.\d{3}Z$/;
/** The fields that carry a datetime in the resources (createdAt, updated_at, last_message_time, …). */
const DATETIME_KEY = /(?:At|_at|_time)$/;

/** `value` with every datetime field, however deep, in the variant's profile (the fraction dropped, not rounded). */
export function otherProfile(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(otherProfile);
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const stamp = typeof v === 'string' && DATETIME_KEY.test(k) ? FAKE_PROFILE.exec(v) : null;
    out[k] = stamp ? `${stamp[1]}+00:00` : otherProfile(v);
  }
  return out;
}

/** The answer rewrite: the data of a Platform or Project Integration success (RAG answers carry no ISO datetime). */
export function isoBreadthAnswer(a: Answer): void {
  const body = objectBody(a.ctx);
  if (a.dialect || !isSuccessEnvelope(body) || body.data === undefined) return;
  a.ctx.body = { ...body, data: otherProfile(body.data) };
}

/** getChatbotExecutionLogs' raw body with a date-time `from` or `to` replaced by its UTC day, before validation. */
export function execLogsDateTimes(domain: DomainContext, operationId: string, raw: unknown): unknown {
  if (!variantOn(domain, 'iso-breadth') || operationId !== 'getChatbotExecutionLogs' || !isObject(raw))
    return raw;
  const out = { ...raw };
  for (const field of ['from', 'to'] as const) {
    const value = out[field];
    const day = typeof value === 'string' ? dateTimeDay(value) : null;
    if (day !== null) out[field] = day;
  }
  return out;
}
