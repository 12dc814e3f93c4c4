/**
 * Axis `iso-breadth` (FAKE-VARIANT): "Datetimes are ISO 8601 strings" and getStats' "ISO format" leave open which
 * of ISO 8601's representations a server reads (STATS-ISO-PROFILE, EXEC-LOGS-DATE-STRICT flipped). Under the axis
 * the fake reads every one of them: a complete calendar, ordinal or week date, in the extended or the basic format,
 * alone or followed by `T` and a time of hours, minutes or seconds precision (a decimal fraction of its last unit),
 * with no offset (read as UTC, as the default reads one), `Z`, `±hh`, `±hh:mm` or `±hhmm`. A reduced-precision date
 * (`2024-01`, a year alone) is no day, so it stays refused, as does anything outside ISO 8601.
 */
import { parseStatsDate } from '../../contract/index.js';
import { DAY_MS, HOUR_MS, isoDay, MINUTE_MS } from './clock.js';

/** An instant read from text, and whether the text named a whole day (a date without a time). */
export interface ReadInstant {
  ms: number;
  dateOnly: boolean;
}

/** Midnight UTC of a proleptic Gregorian day; Date.UTC would read years 0–99 as 1900–1999. */
function utcDay(year: number, month: number, day: number): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  return d.getTime();
}

const isLeap = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** Weeks in an ISO week-numbering year: 53 when it starts on a Thursday, or a Wednesday in a leap year. */
function weeksIn(year: number): number {
  const jan1 = new Date(utcDay(year, 1, 1)).getUTCDay();
  return jan1 === 4 || (jan1 === 3 && isLeap(year)) ? 53 : 52;
}

/** Midnight UTC of a complete ISO 8601 date (calendar, ordinal or week; extended or basic), or null. */
function dayOf(text: string): number | null {
  const calendar = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (calendar) {
    const [y, m, d] = calendar.slice(1).map(Number) as [number, number, number];
    if (m < 1 || m > 12 || d < 1) return null;
    const ms = utcDay(y, m, d);
    // A day past its month's end rolls over (2024-02-30 → March): refused.
    return new Date(ms).getUTCDate() === d ? ms : null;
  }
  const ordinal = /^(\d{4})-(\d{3})$/.exec(text) ?? /^(\d{4})(\d{3})$/.exec(text);
  if (ordinal) {
    const [y, n] = ordinal.slice(1).map(Number) as [number, number];
    return n >= 1 && n <= (isLeap(y) ? 366 : 365) ? utcDay(y, 1, 1) + (n - 1) * DAY_MS : null;
  }
  const week = /^(\d{4})-W(\d{2})-([1-7])$/.exec(text) ?? /^(\d{4})W(\d{2})([1-7])$/.exec(text);
  if (week) {
    const [y, w, d] = week.slice(1).map(Number) as [number, number, number];
    if (w < 1 || w > weeksIn(y)) return null;
    // Week 1 is the week holding 4 January; weeks start on Monday.
    const jan4 = utcDay(y, 1, 4);
    const monday = jan4 - ((new Date(jan4).getUTCDay() + 6) % 7) * DAY_MS;
    return monday + ((w - 1) * 7 + (d - 1)) * DAY_MS;
  }
  return null;
}

/** Milliseconds after midnight of an ISO 8601 time (hh, hh:mm, hh:mm:ss or basic, a fraction of the last unit). */
function timeOf(text: string): number | null {
  const m =
    /^(\d{2})(?::(\d{2})(?::(\d{2}))?)?(?:[.,](\d+))?$/.exec(text) ??
    /^(\d{2})(?:(\d{2})(\d{2})?)?(?:[.,](\d+))?$/.exec(text);
  if (!m) return null;
  const [h, min, s] = [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)];
  const fraction = m[4] === undefined ? 0 : Number(`0.${m[4]}`);
  // 24:00 is the end of the day, nothing after it; second 60 is a leap second (read as the next minute's start).
  if (h > 24 || min > 59 || s > 60 || (h === 24 && (min > 0 || s > 0 || fraction > 0))) return null;
  const unit = m[3] !== undefined ? 1000 : m[2] !== undefined ? MINUTE_MS : HOUR_MS;
  return h * HOUR_MS + min * MINUTE_MS + s * 1000 + Math.floor(fraction * unit);
}

/** Milliseconds east of UTC of an offset (empty: UTC), or null. */
function offsetOf(text: string): number | null {
  if (text === '' || text === 'Z') return 0;
  const m = /^([+-])(\d{2})(?::?(\d{2}))?$/.exec(text);
  if (!m) return null;
  const [h, min] = [Number(m[2]), Number(m[3] ?? 0)];
  if (h > 23 || min > 59) return null;
  return (m[1] === '-' ? -1 : 1) * (h * HOUR_MS + min * MINUTE_MS);
}

/** Any ISO 8601 complete date or date-time, as an instant (a date alone: its midnight UTC); null otherwise. */
export function readIso8601(text: string): ReadInstant | null {
  const t = text.indexOf('T');
  if (t < 0) {
    const day = dayOf(text);
    return day === null ? null : { ms: day, dateOnly: true };
  }
  const day = dayOf(text.slice(0, t));
  const rest = text.slice(t + 1);
  const zone = /(?:Z|[+-]\d{2}(?::?\d{2})?)$/.exec(rest);
  const time = timeOf(zone ? rest.slice(0, zone.index) : rest);
  const offset = offsetOf(zone ? zone[0] : '');
  if (day === null || time === null || offset === null) return null;
  const ms = day + time - offset;
  return Number.isNaN(new Date(ms).getTime()) ? null : { ms, dateOnly: false };
}

/**
 * A getStats date under the axis: every form the default takes, read as the default reads it (so nothing it
 * accepts changes meaning), and besides any ISO 8601 date or date-time.
 */
export function readStatsDateBroadly(text: string): ReadInstant | null {
  const ms = parseStatsDate(text);
  if (ms !== null) return { ms, dateOnly: /^\d{4}-\d{2}-\d{2}$/.test(text) };
  return readIso8601(text);
}

/**
 * The UTC day (YYYY-MM-DD) of a date-time getStats takes under the axis, for getChatbotExecutionLogs' from and to;
 * null for a date alone (the documented YYYY-MM-DD is read as it is; other date forms stay refused) or a non-date.
 */
export function dateTimeDay(text: string): string | null {
  const read = readStatsDateBroadly(text);
  return read === null || read.dateOnly ? null : isoDay(read.ms);
}
