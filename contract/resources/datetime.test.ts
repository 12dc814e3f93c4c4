/** "Datetimes are ISO 8601 strings": any representation of the standard, and only those. */
import { describe, expect, it } from 'vitest';
import { IsoDateTime, IsoDateTimeProfile, isIso8601DateTime } from './datetime.js';

describe('ISO 8601 date-times [CONV-DATETIME-ISO, CONV-DATETIME-PROFILE]', () => {
  it.for([
    '2024-01-01T10:00:00.000Z',
    '2024-01-01T10:00:00Z',
    '2024-01-01T10:00:00',
    '2024-01-01T10:00',
    '2024-01-01T10',
    '2024-01-01T10:00:00+02:00',
    '2024-01-01T10:00:00+0200',
    '2024-01-01T10:00:00-05',
    '2024-01-01T10:00:00,5Z',
    '20240101T100000Z',
    '20240101T1000',
    '2024-032T10:00Z',
    '2024-W01-1T10:00:00Z',
  ])('accepts %s', (text) => {
    expect(isIso8601DateTime(text)).toBe(true);
    expect(IsoDateTime.safeParse(text).success).toBe(true);
  });

  it.for([
    '2024-01-01',
    '2024-01-01 10:00:00',
    'yesterday',
    '01/02/2024T10:00',
    '2024-13-01T10:00:00Z',
    '2024-01-32T10:00:00Z',
    '2024-01-01T25:00:00Z',
    '2024-01-01T10:61Z',
    '2024-01-01T10:00:00 Z',
    '',
  ])('refuses %j', (text) => {
    expect(isIso8601DateTime(text)).toBe(false);
  });

  it("the fake's profile is narrower: milliseconds and Z", () => {
    expect(IsoDateTimeProfile.safeParse('2024-01-01T10:00:00.000Z').success).toBe(true);
    expect(IsoDateTimeProfile.safeParse('2024-01-01T10:00:00+00:00').success).toBe(false);
    expect(IsoDateTimeProfile.safeParse('2024-01-01T10:00:00Z').success).toBe(false);
    expect(IsoDateTimeProfile.safeParse('2024-01-01T10:00').success).toBe(false);
    expect(IsoDateTimeProfile.safeParse('2024-01-01T10:00:00').success).toBe(false);
  });
});
