import { z } from 'zod';

/**
 * The date part of an ISO 8601 date-time, extended or basic: a calendar date (YYYY-MM-DD, YYYYMMDD), an ordinal date
 * (YYYY-DDD, YYYYDDD) or a week date (YYYY-Www-D, YYYYWwwD).
 */
const DATE = String.raw`(?:\d{4}-(?:\d{2}-\d{2}|\d{3}|W\d{2}-\d)|\d{4}(?:\d{4}|\d{3}|W\d{3}))`;
/** The time part: hours, minutes or seconds precision, extended or basic, a decimal fraction of the last unit. */
const TIME = String.raw`(?:\d{2}(?::\d{2}(?::\d{2})?|\d{2}(?:\d{2})?)?(?:[.,]\d+)?)`;
/** The offset: none (local time), Z, ±hh, ±hh:mm or ±hhmm. */
const OFFSET = String.raw`(?:Z|[+-]\d{2}(?::?\d{2})?)?`;
const ISO_8601_DATE_TIME = new RegExp(`^${DATE}T${TIME}${OFFSET}$`);

/** Whether `text` is an ISO 8601 date-time in any of the standard's representations whose fields are in range. */
export function isIso8601DateTime(text: string): boolean {
  if (!ISO_8601_DATE_TIME.test(text)) return false;
  const calendar = /^(\d{4})-?(\d{2})-?(\d{2})T/.exec(text);
  if (calendar && /^\d{4}(-\d{2}-\d{2}|\d{4})T/.test(text)) {
    const month = Number(calendar[2]);
    const day = Number(calendar[3]);
    if (month < 1 || month > 12 || day < 1 || day > 31) return false;
  }
  const time = /T(\d{2})(?::?(\d{2}))?(?::?(\d{2}))?/.exec(text);
  if (time && (Number(time[1]) > 24 || Number(time[2] ?? 0) > 59 || Number(time[3] ?? 0) > 60)) return false;
  return true;
}

/**
 * A datetime as the spec's resources carry it: "Datetimes are ISO 8601 strings", in any of ISO 8601's representations
 * (reduced precision, basic format, no offset). What the fake writes, one profile of it, is IsoDateTimeProfile
 * (CONV-DATETIME-PROFILE).
 */
export const IsoDateTime = z.string().refine(isIso8601DateTime, { message: 'an ISO 8601 date-time' });

/** The fake's profile (CONV-DATETIME-PROFILE): extended format, milliseconds, UTC as `Z` (`2024-01-01T10:00:00.000Z`). */
export const IsoDateTimeProfile = z.iso.datetime({ precision: 3 });
